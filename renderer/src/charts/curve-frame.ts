// What frames a curve panel's lines: the x axis' name, the cursor's x as the legend tells it, the
// unit of time since start from the span drawn, and the axes' ranges when nothing can be drawn.

import type { TimeUnit } from './axis-ticks.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { floatText } from '../text/value-text.js';
import { columnCount } from './curve-series.js';
import { duration } from '../text/time-text.js';

/** The x axis' name as the panel gives it, in its head and under its ticks. */
export function axisName(mode: XAxisMode, xLabel: string, unit: TimeUnit | null): string {
  if (mode === 'step_metric') return xLabel;
  if (mode === 'wall') return 'wall time';
  if (mode === 'relative')
    return unit === null ? 'time since start' : `time since start (${unit.name})`;
  return 'step';
}

/** The cursor's x as the legend heads it: "step 1,199", "12m 3s since start", "epoch 2.5". */
export function cursorXText(mode: XAxisMode, x: number, xLabel: string): string {
  if (mode === 'wall') return new Date(x * 1000).toLocaleString();
  if (mode === 'relative') return `${duration(x)} since start`;
  // The cursor reads the sample at or before it: its step is the whole step at or before x.
  if (mode === 'step') return `step ${Math.floor(x).toLocaleString('en')}`;
  return `${xLabel} ${floatText(x, 7)}`;
}

/** The span of x over the traces, for the unit of time since start. */
export function xSpan(traces: readonly Trace[]): number {
  let least = Infinity;
  let greatest = -Infinity;
  for (const trace of traces) {
    if (trace.x.length === 0) continue;
    least = Math.min(least, trace.x[0]!);
    greatest = Math.max(greatest, trace.x[trace.x.length - 1]!);
  }
  return greatest > least ? greatest - least : 0;
}

/** The data uPlot is given when no trace has a point to draw: axes over what the keys span. */
export function emptyData(traces: readonly Trace[]): (number | null)[][] {
  const ranges = traces.flatMap((t) => (t.xRange === null ? [] : [t.xRange]));
  const x0 = ranges.length === 0 ? 0 : Math.min(...ranges.map((r) => r[0]));
  const x1 = ranges.length === 0 ? 1 : Math.max(...ranges.map((r) => r[1]));
  const columns: (number | null)[][] = [[x0, x1 > x0 ? x1 : x0 + 1]];
  const count = traces.reduce((n, trace) => n + columnCount(trace), 0);
  for (let i = 0; i < count; i++) columns.push([null, null]);
  return columns;
}

/** The y range of the keys' finite values, for axes when nothing can be drawn. */
export function yRangeOf(traces: readonly Trace[]): [number, number] {
  const ranges = traces.flatMap((t) => (t.yRange === null ? [] : [t.yRange]));
  if (ranges.length === 0) return [0, 1];
  const least = Math.min(...ranges.map((r) => r[0]));
  const greatest = Math.max(...ranges.map((r) => r[1]));
  return greatest > least ? [least, greatest] : [least - 1, greatest + 1];
}
