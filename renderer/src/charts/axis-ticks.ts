// Where an axis puts its ticks and what each says: labels that are distinct and exact to the tick
// spacing, in the shortest of fixed (0.9505), SI (1.25M) and exponent (7.5e-4) forms; log axes
// ticked by decades (or 1-2-5 within them) no closer than the labels need; time since start in a
// unit chosen from its span.

/** The fewest decimals that write `x` exactly to a few parts in a million (0.025 → 3). */
export function decimalsOf(x: number): number {
  const magnitude = Math.abs(x);
  if (!(magnitude > 0) || !Number.isFinite(magnitude)) return 0;
  for (let d = 0; d <= 20; d++) {
    const scaled = magnitude * 10 ** d;
    const whole = Math.round(scaled);
    if (whole >= 1 && Math.abs(scaled - whole) <= 1e-9 * scaled) return d;
  }
  return 20;
}

/** The spacing of ticks: the increment given, else the least gap between them. */
function spacingOf(splits: readonly number[], increment: number | undefined): number {
  if (increment !== undefined && increment > 0 && Number.isFinite(increment)) return increment;
  let least = Infinity;
  for (let i = 1; i < splits.length; i++) {
    const gap = Math.abs(splits[i]! - splits[i - 1]!);
    if (gap > 0 && gap < least) least = gap;
  }
  return Number.isFinite(least) ? least : Math.abs(splits[0] ?? 1) || 1;
}

function stripZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** -0 and values a hair from zero (float noise of a split) read as 0. */
function cleanZero(value: number, spacing: number): number {
  return Math.abs(value) < spacing * 1e-9 ? 0 : value;
}

function fixedLabel(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

const SI_UNITS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Labels in the SI unit that writes them shortest (994k, not 0.994M; 1.25M, not 1250k). */
function siLabels(values: readonly number[], spacing: number, extra: number): string[] | null {
  const largest = Math.max(...values.map(Math.abs));
  let best: string[] | null = null;
  for (const [size, suffix] of SI_UNITS) {
    if (largest < size) continue;
    const decimals = Math.min(20, decimalsOf(spacing / size) + extra);
    const labels = values.map((v) =>
      v === 0 ? '0' : `${stripZeros((v / size).toFixed(decimals))}${suffix}`,
    );
    // Larger units come first: a smaller one must be shorter to win.
    if (best === null || longest(labels) < longest(best)) best = labels;
  }
  return best;
}

/** A value as mantissa and exponent, with enough mantissa digits for `resolution`. */
function exponentLabel(value: number, resolution: number, extra: number): string {
  if (value === 0) return '0';
  let exponent = Math.floor(Math.log10(Math.abs(value)));
  const step = Math.floor(Math.log10(resolution));
  const digits = Math.max(0, exponent - step + decimalsOf(resolution / 10 ** step) + extra);
  let mantissa = (value / 10 ** exponent).toFixed(Math.min(20, digits));
  // Rounding can carry a mantissa to 10: 9.99e-4 at two digits is 1.0e-3.
  if (Math.abs(Number(mantissa)) >= 10) {
    exponent++;
    mantissa = (value / 10 ** exponent).toFixed(Math.min(20, Math.max(0, digits - 1)));
  }
  return `${stripZeros(mantissa)}e${exponent}`;
}

function longest(labels: readonly string[]): number {
  return labels.reduce((n, label) => Math.max(n, label.length), 0);
}

function distinct(labels: readonly string[]): boolean {
  return new Set(labels).size === labels.length;
}

/** Fixed labels up to this length are kept even where another form is shorter: 2000, 0.25. */
const FIXED_UP_TO = 5;

/**
 * Labels for ticks of a linear axis at `splits`, `increment` apart: one form for the whole
 * axis, every label distinct, none rounder than the spacing (0.9500, 0.9505), fixed when short,
 * else the shortest of fixed, SI (1.25M) and exponent (2.5e-4).
 */
export function linearTickLabels(splits: readonly number[], increment?: number): string[] {
  if (splits.length === 0) return [];
  const spacing = spacingOf(splits, increment);
  const values = splits.map((v) => cleanZero(v, spacing));
  for (let extra = 0; extra <= 17; extra++) {
    const fixed = values.map((v) => fixedLabel(v, Math.min(20, decimalsOf(spacing) + extra)));
    const candidates: string[][] = [fixed];
    if (longest(fixed) > FIXED_UP_TO) {
      const si = siLabels(values, spacing, extra);
      if (si !== null) candidates.push(si);
      candidates.push(values.map((v) => exponentLabel(v, spacing, extra)));
    }
    // The first of the shortest: fixed before SI before exponent.
    const chosen = candidates.reduce((best, c) => (longest(c) < longest(best) ? c : best));
    if (distinct(chosen) || extra === 17) return chosen.map((l) => (l === '-0' ? '0' : l));
  }
  return values.map(String);
}

/** A tick value of a log axis on its own: the shortest exact form of 1e-4, 0.01, 100, 1M. */
export function logTickLabel(value: number): string {
  if (value === 0) return '0';
  // Splits are products of powers of ten: clear the float noise of their arithmetic.
  const clean = Number(value.toPrecision(12));
  const exponent = Math.floor(Math.log10(Math.abs(clean)));
  const digits = stripZeros(clean.toExponential(11).replace(/e.*$/, '')).replace(
    /[-.]/g,
    '',
  ).length;
  const fixed = clean.toFixed(Math.min(20, Math.max(0, digits - 1 - exponent)));
  if (fixed.length <= FIXED_UP_TO) return fixed;
  const resolution = 10 ** (exponent - digits + 1);
  const forms = [fixed, exponentLabel(clean, resolution, 0)];
  const si = siLabels([clean], resolution, 0);
  if (si !== null) forms.push(si[0]!);
  return forms.reduce((best, f) => (f.length < best.length ? f : best));
}

/** Whether a value is one of the decade mantissas (1, 1.5, 2, 3, 5, 7) times a power of ten. */
function isDecadeTick(value: number): boolean {
  return DECADE_MANTISSAS.has(
    Number((value / 10 ** Math.floor(Math.log10(value))).toPrecision(12)),
  );
}

/**
 * Labels for a log axis' ticks: decade ticks each in its own shortest form (1e-4, 0.001, 100),
 * evenly spaced ticks within a decade as a linear axis labels them; distinct either way.
 */
export function logTickLabels(splits: readonly number[]): string[] {
  if (!splits.every((v) => v > 0 && isDecadeTick(v))) return linearTickLabels(splits);
  const labels = splits.map((v) => logTickLabel(v));
  return distinct(labels) ? labels : linearTickLabels(splits);
}

/** The nice increments a linear axis steps by: 1, 2, 2.5 and 5 times powers of ten. */
export function niceIncrement(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= rough * (1 - 1e-9)) return m * power;
  return 10 * power;
}

