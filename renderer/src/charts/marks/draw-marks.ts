// What a curve panel's canvas draws of a run's marks: stage tints behind the lines (drawn after
// the grid, before the series), and after the series a thin line per cluster of marks (dashed for
// a resume) and the stretches of a curve coloured by a label's value.

import type uPlot from 'uplot';
import type { Trace, XAxisMode } from '../curve-data.js';
import { withAlpha } from '../run-colors.js';
import { themeColor } from '../../state/theme.js';
import type { RunMarks } from './mark-clusters.js';
import { clusterKind } from './mark-clusters.js';
import { MARK_STYLES } from './mark-kinds.js';
import { layoutMarks, stretchX } from './mark-layout.js';
import type { StageStretch } from './stage-stretches.js';

/** Tints for stages, by their order first met on the panel; faint under the lines. */
export const STAGE_TINTS: readonly string[] = [
  '#4c78a8',
  '#f58518',
  '#54a24b',
  '#b279a2',
  '#e45756',
  '#72b7b2',
];

export interface RunStages {
  readonly runId: string;
  readonly startTime: number;
  readonly stretches: readonly StageStretch[];
}

/** Every stage name on the panel, each its tint. */
export function stageTints(stages: readonly RunStages[]): Map<string, string> {
  const tints = new Map<string, string>();
  for (const run of stages)
    for (const s of run.stretches)
      if (!tints.has(s.stage)) tints.set(s.stage, STAGE_TINTS[tints.size % STAGE_TINTS.length]!);
  return tints;
}

/** The height of a run's stage band when several runs' stages share a panel, in CSS pixels. */
const BAND_PX = 6;

export function drawStages(u: uPlot, stages: readonly RunStages[], mode: XAxisMode): void {
  const shaded = stages.filter((s) => s.stretches.length > 0);
  if (shaded.length === 0 || mode === 'step_metric') return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = devicePixelRatio;
  const tints = stageTints(shaded);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  shaded.forEach((run, row) => {
    // One run's stages shade the whole plot; several runs' each a band along the bottom.
    const band =
      shaded.length === 1
        ? { y: top, h: height }
        : { y: top + height - (row + 1) * BAND_PX * ratio, h: BAND_PX * ratio };
    for (const stretch of run.stretches) {
      const x = stretchX(stretch, mode, run.startTime);
      if (x === null) continue;
      const x0 = x.x0 === null ? left : u.valToPos(x.x0, 'x', true);
      const x1 = x.x1 === null ? left + width : u.valToPos(x.x1, 'x', true);
      if (!Number.isFinite(x0) || !Number.isFinite(x1) || x1 <= x0) continue;
      ctx.fillStyle = withAlpha(tints.get(stretch.stage)!, shaded.length === 1 ? 0.13 : 0.6);
      ctx.fillRect(x0, band.y, x1 - x0, band.h);
    }
  });
  ctx.restore();
}

export function drawMarkLines(u: uPlot, runs: readonly RunMarks[], mode: XAxisMode): void {
  const { min, max } = u.scales['x'] ?? {};
  if (min == null || max == null) return;
  const ratio = devicePixelRatio;
  const { left, top, height } = u.bbox;
  const layouts = layoutMarks(runs, mode, { min, max, width: u.bbox.width / ratio });
  const { ctx } = u;
  ctx.save();
  ctx.lineWidth = Math.max(1, ratio);
  for (const { run, clusters } of layouts) {
    for (const cluster of clusters) {
      const kind = clusterKind(cluster.members);
      // On a page of several runs a run's marks are in its colour; alone, in their kind's.
      const color = runs.length > 1 ? run.color : themeColor(MARK_STYLES[kind].colorVar);
      // Checkpoints come by the hundred: their lines stay faint, so the rarer kinds stand out.
      ctx.strokeStyle = withAlpha(color, kind === 'checkpoint' ? 0.28 : 0.6);
      ctx.setLineDash(kind === 'resume' ? [4 * ratio, 3 * ratio] : []);
      // Whole device pixels plus a half: a one-pixel line stays one pixel, not two faint ones.
      const x = Math.round(left + cluster.px * ratio) + 0.5;
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** The first index whose x is at least `x`, in ascending xs. */
function lowerBound(xs: ArrayLike<number | null | undefined>, x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Redraws the stretches of each trace that colours by a label in their value's colour, over its
 * line: the points of each span and one either side, clipped to the span, so that the line
 * between two values changes colour at its middle.
 */
export function drawColourSpans(u: uPlot, traces: readonly Trace[], smoothing: boolean): void {
  const ratio = devicePixelRatio;
  const { ctx } = u;
  const xs = u.data[0];
  const { top, height } = u.bbox;
  traces.forEach((trace, t) => {
    const spans = trace.colourSpans;
    if (spans === undefined || spans.length === 0) return;
    const ys = u.data[smoothing ? 2 + 2 * t : 1 + t];
    if (ys === undefined) return;
    ctx.save();
    ctx.lineWidth = (smoothing ? 1.75 : 1.5) * ratio;
    ctx.lineJoin = 'round';
    for (const span of spans) {
      const px0 = u.valToPos(span.x0, 'x', true);
      const px1 = u.valToPos(span.x1, 'x', true);
      if (!Number.isFinite(px0) || !Number.isFinite(px1)) continue;
      const from = Math.max(0, lowerBound(xs, span.x0) - 1);
      const to = Math.min(xs.length - 1, lowerBound(xs, span.x1) + 1);
      ctx.save();
      ctx.beginPath();
      // A span of one sample is a point: widen its clip so that it shows.
      ctx.rect(Math.min(px0, px1) - ratio, top, Math.abs(px1 - px0) + 2 * ratio, height);
      ctx.clip();
      ctx.strokeStyle = span.color;
      ctx.beginPath();
      let pen = false;
      for (let i = from; i <= to; i++) {
        const y = ys[i];
        // undefined is another trace's point (no gap), null a gap in this one.
        if (y === undefined) continue;
        if (y === null) {
          pen = false;
          continue;
        }
        const px = u.valToPos(xs[i] as number, 'x', true);
        const py = u.valToPos(y, 'y', true);
        if (pen) ctx.lineTo(px, py);
        else ctx.moveTo(px, py);
        pen = true;
      }
      ctx.stroke();
      ctx.restore();
    }
    ctx.restore();
  });
}
