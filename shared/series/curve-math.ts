// Series math for drawing curves: pairing a key with its step_metric by the format's rule,
// debiased EMA smoothing, the best point by goal, and counting what a curve cannot show.

import type { Goal } from '../format/records.js';

export interface Columns {
  readonly steps: ArrayLike<number>;
  readonly times: ArrayLike<number>;
  readonly values: ArrayLike<number>;
  readonly length: number;
}

export interface PairedPoints {
  /** For each sample of the key that has a partner: its position on the step_metric's axis. */
  readonly x: Float64Array;
  /** Those samples' values. */
  readonly y: Float64Array;
  /** Indices, into the key's columns, of the samples kept. */
  readonly indices: Uint32Array;
  /** Samples of the key at a step where the step_metric has no (finite) sample: not drawn. */
  readonly unpaired: number;
}

/**
 * The format's pairing: the sample of k at step s pairs with the latest sample of m at step s
 * (the last in log order); a sample of k at a step where m has none has no value on m's axis.
 */
export function pairWithStepMetric(key: Columns, stepMetric: Columns): PairedPoints {
  const latest = new Map<number, number>();
  for (let i = 0; i < stepMetric.length; i++)
    latest.set(stepMetric.steps[i]!, stepMetric.values[i]!);
  const x = new Float64Array(key.length);
  const y = new Float64Array(key.length);
  const indices = new Uint32Array(key.length);
  let kept = 0;
  for (let i = 0; i < key.length; i++) {
    const partner = latest.get(key.steps[i]!);
    // A non-finite position on the axis is no position: the sample cannot be placed.
    if (partner === undefined || !Number.isFinite(partner)) continue;
    x[kept] = partner;
    y[kept] = key.values[i]!;
    indices[kept] = i;
    kept++;
  }
  return {
    x: x.slice(0, kept),
    y: y.slice(0, kept),
    indices: indices.slice(0, kept),
    unpaired: key.length - kept,
  };
}

/**
 * Exponential moving average with TensorBoard's debiasing: early points are not pulled toward
 * zero. Non-finite values stay where they are and do not enter the average.
 */
export function debiasedEma(values: ArrayLike<number>, weight: number): Float64Array {
  const out = new Float64Array(values.length);
  const ema = new DebiasedEma(weight);
  for (let i = 0; i < values.length; i++) out[i] = ema.next(values[i]!);
  return out;
}

/** debiasedEma one value at a time, for a series that grows (a derived view's ema). */
export class DebiasedEma {
  private last = 0;
  private count = 0;

  constructor(readonly weight: number) {}

  /** The smoothed value of the next sample; a non-finite one is itself and does not enter. */
  next(v: number): number {
    if (!Number.isFinite(v)) return v;
    const { weight } = this;
    this.last = this.last * weight + (1 - weight) * v;
    this.count++;
    const debias = weight === 0 ? 1 : 1 - Math.pow(weight, this.count);
    return this.last / debias;
  }
}

export interface NonFiniteCounts {
  readonly nan: number;
  readonly positiveInfinity: number;
  readonly negativeInfinity: number;
}

export function countNonFinite(values: ArrayLike<number>): NonFiniteCounts {
  let nan = 0;
  let positiveInfinity = 0;
  let negativeInfinity = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) nan++;
    else if (v === Infinity) positiveInfinity++;
    else if (v === -Infinity) negativeInfinity++;
  }
  return { nan, positiveInfinity, negativeInfinity };
}

/** "3 NaN and 1 +Inf not plotted", or null when every value is finite. */
export function nonFiniteNote(counts: NonFiniteCounts): string | null {
  const parts: string[] = [];
  if (counts.nan > 0) parts.push(`${counts.nan} NaN`);
  if (counts.positiveInfinity > 0) parts.push(`${counts.positiveInfinity} +Inf`);
  if (counts.negativeInfinity > 0) parts.push(`${counts.negativeInfinity} −Inf`);
  if (parts.length === 0) return null;
  const list =
    parts.length === 1
      ? parts[0]!
      : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
  return `${list} not plotted`;
}

/** The index of the best finite value by goal (the first of equals), or -1. */
export function bestIndex(values: ArrayLike<number>, goal: Goal | null): number {
  if (goal === null) return -1;
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (best < 0 || (goal === 'minimize' ? v < values[best]! : v > values[best]!)) best = i;
  }
  return best;
}

/** The ratio between the largest and smallest magnitude ranges of several series, for overlays. */
export function scaleSpread(series: readonly ArrayLike<number>[]): number {
  let smallest = Infinity;
  let largest = 0;
  for (const values of series) {
    let magnitude = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (Number.isFinite(v)) magnitude = Math.max(magnitude, Math.abs(v));
    }
    if (magnitude === 0) continue;
    smallest = Math.min(smallest, magnitude);
    largest = Math.max(largest, magnitude);
  }
  return smallest === Infinity ? 1 : largest / smallest;
}

/** The prefix of a key (everything before its last '/'); '' for a key of one segment. */
export function keyPrefix(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

export function keyLeaf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}
