// Turning series into what a curve panel draws: x by the chosen axis (step, wall time, time since
// start, or the key's step_metric paired by the format's rule), raw and smoothed y with
// non-finite values as gaps (uPlot breaks on NaN), and what was left out, counted.

import type { Goal } from '../../../shared/format/records.js';
import type { ColumnLayout } from './column-path.js';
import { commonLayout, slotsByColumn } from './column-align.js';
import type { ColouredSpan } from './marks/label-colours.js';
import type { Columns, NonFiniteCounts } from '../../../shared/series/curve-math.js';
import {
  bestIndex,
  countNonFinite,
  debiasedEma,
  pairWithStepMetric,
} from '../../../shared/series/curve-math.js';

export type XAxisMode = 'step' | 'wall' | 'relative' | 'step_metric';

export interface TraceInput {
  readonly runId: string;
  readonly label: string;
  readonly color: string;
  /** The line's dash in CSS pixels when the run shares its colour on the page; solid without. */
  readonly dash?: readonly number[];
  readonly series: Columns;
  /** The series of the key's declared step_metric in this run, when it declares one. */
  readonly stepMetric: Columns | null;
  readonly stepMetricName: string | null;
  /** The run's start time, for time since start. */
  readonly startTime: number;
  readonly goal: Goal | null;
}

export interface Trace {
  readonly runId: string;
  readonly label: string;
  readonly color: string;
  /** The line's dash in CSS pixels, for runs beyond the palette's colours; solid without. */
  readonly dash?: readonly number[];
  /** Ascending x; y aligned with it; raw values, non-finite ones included. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly smoothed: Float64Array | null;
  /** Steps of the points, for the legend and CSV. */
  readonly steps: Float64Array;
  readonly nonFinite: NonFiniteCounts;
  /** Where the non-finite points fall on x, with their kind, for the edge markers. */
  readonly nonFiniteAt: readonly { x: number; value: number }[];
  readonly unpaired: number;
  /** Points at or below zero that a log scale cannot show. */
  readonly nonPositive: number;
  readonly best: { readonly x: number; readonly y: number; readonly step: number } | null;
  readonly goal: Goal | null;
  /** The axis this trace actually uses (a key without step_metric falls back to step). */
  readonly mode: XAxisMode;
  /**
   * Per point, when some are points of one line only (an envelope's raw and smoothed lines
   * keep different points): NO_RAW and NO_SMOOTHED bits. Such a line passes over the point.
   */
  readonly missing?: Uint8Array;
  /** Samples the key has (drawn or not): the whole series, not only what is held. */
  readonly total: number;
  /** Steps of the first few points without a step metric sample, to say where they are. */
  readonly unpairedSteps: readonly number[];
  /** Least and greatest finite value of the key, paired or not; null when it has none. */
  readonly yRange: readonly [number, number] | null;
  /** With a step_metric axis: the step metric's range, for axes when no point pairs. */
  readonly xRange: readonly [number, number] | null;
  /** For a trace drawn from an envelope: the host's columns, each drawn as one vertical span. */
  readonly columns?: ColumnLayout;
  /** Stretches of the line drawn over in a label value's colour (colour by a label). */
  readonly colourSpans?: readonly ColouredSpan[];
  /** Drawn faint, thin and dashed: the copy of a series a resume abandoned. */
  readonly faint?: boolean;
  /** Drawn thin: a run's own line inside its group's band. */
  readonly thin?: boolean;
  /** A group's band: y is its high edge, this its low one, filled between; no legend row. */
  readonly band?: { readonly low: Float64Array };
  /** A group's center line: the group, what the legend says of its runs, whether it is open. */
  readonly group?: { readonly id: string; readonly note: string; readonly expanded: boolean };
}

export const NO_RAW = 1;
export const NO_SMOOTHED = 2;

export interface CurveOptions {
  readonly mode: XAxisMode;
  readonly smoothing: number;
  readonly logY: boolean;
}

function sortedByX(
  x: Float64Array,
  y: Float64Array,
  steps: Float64Array,
): [Float64Array, Float64Array, Float64Array] {
  let ascending = true;
  for (let i = 1; i < x.length; i++) {
    if (x[i]! < x[i - 1]!) {
      ascending = false;
      break;
    }
  }
  if (ascending) return [x, y, steps];
  const order = Array.from(x.keys()).sort((a, b) => x[a]! - x[b]! || a - b);
  return [
    Float64Array.from(order, (i) => x[i]!),
    Float64Array.from(order, (i) => y[i]!),
    Float64Array.from(order, (i) => steps[i]!),
  ];
}

