// Comparing selected runs: their params and summaries side by side, rows that differ first and
// marked, so what changed between runs is what one sees.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';
import { ValueView } from '../components/ValueView.js';
import { StatusBadge } from '../components/StatusBadge.js';
import type { Route } from '../state/app-context.js';
import { useStoreView } from '../state/app-context.js';

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
              <th key={run.id}>{run.name ?? run.id}</th>
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
  const runs = runIds
    .map((id) => view.runs.get(id))
    .filter((run): run is RunSummary => run !== undefined);
  return (
    <div className="run-page">
      <div className="run-header" style={{ paddingBottom: 12 }}>
        <a href="#/" onClick={(event) => (event.preventDefault(), navigate({ page: 'runs' }))}>
          ← Runs
        </a>
        <h1>Compare {runs.length} runs</h1>
        <div className="row" style={{ flexWrap: 'wrap' }}>
          {runs.map((run) => (
            <a key={run.id} href={`#/run/${encodeURIComponent(run.id)}/overview`} className="pill">
              <StatusBadge status={run.status} /> {run.name ?? run.id}
            </a>
          ))}
        </div>
      </div>
      <div className="page-body stack">
        {runs.length < runIds.length ? (
          <div className="warn-box">
            {runIds.length - runs.length} of the chosen runs are no longer in the store.
          </div>
        ) : null}
        <ValuesComparison title="Params" runs={runs} pick={(run) => run.params} />
        <ValuesComparison title="Summary" runs={runs} pick={(run) => run.summary} />
      </div>
    </div>
  );
}
