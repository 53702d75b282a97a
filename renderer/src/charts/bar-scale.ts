// The value axis of a bar chart: a range from zero that holds every bar, cut at round steps
// whose labels read short and are all different, as a person would draw it.

import { linearSplits, linearTickLabels, niceIncrement } from './axis-ticks.js';

export interface BarScale {
  /** The axis' ends: ticks at both, zero within. */
  readonly min: number;
  readonly max: number;
  readonly ticks: readonly { readonly value: number; readonly text: string }[];
}

/**
 * The scale for bars of these values (non-finite ones left out), with about `count` intervals:
 * zero is always on it, as bars grow from zero. Ticks and their texts are a curve axis' own
 * (axis-ticks), with zero as 0 and negatives with a true minus sign.
 */
export function barScale(values: readonly number[], count = 4): BarScale {
  const finite = values.filter((v) => Number.isFinite(v));
  let low = Math.min(0, ...finite);
  let high = Math.max(0, ...finite);
  if (low === high) high = 1;
  const step = niceIncrement((high - low) / count);
  low = Math.floor(low / step + 1e-9) * step;
  high = Math.ceil(high / step - 1e-9) * step;
  // Each tick a multiple of the step, not a sum of steps: 0.1 + 0.2 drifts.
  const splits = linearSplits(low, high, step).map((v) => Number(v.toPrecision(12)));
  const texts = linearTickLabels(splits, step);
  const ticks = splits.map((value, i) => ({
    value,
    text: value === 0 ? '0' : texts[i]!.replace('-', '\u2212'),
  }));
  return { min: low, max: high, ticks };
}
