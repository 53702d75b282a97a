// The app's frame: theme, toasts, the store being viewed (in the desktop app, which one, or the
// welcome screen), the top bar and the page the route names.

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MenuCommand, MuninBridge } from '../../shared/api/bridge.js';
import { StoreState } from './state/store-state.js';
import type { AppServices } from './state/app-context.js';
import { AppContext, useRoute, useServices, useStoreView } from './state/app-context.js';
import { Welcome } from './pages/Welcome.js';
import { AddStreamButton, DropTarget } from './pages/DropChoice.js';
import type { Route } from './state/route.js';
import { byteSize } from '../../shared/format/byte-size.js';
import { visibleText } from './text/visible-text.js';
import { HealthProvider } from './health/HealthProvider.js';
import { EventsMenu } from './health/EventsMenu.js';
import { WorkspaceProvider } from './workspace/WorkspaceProvider.js';
import { ViewsMenu } from './workspace/ViewsMenu.js';
import { CopyLink } from './workspace/CopyLink.js';
import { StorePages } from './StorePages.js';
import type { Theme } from './state/theme.js';
import { useTheme } from './state/theme.js';
import { KeyboardProvider } from './keyboard/KeyboardProvider.js';
import { WelcomeKeys } from './keyboard/WelcomeKeys.js';
import { PaletteButton } from './keyboard/PaletteButton.js';
import { RemoteSourcePills } from './remote/RemoteSourcePills.js';
import { AnswerProgressPill } from './api/AnswerProgressPill.js';
import { RemoteStoreDialog } from './remote/RemoteStoreDialog.js';

