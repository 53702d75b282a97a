// One run's samples of a key in step order, for merging with other runs': the series itself when
// its steps never go back (the usual log), else an order of its indices sorted by step.

import type { SampleColumns } from '../../../shared/series/sample-columns.js';

export class RunSteps {
  /**
   * Null while the series' own order is step order (non-decreasing; a step may repeat, and the
   * merge takes the last of equal ones). Else the index of each step's last sample, by step.
   */
  private order: Uint32Array | null = null;
  /** Samples of the series taken in so far. */
  private taken = 0;

  constructor(private readonly samples: SampleColumns) {
    this.extend();
  }

  /** Positions in step order. */
  get length(): number {
    return this.order === null ? this.taken : this.order.length;
  }

  /** The sample index at a position. */
  index(position: number): number {
    return this.order === null ? position : this.order[position]!;
  }

  step(position: number): number {
    return this.samples.step(this.index(position));
  }

  /**
   * Takes in the samples appended since the last call, and gives the least step among them
   * (Infinity when none): the curve of the group is to be recomputed from that step on.
   */
  extend(): number {
    const { samples } = this;
    const end = samples.length;
    let least = Infinity;
    let sorted = this.order === null;
    let previous = this.taken > 0 ? samples.step(this.taken - 1) : -Infinity;
    for (let i = this.taken; i < end; i++) {
      const step = samples.step(i);
      if (step < least) least = step;
      if (step < previous) sorted = false;
      previous = step;
    }
    this.taken = end;
    // A run whose steps went back (rare: a writer that logs out of order) is sorted whole again.
    if (!sorted) this.order = sortedLastOfEachStep(samples, end);
    return least;
  }

  /** The first position whose step is at least `step`. */
  lowerBound(step: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.step(mid) < step) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The indices of the last sample (in log order) of each distinct step, by step. */
function sortedLastOfEachStep(samples: SampleColumns, length: number): Uint32Array {
  const steps = new Float64Array(length);
  for (let i = 0; i < length; i++) steps[i] = samples.step(i);
  const all = new Uint32Array(length);
  for (let i = 0; i < length; i++) all[i] = i;
  all.sort((a, b) => steps[a]! - steps[b]! || a - b);
  let kept = 0;
  for (let k = 0; k < length; k++) {
    // Of equal steps the last in log order sorts last: keep it, drop those before.
    if (k + 1 < length && steps[all[k + 1]!] === steps[all[k]!]) continue;
    all[kept++] = all[k]!;
  }
  return all.slice(0, kept);
}
