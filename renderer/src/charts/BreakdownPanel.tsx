// Sibling keys that each hold one point (accuracy by class): a bar chart, one bar per category;
// in Compare, grouped bars, one per run in the run's colour.

import { keyLeaf } from '../../../shared/series/curve-math.js';
import { exactFloatText, floatText } from '../text/value-text.js';
import type { RunStyle } from './run-colors.js';
import { barFill } from './run-colors.js';

export interface BreakdownRun extends RunStyle {
  readonly runId: string;
  readonly label: string;
  /** Each category's value in this run, when it has one. */
  readonly values: ReadonlyMap<string, number>;
}

export function BreakdownPanel({
  prefix,
  keys,
  runs,
}: {
  prefix: string;
  keys: readonly string[];
  runs: readonly BreakdownRun[];
}) {
  const all = runs.flatMap((run) => [...run.values.values()]).filter((v) => Number.isFinite(v));
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const height = 160;
  const zeroY = (max / span) * height;
  const nonFinite = runs.reduce(
    (n, run) => n + [...run.values.values()].filter((v) => !Number.isFinite(v)).length,
    0,
  );
  return (
    <div className="panel card breakdown" data-testid="breakdown-panel" data-key={prefix}>
      <div className="panel-head">
        <span className="panel-title mono">{prefix}/*</span>
        <span className="spacer" />
        <span className="muted">{keys.length} categories</span>
      </div>
      <div className="breakdown-chart" style={{ minHeight: height + 40 }}>
        {keys.map((key) => (
          <div className="breakdown-group" key={key}>
            <div className="breakdown-bars" style={{ height }}>
              {runs.map((run) => {
                const value = run.values.get(key);
                const finiteValue = value !== undefined && Number.isFinite(value);
                const barHeight = finiteValue ? (Math.abs(value) / span) * height : 0;
                const top = finiteValue && value >= 0 ? zeroY - barHeight : zeroY;
                return (
                  <div
                    key={run.runId}
                    className="breakdown-bar"
                    data-testid="breakdown-bar"
                    title={`${run.label} · ${key}: ${value === undefined ? 'no value' : exactFloatText(value)}`}
                    style={{ background: barFill(run), height: barHeight, marginTop: top }}
                  />
                );
              })}
            </div>
            <div className="breakdown-label" title={key}>
              {keyLeaf(key)}
            </div>
            {runs.length === 1 ? (
              <div className="breakdown-value">
                {runs[0]!.values.has(key) ? floatText(runs[0]!.values.get(key)!, 3) : '—'}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {nonFinite > 0 ? (
        <div className="panel-notes">{nonFinite} non-finite values not plotted</div>
      ) : null}
    </div>
  );
}
