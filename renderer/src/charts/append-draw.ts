// Drawing only what live runs appended: when every point a chart drew is still where it was and
// the new ones fall inside the scales in view, their segments are stroked onto the canvas as it
// is, instead of uPlot clearing and drawing every line, axis and grid line again.

import type uPlot from 'uplot';
import { niceIncrement } from './axis-ticks.js';

type Column = ArrayLike<number | null | undefined>;

/** The last slot of a column holding a point or a gap (undefined is a slot it has no point in). */
function lastHeld(column: Column, length: number): number {
  let at = length - 1;
  while (at >= 0 && column[at] === undefined) at--;
  return at;
}

export interface Appended {
  /** Per series column, the slot its appended stretch starts from: its last held, -1 for none. */
  readonly starts: number[];
  /**
   * Whether a line drawn before has points past its last: a run grew. A line that had no points
   * is a run's series read, not growth.
   */
  readonly grown: boolean;
}

/**
 * How `next` is `drawn` with points appended, or null when it is not: x may only grow at its
 * end; a column may fill the slots past its last point (a run behind the others writes steps
 * they already have), and nothing it drew may change.
 */
export function appendedFrom(drawn: readonly Column[], next: readonly Column[]): Appended | null {
  if (drawn.length !== next.length || drawn.length < 2) return null;
  const before = drawn[0]!;
  const after = next[0]!;
  if (after.length < before.length) return null;
  for (let i = 0; i < before.length; i++) if (after[i] !== before[i]) return null;
  const starts: number[] = [];
  let grown = false;
  for (let c = 1; c < drawn.length; c++) {
    const was = drawn[c]!;
    const now = next[c]!;
    const last = lastHeld(was, before.length);
    for (let i = 0; i <= last; i++) if (now[i] !== was[i]) return null;
    if (last >= 0 && lastHeld(now, after.length) > last) grown = true;
    starts.push(last);
  }
  return { starts, grown };
}

/** Whether every point from the starts on lies inside the chart's x and y scales. */
export function appendedInView(
  u: uPlot,
  next: readonly Column[],
  starts: readonly number[],
): boolean {
  const x = u.scales['x'];
  const y = u.scales['y'];
  if (x?.min == null || x.max == null || y?.min == null || y.max == null) return false;
  const xs = next[0]!;
  const first = Math.max(0, Math.min(...starts));
  if (xs.length === 0 || xs[first]! < x.min || xs[xs.length - 1]! > x.max) return false;
  for (let c = 1; c < next.length; c++) {
    const column = next[c]!;
    for (let i = Math.max(0, starts[c - 1]!); i < column.length; i++) {
      const v = column[i];
      if (v !== null && v !== undefined && (v < y.min || v > y.max)) return false;
    }
  }
  return true;
}

/**
 * Strokes each series' stretch from its start to the end of the data with the series' own path
 * builder and style, as uPlot's drawPath does, clipped to the plot and to the stretch's gaps.
 * The chart must already hold the data (setData without a redraw). uPlot caches the context's
 * style, so everything set here is restored.
 */
export function strokeAppended(u: uPlot, starts: readonly number[]): void {
  const ctx = u.ctx;
  const end = (u.data[0]?.length ?? 0) - 1;
  const { left, top, width: plotWidth, height: plotHeight } = u.bbox;
  u.series.forEach((s, si) => {
    const from = Math.max(0, starts[si - 1] ?? end);
    if (si === 0 || s.show === false || s.paths === undefined || end <= from) return;
    const built = s.paths(u, si, from, end);
    const path = built?.stroke;
    if (!(path instanceof Path2D)) return;
    const width = Math.round((s.width ?? 1) * devicePixelRatio * 1000) / 1000;
    if (!(width > 0)) return;
    const stroke = typeof s.stroke === 'function' ? s.stroke(u, si) : s.stroke;
    const offset = (width % 2) / 2;
    ctx.save();
    const bounds = new Path2D();
    bounds.rect(left - width / 2, top - width / 2, plotWidth + width, plotHeight + width);
    ctx.clip(bounds);
    if (built?.clip) ctx.clip(built.clip);
    if (s.pxAlign !== 0 && s.pxAlign !== false && offset > 0) ctx.translate(offset, offset);
    ctx.globalAlpha = s.alpha ?? 1;
    ctx.strokeStyle =
      (stroke as string | CanvasGradient | CanvasPattern | undefined) ?? 'transparent';
    ctx.lineWidth = width;
    ctx.lineJoin = 'round';
    ctx.lineCap = s.cap ?? 'butt';
    ctx.setLineDash(s.dash ?? []);
    ctx.stroke(path);
    ctx.restore();
  });
}

/** The x range a chart keeps while it grows: held until the data passes its end. */
export class GrowingRange {
  growing = false;
  private held: [number, number] | null = null;

  /**
   * For uPlot's x scale: the data's whole span, while growing with room ahead to a round x, 2.5
   * to 15 % of the span on (a twentieth of it, rounded to a nice step, at least half a step
   * ahead), so that appended points land in view and the axes hold still. A range the user
   * zoomed to is never widened.
   */
  readonly range: uPlot.Range.Function = (u, min, max) => {
    const xs = u.data[0];
    const whole = xs !== undefined && xs.length > 1 && min === xs[0] && max === xs[xs.length - 1];
    if (!this.growing || !whole || !(max > min)) return [min, max];
    const held = this.held;
    if (held !== null && held[0] === min && max < held[1]) return [...held];
    const room = niceIncrement((max - min) / 20);
    const end = Math.ceil((max + room / 2) / room) * room;
    this.held = [min, end];
    return [min, end];
  };

  /** A chart built anew starts as its data is. */
  reset(): void {
    this.growing = false;
    this.held = null;
  }
}
