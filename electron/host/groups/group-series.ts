// A group's combined curve of a key over every sample: per distinct step its runs logged, the
// center, band and n of their samples there. Built once by merging the runs' step-ordered series
// (a heap over the runs: O(samples x log runs)), then extended from the least step that changed
// as the runs grow, and rebuilt when a resume cuts one.

import type { GroupCenter, GroupSpread, GroupX } from '../../../shared/api/contract.js';
import type { Float64Column } from '../../../shared/series/growable-column.js';
import { float64Column } from '../../../shared/series/growable-column.js';
import type { Series } from '../../store/log/samples-fold.js';
import { RunSteps } from './run-steps.js';

export interface GroupCurveOptions {
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
  readonly x: GroupX;
}

/** What the curve was built from of one run, to tell growth from a cut. */
interface HeldRun {
  readonly series: Series;
  readonly generation: number;
  length: number;
  readonly steps: RunSteps;
}

export class GroupCurve {
  /** Distinct steps, ascending; the columns below are parallel to it. */
  readonly steps: Float64Column = float64Column();
  /** The mean time of the samples at each step (all of them, finite or not). */
  readonly times: Float64Column = float64Column();
  readonly center: Float64Column = float64Column();
  readonly low: Float64Column = float64Column();
  readonly high: Float64Column = float64Column();
  /** Runs with a finite sample at the step; 0 where all were non-finite (center is NaN). */
  readonly n: Float64Column = float64Column();
  /** Non-finite samples at each step, so a cut of the tail can take them off the total. */
  private readonly nonFiniteAt: Float64Column = float64Column();
  /** Samples left out of the math for being non-finite, over the whole curve. */
  nonFinite = 0;
  /** Bumped on every change, so what is derived from the curve (an x order) knows to redo. */
  version = 0;
  private held: HeldRun[] = [];
  private scratch = new Float64Array(16);

  constructor(
    series: readonly Series[],
    readonly options: GroupCurveOptions,
  ) {
    this.rebuild(series);
  }

  get length(): number {
    return this.steps.length;
  }

  /** Brings the curve up to date with its runs' series as they are now. */
  update(series: readonly Series[]): void {
    const { held } = this;
    const cut =
      series.length !== held.length ||
      series.some(
        (s, i) =>
          s !== held[i]!.series ||
          s.generation !== held[i]!.generation ||
          s.samples.length < held[i]!.length,
      );
    if (cut) {
      this.rebuild(series);
      return;
    }
    let from = Infinity;
    for (const run of held) {
      if (run.series.samples.length === run.length) continue;
      from = Math.min(from, run.steps.extend());
      run.length = run.series.samples.length;
    }
    if (from === Infinity) return;
    // Steps from `from` on may have gained a run's sample (or a later one at a step already
    // held): they are combined again; the steps before are as they were.
    const keep = lowerBound(this.steps, from);
    for (let i = keep; i < this.steps.length; i++) this.nonFinite -= this.nonFiniteAt.data[i]!;
    for (const column of this.columns()) column.truncate(keep);
    this.merge(from);
  }

  private rebuild(series: readonly Series[]): void {
    this.held = series.map((s) => ({
      series: s,
      generation: s.generation,
      length: s.samples.length,
      steps: new RunSteps(s.samples),
    }));
    for (const column of this.columns()) column.truncate(0);
    this.nonFinite = 0;
    this.merge(-Infinity);
  }

  private columns(): Float64Column[] {
    return [this.steps, this.times, this.center, this.low, this.high, this.n, this.nonFiniteAt];
  }

