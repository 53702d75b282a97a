// New data for a curve panel's chart: given to uPlot before the browser paints, the user's zoom
// kept, and held while the panel is off screen (only the newest, drawn when it is back).

import type { DependencyList, RefObject } from 'react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import type uPlot from 'uplot';
import { VisibilityGate, watchVisibility } from './visibility-gate.js';

/** Gives the chart `data` whenever `changes` change; `zoomed` tells whether the user zoomed. */
export function useChartData(
  plot: RefObject<uPlot | null>,
  host: RefObject<HTMLElement | null>,
  zoomed: RefObject<boolean>,
  data: uPlot.AlignedData,
  changes: DependencyList,
): void {
  const gate = useMemo(() => new VisibilityGate(), []);
  useEffect(() => {
    const element = host.current;
    return element === null ? undefined : watchVisibility(element, gate);
  }, [gate, host]);

  useLayoutEffect(() => {
    gate.offer(() => {
      const chart = plot.current;
      if (chart === null) return;
      if (!zoomed.current) {
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
