// The uPlot series of a panel's traces, in the order alignTraces lays their columns: a line's raw
// column (faint behind a smoothed one), a group band's fill between its high and low columns, and
// a smoothed column where the trace has one; a line denser than the plot's pixels a hairline.

import type uPlot from 'uplot';
import type { Trace } from './curve-data.js';
import { columnPaths } from './column-path.js';
import { dashedLinePaths } from './dash-by-x.js';
import { canvasPixels } from './scale-pixels.js';
import { bandPath, bandStretches } from './group-bands.js';
import { bandFill } from './group-style.js';
import { withAlpha } from './run-colors.js';

/** The data columns a trace takes: raw, a band's low edge, a smoothed line. */
export function columnCount(trace: Trace): number {
  return 1 + (trace.band === undefined ? 0 : 1) + (trace.smoothed === null ? 0 : 1);
}

/** The abandoned copy's dash, in CSS pixels, when its run has none of its own. */
const FAINT_DASH: readonly number[] = [4, 3];

/** Draws a band's fill between its column (the high edge) and the next (the low edge). */
const bandPaths: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const fill = new Path2D();
  const xs = u.data[0] as ArrayLike<number>;
  const high = u.data[seriesIdx] as ArrayLike<number | null | undefined>;
  const low = u.data[seriesIdx + 1] as ArrayLike<number | null | undefined>;
  if (xs.length > 0) {
    const from = Math.max(0, idx0);
    const to = Math.min(xs.length - 1, idx1);
    bandPath(
      xs,
      high,
      low,
      bandStretches(high, low, from, to),
      canvasPixels(u, 'x'),
      canvasPixels(u, 'y'),
      fill,
    );
  }
  return { stroke: new Path2D(), fill, clip: null, flags: 0 };
};

/** A series that holds a band's low edge for the y scale and draws nothing of its own. */
const nothing: uPlot.Series.PathBuilder = () => ({
  stroke: new Path2D(),
  fill: null,
  clip: null,
  flags: 0,
});

/**
 * The series after uPlot's x series, per trace. `current` gives the traces as they are at draw
 * time, so that a path drawn by columns follows the data set since the chart was built.
 */
export function traceSeries(
  traces: readonly Trace[],
  current: () => readonly Trace[],
  theme: string,
  dense: readonly boolean[] = [],
): uPlot.Series[] {
  const series: uPlot.Series[] = [];
  traces.forEach((trace, t) => {
    if (trace.band !== undefined) {
      series.push(
        {
          label: `${trace.label} (band)`,
          stroke: 'transparent',
          fill: bandFill(trace.color, theme),
          width: 0,
          points: { show: false },
          paths: bandPaths,
        },
        { label: `${trace.label} (band low)`, stroke: 'transparent', width: 0, paths: nothing },
      );
      return;
    }
    const smoothed = trace.smoothed !== null;
    // The abandoned copy lies faint under the curve: thin, see-through and dashed.
    const faint = trace.faint === true;
    const dash = trace.dash ?? (faint ? FAINT_DASH : undefined);
    // Envelope points are drawn by the host's columns: a column's points as one vertical span.
    // A dash runs along x and hides no sample (see dash-by-x), not as a canvas lineDash.
    const paths =
      trace.columns !== undefined
        ? columnPaths(() => current()[t]?.columns ?? null, dash)
        : dash !== undefined
          ? dashedLinePaths(dash)
          : undefined;
    // A group's center is the line a grouped panel is about: drawn a little heavier.
    // A line of more points than the plot has pixels is drawn one device pixel wide: a canvas
    // draws such a hairline without stroking its outline, a wider one costs some 17 times the
    // time (38 against 2.2 ms a frame for 20 lines of 2,300 points, headless and unaccelerated),
    // and at that density a line's width shows no more than its noise. Its columns are drawn at
    // whole pixels (see columnPaths), so each column's span is a crisp one-pixel line.
    const hairline = 1 / devicePixelRatio;
    const width = dense[t]
      ? hairline
      : faint || smoothed || trace.thin === true
        ? 1
        : trace.group !== undefined
          ? 2
          : 1.5;
    series.push({
      label: trace.label,
      stroke: faint
        ? withAlpha(trace.color, 0.4)
        : smoothed
          ? withAlpha(trace.color, 0.28)
          : trace.color,
      width,
      points: { show: false },
      ...(paths === undefined ? {} : { paths }),
    });
    if (smoothed)
      series.push({
        label: `${trace.label} (smoothed)`,
        stroke: faint ? withAlpha(trace.color, 0.4) : trace.color,
        // The smoothed line is the one read: it keeps its weight (it is smooth, so a hairline
        // of it would fall between pixel rows and look faint).
        width: faint ? 1 : 1.75,
        points: { show: false },
        ...(paths === undefined ? {} : { paths }),
      });
  });
  return series;
}
