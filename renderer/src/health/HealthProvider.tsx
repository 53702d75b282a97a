// The open store's health services for the page: which runs are watched (per store, once its root
// is known, the runs running at open taken once they are listed), the notice channel of this
// transport, the notifier between them, and clicks on notices turned into routes.

import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useServices, useStoreView } from '../state/app-context.js';
import type { Route } from '../state/route.js';
import { visibleText } from '../text/visible-text.js';
import type { HealthLogView } from './health-log.js';
import type { NoticeChannel } from './notice-channel.js';
import { browserChannel, desktopChannel } from './notice-channel.js';
import { startNotifier } from './notifier.js';
import { WatchList } from './watch-list.js';
import { targetRoute } from './event-route.js';

interface HealthServices {
  readonly watch: WatchList | null;
  readonly channel: NoticeChannel;
}

const HealthContext = createContext<HealthServices | null>(null);

export function HealthProvider({
  navigate,
  children,
}: {
  navigate: (route: Route) => void;
  children: ReactNode;
}) {
  const { bridge, store } = useServices();
  const view = useStoreView();
  const root = view.info?.root ?? null;
  const watch = useMemo(() => (root === null ? null : new WatchList(root, localStorage)), [root]);
  const channel = useMemo(
    () => (bridge.desktop !== null ? desktopChannel(bridge.desktop) : browserChannel()),
    [bridge],
  );
  useEffect(() => {
    if (watch !== null && !view.loading) watch.opened(view.runs.values());
  }, [watch, view.loading, view.runs]);
  // The names are read when a notice is made, from the runs as they are then.
  useEffect(() => {
    if (watch === null) return;
    return startNotifier({
      log: store.health,
      watch,
      channel,
      name: (runId) => {
        const run = store.getView().runs.get(runId);
        return visibleText(run?.name ?? run?.experiment ?? runId);
      },
    });
  }, [store, watch, channel]);
  useEffect(() => channel.onClick((target) => navigate(targetRoute(target))), [channel, navigate]);
  const services = useMemo(() => ({ watch, channel }), [watch, channel]);
  return <HealthContext.Provider value={services}>{children}</HealthContext.Provider>;
}

function useHealthServices(): HealthServices {
  const services = useContext(HealthContext);
  if (services === null) throw new Error('health services outside HealthProvider');
  return services;
}

/** The store's watch list (null until the store's root is known), rendering again on changes. */
export function useWatchList(): WatchList | null {
  const { watch } = useHealthServices();
  useSyncExternalStore(watch?.subscribe ?? noSubscribe, watch?.getVersion ?? zero);
  return watch;
}

export function useNoticeChannel(): NoticeChannel {
  return useHealthServices().channel;
}

/** The store's health events and how many are unread. */
export function useHealthLog(): HealthLogView {
  const { store } = useServices();
  return useSyncExternalStore(store.health.subscribe, store.health.getView);
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;
