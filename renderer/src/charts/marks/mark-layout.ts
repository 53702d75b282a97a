// Where a panel's marks go for its current x range: each run's marks clustered by pixel (the
// canvas's lines and the strip's icons use the same clusters), and its stage stretches in x.

import type { XAxisMode } from '../curve-data.js';
import type { XView } from '../file-step-ticks.js';
import { stepToPx } from '../file-step-ticks.js';
import type { MarkCluster, PanelMark, RunMarks } from './mark-clusters.js';
import { clusterByPixel, markX } from './mark-clusters.js';
import type { StageStretch } from './stage-stretches.js';

/** Marks closer than this many CSS pixels are drawn as one: an icon and its count fit apart. */
export const MARK_GAP_PX = 18;

export interface RunMarkLayout {
  readonly run: RunMarks;
  /** The run's row in the strip: runs of a Compare are stacked, each in its colour. */
  readonly row: number;
  readonly clusters: readonly MarkCluster<PanelMark>[];
}

/** Each run's clusters in the view, in CSS pixels from the plot's left; none on a step_metric. */
export function layoutMarks(
  runs: readonly RunMarks[],
  mode: XAxisMode,
  view: XView,
): RunMarkLayout[] {
  if (mode === 'step_metric') return [];
  return runs
    .filter((run) => run.marks.length > 0)
    .map((run, row) => ({
      run,
      row,
      clusters: clusterByPixel(
        run.marks.map((mark) => ({ px: stepToPx(view, markX(mark, mode, run.startTime)!), mark })),
        MARK_GAP_PX,
        view.width,
      ),
    }));
}

/** A stage stretch's ends on the axis: null ends go to the plot's edges. */
export function stretchX(
  stretch: StageStretch,
  mode: XAxisMode,
  startTime: number,
): { x0: number | null; x1: number | null } | null {
  if (mode === 'step_metric') return null;
  return {
    x0: stretch.from === null ? null : markX(stretch.from, mode, startTime),
    x1: stretch.to === null ? null : markX(stretch.to, mode, startTime),
  };
}
