// A dashed line that hides no sample: the dash runs along x, not along the path, and where it
// is off only what sticks out of the line is drawn, so a spike in a gap still shows whole.
//
// A canvas dash follows the path's length: a dense line is mostly the vertical spans of its pixel
// columns, so the gaps fell on spans and a one-sample spike could vanish into one. Here the
// pattern lays on-stretches and off-stretches along x. In an on-stretch the line is drawn as it
// is; in an off-stretch a column draws only the parts of its span beyond the spans of the drawn
// columns either side of the gap, which is where a spike lies (one sample or several), so a
// noisy band keeps its gaps too; a point with no drawn column near draws its span whole. Two
// spikes within a dash period, one drawn beside the gap and one as tall in it, show as one.
// Everything is one solid stroke: no lineDash, which a hairline of thousands of segments paid
// for in raster time (15-20 ms a Compare's open).

import type uPlot from 'uplot';
import type { PathPen } from './path-pen.js';
import { canvasPixels } from './scale-pixels.js';

/** Below this many canvas pixels a part sticking out of the line is in the line's own pixel. */
const SHOWN = 0.5;

/** The length of one repeat of a dash pattern. */
function periodOf(pattern: readonly number[]): number {
  return pattern.reduce((sum, d) => sum + d, 0);
}

/**
 * Where the dash is on along x: `pattern` in canvas pixels, on first, from x = 0; `period` its
 * length, given where it is known.
 */
export function dashOn(pattern: readonly number[], x: number, period = periodOf(pattern)): boolean {
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

/** A pixel column's points as the pen holds them; the shared pen keeps them for the next line. */
class Column {
  first: number;
  last: number;
  top: number;
  bottom: number;

  constructor(
    public x: number,
    y: number,
  ) {
    this.first = this.last = this.top = this.bottom = y;
  }
}

/**
 * A pen that takes a line's points in x order (moveTo starting a stretch after a gap, lineTo
 * going on; a column's points at one x) and draws them dashed along x onto `out`. Call finish()
 * after the last point.
 */
export class DashByXPen implements PathPen {
  private out: PathPen;
  private pattern: readonly number[];
  private period = 0;
  /** The column whose points are coming in. */
  private current: Column | null = null;
  /** The last column drawn in an on-stretch since the last break, and the off ones after it. */
  private lastOn: Column | null = null;
  /**
   * The off ones: the first offCount of off. The array keeps its store: emptied by its length,
   * it gave it back, and the next off-stretch allocated it again.
   */
  private readonly off: Column[] = [];
  private offCount = 0;
  /**
   * Columns no longer held, taken again for the next ones: a dashed line's every pixel column
   * was an object, some 4 MB of garbage a Compare's open.
   */
  private readonly free: Column[] = [];

  constructor(out: PathPen, pattern: readonly number[]) {
    this.out = out;
    this.pattern = pattern;
    this.restart(out, pattern);
  }

  /** Begins another line, onto `out` dashed by `pattern`; what the last one held is let go. */
  restart(out: PathPen, pattern: readonly number[]): this {
    const period = periodOf(pattern);
    if (!(period > 0)) throw new Error(`a dash pattern must have a length: ${pattern.join()}`);
    if (this.current !== null) this.free.push(this.current);
    if (this.lastOn !== null) this.free.push(this.lastOn);
    for (let i = 0; i < this.offCount; i++) this.free.push(this.off[i]!);
    this.current = this.lastOn = null;
    this.offCount = 0;
    this.out = out;
    this.pattern = pattern;
    this.period = period;
    return this;
  }

  moveTo(x: number, y: number): void {
    this.finish();
    this.current = this.take(x, y);
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
    const next = this.take(x, y);
    this.closeColumn(column, true);
    this.join(column.x, column.last, next.x, next.first);
    this.current = next;
  }

  /** Draws what is held: after the last point, and at a break in the line. */
  finish(): void {
    if (this.current !== null) this.closeColumn(this.current, false);
    this.flushOff(null);
    if (this.lastOn !== null) this.free.push(this.lastOn);
    this.current = null;
    this.lastOn = null;
  }

  /** A column at x holding the point y: one let go of before, or a new one. */
  private take(x: number, y: number): Column {
    const column = this.free.pop();
    if (column === undefined) return new Column(x, y);
    column.x = x;
    column.first = column.last = column.top = column.bottom = y;
    return column;
  }

  /** An on column is drawn, and closes the off-stretch before it; an off one waits for it. */
  private closeColumn(column: Column, joined: boolean): void {
    if (!dashOn(this.pattern, column.x, this.period)) {
      this.off[this.offCount++] = column;
      return;
    }
    const before = this.lastOn;
    this.flushOff(column);
    // A flat column among others is drawn by its joins.
    if (column.top !== column.bottom || (!joined && before === null))
      this.segment(column.x, column.top, column.x, column.bottom);
    this.lastOn = column;
    if (before !== null) this.free.push(before);
  }

  /**
   * The columns of an off-stretch, its drawn columns either side known (`after` null at a break
   * or the end): each draws what of its span lies beyond theirs, which the gap would hide, and
   * whole when no drawn column is within a period of it.
   */
  private flushOff(after: Column | null): void {
    const before = this.lastOn;
    for (let i = 0; i < this.offCount; i++) {
      const column = this.off[i]!;
      let top = Infinity;
      let bottom = -Infinity;
      if (before !== null && Math.abs(before.x - column.x) <= this.period) {
        top = before.top;
        bottom = before.bottom;
      }
      if (after !== null && Math.abs(after.x - column.x) <= this.period) {
        top = Math.min(top, after.top);
        bottom = Math.max(bottom, after.bottom);
      }
      if (top > bottom) {
        this.segment(column.x, column.top, column.x, column.bottom);
        continue;
      }
      if (top - column.top > SHOWN) this.segment(column.x, column.top, column.x, top);
      if (column.bottom - bottom > SHOWN) this.segment(column.x, bottom, column.x, column.bottom);
    }
    for (let i = 0; i < this.offCount; i++) this.free.push(this.off[i]!);
    this.offCount = 0;
  }

  /** The join between two columns, drawn where the dash is on. */
  private join(x0: number, y0: number, x1: number, y1: number): void {
    for (let from = x0; from < x1;) {
      const to = Math.min(x1, nextChange(this.pattern, this.period, from));
      if (dashOn(this.pattern, from, this.period))
        this.segment(
          from,
          y0 + ((y1 - y0) * (from - x0)) / (x1 - x0),
          to,
          y0 + ((y1 - y0) * (to - x0)) / (x1 - x0),
        );
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

/**
 * The pen every dashed line is drawn through, begun again for each (a path is drawn in one go).
 * One that lives on, not one a line: compiled code holds the shapes of the objects it reads only
 * weakly, so a pen and columns made anew each open let the drawing code's compiled form go with
 * them once collected, and every Compare's open compiled it again (some 100 ms of compiling on
 * the two cores the page and the host share).
 */
let sharedPen: DashByXPen | null = null;

/** The shared pen, begun anew onto `out` with `pattern` in canvas pixels. */
export function dashPen(out: PathPen, pattern: readonly number[]): DashByXPen {
  return sharedPen === null
    ? (sharedPen = new DashByXPen(out, pattern))
    : sharedPen.restart(out, pattern);
}

/** A uPlot path builder drawing a line of points as they are, dashed along x (`dash` in CSS px). */
export function dashedLinePaths(dash: readonly number[]): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const stroke = new Path2D();
    const pen = dashPen(
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
