// The page the route names, under the top bar: the runs table, a run, a comparison, the
// artifacts or one artifact. Each opens afresh when a saved view was put back (so that it reads
// what the view set), and the store opens on its default view or the page it last showed.

import { useEffect, useRef } from 'react';
import { RunsBrowser } from './pages/RunsBrowser.js';
import { RunPage } from './pages/RunPage.js';
import { ComparePage } from './pages/ComparePage.js';
import { ArtifactsPage } from './artifacts/ArtifactsPage.js';
import { ArtifactPage } from './artifacts/ArtifactPage.js';
import type { Route } from './state/route.js';
import { useServices, useStoreView } from './state/app-context.js';
import { useWorkspace } from './workspace/WorkspaceProvider.js';
import { openView } from './workspace/view-apply.js';

/**
 * Opens the store where the person left it: on its default view, or the last page shown, when
 * the page was opened on no page of its own (a link to a page goes there); keeps the page shown.
 */
function useOpenWhereLeft(): void {
  const { store } = useServices();
  const view = useStoreView();
  const workspace = useWorkspace();
  const opened = useRef(false);
  useEffect(() => {
    if (workspace === null || view.loading || opened.current) return;
    opened.current = true;
    if (location.hash !== '' && location.hash !== '#/' && location.hash !== '#') return;
    const chosen = workspace.views.find((v) => v.name === workspace.defaultView);
    if (chosen !== undefined) {
      location.hash = openView(chosen, { workspace, runs: view.runs, session: store.session });
    } else if (workspace.lastRoute !== null && workspace.lastRoute !== '#/') {
      location.hash = workspace.lastRoute;
    }
  }, [workspace, view.loading, view.runs, store]);
  // The page shown when the app goes (or goes out of sight, which may be the last it is told):
  // kept then, not on each page opened, which would write storage on every navigation.
  useEffect(() => {
    if (workspace === null) return;
    const keep = (): void => workspace.rememberRoute(location.hash);
    const hidden = (): void => void (document.visibilityState === 'hidden' && keep());
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', hidden);
      // A store closed in the app keeps its last page too.
      keep();
    };
  }, [workspace]);
}

export function StorePages({
  route,
  navigate,
}: {
  route: Route;
  navigate: (route: Route) => void;
}) {
  const workspace = useWorkspace();
  useOpenWhereLeft();
  const epoch = workspace?.epoch ?? 0;
  switch (route.page) {
    case 'runs':
      return (
        <RunsBrowser
          // An address with another filter (a link followed) opens the table with it.
          key={`${epoch}\u0000${route.filter ?? ''}`}
          navigate={navigate}
          initialFilter={route.filter ?? ''}
        />
      );
    case 'run':
      return (
        // Keyed by run: another run's page starts afresh, never showing the last run's detail.
        <RunPage
          key={`${epoch}\u0000${route.runId}`}
          runId={route.runId}
          tab={route.tab}
          files={route.files}
          metrics={route.metrics}
          board={route.board}
          navigate={navigate}
        />
      );
    case 'compare':
      return (
        <ComparePage
          // Another list of runs is another comparison: it opens as its address says.
          key={`${epoch}\u0000${JSON.stringify(route.runIds)}`}
          runIds={route.runIds}
          navigate={navigate}
          initialTab={route.tab}
          board={route.board}
        />
      );
    case 'artifacts':
      return <ArtifactsPage navigate={navigate} />;
    case 'artifact':
      return (
        <ArtifactPage
          key={route.name}
          name={route.name}
          version={route.version}
          navigate={navigate}
        />
      );
  }
}
