// A group's curve for a view: per pixel column (laid out as a run's envelope is) at most four
// points — first, last, least and greatest center — with their band and n, and the column's
// least low and greatest high, so neither the center's nor the band's extremes are lost. The
// host answers it from a group's whole curve, an offline report from the points it holds of it.

import type { GroupEnvelope, GroupPoint, GroupSpread, GroupX } from '../api/contract.js';

/** A group's curve as columns parallel to its distinct steps (the host's GroupCurve is one). */
export interface GroupColumns {
  readonly length: number;
  readonly steps: { readonly data: Float64Array };
  /** The mean time of the samples at each step. */
  readonly times: { readonly data: Float64Array };
  readonly center: { readonly data: Float64Array };
  readonly low: { readonly data: Float64Array };
  readonly high: { readonly data: Float64Array };
  /** Runs with a finite sample at the step; 0 where none was (center is NaN). */
  readonly n: { readonly data: Float64Array };
  /** Samples left out of the math for being non-finite, over the whole curve. */
  readonly nonFinite: number;
  /** Bumped on every change, so that an x order made of it knows to redo. */
  readonly version: number;
  readonly options: { readonly x: GroupX; readonly spread: GroupSpread };
}

/** The rule the curve's samples combine by, as the panel says it. */
export function groupRule(x: 'step' | 'time', spread: 'min-max' | 'std'): string {
  let rule =
    "aligned by step: samples of the group's runs at one step combine (a run's last sample " +
    'at the step; non-finite ones are counted, not combined); a step a run did not log is ' +
    'not filled in for it';
  if (spread === 'std')
    rule += '; the band is ±1 sample standard deviation (n − 1; one sample: no spread)';
  return x === 'time' ? `${rule}; each step is drawn at the mean time of its samples` : rule;
}

/** The curve's points in x order: by step, or by time when the mean times go back somewhere. */
export class GroupOrder {
  private version = -1;
  private order: Uint32Array | null = null;

  constructor(private readonly curve: GroupColumns) {}

  /** Positions (curve indices) in x order; null when that is the curve's own order. */
  positions(): Uint32Array | null {
    const { curve } = this;
    if (this.version === curve.version) return this.order;
    this.version = curve.version;
    this.order = null;
    if (curve.options.x === 'time') {
      const times = curve.times.data;
      let sorted = true;
      for (let i = 1; i < curve.length && sorted; i++)
        if (times[i]! < times[i - 1]!) sorted = false;
      if (!sorted) {
        const order = Uint32Array.from({ length: curve.length }, (_, i) => i);
        order.sort((a, b) => times[a]! - times[b]! || a - b);
        this.order = order;
      }
    }
    return this.order;
  }
}

/** Who the curve stands for, as the answer tells it. */
export interface GroupCounts {
  readonly runs: number;
  readonly missing: readonly string[];
}

