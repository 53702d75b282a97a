// The lines under a curve panel that say what the picture leaves out or cannot show: non-finite
// samples with the key to their edge markers, points with no x on a step_metric's axis and the
// pairing rule that left them out, values a log scale cannot hold, a fallback to step.

import type { NonFiniteCounts } from '../../../shared/series/curve-math.js';
import { nonFiniteNote } from '../../../shared/series/curve-math.js';
import type { Trace } from './curve-data.js';

/** The edge markers of non-finite samples, as drawn and as the note keys them. */
export const MARKER_GLYPHS = { positiveInfinity: '▲', negativeInfinity: '▼', nan: '◆' } as const;

export interface NotesInput {
  readonly key: string;
  readonly nonFinite: NonFiniteCounts;
  /** Points with no sample of the step metric at their step. */
  readonly unpaired: number;
  /** Points the key has on the panel's axis or not: drawn and unpaired together. */
  readonly points: number;
  /** The step metric's name, when the axis is one. */
  readonly stepMetric: string | null;
  /** A few steps of unpaired points, to show where they are. */
  readonly unpairedSteps: readonly number[];
  readonly nonPositive: number;
  readonly fellBack: boolean;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** The key to the non-finite markers present: "▲ +Inf at the top edge, ◆ NaN at the bottom". */
export function markerKey(counts: NonFiniteCounts): string {
  const parts: string[] = [];
  if (counts.positiveInfinity > 0)
    parts.push(`${MARKER_GLYPHS.positiveInfinity} +Inf at the top edge`);
  if (counts.negativeInfinity > 0)
    parts.push(`${MARKER_GLYPHS.negativeInfinity} −Inf at the bottom edge`);
  if (counts.nan > 0) parts.push(`${MARKER_GLYPHS.nan} NaN at the bottom edge`);
  return parts.join(', ');
}

/** Why points are missing from a step_metric axis, with the rule and the counts. */
export function unpairedNote(input: NotesInput): string | null {
  const { unpaired, points, stepMetric, key, unpairedSteps } = input;
  if (unpaired === 0 || stepMetric === null) return null;
  const steps = unpairedSteps.map((s) => s.toLocaleString('en'));
  const where =
    steps.length === 0
      ? ''
      : ` (at step${steps.length === 1 ? '' : 's'} ${steps.join(', ')}${unpaired > steps.length ? ', …' : ''})`;
  const rule = `a point pairs with the sample of ${stepMetric} logged at its own step`;
  if (unpaired >= points)
    return `None of the ${plural(points, `${key} point`)} has a sample of ${stepMetric} at its step${where}, so none is drawn on the ${stepMetric} axis: ${rule}.`;
  const one = unpaired === 1;
  return `${unpaired.toLocaleString('en')} of ${plural(points, `${key} point`)} ${one ? 'has' : 'have'} no sample of ${stepMetric} at ${one ? 'its' : 'their'} step${where}, so ${one ? 'it is' : 'they are'} not drawn on the ${stepMetric} axis: ${rule}.`;
}

export function curveNotes(input: NotesInput): string[] {
  const notes: string[] = [];
  const nonFinite = nonFiniteNote(input.nonFinite);
  if (nonFinite !== null) notes.push(`${nonFinite}: ${markerKey(input.nonFinite)}`);
  const unpaired = unpairedNote(input);
  if (unpaired !== null) notes.push(unpaired);
  if (input.nonPositive > 0)
    notes.push(`${plural(input.nonPositive, 'value')} ≤ 0 not shown on the log scale`);
  if (input.fellBack) notes.push('no step_metric declared for this key: drawn against step');
  return notes;
}

/** The notes of a panel's traces taken together; `stepMetric` names the axis when it is one. */
export function tracesNotes(
  key: string,
  traces: readonly Trace[],
  axis: { readonly stepMetric: string | null; readonly fellBack: boolean },
): string[] {
  const sum = (of: (trace: Trace) => number): number =>
    traces.reduce((total, trace) => total + of(trace), 0);
  return curveNotes({
    key,
    nonFinite: {
      nan: sum((t) => t.nonFinite.nan),
      positiveInfinity: sum((t) => t.nonFinite.positiveInfinity),
      negativeInfinity: sum((t) => t.nonFinite.negativeInfinity),
    },
    unpaired: sum((t) => t.unpaired),
    points: sum((t) => t.total),
    stepMetric: axis.stepMetric,
    unpairedSteps: traces.flatMap((t) => t.unpairedSteps).slice(0, 3),
    nonPositive: sum((t) => t.nonPositive),
    fellBack: axis.fellBack,
  });
}
