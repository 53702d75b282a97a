// What a cursor reads on a curve: for every line, its last point at or before the cursor's x (as
// W&B and TensorBoard read each run at the cursor), with the raw value (NaN and the infinities
// named) and the smoothed one.

import type { Trace } from './curve-data.js';

export interface CursorPoint {
  readonly step: number;
  /** The point's x, in the panel's x units. */
  readonly x: number;
  readonly value: number;
  readonly smoothed: number | null;
  /** On a group's center line: the band at the point, and the runs with a sample there of `of`. */
  readonly band?: {
    readonly low: number;
    readonly high: number;
    readonly n: number;
    readonly of: number;
  };
}

/** What the cursor reads at x: a point (or none) per trace, in the traces' order. */
export interface Readout {
  readonly x: number;
  readonly points: readonly (CursorPoint | null)[];
}

/** A trace's last point whose x is at most `x` (ties: the last of them), or null before its first. */
export function pointAtOrBefore(trace: Trace, x: number): CursorPoint | null {
  let lo = 0;
  let hi = trace.x.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (trace.x[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  const at = lo - 1;
  if (at < 0) return null;
  return {
    step: trace.steps[at]!,
    x: trace.x[at]!,
    value: trace.y[at]!,
    smoothed: trace.smoothed === null ? null : trace.smoothed[at]!,
  };
}
