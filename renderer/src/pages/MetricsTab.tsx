// A run's Metrics tab (model metrics) or System tab (readings): the panels of that kind, then
// every key's statistics; this session's health events of the run are marked at their steps, and
// a link to a key shows it alone. Model metrics and readings never share a page; the metrics' step axes
// can tick where the run logged files, each tick a way into the Files tab at its step. The
// store's derived views are panels here too, added and edited from the toolbar.

import { useCallback, useMemo } from 'react';
import type { RunDetail } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import { StatisticsTable } from './StatisticsTable.js';
import { KeptBoard } from '../workspace/KeptBoard.js';
import { runScope } from '../workspace/scopes.js';
import type { BoardLink } from '../workspace/board-link.js';
import { linkText } from '../workspace/board-link.js';
import { replaceAddress } from '../workspace/WorkspaceProvider.js';
import { exactKeyFilter } from '../charts/panel-layout.js';
import type { BoardRun } from '../charts/board-run.js';
import { visibleText } from '../text/visible-text.js';
import type { FileStepMarks } from '../charts/FileStepTicks.js';
import { fileStepMarks } from '../charts/file-step-ticks.js';
import { useLoggedFiles } from '../files/use-logged-files.js';
import type { FilesFocus, Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import type { HealthEvent } from '../../../shared/api/health.js';
import { eventText } from '../../../shared/health/health-text.js';
import type { RunExtras } from '../charts/marks/run-extras.js';
import { useHealthLog } from '../health/HealthProvider.js';
import { extrasKey, runExtras } from '../charts/marks/run-extras.js';
import { useDerivedViews } from '../state/sweep-choices.js';
import { DerivedViews } from './DerivedViews.js';

export function MetricsTab({
  detail,
  runId,
  kind,
  navigate,
  focus,
  board,
}: {
  detail: RunDetail;
  runId: string;
  kind: SeriesKind;
  navigate: (route: Route) => void;
  /** A link's key (shown alone) and step (a health event's, marked with the rest). */
  focus?: FilesFocus | undefined;
  /** The board as the address set it (a link followed). */
  board?: BoardLink | undefined;
}) {
  // Arranged once for every run of the experiment: its keys are the same, by name.
  const scope = runScope(detail.summary.experiment, kind);
  const tab = kind === 'metric' ? 'metrics' : 'system';
  const onLink = useCallback(
    (link: BoardLink) => replaceAddress(routeHash({ page: 'run', runId, tab, board: link })),
    [runId, tab],
  );
  const statistics = detail.statistics.filter((stats) => stats.kind === kind);
  const { summary } = detail;
  // A live run's detail comes anew twice a second: its extras are made again only when they grow.
  const extrasAt = extrasKey(detail);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const logged = useMemo(() => runExtras(detail), [extrasAt]);
  const events = useHealthLog().events;
  const extras = useMemo(() => withEventMarks(logged, events, runId), [logged, events, runId]);
  const runs: BoardRun[] = useMemo(
    () => [
      {
        runId,
        label: visibleText(summary.name ?? runId),
        startTime: summary.startTime ?? 0,
        declarations: new Map(detail.metrics.map((d) => [d.key, d])),
        extras,
      },
    ],
    [runId, summary.name, summary.startTime, detail.metrics, extras],
  );
  const fileSteps = useFileSteps(runId, kind, navigate);
  const derived = useDerivedViews();
  const runIds = useMemo(() => [runId], [runId]);
  return (
    <div className="stack">
      <KeptBoard
        // A link to another key or board, or a run of another experiment, opens the board anew.
        key={`${scope}\u0000${focus?.key ?? ''}\u0000${linkText(board)}`}
        scope={scope}
        link={focus?.key != null ? { ...board, filter: exactKeyFilter(focus.key) } : board}
        onLink={onLink}
        runs={runs}
        kind={kind}
        fileSteps={fileSteps}
        {...(kind === 'metric'
          ? {
              views: derived.views,
              tools: (
                <DerivedViews
                  views={derived.views}
                  onSave={derived.save}
                  onRemove={derived.remove}
                  runIds={runIds}
                />
              ),
            }
          : {})}
      />
      {statistics.length > 0 ? (
        <div className="card">
          <h3>{kind === 'metric' ? 'Statistics of the metrics' : 'Statistics of the readings'}</h3>
          <StatisticsTable statistics={statistics} />
        </div>
      ) : null}
    </div>
  );
}

/** The run's file steps for the Metrics tab (readings are not what files are logged against). */
function useFileSteps(
  runId: string,
  kind: SeriesKind,
  navigate: (route: Route) => void,
): FileStepMarks | undefined {
  const runIds = useMemo(() => (kind === 'metric' ? [runId] : []), [runId, kind]);
  const files = useLoggedFiles(runIds).files.get(runId);
  return useMemo(() => {
    if (files === undefined) return undefined;
    const marks = fileStepMarks(files);
    if (marks.length === 0) return undefined;
    return {
      marks,
      open: (key, step) => navigate({ page: 'run', runId, tab: 'files', files: { key, step } }),
    };
  }, [files, runId, navigate]);
}

/** The run's marks with this session's health events of it, each at its step. */
function withEventMarks(
  extras: RunExtras,
  events: readonly HealthEvent[],
  runId: string,
): RunExtras {
  const marks = events
    .filter((event) => event.runId === runId && event.step !== null)
    .map((event) => ({
      kind: 'health' as const,
      step: event.step!,
      time: event.time,
      text: eventText(event),
      metadata: null,
    }));
  return marks.length === 0 ? extras : { ...extras, marks: [...extras.marks, ...marks] };
}
