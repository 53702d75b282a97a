// Drawing an M4 envelope as the samples lie: the points of one envelope column (first, least,
// greatest, last, in their order) as a vertical span at the column's own x, one column joined to
// the next, so no slope is invented across columns and each column reaches its samples' extremes.

import type uPlot from 'uplot';
import { canvasPixels } from './scale-pixels.js';
import { DashByXPen, dashPen } from './dash-by-x.js';
import type { PathPen } from './path-pen.js';

/** How the host divided x into columns: [x0, x1] in `columns` equal parts. */
export interface ColumnLayout {
  readonly x0: number;
  readonly x1: number;
  readonly columns: number;
}

/**
 * A layout as drawing code takes it, every one of one shape, which `kept` keeps alive: compiled
 * code holds the shapes of the objects it reads only weakly, and a shape no object has any more
 * is collected. Layouts made as literals died with each open's last, and every Compare's open
 * threw the drawing's compiled code away and compiled it again.
 */
export class Columns implements ColumnLayout {
  /** Never drawn: holds the shape while no layout is in use. */
  static readonly kept = new Columns(0, 1, 1);

  constructor(
    readonly x0: number,
    readonly x1: number,
    readonly columns: number,
  ) {}
}

/**
 * The column x falls in, by the host's very boundaries (x0 + (x1 - x0) * c / columns, a sample
 * at a boundary in the column it opens), so a point is drawn in the column it was picked for.
 */
export function columnOf(layout: ColumnLayout, x: number): number {
  const { x0, x1, columns } = layout;
  if (!(x1 > x0) || columns <= 1) return 0;
  let c = Math.min(columns - 1, Math.max(0, Math.floor(((x - x0) / (x1 - x0)) * columns)));
  while (c > 0 && x < columnStart(layout, c)) c--;
  while (c < columns - 1 && x >= columnStart(layout, c + 1)) c++;
  return c;
}

/** Where column c begins, by the host's very arithmetic. */
function columnStart(layout: ColumnLayout, c: number): number {
  const { x0, x1, columns } = layout;
  return x0 + ((x1 - x0) * c) / columns;
}

/**
 * Where column c's x range [from, until) begins: the first column takes whatever lies before it,
 * as columnOf does. Two numbers, not a pair: found once a column of every line drawn, a pair
 * each was some 5 MB of garbage a Compare's open.
 */
export function columnFrom(layout: ColumnLayout, c: number): number {
  return c === 0 ? -Infinity : columnStart(layout, c);
}

/** Where column c's x range ends (not in it): the last column takes whatever lies beyond it. */
export function columnUntil(layout: ColumnLayout, c: number): number {
  return c >= layout.columns - 1 ? Infinity : columnStart(layout, c + 1);
}

/** The x a column is drawn at: its middle. */
export function columnCenter(layout: ColumnLayout, column: number): number {
  const { x0, x1, columns } = layout;
  if (!(x1 > x0)) return x0;
  return x0 + ((x1 - x0) * (column + 0.5)) / columns;
}

/**
 * Draws points [from, to] of x order: each at its column's middle, so a column's points make a
 * vertical span in their order; undefined (a point of another line) is passed over, null (a
 * value the scale cannot hold) breaks the line.
 */
export function drawByColumns(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  from: number,
  to: number,
  layout: ColumnLayout,
  xPos: (x: number) => number,
  yPos: (y: number) => number,
  pen: PathPen,
): void {
  let down = false;
  // The column the last point fell in, by its boundaries [start, end), and its pixel: points in
  // x order come a few a column, so each column is found and placed once, not once a point (a
  // Compare of 240 envelopes spent 60 ms finding columns again).
  let start = Infinity;
  let end = -Infinity;
  let px = 0;
  for (let i = from; i <= to; i++) {
    const y = ys[i];
    if (y === undefined) continue;
    if (y === null) {
      down = false;
      continue;
    }
    const x = xs[i]!;
    if (!(x >= start && x < end)) {
      const c = columnOf(layout, x);
      start = columnFrom(layout, c);
      end = columnUntil(layout, c);
      px = xPos(columnCenter(layout, c));
    }
    const py = yPos(y);
    if (down) pen.lineTo(px, py);
    else pen.moveTo(px, py);
    down = true;
  }
}

/**
 * A uPlot path builder drawing a series by the columns of its envelope's layout; with a dash
 * (in CSS pixels), dashed along x so that no sample is hidden (see dash-by-x).
 */
export function columnPaths(
  layout: () => ColumnLayout | null,
  dash?: readonly number[],
): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const stroke = new Path2D();
    const pen =
      dash === undefined
        ? stroke
        : dashPen(
            stroke,
            dash.map((d) => d * devicePixelRatio),
          );
    const columns = layout();
    const xs = u.data[0] as ArrayLike<number>;
    const ys = u.data[seriesIdx] as ArrayLike<number | null | undefined>;
    // A Compare's open placed 150,000 columns through valToPos (20 ms of its script).
    const xAt = canvasPixels(u, 'x');
    if (columns !== null && xs.length > 0)
      drawByColumns(
        xs,
        ys,
        Math.max(0, idx0),
        Math.min(xs.length - 1, idx1),
        columns,
        // A whole pixel: uPlot shifts a one-pixel line by half a pixel to the pixel's middle,
        // as it does its own paths' rounded x, so a column's span is crisp, not two half-lit.
        (x) => Math.floor(xAt(x)),
        canvasPixels(u, 'y'),
        pen,
      );
    if (pen instanceof DashByXPen) pen.finish();
    return { stroke, fill: null, clip: null, flags: 0 };
  };
}
