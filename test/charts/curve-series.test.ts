// renderer/src/charts/curve-series: each trace's uPlot series, and a line denser than the plot's
// pixels drawn one device pixel wide (a hairline, which a canvas draws without stroking outlines).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Trace } from '../../renderer/src/charts/curve-data.js';
import { buildTrace } from '../../renderer/src/charts/curve-data.js';
import { traceSeries } from '../../renderer/src/charts/curve-series.js';

function trace(points: number, smoothing = 0): Trace {
  const steps = Float64Array.from({ length: points }, (_, i) => i);
  return buildTrace(
    {
      runId: `run-${points}`,
      label: `${points} points`,
      color: '#2f6fed',
      series: { steps, times: steps, values: steps, length: points },
      stepMetric: null,
      stepMetricName: null,
      startTime: 0,
      goal: null,
    },
    { mode: 'step', smoothing, logY: false },
  );
}

describe('traceSeries', () => {
  const scope = globalThis as { devicePixelRatio?: number };
  let held: number | undefined;
  beforeEach(() => {
    held = scope.devicePixelRatio;
    scope.devicePixelRatio = 2;
  });
  afterEach(() => {
    scope.devicePixelRatio = held;
  });

  it('draws a dense line as a hairline and a sparse one at its width', () => {
    const traces = [trace(5000), trace(50)];
    const series = traceSeries(traces, () => traces, 'light', [true, false]);
    expect(series.map((s) => s.width)).toEqual([0.5, 1.5]);
  });

  it('keeps a smoothed line its weight, its dense raw line faint and a hairline', () => {
    const traces = [trace(5000, 0.6), trace(50, 0.6)];
    const series = traceSeries(traces, () => traces, 'light', [true, false]);
    expect(series.map((s) => s.label)).toEqual([
      '5000 points',
      '5000 points (smoothed)',
      '50 points',
      '50 points (smoothed)',
    ]);
    expect(series.map((s) => s.width)).toEqual([0.5, 1.75, 1, 1.75]);
  });

  it('keeps the widths without density told', () => {
    const traces = [trace(5000)];
    expect(traceSeries(traces, () => traces, 'light').map((s) => s.width)).toEqual([1.5]);
  });
});
