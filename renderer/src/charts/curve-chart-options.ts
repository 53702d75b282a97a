// A curve panel's uPlot options: a series per trace as the theme colours it, the scales and axes
// of the panel's x axis and y scale, the cursor synced across the page's panels, stage tints
// behind the lines and marks and edge markers over them, and the panel's own hooks.

import type uPlot from 'uplot';
import type { Trace, XAxisMode } from './curve-data.js';
import type { TimeUnit } from './axis-ticks.js';
import { curveAxes, curveScales } from './curve-axes.js';
import { traceSeries } from './curve-series.js';
import { drawEdgeMarkers } from './edge-markers.js';
import type { RunMarks } from './marks/mark-clusters.js';
import type { RunStages } from './marks/draw-marks.js';
import { drawColourSpans, drawMarkLines, drawStages } from './marks/draw-marks.js';
import { themeColor } from '../state/theme.js';

/** How the chart looks: what a new chart is built for. */
export interface CurveChartLook {
  readonly width: number;
  readonly height: number;
  /** The traces as the chart is built; each draw reads them as they are then (`live.traces`). */
  readonly traces: readonly Trace[];
  /** Per trace: more points than the plot is wide, drawn as a hairline. */
  readonly dense: readonly boolean[];
  readonly theme: string;
  readonly mode: XAxisMode;
  readonly logY: boolean;
  readonly smoothingOn: boolean;
  readonly timeUnit: TimeUnit | null;
  readonly xName: string;
  /** The y range of a chart with nothing to draw (its axes stay); null when it draws curves. */
  readonly emptyY: readonly [number, number] | null;
  /** The x range as the data sets it (see GrowingRange). */
  readonly xRange: uPlot.Scale.Range;
  /** Panels of one key share the cursor. */
  readonly syncKey: string;
}

/** What the chart reads as it draws, and what it tells the panel. */
export interface CurveChartLive {
  readonly traces: () => readonly Trace[];
  readonly decor: () => {
    readonly marks: readonly RunMarks[];
    readonly stages: readonly RunStages[];
  };
  /** Each axis' tick labels as drawn. */
  readonly onLabels: (axis: 'x' | 'y', labels: readonly string[]) => void;
  readonly hooks: {
    readonly draw: ((u: uPlot) => void)[];
    readonly setCursor: ((u: uPlot) => void)[];
    readonly setSelect: ((u: uPlot) => void)[];
    readonly setScale: ((u: uPlot, key: string) => void)[];
  };
}

export function curveChartOptions(look: CurveChartLook, live: CurveChartLive): uPlot.Options {
  const { mode, logY, smoothingOn, emptyY } = look;
  const scales = curveScales(mode, logY);
  scales['x'] = { ...scales['x'], range: look.xRange };
  if (emptyY !== null) scales['y'] = { ...scales['y'], auto: false, range: () => [...emptyY] };
  return {
    width: look.width,
    height: look.height,
    series: [{}, ...traceSeries(look.traces, live.traces, look.theme, look.dense)],
    legend: { show: false },
    cursor: {
      sync: { key: look.syncKey },
      drag: { x: true, y: false },
      // The panel draws the cursor's points, one per trace at its own point, not uPlot's one.
      points: { show: false },
    },
    scales,
    axes: curveAxes({
      mode,
      logY,
      colours: { text: themeColor('--muted'), grid: themeColor('--border') },
      timeUnit: look.timeUnit,
      xName: look.xName,
      onLabels: live.onLabels,
    }),
    hooks: live.hooks,
    plugins: [
      {
        hooks: {
          // After the grid, before the lines: stage tints lie behind the curves.
          drawAxes: (u: uPlot) => drawStages(u, live.decor().stages, mode),
          draw: (u: uPlot) => {
            drawColourSpans(u, live.traces(), smoothingOn);
            drawMarkLines(u, live.decor().marks, mode);
            drawEdgeMarkers(u, live.traces(), {
              panel: themeColor('--panel'),
              marker: themeColor('--s-failed'),
            });
          },
        },
      },
    ],
  };
}
