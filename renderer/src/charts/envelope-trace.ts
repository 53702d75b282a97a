// What a run's envelopes draw: its raw points, smoothed points and non-finite markers merged
// into one trace in x order, each point flagged with the line it is missing from.

import type { EnvelopeColumns, EnvelopePoints, LabelFilter } from '../../../shared/api/contract.js';
import type { Goal } from '../../../shared/format/records.js';
import type { ClientSeries } from '../state/client-series.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { finiteRange, NO_RAW, NO_SMOOTHED } from './curve-data.js';
import type { ColouredSpan } from './marks/label-colours.js';
import { Columns } from './column-path.js';

export interface EnvelopeRun {
  readonly runId: string;
  readonly label: string;
  readonly color: string;
  readonly dash?: readonly number[];
  readonly startTime: number;
  readonly goal: Goal | null;
  /** The run's series of the key, whose version asks anew; none for a derived view. */
  readonly series?: ClientSeries | undefined;
  /** Only the samples whose label has a value. */
  readonly filter?: LabelFilter | undefined;
  /** Stretches drawn in a label value's colour, in the axis' units. */
  readonly colourSpans?: readonly ColouredSpan[] | undefined;
  /** Samples of the key a resume abandoned: drawn faintly when the panel shows them. */
  readonly orphans?: number;
}

/** What a run's envelopes draw: raw points, smoothed points and markers, merged in x order. */
export function envelopeTrace(
  run: EnvelopeRun,
  envelope: EnvelopeColumns,
  options: { mode: XAxisMode; smoothing: number; logY: boolean },
): Trace {
  const { mode, logY } = options;
  const offset = mode === 'relative' ? run.startTime : 0;
  const smoothing = options.smoothing > 0 ? envelope.smoothed : null;
  const lists: { points: EnvelopePoints; missing: number }[] = [
    { points: envelope.raw, missing: smoothing === null ? 0 : NO_SMOOTHED },
    { points: envelope.markers, missing: 0 },
  ];
  if (smoothing !== null) lists.push({ points: smoothing, missing: NO_RAW });
  const n = lists.reduce((sum, list) => sum + list.points.steps.length, 0);
  const xOf = (points: EnvelopePoints, k: number): number =>
    (points.x === null ? points.steps[k]! : points.x[k]!) - offset;
  const filled = lists.filter((list) => list.points.steps.length > 0);
  let x: Float64Array;
  let y: Float64Array;
  let smoothed: Float64Array | null;
  let steps: Float64Array;
  let missing: Uint8Array | undefined;
  if (filled.length === 1) {
    // One list (no smoothing, no non-finite marker), the common case: its columns as they came,
    // not merged point by point (a Compare of 240 envelopes spent 200 ms merging), nor copied
    // (the frame's arrays are views of its own buffer, and nothing writes to a trace's).
    const { points, missing: flags } = filled[0]!;
    const xs = points.x ?? points.steps;
    x = offset === 0 ? xs : xs.map((value) => value - offset);
    steps = points.steps;
    y = flags & NO_RAW ? new Float64Array(n).fill(NaN) : points.values;
    smoothed =
      smoothing === null
        ? null
        : flags & NO_SMOOTHED
          ? new Float64Array(n).fill(NaN)
          : points.values;
    missing = flags === 0 ? undefined : new Uint8Array(n).fill(flags);
  } else {
    x = new Float64Array(n);
    y = new Float64Array(n);
    // The smoothed line only with smoothing: without it, the lists are the raw one and markers.
    const merged = smoothing === null ? null : new Float64Array(n);
    steps = new Float64Array(n);
    const flagsOf = new Uint8Array(n);
    // Each list is in x order already: merge them, keeping every point.
    const cursors = lists.map(() => 0);
    for (let out = 0; out < n; out++) {
      let pick = -1;
      for (let l = 0; l < lists.length; l++) {
        const at = cursors[l]!;
        if (at >= lists[l]!.points.steps.length) continue;
        if (pick < 0 || xOf(lists[l]!.points, at) < xOf(lists[pick]!.points, cursors[pick]!))
          pick = l;
      }
      const { points, missing: flags } = lists[pick]!;
      const at = cursors[pick]!++;
      x[out] = xOf(points, at);
      steps[out] = points.steps[at]!;
      flagsOf[out] = flags;
      // A marker's non-finite value stands in both lines, as a gap in each.
      y[out] = flags & NO_RAW ? NaN : points.values[at]!;
      if (merged !== null) merged[out] = flags & NO_SMOOTHED ? NaN : points.values[at]!;
    }
    smoothed = merged;
    missing = flagsOf;
  }
  const nonFiniteAt = Array.from(envelope.markers.values, (value, k) => ({
    x: xOf(envelope.markers, k),
    value,
  }));
  let nonPositive = 0;
  if (logY) for (const value of envelope.raw.values) if (value <= 0) nonPositive++;
  const best = run.goal === null ? null : envelope.best;
  const { layout } = envelope;
  return {
    runId: run.runId,
    label: run.label,
    ...(run.colourSpans === undefined ? {} : { colourSpans: run.colourSpans }),
    color: run.color,
    dash: run.dash,
    x,
    y,
    smoothed,
    steps,
    nonFinite: envelope.nonFinite,
    nonFiniteAt,
    unpaired: envelope.unpaired,
    nonPositive,
    best: best === null ? null : { x: best.x - offset, y: best.value, step: best.step },
    goal: run.goal,
    mode: mode === 'step_metric' && envelope.stepMetric === null ? 'step' : mode,
    ...(missing === undefined ? {} : { missing }),
    total: envelope.total,
    unpairedSteps: [],
    yRange: finiteRange(envelope.raw.values, envelope.raw.values.length),
    xRange: null,
    columns: new Columns(layout.x0 - offset, layout.x1 - offset, layout.columns),
  };
}
