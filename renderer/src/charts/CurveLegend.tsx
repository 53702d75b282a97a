// A curve panel's legend: the cursor's x, then a row per trace with its colour (and dash), its
// label, the point the cursor reads on it (NaN and the infinities named, the exact value on
// hover, the smoothed value beside) and its best point by goal.

import type { Trace } from './curve-data.js';
import type { Readout } from './cursor-readout.js';
import { RunSwatch } from './RunSwatch.js';
import { exactFloatText, floatText } from '../text/value-text.js';

export function CurveLegend({
  traces,
  readout,
  xText,
}: {
  traces: readonly Trace[];
  readout: Readout | null;
  /** The cursor's x as the legend heads it. */
  xText: (x: number) => string;
}) {
  return (
    <div className="legend" data-testid="legend">
      <div className="legend-x muted" data-testid="legend-x">
        {readout === null ? '\u00a0' : `at ${xText(readout.x)}`}
      </div>
      {traces.map((trace, t) => {
        const point = readout?.points[t] ?? null;
        return (
          <div className="legend-row" key={trace.runId}>
            <RunSwatch color={trace.color} dash={trace.dash} />
            <span className="legend-label" title={trace.label}>
              {trace.label}
            </span>
            <span
              className={`legend-value ${point !== null && !Number.isFinite(point.value) ? 'value-special' : ''}`}
              title={point === null ? undefined : exactFloatText(point.value)}
              data-testid="legend-value"
            >
              {point === null
                ? ''
                : `${floatText(point.value)} @ ${point.step.toLocaleString('en')}`}
              {point !== null && point.smoothed !== null ? (
                <span className="muted"> ~{floatText(point.smoothed)}</span>
              ) : null}
            </span>
            {trace.best !== null ? (
              <span
                className="legend-best"
                title={`best by goal (${trace.goal}) at step ${trace.best.step}: ${exactFloatText(trace.best.y)}`}
              >
                best {floatText(trace.best.y)} @ {trace.best.step.toLocaleString('en')}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
