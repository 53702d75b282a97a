// The pure part of a curve panel's file-step ticks: the steps a run logged files at (images,
// audio, video, tables, reports: any kind) with their keys, the ticks in a panel's x range (near
// ones merged), and the logged step a click opens.

import type { LoggedFileInfo } from '../../../shared/api/contract.js';
import { nearestStepIndex } from '../files/file-steps.js';

/** A step at which the run logged at least one file, and the keys logged then. */
export interface FileStep {
  readonly step: number;
  /** In the order the run first logged each key. */
  readonly keys: readonly string[];
}

/** The run's file steps, ascending: the union over its keys, of every kind. */
export function fileStepMarks(files: readonly LoggedFileInfo[]): FileStep[] {
  const keyOrder = new Map<string, number>();
  const byStep = new Map<number, Set<string>>();
  for (const file of files) {
    if (!keyOrder.has(file.key)) keyOrder.set(file.key, keyOrder.size);
    let keys = byStep.get(file.step);
    if (keys === undefined) byStep.set(file.step, (keys = new Set()));
    keys.add(file.key);
  }
  return [...byStep]
    .sort((a, b) => a[0] - b[0])
    .map(([step, keys]) => ({
      step,
      keys: [...keys].sort((a, b) => keyOrder.get(a)! - keyOrder.get(b)!),
    }));
}

/** A panel's x scale as drawn: its range and the plotting area's width in CSS pixels. */
export interface XView {
  readonly min: number;
  readonly max: number;
  readonly width: number;
}

/** Where step falls across the plotting area, in CSS pixels from its left (x is linear). */
export function stepToPx(view: XView, step: number): number {
  const span = view.max - view.min;
  return span > 0 ? ((step - view.min) / span) * view.width : view.width / 2;
}

/** One tick as drawn: at the first step it stands for, standing for every step within a gap. */
export interface Tick {
  readonly px: number;
  readonly steps: readonly FileStep[];
}

/**
 * The ticks in view, left to right. Steps closer than minGap pixels to the tick before share it:
 * a run that logged files every few steps draws a comb, not thousands of overlapping buttons.
 */
export function ticksInView(marks: readonly FileStep[], view: XView, minGap = 4): Tick[] {
  const ticks: { px: number; steps: FileStep[] }[] = [];
  for (const mark of marks) {
    if (mark.step < view.min || mark.step > view.max) continue;
    const px = stepToPx(view, mark.step);
    const last = ticks[ticks.length - 1];
    if (last !== undefined && px - last.px < minGap) last.steps.push(mark);
    else ticks.push({ px, steps: [mark] });
  }
  return ticks;
}

/**
 * The logged step a click at px (CSS pixels from the plotting area's left) opens: the nearest
 * one in view, when it is drawn within tolerance pixels of the click; otherwise null.
 */
export function fileStepAt(
  marks: readonly FileStep[],
  view: XView,
  px: number,
  tolerance = 4,
): FileStep | null {
  const span = view.max - view.min;
  const target = span > 0 ? view.min + (px / view.width) * span : view.min;
  // Only the steps drawn: one just past the edge is no tick the user could have aimed at.
  const inView = marks.filter((mark) => mark.step >= view.min && mark.step <= view.max);
  const mark =
    inView[
      nearestStepIndex(
        inView.map((m) => m.step),
        target,
      )
    ];
  if (mark === undefined) return null;
  return Math.abs(stepToPx(view, mark.step) - px) <= tolerance ? mark : null;
}

/** What hovering a tick says: its step (or range of steps) and the keys logged there. */
export function tickTitle(tick: Tick): string {
  const first = tick.steps[0]!.step;
  const last = tick.steps[tick.steps.length - 1]!.step;
  const keys = new Set(tick.steps.flatMap((mark) => mark.keys));
  const where =
    first === last
      ? `step ${first.toLocaleString('en')}`
      : `steps ${first.toLocaleString('en')}–${last.toLocaleString('en')} (${tick.steps.length})`;
  return `Files at ${where}: ${[...keys].join(', ')} · click to open in Files`;
}