/** The top-level tabs: runs (with run pages and comparisons) and artifacts. */
function TopNav({ route, navigate }: { route: Route; navigate: (route: Route) => void }) {
  const onArtifacts = route.page === 'artifacts' || route.page === 'artifact';
  const tabs: [string, Route, boolean][] = [
    ['Runs', { page: 'runs' }, !onArtifacts],
    ['Artifacts', { page: 'artifacts' }, onArtifacts],
  ];
  return (
    <nav className="top-nav">
      {tabs.map(([label, target, on]) => (
        <a
          key={label}
          href={target.page === 'runs' ? '#/' : '#/artifacts'}
          className={on ? 'on' : undefined}
          data-testid={`nav-${label.toLowerCase()}`}
          onClick={(event) => (event.preventDefault(), navigate(target))}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

function StoreScreen({ onToggleTheme, theme }: { onToggleTheme: () => void; theme: Theme }) {
  const view = useStoreView();
  const { bridge } = useServices();
  const [route, navigate] = useRoute();
  const sources = view.info?.sources ?? [];
  return (
    <HealthProvider navigate={navigate}>
      <WorkspaceProvider>
        <DropTarget desktop={bridge.desktop}>
          <div className="topbar">
            <a
              className="brand"
              href="#/"
              onClick={(event) => (event.preventDefault(), navigate({ page: 'runs' }))}
            >
              <img src="./icon.svg" alt="" />
              munin-view
            </a>
            <div className="crumbs">
              <span className="sep">/</span>
              {sources.length > 1 ? (
                // Several paths open: each is named, so that none of the runs' origins is hidden.
                sources.map((source, index) => (
                  <span
                    key={source.root}
                    className="store-name"
                    title={source.root}
                    data-testid="store-source"
                  >
                    {index > 0 ? '+ ' : ''}
                    {source.name}
                    {source.remote !== undefined ? (
                      <span className="source-badge" style={{ marginLeft: 4 }}>
                        ssh
                      </span>
                    ) : null}
                    {source.kind === 'jsonl-events' ? (
                      <span className="source-badge" style={{ marginLeft: 4 }}>
                        JSONL
                      </span>
                    ) : null}
                  </span>
                ))
              ) : (
                <span className="store-name" title={view.info?.root} data-testid="store-source">
                  {view.info?.name ?? '…'}
                </span>
              )}
              <span className="muted">{view.runs.size} runs</span>
              {view.info?.reading.map((read) => (
                <span
                  className="pill"
                  key={read.runId}
                  data-testid="log-progress"
                  title={visibleText(read.runId)}
                >
                  <span className="spinner" style={{ width: 10, height: 10 }} />
                  reading {byteSize(read.size)},{' '}
                  {Math.floor((100 * read.bytes) / Math.max(1, read.size))}%
                </span>
              ))}
              {view.info !== null && view.info.runsToRead > view.info.reading.length ? (
                <span className="pill" data-testid="reading-progress">
                  <span className="spinner" style={{ width: 10, height: 10 }} />
                  reading runs: {view.info.runsRead.toLocaleString()} of{' '}
                  {(
                    view.info.runsRead +
                    view.info.runsToRead -
                    view.info.reading.length
                  ).toLocaleString()}
                </span>
              ) : null}
            </div>
            <TopNav route={route} navigate={navigate} />
            {view.info?.polling === true ? (
              <span
                className="pill"
                title="This file system delivers no change events: the store is polled."
              >
                polling
              </span>
            ) : null}
            {!view.connected ? (
              <span className="pill" style={{ color: 'var(--s-failed)' }}>
                reconnecting…
              </span>
            ) : null}
            <RemoteSourcePills />
            <AnswerProgressPill />
            <span className="spacer" />
            <PaletteButton />
            <ViewsMenu />
            <CopyLink />
            <EventsMenu navigate={navigate} />
            <AddStreamButton desktop={bridge.desktop} />
            <button
              className="icon-btn"
              onClick={onToggleTheme}
              title={`Switch to the ${theme === 'dark' ? 'light' : 'dark'} theme`}
              data-testid="theme-toggle"
            >
              {theme === 'dark' ? '☀' : '☾'}
            </button>
          </div>
          <StorePages route={route} navigate={navigate} />
        </DropTarget>
      </WorkspaceProvider>
    </HealthProvider>
  );
}

export function App({ bridge }: { bridge: MuninBridge }) {
  const [theme, toggleTheme] = useTheme();
  const [toast, setToast] = useState<{
    message: string;
    kind: 'info' | 'error';
    id: number;
  } | null>(null);
  const [storeRoot, setStoreRoot] = useState<string | null | undefined>(
    bridge.desktop === null ? 'served' : undefined,
  );

  const [remoteDialog, setRemoteDialog] = useState(false);

  const showToast = useCallback((message: string, kind: 'info' | 'error' = 'info') => {
    setToast({ message, kind, id: Date.now() });
  }, []);

  useEffect(() => {
    if (toast === null) return;
    const timer = setTimeout(() => setToast(null), toast.kind === 'error' ? 8000 : 2500);
    return () => clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const desktop = bridge.desktop;
    if (desktop === null) return;
    void desktop.currentStore().then(setStoreRoot);
    const offStore = desktop.onStoreChanged((root) => {
      location.hash = '#/';
      setStoreRoot(root);
    });
    // A munin-view:// link followed: main opened its store (when it was another); its page now.
    const offPage = desktop.onOpenPage((hash) => (location.hash = hash));
    const offMenu = desktop.onMenuCommand((command: MenuCommand) => {
      if (command === 'toggle-theme') toggleTheme();
      if (command === 'open-remote') setRemoteDialog(true);
      if (command === 'focus-filter')
        document.querySelector<HTMLInputElement>('[data-testid="run-filter"]')?.focus();
    });
    return () => (offStore(), offPage(), offMenu());
  }, [bridge, toggleTheme]);

  // One StoreState per open store: a store opened anew starts from a fresh snapshot.
  const store = useMemo(
    () => (storeRoot === null || storeRoot === undefined ? null : new StoreState(bridge)),
    [bridge, storeRoot],
  );
  useEffect(() => {
    if (store === null) return;
    void store.load();
    return () => store.dispose();
  }, [store]);

  const services: AppServices | null = useMemo(
    () => (store === null ? null : { bridge, store, toast: showToast }),
    [bridge, store, showToast],
  );
  const welcomeServices = useMemo(
    () => ({ bridge, store: null as unknown as StoreState, toast: showToast }),
    [bridge, showToast],
  );

  return (
    <>
      {services !== null ? (
        <AppContext.Provider value={services}>
          <KeyboardProvider theme={theme} onToggleTheme={toggleTheme}>
            <StoreScreen onToggleTheme={toggleTheme} theme={theme} />
          </KeyboardProvider>
        </AppContext.Provider>
      ) : storeRoot === null && bridge.desktop !== null ? (
        <AppContext.Provider value={welcomeServices}>
          <div className="app">
            <Welcome desktop={bridge.desktop} />
            <WelcomeKeys desktop={bridge.desktop} />
          </div>
        </AppContext.Provider>
      ) : (
        <div className="empty-state">
          <div className="spinner" />
        </div>
      )}
      {remoteDialog && bridge.desktop !== null ? (
        <RemoteStoreDialog
          desktop={bridge.desktop}
          onClose={() => setRemoteDialog(false)}
          onFailed={(message) => showToast(message, 'error')}
        />
      ) : null}
      {toast !== null ? (
        <div className={`toast ${toast.kind}`} role="status" key={toast.id} data-testid="toast">
          {toast.message}
        </div>
      ) : null}
    </>
  );
}