const NO_SAMPLES: Columns = {
  steps: new Float64Array(0),
  times: new Float64Array(0),
  values: new Float64Array(0),
  length: 0,
};

export function buildTrace(input: TraceInput, options: CurveOptions): Trace {
  const { series } = input;
  const n = series.length;
  let mode = options.mode;
  let x: Float64Array;
  let y: Float64Array;
  let steps: Float64Array;
  let unpaired = 0;
  const unpairedSteps: number[] = [];
  let xRange: [number, number] | null = null;
  if (mode === 'step_metric' && (input.stepMetric !== null || input.stepMetricName !== null)) {
    // A declared step_metric without samples yet pairs with nothing: no point has its x.
    const metric = input.stepMetric ?? NO_SAMPLES;
    const paired = pairWithStepMetric(series, metric);
    x = paired.x;
    y = paired.y;
    steps = Float64Array.from(paired.indices, (i) => series.steps[i]!);
    unpaired = paired.unpaired;
    for (let i = 0, k = 0; i < n && unpairedSteps.length < 3; i++) {
      if (paired.indices[k] === i) k++;
      else unpairedSteps.push(series.steps[i]!);
    }
    xRange = finiteRange(metric.values, metric.length);
  } else {
    if (mode === 'step_metric') mode = 'step';
    x = new Float64Array(n);
    y = new Float64Array(n);
    steps = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      steps[i] = series.steps[i]!;
      y[i] = series.values[i]!;
      x[i] =
        mode === 'step'
          ? series.steps[i]!
          : mode === 'wall'
            ? series.times[i]!
            : series.times[i]! - input.startTime;
    }
  }
  [x, y, steps] = sortedByX(x, y, steps);
  const nonFiniteAt: { x: number; value: number }[] = [];
  let nonPositive = 0;
  for (let i = 0; i < y.length; i++) {
    if (!Number.isFinite(y[i]!)) nonFiniteAt.push({ x: x[i]!, value: y[i]! });
    else if (options.logY && y[i]! <= 0) nonPositive++;
  }
  const bestAt = bestIndex(y, input.goal);
  return {
    runId: input.runId,
    label: input.label,
    color: input.color,
    dash: input.dash,
    x,
    y,
    smoothed: options.smoothing > 0 ? debiasedEma(y, options.smoothing) : null,
    steps,
    nonFinite: countNonFinite(y),
    nonFiniteAt,
    unpaired,
    nonPositive,
    best: bestAt < 0 ? null : { x: x[bestAt]!, y: y[bestAt]!, step: steps[bestAt]! },
    goal: input.goal,
    mode,
    total: n,
    unpairedSteps,
    yRange: finiteRange(series.values, n),
    xRange,
  };
}

/** The least and greatest finite value of the first n, or null when none is finite. */
export function finiteRange(values: ArrayLike<number>, n: number): [number, number] | null {
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < least) least = v;
    if (v > greatest) greatest = v;
  }
  return least <= greatest ? [least, greatest] : null;
}

/** A drawable value: null (a gap) for what the scale cannot hold. */
function drawable(value: number, logY: boolean): number | null {
  return Number.isFinite(value) && (!logY || value > 0) ? value : null;
}

/** Equal x, NaN with NaN: a trace's own x is always a match for itself. */
const sameX = (a: number, b: number): boolean => a === b || (a !== a && b !== b);

/**
 * uPlot's aligned data for traces: one x column and per trace a raw and (when smoothing) a
 * smoothed column, where a slot the trace has no point in is undefined (spanned) and a value the
 * scale cannot hold is null (a gap). A band trace's column (its high edge) is followed by its low
 * edge's. Traces share slots: an x takes as many as the trace with the most points there has,
 * and a trace's k-th point at an x is in that x's k-th slot, so runs logged at the same steps
 * make one slot a step, not one per run, and every point is kept. Envelopes that share x and
 * draw every point as it is give their own Float64Arrays, uncopied.
 */
