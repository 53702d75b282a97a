// React access to the bridge, the store state, the route and toasts.

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import type { StoreState, StoreView } from './store-state.js';
import type { NotesDraft } from './store-session.js';
import type { Route } from './route.js';
import { parseRoute, routeHash } from './route.js';

export interface AppServices {
  readonly bridge: MuninBridge;
  readonly store: StoreState;
  readonly toast: (message: string, kind?: 'info' | 'error') => void;
}

export const AppContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(AppContext);
  if (services === null) throw new Error('useServices outside the app');
  return services;
}

export function useStoreView(): StoreView {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, store.getView);
}

/** The runs selected for comparing, kept for the store's session across pages. */
export function useSelection(): [ReadonlySet<string>, (next: ReadonlySet<string>) => void] {
  const { session } = useServices().store;
  const selection = useSyncExternalStore(session.subscribe, session.getSelection);
  const setSelection = useCallback(
    (next: ReadonlySet<string>) => session.setSelection(next),
    [session],
  );
  return [selection, setSelection];
}

/** A run's unsaved notes, kept for the store's session across tabs and pages. */
export function useNotesDraft(
  runId: string,
): [NotesDraft | undefined, (draft: NotesDraft | null) => void] {
  const { session } = useServices().store;
  const draft = useSyncExternalStore(session.subscribe, () => session.notesDraft(runId));
  const setDraft = useCallback(
    (next: NotesDraft | null) => session.setNotesDraft(runId, next),
    [session, runId],
  );
  return [draft, setDraft];
}

/** A number that changes whenever run `runId` changes (summary, series, notes). */
export function useRunVersion(runId: string): number {
  const { store } = useServices();
  const [version, setVersion] = useState(0);
  useEffect(() => store.onRun(runId, () => setVersion((v) => v + 1)), [store, runId]);
  return version;
}

/** The current time in seconds, ticking every `everyMs`, for "5 min ago" texts. */
export function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function useRoute(): [Route, (route: Route) => void] {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const onChange = (): void => setHash(location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const navigate = useCallback((route: Route) => {
    location.hash = routeHash(route);
  }, []);
  return [parseRoute(hash), navigate];
}
