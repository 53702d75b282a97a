// The table of what each annotation kind (and a run's resume) looks like on a curve panel: its
// icon's shape, its theme colour, its name, and which wins when several share one cluster.

import type { AnnotationKind } from '../../../../shared/api/contract.js';

/**
 * What a mark on a curve stands for: an annotation of a kind, where a resume begins, or a health
 * event the host saw (a stall, a first NaN, an end) at its step.
 */
export type MarkKind = AnnotationKind | 'resume' | 'health';

/** The icon's shape, drawn as a small SVG (no font is trusted to hold a symbol). */
export type MarkShape =
  'chip' | 'bars' | 'flag' | 'disk' | 'play' | 'pause' | 'cross' | 'ring' | 'restart' | 'alert';

export interface MarkStyle {
  readonly name: string;
  readonly shape: MarkShape;
  /** A CSS custom property of the theme: each theme gives it a colour that reads on its panel. */
  readonly colorVar: string;
  /** Greater wins a cluster's icon: a failure is never hidden behind a checkpoint. */
  readonly rank: number;
}

export const MARK_STYLES: Readonly<Record<MarkKind, MarkStyle>> = {
  health: { name: 'health event', shape: 'alert', colorVar: '--k-health', rank: 10 },
  failed: { name: 'failed', shape: 'cross', colorVar: '--k-failed', rank: 9 },
  interrupted: { name: 'interrupted', shape: 'pause', colorVar: '--k-interrupted', rank: 8 },
  resume: { name: 'resume', shape: 'restart', colorVar: '--k-resume', rank: 7 },
  resumed: { name: 'resumed', shape: 'play', colorVar: '--k-resume', rank: 6 },
  stage: { name: 'stage', shape: 'flag', colorVar: '--k-stage', rank: 5 },
  memory: { name: 'memory', shape: 'bars', colorVar: '--k-memory', rank: 4 },
  lowering: { name: 'lowering', shape: 'chip', colorVar: '--k-lowering', rank: 3 },
  checkpoint: { name: 'checkpoint', shape: 'disk', colorVar: '--k-checkpoint', rank: 2 },
  other: { name: 'other', shape: 'ring', colorVar: '--k-other', rank: 1 },
};

/** The kind a cluster shows: the highest ranked of its members'. */
export function leadingKind(kinds: Iterable<MarkKind>): MarkKind {
  let best: MarkKind | null = null;
  for (const kind of kinds)
    if (best === null || MARK_STYLES[kind].rank > MARK_STYLES[best].rank) best = kind;
  return best ?? 'other';
}
