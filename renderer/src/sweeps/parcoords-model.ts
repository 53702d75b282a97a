// The math of parallel coordinates and of the param scatter: an axis per param (numbers on a
// linear or log scale, strings and booleans as categories) and one result axis, each run's
// position on each, and the brushes (value ranges, AND-ed) that narrow the runs. Pure.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { floatText, sortableValue, valueText } from '../text/value-text.js';
import type { MetricStat } from '../pages/column-id.js';
import type { StatisticsBySource } from '../pages/metric-columns.js';
import { sourceId, statisticValue } from '../pages/metric-columns.js';

/** What the result axis shows: a summary value, or a key's (or view's) statistic. */
export type ResultChoice =
  | { readonly kind: 'summary'; readonly key: string }
  | {
      readonly kind: 'statistic';
      readonly key: string;
      readonly stat: MetricStat;
      readonly formula?: string;
    };

/** Which axis a brush is on: a param's, or the result's. */
export type AxisRef =
  { readonly kind: 'param'; readonly name: string } | { readonly kind: 'result' };

export function axisRefId(ref: AxisRef): string {
  return ref.kind === 'param' ? `param:${ref.name}` : 'result';
}

/** A brush: a numeric axis's closed value range, or a category axis's categories kept. */
export type Brush =
  | { readonly axis: AxisRef; readonly lo: number; readonly hi: number }
  | { readonly axis: AxisRef; readonly categories: readonly string[] };

/** A run's value on an axis: a number on a numeric axis, its exact text on a category one. */
type AxisValue = number | string;

export interface Axis {
  readonly ref: AxisRef;
  readonly label: string;
  readonly kind: 'numeric' | 'category';
  /** Numeric: the values' least and greatest finite value. */
  readonly domain: readonly [number, number];
  /** True when drawn on a log scale. */
  readonly log: boolean;
  /** True when a log scale suits it: every value positive, spanning at least 100×. */
  readonly logSuits: boolean;
  /** Category: the values' texts in value order. */
  readonly categories: readonly string[];
  /** Each run's value; a run without one is absent. */
  readonly values: ReadonlyMap<string, AxisValue>;
}

/** A param or summary value on an axis: numbers as numbers, the rest as their exact text. */
function axisValue(value: Value | undefined): AxisValue | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  return valueText(value).exact;
}

/** The value a run takes on the result axis, when it has one. */
export function resultValue(
  run: RunSummary,
  result: ResultChoice,
  statistics: StatisticsBySource,
): number | undefined {
  if (result.kind === 'summary') {
    const value = axisValue(run.summary.get(result.key));
    return typeof value === 'number' ? value : undefined;
  }
  const source =
    result.formula !== undefined
      ? { key: result.key, formula: result.formula }
      : { key: result.key };
  const row = statistics.get(sourceId(source))?.get(run.id);
  if (row === undefined) return undefined;
  const value = statisticValue(row, result.stat);
  return value !== null && Number.isFinite(value) ? value : undefined;
}

export function resultLabel(result: ResultChoice): string {
  return result.kind === 'summary' ? result.key : `${result.key}.${result.stat}`;
}

/**
 * An axis over the runs' values. It is numeric when every value is a number, else a category
 * axis of the texts (numbers among strings become their text). `log` asks for a log scale: it
 * is taken only where one can draw (every value positive); undefined lets the span decide.
 */
