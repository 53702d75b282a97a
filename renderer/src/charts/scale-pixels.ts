// A scale's value-to-canvas-pixel map, worked out once a draw for the path builders: uPlot's
// valToPos looks the scale up by name and checks its kind at every call, and a Compare's open
// spent 40 ms of its path building there.

import type uPlot from 'uplot';

/** Canvas pixels of `key`'s values as the chart's scale stands: uPlot's valToPos, unrolled. */
export function canvasPixels(u: uPlot, key: string): (value: number) => number {
  const exact = (value: number): number => u.valToPos(value, key, true);
  const scale = u.scales[key];
  const min = scale?.min;
  const max = scale?.max;
  if (scale === undefined || min == null || max == null || !(max > min)) return exact;
  // Linear (distr 1) and base-10 log (distr 3) scales place a value by a line through the
  // scale's ends, in the value or in its log; any other kind keeps uPlot's own reckoning.
  const log = scale.distr === 3 && scale.log === 10;
  if (!log && scale.distr !== 1) return exact;
  if (log && !(min > 0)) return exact;
  const low = log ? Math.log10(min) : min;
  const high = log ? Math.log10(max) : max;
  const at = exact(min);
  const perUnit = (exact(max) - at) / (high - low);
  if (!Number.isFinite(perUnit)) return exact;
  return log
    ? (value) => at + (Math.log10(value) - low) * perUnit
    : (value) => at + (value - low) * perUnit;
}
