// Axis ticks and how numbers print on them: nice steps (1, 2, 5 × 10^k, or clock steps for
// times), with just enough decimals that adjacent labels differ, SI suffixes for big numbers.

/** The nice step (1, 2 or 5 × 10^k) nearest to dividing `range` into `count` parts. */
export function niceStep(range: number, count: number): number {
  const raw = range / Math.max(1, count);
  const magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
  const norm = raw / magnitude;
  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
}

/** Multiples of step within [lo, hi]. */
export function multiplesIn(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  if (!(step > 0) || !Number.isFinite(lo) || !Number.isFinite(hi)) return out;
  const first = Math.ceil(lo / step - 1e-9);
  for (let k = first; k * step <= hi + step * 1e-9 && out.length < 1000; k++) {
    // Multiplying k by step, not adding steps, keeps 0.30000000000000004 out of labels.
    const v = k * step;
    out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  }
  return out;
}

/** Nice ticks over [lo, hi], about `count` of them. */
export function niceTicks(lo: number, hi: number, count: number): number[] {
  if (!(hi > lo)) return [lo];
  return multiplesIn(lo, hi, niceStep(hi - lo, count));
}

const SI = [
  { scale: 1e12, suffix: 'T' },
  { scale: 1e9, suffix: 'G' },
  { scale: 1e6, suffix: 'M' },
  { scale: 1e3, suffix: 'k' },
] as const;

function trimZeros(text: string): string {
  return text.includes('.') && !text.includes('e') ? text.replace(/\.?0+$/, '') : text;
}

/** One number at `decimals` in the scheme chosen for its axis (plain, SI or exponent). */
function formatAt(value: number, scheme: Scheme, decimals: number): string {
  if (value === 0) return '0';
  if (scheme.kind === 'exp') return value.toExponential(decimals);
  if (scheme.kind === 'si') return `${(value / scheme.scale).toFixed(decimals)}${scheme.suffix}`;
  return value.toFixed(decimals);
}

type Scheme = { kind: 'plain' } | { kind: 'si'; scale: number; suffix: string } | { kind: 'exp' };

function schemeFor(values: readonly number[]): Scheme {
  const largest = Math.max(0, ...values.map((v) => Math.abs(v)));
  for (const { scale, suffix } of SI)
    if (largest >= scale * 10) return { kind: 'si', scale, suffix };
  if (largest > 0 && largest < 1e-3) return { kind: 'exp' };
  return { kind: 'plain' };
}

/** What a label reads back as, in its scheme. */
function readBack(label: string, scheme: Scheme): number {
  return scheme.kind === 'si' ? Number(label.slice(0, -1)) * scheme.scale : Number(label);
}

/**
 * Labels for tick values, one each: the fewest decimals at which every label reads back as its
 * value (to a millionth of the axis's largest) and differs from its neighbours, so no two
 * print the same, in one scheme for the whole axis.
 */
export function tickLabels(values: readonly number[]): string[] {
  if (values.length === 0) return [];
  const scheme = schemeFor(values);
  const tolerance = Math.max(...values.map((v) => Math.abs(v))) * 1e-6;
  for (let decimals = 0; decimals <= 12; decimals++) {
    const labels = values.map((v) => formatAt(v, scheme, decimals));
    const exact = labels.every(
      (label, i) => Math.abs(readBack(label, scheme) - values[i]!) <= tolerance,
    );
    if (exact && labels.every((label, i) => i === 0 || label !== labels[i - 1])) return labels;
  }
  return values.map((v) => String(v));
}

/** A value for reading (footer, scalar lines, bars): six significant digits, SI when big. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-4) return trimMantissa(value.toExponential(4));
  return trimZeros(value.toPrecision(6));
}

function trimMantissa(text: string): string {
  const [mantissa, exponent] = text.split('e');
  return `${trimZeros(mantissa!)}e${exponent!}`;
}

/** A step with thousands separators: 12,480. */
export function formatStep(step: number): string {
  if (!Number.isInteger(step)) return formatValue(step);
  return step.toLocaleString('en-US');
}

/** Step ticks' labels: separators below 100,000, SI above, as distinct as tickLabels makes them. */
export function stepLabels(values: readonly number[]): string[] {
  const largest = Math.max(0, ...values.map((v) => Math.abs(v)));
  if (largest < 1e5 && values.every(Number.isInteger)) return values.map(formatStep);
  return tickLabels(values);
}

const SECOND_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800];
const HOUR = 3600;
const DAY = 86400;

/** A clock step (seconds) near dividing `range` seconds into `count` parts. */
export function timeStep(range: number, count: number): number {
  const raw = range / Math.max(1, count);
  if (raw < 1) return niceStep(range, count);
  for (const step of SECOND_STEPS) if (step >= raw) return step;
  for (const hours of [6, 12, 24]) if (hours * HOUR >= raw) return hours * HOUR;
  return Math.ceil(raw / DAY) * DAY;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Wall-clock labels (local time): HH:MM, with seconds when the step needs them, dates for days. */
export function timeLabels(values: readonly number[], step: number): string[] {
  return values.map((seconds) => {
    const d = new Date(seconds * 1000);
    const hm = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
    if (step >= DAY) return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
    if (step < 60) return `${hm}:${pad2(d.getSeconds())}`;
    return hm;
  });
}

/** A duration as a relative axis prints it: 45s, 12m, 1h30m, 2d3h. */
export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  let s = Math.abs(seconds);
  if (s < 60) return `${sign}${trimZeros(s.toFixed(s < 10 && !Number.isInteger(s) ? 1 : 0))}s`;
  s = Math.round(s);
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  const m = Math.floor((s % HOUR) / 60);
  const rest = s % 60;
  if (d > 0) return `${sign}${d}d${h > 0 ? `${h}h` : ''}`;
  if (h > 0) return `${sign}${h}h${m > 0 ? `${m}m` : ''}`;
  return `${sign}${m}m${rest > 0 ? `${rest}s` : ''}`;
}
