// Comparing selected runs: their curves, their images at one step, and their params and
// summaries side by side, rows that differ first and marked, so what changed is what one sees.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';
import { ValueView } from '../components/ValueView.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { VisibleText } from '../components/VisibleText.js';
import { useEffect, useMemo, useState } from 'react';
import type { MetricDeclaration } from '../../../shared/api/contract.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { useServices, useStoreView } from '../state/app-context.js';
import { unwrap } from '../api/call.js';
import { MetricsBoard } from '../charts/MetricsBoard.js';
import type { BoardRun } from '../charts/MetricsBoard.js';
import { runColors } from '../charts/run-colors.js';
import { RunSwatch } from '../charts/RunSwatch.js';
import { visibleText } from '../text/visible-text.js';
import { CompareImages } from '../files/CompareImages.js';
import type { RunExtras } from '../charts/marks/run-extras.js';
import { NO_EXTRAS, runExtras } from '../charts/marks/run-extras.js';
import { SourceBadge } from '../components/SourceBadge.js';

type CompareTab = 'metrics' | 'system' | 'images' | 'params';

function sameValues(values: (Value | undefined)[]): boolean {
  const texts = values.map((v) =>
    v === undefined ? '\u0000' : `${valueText(v).kind}:${valueText(v).exact}`,
  );
  return texts.every((text) => text === texts[0]);
}

function ValuesComparison({
  title,
  runs,
  pick,
}: {
  title: string;
  runs: RunSummary[];
  pick: (run: RunSummary) => ReadonlyMap<string, Value>;
}) {
  const keys = [...new Set(runs.flatMap((run) => [...pick(run).keys()]))];
  const rows = keys
    .map((key) => ({ key, values: runs.map((run) => pick(run).get(key)) }))
    .map((row) => ({ ...row, same: sameValues(row.values) }))
    .sort((a, b) => Number(a.same) - Number(b.same) || (a.key < b.key ? -1 : 1));
  return (
    <div className="card">
      <h3>
        {title} <span className="muted">{rows.filter((r) => !r.same).length} differ</span>
      </h3>
      <table className="stats-table">
        <thead>
          <tr>
            <th>key</th>
            {runs.map((run) => (
              <th key={run.id}>
                <VisibleText text={run.name ?? run.id} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} style={row.same ? { opacity: 0.6 } : { fontWeight: 560 }}>
              <td className="mono">
                {row.same ? '' : '≠ '}
                {row.key}
              </td>
              {row.values.map((value, index) => (
                <td key={index}>
                  {value === undefined ? (
                    <span className="muted">—</span>
                  ) : (
                    <ValueView value={value} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ComparePage({
  runIds,
  navigate,
}: {
  runIds: readonly string[];
  navigate: (route: Route) => void;
}) {
  const view = useStoreView();
  const { bridge, store, toast } = useServices();
  const [tab, setTab] = useState<CompareTab>('metrics');
  const [declarations, setDeclarations] = useState<
    ReadonlyMap<string, { metrics: ReadonlyMap<string, MetricDeclaration>; extras: RunExtras }>
  >(new Map());
  const runs = runIds
    .map((id) => view.runs.get(id))
    .filter((run): run is RunSummary => run !== undefined);
  // runIds is a new array on every render; idsKey names the same list. It is JSON, not ids
  // joined by a separator: an id may hold any character but "/".
  const idsKey = JSON.stringify(runIds);
  const runsKey = JSON.stringify(runs.map((r) => [r.id, r.name, r.startTime]));

  useEffect(() => void store.follow(JSON.parse(idsKey) as string[]), [store, idsKey]);

  useEffect(() => {
    let cancelled = false;
    void Promise.all(
      (JSON.parse(idsKey) as string[]).map(async (id) => {
        const detail = unwrap(await bridge.api.runDetail({ runId: id }));
        return [
          id,
          { metrics: new Map(detail.metrics.map((d) => [d.key, d])), extras: runExtras(detail) },
        ] as const;
      }),
    )
      .then((entries) => {
        if (!cancelled) setDeclarations(new Map(entries));
      })
      .catch((error: unknown) => toast(`Could not read the runs: ${String(error)}`, 'error'));
    return () => {
      cancelled = true;
    };
  }, [bridge, idsKey, toast]);

  const boardRuns: BoardRun[] = useMemo(
    () =>
      (JSON.parse(runsKey) as [string, string | null, number | null][]).map(([id]) => {
        const run = view.runs.get(id);
        return {
          runId: id,
          label: visibleText(run?.name ?? id),
          startTime: run?.startTime ?? 0,
          declarations: declarations.get(id)?.metrics ?? new Map(),
          extras: declarations.get(id)?.extras ?? NO_EXTRAS,
        };
      }),
    // Summaries change with every sample; the board needs only what runsKey names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runsKey, declarations],
  );

  const styles = runColors.stylesFor(runs.map((run) => run.id));
  const tabs: readonly [CompareTab, string][] = [
    ['metrics', 'Metrics'],
    ['system', 'System'],
    ['images', 'Images'],
    ['params', 'Params & summary'],
  ];

  return (
    <div className="run-page" data-testid="compare-page">
      <div className="run-header">
        <a href="#/" onClick={(event) => (event.preventDefault(), navigate({ page: 'runs' }))}>
          ← Runs
        </a>
        <h1>Compare {runs.length} runs</h1>
        <div className="row" style={{ flexWrap: 'wrap' }}>
          {runs.map((run) => (
            <a
              key={run.id}
              href={routeHash({ page: 'run', runId: run.id, tab: 'overview' })}
              className="pill"
              data-testid="compare-run"
            >
              <RunSwatch {...styles.get(run.id)!} />
              <VisibleText text={run.name ?? run.id} /> <SourceBadge source={run.source} />
              <StatusBadge status={run.status} />
            </a>
          ))}
        </div>
        <div className="tabs" role="tablist">
          {tabs.map(([id, label]) => (
            <button
              key={id}
              role="tab"
              aria-selected={tab === id}
              className={`tab ${tab === id ? 'on' : ''}`}
              onClick={() => setTab(id)}
              data-testid={`compare-tab-${id}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="page-body stack">
        {runs.length < runIds.length ? (
          <div className="warn-box">
            {runIds.length - runs.length} of the chosen runs are no longer in the store.
          </div>
        ) : null}
        {tab === 'metrics' ? <MetricsBoard runs={boardRuns} kind="metric" /> : null}
        {tab === 'system' ? <MetricsBoard runs={boardRuns} kind="reading" /> : null}
        {tab === 'images' ? <CompareImages runs={runs} styles={styles} /> : null}
        {tab === 'params' ? (
          <>
            <ValuesComparison title="Params" runs={runs} pick={(run) => run.params} />
            <ValuesComparison title="Summary" runs={runs} pick={(run) => run.summary} />
          </>
        ) : null}
      </div>
    </div>
  );
}
