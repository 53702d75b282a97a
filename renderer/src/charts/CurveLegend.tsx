// A curve panel's legend: the cursor's x, then a row per trace with its colour (and dash), its
// label, the point the cursor reads on it (NaN and the infinities named, the exact value on
// hover, the smoothed value beside) and its best point by goal. A group's row says how many runs
// its curve stands on, and under the cursor its center, band and how many runs stand behind it
// there; clicking it opens the group's runs. A band has no row: its group's row speaks for it.

import type { Trace } from './curve-data.js';
import type { CursorPoint, Readout } from './cursor-readout.js';
import { RunSwatch } from './RunSwatch.js';
import { exactFloatText, floatText } from '../text/value-text.js';
import { pointRunsText } from './group-style.js';

function PointText({ point }: { point: CursorPoint }) {
  if (point.band !== undefined)
    return (
      <>
        {floatText(point.value)}
        <span className="muted">
          {' '}
          [{floatText(point.band.low)} – {floatText(point.band.high)}]
        </span>{' '}
        <span className="legend-n" data-testid="legend-n">
          n {pointRunsText(point.band.n, point.band.of, point.step)}
        </span>
      </>
    );
  return (
    <>
      {`${floatText(point.value)} @ ${point.step.toLocaleString('en')}`}
      {point.smoothed !== null ? (
        <span className="muted"> ~{floatText(point.smoothed)}</span>
      ) : null}
    </>
  );
}

/** What a legend row shows of a trace: all a panel knows of its lines before their curves come. */
export type LegendEntry = Pick<
  Trace,
  'runId' | 'label' | 'color' | 'dash' | 'best' | 'goal' | 'band' | 'group'
>;

export function CurveLegend({
  traces,
  held,
  readout,
  xText,
  onToggleGroup,
}: {
  traces: readonly LegendEntry[];
  /** Its rows not built yet (see use-legend-rows): the legend keeps its box's height. */
  held: boolean;
  readout: Readout | null;
  /** The cursor's x as the legend heads it. */
  xText: (x: number) => string;
  onToggleGroup?: ((groupId: string) => void) | undefined;
}) {
  return (
    <div
      className={held ? 'legend legend-held' : 'legend'}
      data-testid="legend"
      data-held={held ? 'true' : undefined}
    >
      <div className="legend-x muted" data-testid="legend-x">
        {readout === null ? '\u00a0' : `at ${xText(readout.x)}`}
      </div>
      {(held ? [] : traces).map((trace, t) => {
        if (trace.band !== undefined) return null;
        const point = readout?.points[t] ?? null;
        const group = trace.group;
        return (
          <div
            className={`legend-row ${group === undefined ? '' : 'legend-group'}`}
            key={trace.runId}
            data-testid={group === undefined ? undefined : 'legend-group'}
          >
            {group !== undefined && onToggleGroup !== undefined ? (
              <button
                className="btn ghost small legend-toggle"
                aria-expanded={group.expanded}
                title={group.expanded ? 'Hide the runs’ own lines' : 'Show the runs’ own lines'}
                onClick={() => onToggleGroup(group.id)}
                data-testid="group-toggle"
              >
                {group.expanded ? '▾' : '▸'}
              </button>
            ) : group !== undefined ? (
              // A group's row keeps the toggle's column, so its cells line up with the others'.
              <span />
            ) : null}
            <RunSwatch color={trace.color} dash={trace.dash} />
            <span className="legend-label" title={trace.label}>
              {trace.label}
            </span>
            {group !== undefined ? (
              <span className="legend-runs muted" data-testid="legend-runs">
                {group.note}
              </span>
            ) : null}
            <span
              className={`legend-value ${point !== null && !Number.isFinite(point.value) ? 'value-special' : ''}`}
              title={point === null ? undefined : exactFloatText(point.value)}
              data-testid="legend-value"
            >
              {point === null ? '' : <PointText point={point} />}
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
