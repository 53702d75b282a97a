// The cursor's dots on a curve chart: one per line at the point the cursor reads on it (its own
// x, which may lie before the cursor's), hidden where it has none or the scale cannot hold it.

import type uPlot from 'uplot';
import type { Trace } from './curve-data.js';
import type { Readout } from './cursor-readout.js';

/** A hidden dot per trace, in the trace's colour, on the chart's cursor layer. */
export function makeCursorDots(chart: uPlot, traces: readonly Trace[]): HTMLDivElement[] {
  return traces.map((trace) => {
    const dot = document.createElement('div');
    dot.className = 'cursor-dot';
    dot.style.borderColor = trace.color;
    dot.hidden = true;
    // A band has no point of its own under the cursor: its dot is never shown.
    if (trace.band === undefined) chart.over.appendChild(dot);
    return dot;
  });
}

/** Puts each dot at its trace's point of the readout (smoothed where the chart smooths). */
export function placeCursorDots(
  dots: readonly HTMLDivElement[],
  chart: uPlot | null,
  readout: Readout | null,
  options: { readonly smoothing: boolean; readonly logY: boolean },
): void {
  dots.forEach((dot, t) => {
    const point = readout?.points[t] ?? null;
    const y =
      point === null ? NaN : options.smoothing ? (point.smoothed ?? point.value) : point.value;
    const scaleHolds = Number.isFinite(y) && (!options.logY || y > 0);
    // Written only when it changes: every live frame renders the panel, and writing the
    // attribute again, unchanged, still invalidated each dot's style.
    if (chart === null || point === null || !scaleHolds) {
      if (!dot.hidden) dot.hidden = true;
      return;
    }
    if (dot.hidden) dot.hidden = false;
    dot.style.left = `${chart.valToPos(point.x, 'x')}px`;
    dot.style.top = `${chart.valToPos(y, 'y')}px`;
  });
}
