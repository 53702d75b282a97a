// A group's curve as a panel draws it: from the host's GroupEnvelope, a band trace (the greatest
// high and least low of each pixel column, so the band keeps its extremes) and a center trace
// (the column's points, drawn as one vertical span a column), and the band's fill as polygons.

import type { GroupEnvelope } from '../../../shared/api/contract.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { finiteRange } from './curve-data.js';
import type { RunStyle } from './run-colors.js';

const NO_NON_FINITE = { nan: 0, positiveInfinity: 0, negativeInfinity: 0 } as const;

/** The axes a group is drawn on: its runs combine by step, or by the mean of their times. */
export type GroupMode = 'step' | 'wall';

/** The axis a panel's mode draws groups on: time since start as wall time, a step_metric as step. */
export function groupModeOf(mode: XAxisMode): GroupMode {
  return mode === 'wall' || mode === 'relative' ? 'wall' : 'step';
}

export interface GroupLine {
  readonly groupId: string;
  readonly label: string;
  readonly style: RunStyle;
  /** What the legend adds under the label: how many runs the curve stands on. */
  readonly note: string;
  readonly expanded: boolean;
}

/** The band and the center of a group, as traces on x `mode`. */
export function groupTraces(
  line: GroupLine,
  envelope: GroupEnvelope,
  mode: GroupMode,
  logY: boolean,
): { band: Trace; center: Trace } {
  const x = envelope.x ?? envelope.steps;
  const bandX = envelope.bandColumns.x;
  const yRange = finiteRange(
    [...envelope.bandColumns.low, ...envelope.bandColumns.high],
    bandX.length * 2,
  );
  let nonPositive = 0;
  if (logY) for (const value of envelope.center) if (value <= 0) nonPositive++;
  const common = {
    label: line.label,
    color: line.style.color,
    nonFinite: NO_NON_FINITE,
    nonFiniteAt: [],
    unpaired: 0,
    best: null,
    goal: null,
    mode,
    unpairedSteps: [],
    yRange,
    xRange: null,
    smoothed: null,
  } as const;
  const band: Trace = {
    ...common,
    runId: `${line.groupId}\u0000band`,
    x: bandX,
    y: envelope.bandColumns.high,
    // The band's columns carry no step of their own: the legend never reads a band.
    steps: bandX,
    band: { low: envelope.bandColumns.low },
    nonPositive: 0,
    total: 0,
  };
  const center: Trace = {
    ...common,
    runId: `${line.groupId}\u0000center`,
    dash: line.style.dash,
    x,
    y: envelope.center,
    steps: envelope.steps,
    nonPositive,
    total: envelope.total,
    columns: envelope.layout,
    group: { id: line.groupId, note: line.note, expanded: line.expanded },
  };
  return { band, center };
}

/**
 * The stretches of a band to fill: runs of consecutive points, in [from, to], where both edges
 * have a value (undefined, a point of another trace, is passed over; null, a value the scale
 * cannot hold, ends the stretch), each as the indices of its points.
 */
export function bandStretches(
  high: ArrayLike<number | null | undefined>,
  low: ArrayLike<number | null | undefined>,
  from: number,
  to: number,
): number[][] {
  const stretches: number[][] = [];
  let current: number[] = [];
  for (let i = from; i <= to; i++) {
    const h = high[i];
    const l = low[i];
    if (h === undefined && l === undefined) continue;
    if (h === null || l === null || h === undefined || l === undefined) {
      if (current.length > 0) stretches.push(current);
      current = [];
      continue;
    }
    current.push(i);
  }
  if (current.length > 0) stretches.push(current);
  return stretches;
}

/** A polygon per stretch: along the high edge, back along the low one. */
export function bandPath(
  xs: ArrayLike<number>,
  high: ArrayLike<number | null | undefined>,
  low: ArrayLike<number | null | undefined>,
  stretches: readonly number[][],
  xPos: (x: number) => number,
  yPos: (y: number) => number,
  pen: {
    moveTo(x: number, y: number): void;
    lineTo(x: number, y: number): void;
    closePath(): void;
  },
): void {
  for (const stretch of stretches) {
    stretch.forEach((i, k) =>
      k === 0 ? pen.moveTo(xPos(xs[i]!), yPos(high[i]!)) : pen.lineTo(xPos(xs[i]!), yPos(high[i]!)),
    );
    for (let k = stretch.length - 1; k >= 0; k--) {
      const i = stretch[k]!;
      pen.lineTo(xPos(xs[i]!), yPos(low[i]!));
    }
    pen.closePath();
  }
}
