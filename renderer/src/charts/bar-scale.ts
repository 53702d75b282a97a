// The value axis of a bar chart: a range from zero that holds every bar, cut at round steps
// whose labels read short and are all different, as a person would draw it.

export interface BarScale {
  /** The axis' ends: ticks at both, zero within. */
  readonly min: number;
  readonly max: number;
  readonly ticks: readonly { readonly value: number; readonly text: string }[];
}

/** Steps of 1, 2, 2.5 and 5 times a power of ten: the ones whose multiples read round. */
const STEPS = [1, 2, 2.5, 5, 10];

function roundStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return STEPS.find((m) => m * power >= rough * (1 - 1e-9))! * power;
}

/**
 * The digits after the point that every multiple of step needs, at most 12: the step read
 * back from its own shortest text (0.025 from 0.025000000000000001).
 */
function decimalsOf(step: number): number {
  for (let d = 0; d <= 12; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return 12;
}

/**
 * How the axis writes its ticks: fixed digits for ordinary magnitudes, and past them powers of
 * ten, each tick with its own shortest digits (the ticks are round, so those are few).
 */
function tickFormat(step: number, largest: number): (value: number) => string {
  if (largest < 1e6 && step >= 1e-4) {
    const decimals = decimalsOf(step);
    return (value) => value.toFixed(decimals).replace('-', '\u2212');
  }
  return (value) => value.toExponential().replace('e+', 'e').replace(/-/g, '\u2212');
}

/**
 * The scale for bars of these values (non-finite ones left out), with about `count` intervals:
 * zero is always on it, as bars grow from zero.
 */
export function barScale(values: readonly number[], count = 4): BarScale {
  const finite = values.filter((v) => Number.isFinite(v));
  let low = Math.min(0, ...finite);
  let high = Math.max(0, ...finite);
  if (low === high) high = 1;
  const step = roundStep((high - low) / count);
  low = Math.floor(low / step + 1e-9) * step;
  high = Math.ceil(high / step - 1e-9) * step;
  const first = Math.round(low / step);
  const last = Math.round(high / step);
  const format = tickFormat(step, Math.max(Math.abs(low), Math.abs(high)));
  const ticks = [];
  for (let k = first; k <= last; k++) {
    // Each tick a multiple of the step, not a sum of steps: 0.1 + 0.2 drifts.
    const value = Number((k * step).toPrecision(12));
    ticks.push({ value, text: value === 0 ? '0' : format(value) });
  }
  return { min: first * step, max: last * step, ticks };
}
