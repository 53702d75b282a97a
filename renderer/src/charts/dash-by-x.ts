// A dashed line that hides no sample: the dash runs along x, not along the path, and where it
// is off only what sticks out of the line is drawn, so a spike in a gap still shows whole.
//
// A canvas dash follows the path's length: a dense line is mostly the vertical spans of its pixel
// columns, so the gaps fell on spans and a one-sample spike could vanish into one. Here the
// pattern lays on-stretches and off-stretches along x. In an on-stretch the line is drawn as it
// is; in an off-stretch a column draws only the parts of its span beyond its neighbours' ends
// (the previous column's last point, the next one's first), which is where a spike lies, and a
// point with no neighbour draws its span whole. Everything is one solid stroke: no lineDash,
// which a hairline of thousands of segments paid for in raster time (15-20 ms a Compare's open).

import type uPlot from 'uplot';
import type { PathPen } from './path-pen.js';
import { canvasPixels } from './scale-pixels.js';

/** Below this many canvas pixels a part sticking out of the line is in the line's own pixel. */
const SHOWN = 0.5;

/** Where the dash is on along x: `pattern` in canvas pixels, on first, from x = 0. */
export function dashOn(pattern: readonly number[], x: number): boolean {
  const period = pattern.reduce((sum, d) => sum + d, 0);
  let at = ((x % period) + period) % period;
  for (let i = 0; i < pattern.length; i++) {
    if (at < pattern[i]!) return i % 2 === 0;
    at -= pattern[i]!;
  }
  return true;
}

/** The x where the pattern next changes after x (on to off or off to on). */
function nextChange(pattern: readonly number[], period: number, x: number): number {
  const base = Math.floor(x / period) * period;
  let edge = base;
  for (let k = 0; k <= pattern.length; k++) {
    edge += pattern[k % pattern.length]!;
    if (edge > x) return edge;
  }
  return base + period;
}

interface Column {
  x: number;
  first: number;
  last: number;
  top: number;
  bottom: number;
}

/**
 * A pen that takes a line's points in x order (moveTo starting a stretch after a gap, lineTo
 * going on; a column's points at one x) and draws them dashed along x onto `out`. Call finish()
 * after the last point.
 */
export class DashByXPen implements PathPen {
  private readonly period: number;
  private previous: Column | null = null;
  private current: Column | null = null;

  constructor(
    private readonly out: PathPen,
    private readonly pattern: readonly number[],
  ) {
    this.period = pattern.reduce((sum, d) => sum + d, 0);
    if (!(this.period > 0)) throw new Error(`a dash pattern must have a length: ${pattern.join()}`);
  }

  moveTo(x: number, y: number): void {
    this.closeColumn(null);
    this.previous = null;
    this.current = { x, first: y, last: y, top: y, bottom: y };
  }

  lineTo(x: number, y: number): void {
    const column = this.current;
    if (column === null) return this.moveTo(x, y);
    if (x === column.x) {
      column.last = y;
      if (y < column.top) column.top = y;
      if (y > column.bottom) column.bottom = y;
      return;
    }
    const next: Column = { x, first: y, last: y, top: y, bottom: y };
    this.closeColumn(next);
    this.previous = column;
    this.current = next;
  }

  finish(): void {
    this.closeColumn(null);
    this.previous = null;
    this.current = null;
  }

  /** Draws the current column, its neighbours known, and its join to the next. */
  private closeColumn(next: Column | null): void {
    const column = this.current;
    if (column === null) return;
    const alone = this.previous === null && next === null;
    if (!dashOn(this.pattern, column.x)) this.beyondNeighbours(column, next);
    // A flat column between others is drawn by its joins.
    else if (column.top !== column.bottom || alone)
      this.segment(column.x, column.top, column.x, column.bottom);
    if (next !== null) this.join(column.x, column.last, next.x, next.first);
  }

  /** An off column: what of its span lies beyond its neighbours' ends, or all of it alone. */
  private beyondNeighbours(column: Column, next: Column | null): void {
    const ends: number[] = [];
    if (this.previous !== null) ends.push(this.previous.last);
    if (next !== null) ends.push(next.first);
    if (ends.length === 0) return this.segment(column.x, column.top, column.x, column.bottom);
    const high = Math.min(...ends);
    const low = Math.max(...ends);
    if (high - column.top > SHOWN) this.segment(column.x, column.top, column.x, high);
    if (column.bottom - low > SHOWN) this.segment(column.x, low, column.x, column.bottom);
  }

  /** The join between two columns, drawn where the dash is on. */
  private join(x0: number, y0: number, x1: number, y1: number): void {
    const at = (x: number): number => y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    for (let from = x0; from < x1;) {
      const to = Math.min(x1, nextChange(this.pattern, this.period, from));
      if (dashOn(this.pattern, from)) this.segment(from, at(from), to, at(to));
      from = to;
    }
  }

  /** One stroke; a point as a stroke one canvas pixel tall, which a hairline lights. */
  private segment(x0: number, y0: number, x1: number, y1: number): void {
    if (x0 === x1 && y0 === y1) {
      this.out.moveTo(x0, y0 - 0.5);
      this.out.lineTo(x1, y1 + 0.5);
      return;
    }
    this.out.moveTo(x0, y0);
    this.out.lineTo(x1, y1);
  }
}

/** A uPlot path builder drawing a line of points as they are, dashed along x (`dash` in CSS px). */
export function dashedLinePaths(dash: readonly number[]): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const stroke = new Path2D();
    const pen = new DashByXPen(
      stroke,
      dash.map((d) => d * devicePixelRatio),
    );
    const xs = u.data[0] as ArrayLike<number>;
    const ys = u.data[seriesIdx] as ArrayLike<number | null | undefined>;
    const xPos = canvasPixels(u, 'x');
    const yPos = canvasPixels(u, 'y');
    let down = false;
    for (let i = Math.max(0, idx0); i <= Math.min(xs.length - 1, idx1); i++) {
      const y = ys[i];
      // undefined is another line's point, passed over; null a value the scale cannot hold.
      if (y === undefined) continue;
      if (y === null) {
        down = false;
        continue;
      }
      if (down) pen.lineTo(xPos(xs[i]!), yPos(y));
      else pen.moveTo(xPos(xs[i]!), yPos(y));
      down = true;
    }
    pen.finish();
    return { stroke, fill: null, clip: null, flags: 0 };
  };
}