/** Ticks at multiples of `increment` within [min, max]. */
export function linearSplits(min: number, max: number, increment: number): number[] {
  const out: number[] = [];
  const first = Math.ceil(min / increment - 1e-9);
  for (let k = first; k * increment <= max + increment * 1e-9 && out.length < 1000; k++)
    out.push(k * increment);
  return out;
}

/** Mantissas a decade can be ticked at, densest first. */
const DECADE_STEPS: readonly (readonly number[])[] = [[1, 1.5, 2, 3, 5, 7], [1, 2, 5], [1, 3], [1]];
const DECADE_MANTISSAS: ReadonlySet<number> = new Set(DECADE_STEPS[0]);

/**
 * Ticks of a log axis over [min, max] (both > 0) on `length` pixels, at least `space` pixels
 * apart: 1-2-5 or 1-3 within decades where there is room, else every decade, else every n-th;
 * within less than a decade, linear ticks.
 */
export function logSplits(min: number, max: number, length: number, space: number): number[] {
  if (!(min > 0) || !(max > min)) return min > 0 ? [min] : [];
  const room = Math.max(2, Math.floor(length / Math.max(1, space)));
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  const inRange = (v: number): boolean => v >= min * (1 - 1e-12) && v <= max * (1 + 1e-12);
  // Ticks of a log axis are unevenly spaced: the closest two must still have their room.
  const pixelsPerDecade = length / (Math.log10(max) - Math.log10(min));
  const roomy = (ticks: readonly number[]): boolean =>
    ticks.every(
      (v, i) => i === 0 || Math.log10(v / ticks[i - 1]!) * pixelsPerDecade >= space * 0.8,
    );
  for (const mantissas of DECADE_STEPS) {
    const ticks: number[] = [];
    for (let e = low; e <= high; e++)
      for (const m of mantissas) {
        const v = Number((m * 10 ** e).toPrecision(12));
        if (inRange(v)) ticks.push(v);
      }
    // Sparser sets hold fewer still; fewer than two ticks say nothing of the scale.
    if (ticks.length < 2) break;
    if (ticks.length <= room && roomy(ticks)) return ticks;
  }
  const decades = high - low;
  if (decades >= 2) {
    const needed = Math.ceil((decades + 1) / room);
    const every = [1, 2, 3, 5, 10, 20, 50, 100].find((n) => n >= needed) ?? needed;
    const ticks: number[] = [];
    for (let e = Math.ceil(low / every) * every; e <= high; e += every) {
      const v = Number((10 ** e).toPrecision(12));
      if (inRange(v)) ticks.push(v);
    }
    if (ticks.length >= 2) return ticks;
  }
  // Less than a decade: evenly spaced values read better than a lone power of ten.
  return linearSplits(min, max, niceIncrement((max - min) / room)).filter(inRange);
}

export interface TimeUnit {
  readonly seconds: number;
  /** As the axis name gives it: "time since start (min)". */
  readonly name: string;
}

const TIME_UNITS: readonly TimeUnit[] = [
  { seconds: 1, name: 's' },
  { seconds: 60, name: 'min' },
  { seconds: 3600, name: 'h' },
  { seconds: 86400, name: 'd' },
];

/** The unit time since start is told in, from the span it covers: 90 s, 45 min, 20 h, 3 d. */
export function timeUnitFor(spanSeconds: number): TimeUnit {
  const span = Math.abs(spanSeconds);
  if (span < 180) return TIME_UNITS[0]!;
  if (span < 3 * 3600) return TIME_UNITS[1]!;
  if (span < 3 * 86400) return TIME_UNITS[2]!;
  return TIME_UNITS[3]!;
}

/** Increments, in seconds, that read well in each unit: 15 s, 30 min, 6 h, 2 d. */
export const TIME_INCREMENTS: readonly number[] = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900,
  1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 432000, 864000, 1728000, 4320000, 8640000,
  17280000, 43200000,
];

/** Labels of time-since-start ticks (in seconds), in `unit`: 0, 0.5, 1, 1.5 for hours. */
export function timeTickLabels(
  splits: readonly number[],
  unit: TimeUnit,
  increment?: number,
): string[] {
  const spacing = spacingOf(splits, increment);
  return linearTickLabels(
    splits.map((v) => v / unit.seconds),
    spacing / unit.seconds,
  );
}