export function alignTraces(traces: readonly Trace[], logY: boolean): AlignedColumns {
  // Runs logged at the same steps (and envelopes over the same columns of them) share one x:
  // each point is then its own slot, and the merge of every trace's x at every slot is skipped.
  const shared = sharedX(traces);
  const slotOf = shared === null ? traces.map((trace) => new Int32Array(trace.x.length)) : null;
  // An envelope's arrays are its answer's own, decoded for it and written by no one after, so
  // uPlot may hold them as they are; a live series' may be views of columns that still grow.
  const envelopes = traces.every((trace) => trace.columns !== undefined);
  // Envelopes over one layout align by column: slots a few a column, where the union of 200
  // runs' picked x gave every line a mostly-empty column of 200 × 4 × width slots.
  const layout = shared === null && envelopes ? commonLayout(traces) : null;
  const xs: ArrayLike<number> =
    shared !== null
      ? envelopes
        ? shared
        : Array.from(shared)
      : layout !== null
        ? slotsByColumn(traces, layout, slotOf!)
        : mergedX(traces, slotOf!);
  const total = xs.length;
  const columns: AlignedColumns = [xs];
  for (let t = 0; t < traces.length; t++) {
    const trace = traces[t]!;
    const slot = slotOf?.[t] ?? null;
    if (slot === null && envelopes && asDrawn(trace, logY)) {
      // Every point a value the scale holds, in every line: the trace's own columns, uncopied
      // (a Compare's open allocated and filled 10 MB of columns to say the same).
      columns.push(trace.y);
      if (trace.smoothed !== null) columns.push(trace.smoothed);
      continue;
    }
    // Filled in x order when x is shared, so that uPlot is given packed arrays, not holey ones.
    const column = (): (number | null | undefined)[] => (slot === null ? [] : new Array(total));
    const raw = column();
    const smooth = trace.smoothed === null ? null : column();
    const low = trace.band === undefined ? null : column();
    for (let i = 0; i < trace.x.length; i++) {
      const at = slot === null ? i : slot[i]!;
      if (low !== null) low[at] = drawable(trace.band!.low[i]!, logY);
      const missing = trace.missing?.[i] ?? 0;
      // undefined, unlike null, is no gap: the line goes on to its next point.
      raw[at] = missing & NO_RAW ? undefined : drawable(trace.y[i]!, logY);
      if (smooth !== null)
        smooth[at] = missing & NO_SMOOTHED ? undefined : drawable(trace.smoothed![i]!, logY);
    }
    columns.push(raw);
    if (low !== null) columns.push(low);
    if (smooth !== null) columns.push(smooth);
  }
  return columns;
}

/** uPlot's columns: x, then each trace's lines, a slot's value, gap (null) or none (undefined). */
export type AlignedColumns = ArrayLike<number | null | undefined>[];

/** Whether a column holds a point to draw: a value, not a gap nor another line's slot. */
export function holdsPoint(column: ArrayLike<number | null | undefined>): boolean {
  for (let i = 0; i < column.length; i++) if (column[i] != null) return true;
  return false;
}

/** Whether a trace's lines draw as they are: no band, no point of one line only, all drawable. */
function asDrawn(trace: Trace, logY: boolean): boolean {
  if (trace.band !== undefined || trace.missing !== undefined) return false;
  // An envelope's one line is of finite values (its non-finite samples come apart, as markers,
  // and give the trace `missing`), and those a log scale cannot hold were counted as it was
  // made: not looked at again value by value (some 5 ms of a Compare's open).
  if (trace.columns !== undefined && trace.smoothed === null)
    return !logY || trace.nonPositive === 0;
  const holds = (values: Float64Array): boolean => {
    for (let i = 0; i < values.length; i++) if (drawable(values[i]!, logY) === null) return false;
    return true;
  };
  return holds(trace.y) && (trace.smoothed === null || holds(trace.smoothed));
}

/** The x every trace has, point for point, or null when two differ (or there are none). */
function sharedX(traces: readonly Trace[]): Float64Array | null {
  const first = traces[0]?.x;
  if (first === undefined) return null;
  for (let t = 1; t < traces.length; t++) {
    const x = traces[t]!.x;
    if (x === first) continue;
    if (x.length !== first.length) return null;
    for (let i = 0; i < x.length; i++) if (!sameX(x[i]!, first[i]!)) return null;
  }
  return first;
}

/** The slots' x, each trace's points placed in them (`slotOf`), as alignTraces says. */
function mergedX(traces: readonly Trace[], slotOf: Int32Array[]): number[] {
  const count = traces.length;
  const cursors = new Int32Array(count);
  const xs: number[] = [];
  for (;;) {
    let least = 0;
    let any = false;
    for (let t = 0; t < count; t++) {
      const x = traces[t]!.x;
      if (cursors[t]! >= x.length) continue;
      const v = x[cursors[t]!]!;
      if (!any || v < least) least = v;
      any = true;
    }
    if (!any) break;
    let slots = 0;
    for (let t = 0; t < count; t++) {
      const x = traces[t]!.x;
      const slot = slotOf[t]!;
      let at = cursors[t]!;
      let k = 0;
      while (at < x.length && sameX(x[at]!, least)) slot[at++] = xs.length + k++;
      cursors[t] = at;
      if (k > slots) slots = k;
    }
    for (let k = 0; k < slots; k++) xs.push(least);
  }
  return xs;
}
