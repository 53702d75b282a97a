// Marks on a curve's x axis thinned to what a panel can show: marks closer than a few pixels
// become one cluster (drawn once, its count on hover), so hundreds of checkpoints never turn a
// panel into a barcode; and where a mark lies on the axis the panel shows.

import type { AnnotationInfo } from '../../../../shared/api/contract.js';
import type { JsonObject } from '../../../../shared/format/json.js';
import type { XAxisMode } from '../curve-data.js';
import type { MarkKind } from './mark-kinds.js';
import { leadingKind } from './mark-kinds.js';

/** One thing marked on a run's curves: an annotation, or a resume. */
export interface PanelMark {
  readonly kind: MarkKind;
  readonly step: number;
  /** Seconds since the epoch. */
  readonly time: number;
  readonly text: string;
  readonly metadata: JsonObject | null;
}

/** A run's marks as a panel draws them, in the run's colour on a page of several runs. */
export interface RunMarks {
  readonly runId: string;
  readonly label: string;
  readonly color: string;
  /** For time since start. */
  readonly startTime: number;
  readonly marks: readonly PanelMark[];
}

/** A run's annotations and resumes as marks, in file order then resumes. */
export function runMarks(
  annotations: readonly AnnotationInfo[],
  resumes: readonly { readonly step: number; readonly time: number }[],
): PanelMark[] {
  return [
    ...annotations.map((a) => ({ ...a })),
    ...resumes.map((r) => ({
      kind: 'resume' as const,
      step: r.step,
      time: r.time,
      text: `resume from step ${r.step.toLocaleString('en')}`,
      metadata: null,
    })),
  ];
}

/** Where a mark lies on the axis, or null when the axis has no place for it (a step_metric). */
export function markX(
  mark: { readonly step: number; readonly time: number },
  mode: XAxisMode,
  startTime: number,
): number | null {
  if (mode === 'step') return mark.step;
  if (mode === 'wall') return mark.time;
  if (mode === 'relative') return mark.time - startTime;
  return null;
}

export interface MarkCluster<M> {
  /** The cluster's place in pixels: midway between its first and last member. */
  readonly px: number;
  readonly members: readonly M[];
}

/**
 * Groups marks, given their pixel positions, so that a cluster spans less than `gap` pixels from
 * its first member: greedy from the left, so evenly spaced marks make evenly spaced clusters
 * rather than one chain that swallows the axis. Marks outside [0, width] are left out.
 */
export function clusterByPixel<M>(
  items: readonly { readonly px: number; readonly mark: M }[],
  gap: number,
  width: number,
): MarkCluster<M>[] {
  const inView = items
    .filter((item) => Number.isFinite(item.px) && item.px >= 0 && item.px <= width)
    .sort((a, b) => a.px - b.px);
  const clusters: MarkCluster<M>[] = [];
  let first = 0;
  for (let i = 1; i <= inView.length; i++) {
    if (i < inView.length && inView[i]!.px - inView[first]!.px < gap) continue;
    if (i > first) {
      const members = inView.slice(first, i);
      clusters.push({
        px: (members[0]!.px + members[members.length - 1]!.px) / 2,
        members: members.map((m) => m.mark),
      });
    }
    first = i;
  }
  return clusters;
}

/** The kind a cluster of marks shows. */
export function clusterKind(members: readonly PanelMark[]): MarkKind {
  return leadingKind(members.map((m) => m.kind));
}

/** How many of each kind a cluster holds, most first: "12 checkpoint, 1 stage". */
export function kindCounts(members: readonly PanelMark[]): string {
  const counts = new Map<MarkKind, number>();
  for (const m of members) counts.set(m.kind, (counts.get(m.kind) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
}
