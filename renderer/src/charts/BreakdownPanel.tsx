// Sibling keys that each hold one point (accuracy by class): a bar chart on a value axis, one
// bar per category, its value under it; in Compare, grouped bars, one per run in the run's
// colour, and under them a table of the runs, their colours and their values.

import type { Goal } from '../../../shared/format/records.js';
import { keyLeaf } from '../../../shared/series/curve-math.js';
import { exactFloatText, floatText } from '../text/value-text.js';
import { barScale } from './bar-scale.js';
import type { RunStyle } from './run-colors.js';
import { barFill } from './run-colors.js';

export interface BreakdownRun extends RunStyle {
  readonly runId: string;
  readonly label: string;
  /** Each category's value in this run, when it has one. */
  readonly values: ReadonlyMap<string, number>;
}

const HEIGHT = 160;

/** A value as the chart's texts show it: short, NaN and the infinities named. */
const shortText = (value: number | undefined): string =>
  value === undefined ? 'no value' : floatText(value);

/** The best finite value of a category over the runs by the goal, or null. */
function bestOf(values: readonly (number | undefined)[], goal: Goal | null): number | null {
  const finite = values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (goal === null || finite.length < 2) return null;
  return goal === 'maximize' ? Math.max(...finite) : Math.min(...finite);
}

/** A lone run's value under its bar, the exact value on hover where it is rounded. */
function SingleValue({ value }: { value: number | undefined }) {
  if (value === undefined) return <div className="breakdown-value">—</div>;
  const shown = floatText(value, 3);
  const exact = exactFloatText(value);
  return (
    <div className="breakdown-value" title={exact === shown ? undefined : exact}>
      {shown}
    </div>
  );
}

function ValuesTable({
  keys,
  runs,
  goal,
}: {
  keys: readonly string[];
  runs: readonly BreakdownRun[];
  goal: Goal | null;
}) {
  const best = keys.map((key) =>
    bestOf(
      runs.map((run) => run.values.get(key)),
      goal,
    ),
  );
  return (
    <div className="breakdown-table-wrap">
      <table className="breakdown-table" data-testid="breakdown-legend">
        <thead>
          <tr>
            <th>run</th>
            {keys.map((key) => (
              <th key={key} title={key}>
                {keyLeaf(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.runId} data-testid="breakdown-legend-row" data-run-id={run.runId}>
              <td className="breakdown-run">
                <span
                  className="bar-swatch"
                  data-testid="bar-swatch"
                  data-color={run.color}
                  style={{ background: barFill(run) }}
                />
                <span className="breakdown-run-name" title={run.label}>
                  {run.label}
                </span>
              </td>
              {keys.map((key, i) => {
                const value = run.values.get(key);
                if (value === undefined)
                  return (
                    <td key={key} className="muted">
                      —
                    </td>
                  );
                const shown = floatText(value, 4);
                const exact = exactFloatText(value);
                return (
                  <td
                    key={key}
                    className={`mono ${Number.isFinite(value) ? '' : 'value-special'} ${value === best[i] ? 'best' : ''}`}
                    // The exact value where the cell rounds it.
                    title={exact === shown ? undefined : exact}
                    data-testid="breakdown-cell"
                  >
                    {shown}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {best.some((b) => b !== null) ? (
        <div className="muted breakdown-goal">bold: best by goal ({goal})</div>
      ) : null}
    </div>
  );
}

export function BreakdownPanel({
  prefix,
  keys,
  runs,
  goal = null,
}: {
  prefix: string;
  keys: readonly string[];
  runs: readonly BreakdownRun[];
  goal?: Goal | null;
}) {
  const scale = barScale(runs.flatMap((run) => [...run.values.values()]));
  const span = scale.max - scale.min;
  const y = (value: number): number => ((scale.max - value) / span) * HEIGHT;
  const zeroY = y(0);
  const nonFinite = runs.reduce(
    (n, run) => n + [...run.values.values()].filter((v) => !Number.isFinite(v)).length,
    0,
  );
  const compared = runs.length > 1;
  return (
    <div
      className={`panel card breakdown ${compared ? 'wide' : ''}`}
      data-testid="breakdown-panel"
      data-key={prefix}
    >
      <div className="panel-head">
        <span className="panel-title mono">{prefix}/*</span>
        <span className="spacer" />
        <span className="muted">
          {keys.length} categories{compared ? ` · ${runs.length} runs` : ''}
        </span>
      </div>
      <div className="breakdown-plot">
        <div className="breakdown-axis" style={{ height: HEIGHT }} data-testid="breakdown-axis">
          {scale.ticks.map((tick) => (
            <span key={tick.value} className="breakdown-tick" style={{ top: y(tick.value) }}>
              {tick.text}
            </span>
          ))}
        </div>
        <div className="breakdown-chart">
          <div className="breakdown-inner">
            <div className="breakdown-grid" style={{ height: HEIGHT }} aria-hidden="true">
              {scale.ticks.map((tick) => (
                <span
                  key={tick.value}
                  className={tick.value === 0 ? 'zero' : ''}
                  style={{ top: y(tick.value) }}
                />
              ))}
            </div>
            {keys.map((key) => (
              <div className="breakdown-group" key={key}>
                <div className="breakdown-bars" style={{ height: HEIGHT }}>
                  {runs.map((run) => {
                    const value = run.values.get(key);
                    const finiteValue = value !== undefined && Number.isFinite(value);
                    const top = finiteValue ? y(Math.max(value, 0)) : zeroY;
                    const barHeight = finiteValue ? Math.abs(y(value) - zeroY) : 0;
                    return (
                      <div
                        key={run.runId}
                        className="breakdown-bar"
                        data-testid="breakdown-bar"
                        data-run-id={run.runId}
                        title={`${run.label} · ${key}: ${shortText(value)}`}
                        style={{ background: barFill(run), height: barHeight, marginTop: top }}
                      />
                    );
                  })}
                </div>
                <div className="breakdown-label" title={key}>
                  {keyLeaf(key)}
                </div>
                {compared ? null : <SingleValue value={runs[0]?.values.get(key)} />}
              </div>
            ))}
          </div>
        </div>
      </div>
      {compared ? <ValuesTable keys={keys} runs={runs} goal={goal} /> : null}
      {nonFinite > 0 ? (
        <div className="panel-notes">{nonFinite} non-finite values not plotted</div>
      ) : null}
    </div>
  );
}
