// The words of an offline report: which params differ between its runs, a run's commit, and
// what a panel holds ("every sample" or "exact envelopes down to 1 column = 250 steps").

import { parseJson } from '../../../shared/format/json.js';
import type { JsonObject } from '../../../shared/format/json.js';
import type {
  ReportPanel,
  ReportRun,
  ReportValue,
} from '../../../shared/report/report-document.js';
import { duration } from '../text/time-text.js';
import { floatText } from '../text/value-text.js';
import type { XAxisMode } from '../charts/curve-data.js';

/** The names of params whose values are not the same in every run (missing counts). */
export function differingParams(runs: readonly ReportRun[]): string[] {
  const names = new Set(runs.flatMap((run) => run.params.map(([name]) => name)));
  if (runs.length < 2) return [...names].sort();
  return [...names]
    .filter((name) => {
      const texts = runs.map((run) => {
        const value = run.params.find(([n]) => n === name)?.[1];
        return value === undefined ? '\u0000missing' : `${value.kind}:${value.text}`;
      });
      return texts.some((text) => text !== texts[0]);
    })
    .sort();
}

export function valueOf(
  entries: readonly (readonly [string, ReportValue])[],
  name: string,
): ReportValue | undefined {
  return entries.find(([n]) => n === name)?.[1];
}

/** The start's provenance, read back from its exact JSON text. */
export function provenanceOf(run: ReportRun): JsonObject | null {
  if (run.provenance === null) return null;
  const value = parseJson(new TextEncoder().encode(run.provenance));
  return value instanceof Map ? value : null;
}

/** The run's commit, shortened, and whether its tree was dirty; null without git. */
export function commitOf(run: ReportRun): { commit: string; full: string; dirty: boolean } | null {
  const git = provenanceOf(run)?.get('git');
  if (!(git instanceof Map)) return null;
  const commit = git.get('commit');
  if (typeof commit !== 'string') return null;
  return { commit: commit.slice(0, 10), full: commit, dirty: git.get('dirty') === true };
}

/** How long the run ran: start to end, or to its last write while it had no end. */
export function runDuration(run: ReportRun): string | null {
  if (run.startTime === null) return null;
  const end = run.endTime ?? run.lastWrite;
  return end >= run.startTime ? duration(end - run.startTime) : null;
}

/** One held column's width in the panel's x units: the widest any line holds. */
export function heldColumnWidth(panel: ReportPanel): number | null {
  let widest: number | null = null;
  for (const line of panel.lines) {
    if (line.layout === null || !(line.layout.x1 > line.layout.x0)) continue;
    const width = (line.layout.x1 - line.layout.x0) / line.layout.columns;
    widest = widest === null ? width : Math.max(widest, width);
  }
  return widest;
}

function widthText(width: number, panel: ReportPanel): string {
  if (panel.mode === 'step') {
    const steps = Number.isInteger(width) ? width : Number(width.toPrecision(3));
    return `${steps.toLocaleString()} step${steps === 1 ? '' : 's'}`;
  }
  if (panel.mode === 'step_metric') return `${floatText(width, 3)} of ${panel.stepMetric ?? 'x'}`;
  return width >= 1 ? duration(width) : `${floatText(width * 1000, 3)} ms`;
}

/** What the panel holds, in words. */
export function holdingText(panel: ReportPanel): string {
  const width = heldColumnWidth(panel);
  if (panel.holding === 'every-sample' || width === null) return 'every sample';
  return `exact envelopes down to 1 column = ${widthText(width, panel)}`;
}

/** Whether a view of the axis draws the points on the axis they were chosen on. */
export function sameAxis(mode: XAxisMode, panel: ReportPanel): boolean {
  const time = (m: XAxisMode) => m === 'wall' || m === 'relative';
  return mode === panel.mode || (time(mode) && time(panel.mode));
}