export function makeAxis(
  ref: AxisRef,
  label: string,
  raw: ReadonlyMap<string, AxisValue>,
  log: boolean | undefined,
): Axis {
  const numbers = [...raw.values()].filter((v): v is number => typeof v === 'number');
  const numeric = numbers.length === raw.size;
  if (!numeric) {
    const texts = new Map<string, AxisValue>();
    for (const [id, v] of raw) texts.set(id, typeof v === 'number' ? floatText(v, 17) : v);
    const categories = [...new Set(texts.values() as Iterable<string>)].sort((a, b) => {
      const x = sortableValue(a);
      const y = sortableValue(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return {
      ref,
      label,
      kind: 'category',
      domain: [0, 1],
      log: false,
      logSuits: false,
      categories,
      values: texts,
    };
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of numbers) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (numbers.length === 0) [lo, hi] = [0, 1];
  const positive = numbers.length > 0 && lo > 0;
  const logSuits = positive && hi / lo >= 100;
  return {
    ref,
    label,
    kind: 'numeric',
    domain: [lo, hi],
    log: positive && (log ?? logSuits),
    logSuits,
    categories: [],
    values: raw,
  };
}

/** The param axes and the result axis of the runs, params in name order. */
export function buildAxes(
  runs: readonly RunSummary[],
  result: ResultChoice | null,
  statistics: StatisticsBySource,
  logChoices: ReadonlyMap<string, boolean>,
): Axis[] {
  const names = new Set<string>();
  for (const run of runs) for (const name of run.params.keys()) names.add(name);
  const axes: Axis[] = [];
  for (const name of [...names].sort()) {
    const values = new Map<string, AxisValue>();
    for (const run of runs) {
      const value = axisValue(run.params.get(name));
      if (value !== undefined) values.set(run.id, value);
    }
    const ref: AxisRef = { kind: 'param', name };
    axes.push(makeAxis(ref, name, values, logChoices.get(axisRefId(ref))));
  }
  if (result !== null) {
    const values = new Map<string, AxisValue>();
    for (const run of runs) {
      const value = resultValue(run, result, statistics);
      if (value !== undefined) values.set(run.id, value);
    }
    const ref: AxisRef = { kind: 'result' };
    axes.push(makeAxis(ref, resultLabel(result), values, logChoices.get('result')));
  }
  return axes;
}

/**
 * The axes worth drawing: a param axis whose runs all hold one value (or none) tells nothing
 * about the results and is dropped; the result axis is always kept.
 */
export function varyingAxes(axes: readonly Axis[]): Axis[] {
  return axes.filter((axis) => {
    if (axis.ref.kind === 'result') return true;
    return new Set(axis.values.values()).size > 1;
  });
}

/** Where a numeric value sits on the axis, 0 at its bottom (least) to 1 at its top. */
export function numericPosition(axis: Axis, x: number): number {
  const [lo, hi] = axis.domain;
  if (hi === lo) return 0.5;
  if (axis.log) return (Math.log10(x) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
  return (x - lo) / (hi - lo);
}

/** The value at a position of a numeric axis: numericPosition's inverse. */
export function numericValueAt(axis: Axis, t: number): number {
  const [lo, hi] = axis.domain;
  if (hi === lo) return lo;
  if (axis.log) return 10 ** (Math.log10(lo) + t * (Math.log10(hi) - Math.log10(lo)));
  return lo + t * (hi - lo);
}

/** Where the ith of n categories sits: spread evenly, each in the middle of its share. */
export function categoryPosition(index: number, count: number): number {
  return (index + 0.5) / Math.max(1, count);
}

/** A run's position on the axis, 0 to 1; null when it has no value there. */
export function position(axis: Axis, runId: string): number | null {
  const value = axis.values.get(runId);
  if (value === undefined) return null;
  if (axis.kind === 'numeric') return numericPosition(axis, value as number);
  return categoryPosition(axis.categories.indexOf(value as string), axis.categories.length);
}

/** The brush a drag from position t0 to t1 makes on the axis; null when it catches nothing. */
export function brushFromDrag(axis: Axis, t0: number, t1: number): Brush | null {
  const a = Math.max(0, Math.min(t0, t1));
  const b = Math.min(1, Math.max(t0, t1));
  if (axis.kind === 'numeric') {
    const lo = numericValueAt(axis, a);
    const hi = numericValueAt(axis, b);
    // A drag to the axis's end keeps its end value, which rounding could leave out.
    return {
      axis: axis.ref,
      lo: a <= 0 ? -Infinity : lo,
      hi: b >= 1 ? Infinity : hi,
    };
  }
  const categories = axis.categories.filter((_, i) => {
    const t = categoryPosition(i, axis.categories.length);
    return t >= a && t <= b;
  });
  return categories.length === 0 ? null : { axis: axis.ref, categories };
}

/** A run's value under a brush's axis, from the run itself (so a brush outlives its view). */
function brushedValue(
  run: RunSummary,
  ref: AxisRef,
  result: ResultChoice | null,
  statistics: StatisticsBySource,
): AxisValue | undefined {
  if (ref.kind === 'param') return axisValue(run.params.get(ref.name));
  return result === null ? undefined : resultValue(run, result, statistics);
}

/** Whether the run is inside every brush: a run without a value on a brushed axis is not. */
export function insideBrushes(
  run: RunSummary,
  brushes: readonly Brush[],
  result: ResultChoice | null,
  statistics: StatisticsBySource,
): boolean {
  return brushes.every((brush) => {
    const value = brushedValue(run, brush.axis, result, statistics);
    if (value === undefined) return false;
    if ('categories' in brush)
      return brush.categories.includes(typeof value === 'number' ? floatText(value, 17) : value);
    return typeof value === 'number' && value >= brush.lo && value <= brush.hi;
  });
}

/** The ids of the runs inside every brush; null when there is no brush (every run is). */
export function brushedRunIds(
  runs: Iterable<RunSummary>,
  brushes: readonly Brush[],
  result: ResultChoice | null,
  statistics: StatisticsBySource,
): Set<string> | null {
  if (brushes.length === 0) return null;
  const kept = new Set<string>();
  for (const run of runs) if (insideBrushes(run, brushes, result, statistics)) kept.add(run.id);
  return kept;
}

/** Sets the brush of its axis (one a axis), or clears that axis's with null. */
export function withBrush(brushes: readonly Brush[], ref: AxisRef, brush: Brush | null): Brush[] {
  const rest = brushes.filter((b) => axisRefId(b.axis) !== axisRefId(ref));
  return brush === null ? rest : [...rest, brush];
}

/** A brush's extent on its axis in positions: its range, or each category's share. */
export function brushSpans(axis: Axis, brush: Brush): [number, number][] {
  if ('categories' in brush) {
    const share = 0.5 / Math.max(1, axis.categories.length);
    return brush.categories
      .map((c) => axis.categories.indexOf(c))
      .filter((i) => i >= 0)
      .map((i) => {
        const t = categoryPosition(i, axis.categories.length);
        return [t - share, t + share];
      });
  }
  const lo = brush.lo === -Infinity ? 0 : numericPosition(axis, brush.lo);
  const hi = brush.hi === Infinity ? 1 : numericPosition(axis, brush.hi);
  return [[Math.max(0, lo), Math.min(1, hi)]];
}

/** A brush in words, for its chip: `lr 0.001–0.01`, `opt ∈ {adam, sgd}`. */
export function brushText(brush: Brush, result: ResultChoice | null): string {
  const name =
    brush.axis.kind === 'param'
      ? brush.axis.name
      : result === null
        ? 'result'
        : resultLabel(result);
  if ('categories' in brush) return `${name} ∈ {${brush.categories.join(', ')}}`;
  if (brush.lo === -Infinity) return `${name} ≤ ${floatText(brush.hi)}`;
  if (brush.hi === Infinity) return `${name} ≥ ${floatText(brush.lo)}`;
  return `${name} ${floatText(brush.lo)}–${floatText(brush.hi)}`;
}

/** The t (0 to 1) of a result value as a colour ramp reads it; 0.5 when the runs all agree. */
export function rampPosition(axis: Axis | undefined, runId: string): number | null {
  if (axis === undefined || axis.kind !== 'numeric') return null;
  return position(axis, runId);
}

/**
 * The part of the ramp a theme draws with: viridis's dark violet end is lost on a dark panel and
 * its yellow end on a white one, so each theme leaves out the end that matches its background.
 */
export function rampSpan(theme: string): readonly [number, number] {
  return theme === 'dark' ? [0.35, 1] : [0, 0.62];
}

/**
 * A colour on a perceptual ramp from dark blue (0) through teal to yellow (1), close to
 * viridis, for lines coloured by their result; `span` is the part of it t runs over.
 */
export function rampColor(t: number, span: readonly [number, number] = [0, 1]): string {
  t = span[0] + Math.max(0, Math.min(1, t)) * (span[1] - span[0]);
  const stops = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ] as const;
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [stops[i]!, stops[i + 1]!];
  const mix = (k: 0 | 1 | 2): number => Math.round(a[k] + (b[k] - a[k]) * f);
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/** Tick values of a numeric axis: its ends, and on a log scale the powers of ten between. */
export function axisTicks(axis: Axis): { t: number; text: string }[] {
  if (axis.kind === 'category')
    return axis.categories.map((text, i) => ({
      t: categoryPosition(i, axis.categories.length),
      text,
    }));
  const [lo, hi] = axis.domain;
  if (lo === hi) return [{ t: 0.5, text: floatText(lo) }];
  const ticks = [
    { t: 0, text: floatText(lo) },
    { t: 1, text: floatText(hi) },
  ];
  if (axis.log) {
    for (let p = Math.ceil(Math.log10(lo)); p <= Math.floor(Math.log10(hi)); p++) {
      const t = numericPosition(axis, 10 ** p);
      if (t > 0.08 && t < 0.92) ticks.push({ t, text: floatText(10 ** p) });
    }
  } else ticks.push({ t: 0.5, text: floatText((lo + hi) / 2) });
  return ticks;
}