  /** Combines the runs' samples at every step from `from` on, appending to the columns. */
  private merge(from: number): void {
    this.version++;
    const { held } = this;
    const runs = held.length;
    const positions = new Float64Array(runs);
    const heads = new Float64Array(runs);
    // A binary min-heap of run numbers by their head step.
    const heap = new Int32Array(runs);
    let size = 0;
    const push = (run: number): void => {
      let i = size++;
      const key = heads[run]!;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heads[heap[parent]!]! <= key) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = run;
    };
    const pop = (): number => {
      const top = heap[0]!;
      const last = heap[--size]!;
      const key = heads[last]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && heads[heap[child + 1]!]! < heads[heap[child]!]!) child++;
        if (heads[heap[child]!]! >= key) break;
        heap[i] = heap[child]!;
        i = child;
      }
      if (size > 0) heap[i] = last;
      return top;
    };
    for (let r = 0; r < runs; r++) {
      const steps = held[r]!.steps;
      const at = from === -Infinity ? 0 : steps.lowerBound(from);
      positions[r] = at;
      if (at < steps.length) {
        heads[r] = steps.step(at);
        push(r);
      }
    }
    if (this.scratch.length < runs) this.scratch = new Float64Array(runs);
    const values = this.scratch;
    while (size > 0) {
      const step = heads[heap[0]!]!;
      let finite = 0;
      let nonFinite = 0;
      let timeSum = 0;
      let timeCount = 0;
      while (size > 0 && heads[heap[0]!]! === step) {
        const r = pop();
        const { steps, series } = held[r]!;
        let p = positions[r]!;
        // A step logged twice in a row: its last sample is the run's value there.
        while (p + 1 < steps.length && steps.step(p + 1) === step) p++;
        const index = steps.index(p);
        const value = series.samples.value(index);
        timeSum += series.samples.time(index);
        timeCount++;
        if (Number.isFinite(value)) values[finite++] = value;
        else nonFinite++;
        positions[r] = ++p;
        if (p < steps.length) {
          heads[r] = steps.step(p);
          push(r);
        }
      }
      this.append(step, timeSum / timeCount, values, finite, nonFinite);
    }
  }

  /** Appends one step's combination of the `count` finite values in `values`. */
  private append(
    step: number,
    time: number,
    values: Float64Array,
    count: number,
    nonFinite: number,
  ): void {
    this.steps.push(step);
    this.times.push(time);
    this.n.push(count);
    this.nonFiniteAt.push(nonFinite);
    this.nonFinite += nonFinite;
    const [center, low, high] = combine(values, count, this.options);
    this.center.push(center);
    this.low.push(low);
    this.high.push(high);
  }
}

/**
 * The center, low and high of `count` finite values (reordered in place when the median is
 * asked): mean or median; least to greatest, or the mean ± 1 sample standard deviation (n − 1
 * in the denominator; one value's band is the value). NaN for all three when count is 0.
 */
export function combine(
  values: Float64Array,
  count: number,
  options: Pick<GroupCurveOptions, 'center' | 'spread'>,
): [number, number, number] {
  if (count === 0) return [NaN, NaN, NaN];
  let sum = 0;
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < count; i++) {
    const v = values[i]!;
    sum += v;
    if (v < least) least = v;
    if (v > greatest) greatest = v;
  }
  const mean = sum / count;
  let low = least;
  let high = greatest;
  if (options.spread === 'std') {
    let squares = 0;
    // Two passes (mean first): a sum of squares would cancel away the spread of large values.
    for (let i = 0; i < count; i++) squares += (values[i]! - mean) ** 2;
    const sd = count > 1 ? Math.sqrt(squares / (count - 1)) : 0;
    low = mean - sd;
    high = mean + sd;
  }
  const center = options.center === 'mean' ? mean : median(values, count);
  return [center, low, high];
}

/** The median of values[0, count), sorting them in place. */
function median(values: Float64Array, count: number): number {
  if (count <= 32) {
    for (let i = 1; i < count; i++) {
      const v = values[i]!;
      let j = i - 1;
      while (j >= 0 && values[j]! > v) {
        values[j + 1] = values[j]!;
        j--;
      }
      values[j + 1] = v;
    }
  } else values.subarray(0, count).sort();
  const mid = count >>> 1;
  return count % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** The first index of an ascending column whose value is at least `value`. */
export function lowerBound(column: Float64Column, value: number): number {
  const data = column.data;
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