export function groupEnvelopeOf(
  curve: GroupColumns,
  order: GroupOrder,
  counts: GroupCounts,
  view: { readonly x0: number; readonly x1: number; readonly width: number },
): GroupEnvelope {
  const positions = order.positions();
  const xs = curve.options.x === 'time' ? curve.times.data : curve.steps.data;
  const length = curve.length;
  const at = (k: number): number => (positions === null ? k : positions[k]!);
  const xAt = (k: number): number => xs[at(k)]!;
  const columns = Math.max(1, Math.floor(view.width));
  let { x0, x1 } = view;
  // A view wider than the curve is the curve's own range, as a run's envelope clamps it.
  if (length > 0) {
    x0 = Math.max(x0, xAt(0));
    x1 = Math.min(x1, xAt(length - 1));
  }
  const start = bound(length, xAt, x0, false);
  const end = bound(length, xAt, x1, true);
  const inView = Math.max(0, end - start);
  const every = inView <= 4 * columns || !(x1 > x0);
  const center = curve.center.data;
  const low = curve.low.data;
  const high = curve.high.data;
  const n = curve.n.data;
  const picked: number[] = [];
  const bandX: number[] = [];
  const bandLow: number[] = [];
  const bandHigh: number[] = [];
  let column = 0;
  // Column c holds the points with x0 + (x1 - x0) * c / columns <= x, as envelope.ts lays it.
  let nextEdge = columns > 1 ? x0 + (x1 - x0) / columns : Infinity;
  let first = -1;
  let last = -1;
  let least = -1;
  let greatest = -1;
  let bandLeast = Infinity;
  let bandGreatest = -Infinity;
  const close = (): void => {
    if (first < 0) return;
    if (!every) {
      const four = [first, least, greatest, last].sort((p, q) => p - q);
      for (let k = 0; k < 4; k++) if (k === 0 || four[k] !== four[k - 1]) picked.push(four[k]!);
    }
    bandX.push(xs[first]!);
    bandLow.push(bandLeast);
    bandHigh.push(bandGreatest);
    first = last = least = greatest = -1;
    bandLeast = Infinity;
    bandGreatest = -Infinity;
  };
  for (let k = start; k < end; k++) {
    const i = at(k);
    const x = xs[i]!;
    if (x1 > x0)
      while (column < columns - 1 && x >= nextEdge) {
        close();
        column++;
        nextEdge = column + 1 < columns ? x0 + ((x1 - x0) * (column + 1)) / columns : Infinity;
      }
    // A step with no finite sample has no center: it is counted, not drawn.
    if (n[i] === 0) continue;
    if (every) picked.push(k);
    if (first < 0) first = least = greatest = i;
    last = i;
    if (center[i]! < center[least]!) least = i;
    if (center[i]! > center[greatest]!) greatest = i;
    if (low[i]! < bandLeast) bandLeast = low[i]!;
    if (high[i]! > bandGreatest) bandGreatest = high[i]!;
  }
  close();
  // Picked are x-order positions when every point is kept, curve indices otherwise.
  const indices = every ? picked.map(at) : picked;
  if (!every && positions !== null) {
    // Curve indices in one column are sorted by index; by x they must be for the drawing.
    indices.sort((p, q) => xs[p]! - xs[q]! || p - q);
  }
  const take = (data: Float64Array): Float64Array => Float64Array.from(indices, (i) => data[i]!);
  return {
    steps: take(curve.steps.data),
    x: curve.options.x === 'time' ? take(curve.times.data) : null,
    center: take(center),
    low: take(low),
    high: take(high),
    n: take(n),
    bandColumns: {
      x: Float64Array.from(bandX),
      low: Float64Array.from(bandLow),
      high: Float64Array.from(bandHigh),
    },
    inView,
    layout: { x0, x1, columns },
    total: length,
    runs: counts.runs,
    missing: counts.missing,
    nonFinite: curve.nonFinite,
    rule: groupRule(curve.options.x, curve.options.spread),
  };
}

/** What a cursor at x `at` reads: the last point in x order at or before it that has a center. */
export function groupPointAt(
  curve: GroupColumns,
  order: GroupOrder,
  runs: number,
  atX: number,
): GroupPoint | null {
  const positions = order.positions();
  const xs = curve.options.x === 'time' ? curve.times.data : curve.steps.data;
  const at = (k: number): number => (positions === null ? k : positions[k]!);
  let k = bound(curve.length, (j) => xs[at(j)]!, atX, true) - 1;
  while (k >= 0 && curve.n.data[at(k)] === 0) k--;
  if (k < 0) return null;
  const i = at(k);
  return {
    step: curve.steps.data[i]!,
    x: xs[i]!,
    center: curve.center.data[i]!,
    low: curve.low.data[i]!,
    high: curve.high.data[i]!,
    n: curve.n.data[i]!,
    of: runs,
  };
}

/** The first position whose x is at least `x` (or, with `after`, greater than it). */
function bound(length: number, xAt: (k: number) => number, x: number, after: boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = xAt(mid);
    if (v < x || (after && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
