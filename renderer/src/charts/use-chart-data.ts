// New data for a curve panel's chart: given to uPlot before the browser paints, the user's zoom
// kept, held while the panel is off screen (only the newest, drawn when it is back), and, where
// live runs only appended points that fall in view, drawn as those points' segments alone.

import type { DependencyList, RefObject } from 'react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { GrowingRange } from './append-draw.js';
import { appendedFrom, appendedInView, strokeAppended } from './append-draw.js';
import { VisibilityGate, watchVisibility } from './visibility-gate.js';

export interface AppendDrawing {
  /** The x range the chart's scale takes, told here when its data grows. */
  readonly range: GrowingRange;
  /**
   * What else the chart draws over or along its lines (edge markers, mark lines, colour spans,
   * bands, envelope columns), as one text: segments alone are drawn only while it is unchanged
   * and `allowed`.
   */
  readonly decor: string;
  readonly allowed: boolean;
  /** Told after segments alone were drawn, as uPlot's draw hooks are after a whole draw. */
  readonly drawn: (chart: uPlot) => void;
}

/** Gives the chart `data` whenever `changes` change; `zoomed` tells whether the user zoomed. */
export function useChartData(
  plot: RefObject<uPlot | null>,
  host: RefObject<HTMLElement | null>,
  zoomed: RefObject<boolean>,
  data: uPlot.AlignedData,
  changes: DependencyList,
  append: AppendDrawing,
): void {
  const gate = useMemo(() => new VisibilityGate(), []);
  // What the chart's decor was when it was last given data: a chart just built is drawn whole.
  const held = useRef<{ chart: uPlot; decor: string } | null>(null);
  useEffect(() => {
    const element = host.current;
    return element === null ? undefined : watchVisibility(element, gate);
  }, [gate, host]);

  useLayoutEffect(() => {
    gate.offer(() => {
      const chart = plot.current;
      if (chart === null) return;
      const decorHeld = held.current?.chart === chart && held.current.decor === append.decor;
      held.current = { chart, decor: append.decor };
      // uPlot keeps the very arrays it was given.
      const drawn = chart.data;
      if (drawn === data) return;
      if (!zoomed.current) {
        const appended = appendedFrom(drawn, data);
        if (appended?.grown === true) append.range.growing = true;
        const starts = appended?.starts ?? null;
        if (starts !== null && append.allowed && decorHeld && appendedInView(chart, data, starts)) {
          // Held without a redraw: uPlot's scales stay, and so does what it drew.
          chart.setData(data, false);
          strokeAppended(chart, starts);
          append.drawn(chart);
          return;
        }
        chart.setData(data, true);
        return;
      }
      // Keep the zoom the user chose while samples arrive. Setting the range again makes uPlot
      // find the points in view in the new data: without it, it drew the old data's index
      // range of the new points, which invented slopes and put the cursor on the wrong sample.
      const { min, max } = chart.scales['x'] ?? {};
      chart.setData(data, false);
      if (min != null && max != null) chart.setScale('x', { min, max });
    });
    // data is a new array exactly when what `changes` names changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, changes);
}
