// renderer/src/charts/envelope-trace: a run's raw points, smoothed points and
// non-finite markers merged into one trace in x order, each point flagged with the line it is
// missing from; a raw envelope alone taken as it is, and handed to uPlot so where it can be.

import { describe, expect, it } from 'vitest';
import type { EnvelopeColumns, EnvelopePoints } from '../../shared/api/contract.js';
import { envelopeTrace } from '../../renderer/src/charts/envelope-trace.js';
import type { EnvelopeRun } from '../../renderer/src/charts/envelope-trace.js';
import { NO_RAW, NO_SMOOTHED, alignTraces } from '../../renderer/src/charts/curve-data.js';

const run: EnvelopeRun = {
  runId: 'r',
  label: 'r',
  color: '#000',
  startTime: 100,
  goal: null,
};

function points(steps: number[], values: number[], x: number[] | null = null): EnvelopePoints {
  return {
    steps: Float64Array.from(steps),
    x: x === null ? null : Float64Array.from(x),
    values: Float64Array.from(values),
  };
}

function envelope(parts: Partial<EnvelopeColumns>): EnvelopeColumns {
  return {
    raw: points([], []),
    smoothed: null,
    markers: points([], []),
    inView: 0,
    layout: { x0: 0, x1: 10, columns: 10 },
    total: 0,
    stepMetric: null,
    unpaired: 0,
    xOrder: 'series',
    nonFinite: { nan: 0, positiveInfinity: 0, negativeInfinity: 0 },
    best: null,
    ...parts,
  };
}

const step = { mode: 'step' as const, smoothing: 0, logY: false };

describe('envelopeTrace', () => {
  it('takes a raw envelope alone as it is, x the steps, its columns not copied', () => {
    const raw = points([1, 2, 5], [0.5, 0.25, 2]);
    const trace = envelopeTrace(run, envelope({ raw }), step);
    expect([...trace.x]).toEqual([1, 2, 5]);
    expect([...trace.steps]).toEqual([1, 2, 5]);
    expect([...trace.y]).toEqual([0.5, 0.25, 2]);
    // The decoded columns themselves: a Compare's 240 envelopes copied five columns each.
    expect(trace.x).toBe(raw.steps);
    expect(trace.steps).toBe(raw.steps);
    expect(trace.y).toBe(raw.values);
    // No point is missing from a line: there is only one.
    expect(trace.missing).toBeUndefined();
    expect(trace.smoothed).toBeNull();
  });

  it('puts relative time from the run start, from the points own x', () => {
    const raw = points([1, 2], [3, 4], [101.5, 103]);
    const trace = envelopeTrace(run, envelope({ raw }), { ...step, mode: 'relative' });
    expect([...trace.x]).toEqual([1.5, 3]);
    expect([...trace.steps]).toEqual([1, 2]);
  });

  it('merges raw, smoothed and markers in x order, each missing from the other line', () => {
    const trace = envelopeTrace(
      run,
      envelope({
        raw: points([1, 4], [10, 40]),
        smoothed: points([2, 4], [12, 35]),
        markers: points([3], [NaN]),
      }),
      { ...step, smoothing: 0.5 },
    );
    expect([...trace.x]).toEqual([1, 2, 3, 4, 4]);
    expect([...trace.missing!]).toEqual([NO_SMOOTHED, NO_RAW, 0, NO_SMOOTHED, NO_RAW]);
    expect([...trace.y]).toEqual([10, NaN, NaN, 40, NaN]);
    expect([...trace.smoothed!]).toEqual([NaN, 12, NaN, NaN, 35]);
    expect(trace.nonFiniteAt).toEqual([{ x: 3, value: NaN }]);
  });

  it('draws a smoothed envelope alone with its raw line missing throughout', () => {
    const trace = envelopeTrace(run, envelope({ smoothed: points([1, 2], [5, 6]) }), {
      ...step,
      smoothing: 0.9,
    });
    expect([...trace.missing!]).toEqual([NO_RAW, NO_RAW]);
    expect([...trace.y]).toEqual([NaN, NaN]);
    expect([...trace.smoothed!]).toEqual([5, 6]);
  });

  it('is handed to uPlot as it came, but under a log scale with values it cannot hold', () => {
    const raw = points([1, 2, 5], [0.5, 0, 2]);
    const [, y] = alignTraces([envelopeTrace(run, envelope({ raw }), step)], false);
    expect(y).toBe(raw.values);
    // Under log y the zero is counted and made a gap: the line is built, not taken.
    const logged = envelopeTrace(run, envelope({ raw }), { ...step, logY: true });
    expect(logged.nonPositive).toBe(1);
    const [, gapped] = alignTraces([logged], true);
    expect(gapped).not.toBe(raw.values);
    expect(Array.from(gapped!)).toEqual([0.5, null, 2]);
    const positive = points([1, 2], [0.5, 2]);
    const [, kept] = alignTraces(
      [envelopeTrace(run, envelope({ raw: positive }), { ...step, logY: true })],
      true,
    );
    expect(kept).toBe(positive.values);
  });
});
