// A curve panel's legend: the cursor's x, then a row per trace with its colour (and dash), its
// label, the point the cursor reads on it (NaN and the infinities named, the exact value on
// hover, the smoothed value beside) and its best point by goal. A group's row says how many runs
// its curve stands on, and under the cursor its center, band and how many runs stand behind it
// there; clicking it opens the group's runs. A band has no row: its group's row speaks for it.

import { useRef } from 'react';
import type { Trace } from './curve-data.js';
import type { CursorPoint, Readout } from './cursor-readout.js';
import { RunSwatch } from './RunSwatch.js';
import { exactFloatText, floatText } from '../text/value-text.js';
import { pointRunsText } from './group-style.js';
import { useCameNear } from './use-came-near.js';
import { NEAR_PX } from './visibility-gate.js';

/**
 * Rows past which a legend overflows its box (its max-height): a legend of more is held at
 * that height, its rows built once its panel comes near the screen. A Compare of 20 runs built
 * 240 rows for 12 panels, two of them on screen: 23 ms of a 224 ms open.
 */
export const ROWS_IN_BOX = 8;
/** The legend's box height (styles.css, .legend's max-height). */
const LEGEND_BOX_PX = 140;
/**
 * Scrolled up to, a panel shows its bottom (its legend) first: its rows are built as far ahead
 * as its draws. Scrolled down to, it shows its chart first: its rows wait until its top is a
 * legend's height inside the screen, some way before its legend is.
 */
const LEGEND_NEAR = { above: NEAR_PX, below: -LEGEND_BOX_PX };

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
  readout,
  xText,
  onToggleGroup,
}: {
  traces: readonly LegendEntry[];
  readout: Readout | null;
  /** The cursor's x as the legend heads it. */
  xText: (x: number) => string;
  onToggleGroup?: ((groupId: string) => void) | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const overflows = traces.length > ROWS_IN_BOX;
  const near = useCameNear(box, overflows, LEGEND_NEAR);
  const held = overflows && !near;
  return (
    <div
      ref={box}
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
