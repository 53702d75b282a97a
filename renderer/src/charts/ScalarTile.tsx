// A key with one point: its value and step in large type; in Compare, one bar per run.

import type { Goal } from '../../../shared/format/records.js';
import { exactFloatText, floatText } from '../text/value-text.js';
import type { RunStyle } from './run-colors.js';
import { barFill } from './run-colors.js';

export interface TileEntry extends RunStyle {
  readonly runId: string;
  readonly label: string;
  readonly value: number;
  readonly step: number;
}

export function ScalarTile({
  title,
  entries,
  goal,
}: {
  title: string;
  entries: readonly TileEntry[];
  goal: Goal | null;
}) {
  if (entries.length === 1) {
    const [entry] = entries as [TileEntry];
    return (
      <div className="panel card tile" data-testid="scalar-tile" data-key={title}>
        <div className="panel-head">
          <span className="panel-title mono">{title}</span>
        </div>
        <div className="tile-value" title={exactFloatText(entry.value)} data-testid="tile-value">
          {floatText(entry.value, 6)}
        </div>
        <div className="muted tile-step">
          at step {entry.step}
          {goal !== null ? ` · ${goal}` : ''}
        </div>
      </div>
    );
  }
  return <BarList title={title} entries={entries} goal={goal} testId="scalar-tile" />;
}

/** Horizontal bars, one per entry, scaled to the largest finite magnitude. */
export function BarList({
  title,
  entries,
  goal,
  testId,
}: {
  title: string;
  entries: readonly TileEntry[];
  goal: Goal | null;
  testId: string;
}) {
  const finite = entries.map((e) => e.value).filter((v) => Number.isFinite(v));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  const span = max - min || 1;
  const best =
    goal === null || finite.length === 0
      ? null
      : goal === 'maximize'
        ? Math.max(...finite)
        : Math.min(...finite);
  return (
    <div className="panel card" data-testid={testId} data-key={title}>
      <div className="panel-head">
        <span className="panel-title mono">{title}</span>
      </div>
      <div className="bars">
        {entries.map((entry) => {
          const finiteValue = Number.isFinite(entry.value);
          const left = ((Math.min(0, entry.value) - min) / span) * 100;
          const widthPct = finiteValue ? (Math.abs(entry.value) / span) * 100 : 0;
          return (
            <div className="bar-row" key={entry.runId}>
              <span className="bar-label" title={entry.label}>
                {entry.label}
              </span>
              <span className="bar-track">
                <span
                  className="bar-fill"
                  style={{ left: `${left}%`, width: `${widthPct}%`, background: barFill(entry) }}
                />
              </span>
              <span
                className={`bar-value ${finiteValue ? '' : 'value-special'}`}
                title={exactFloatText(entry.value)}
              >
                {floatText(entry.value)}
                {best !== null && entry.value === best ? ' ★' : ''}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
