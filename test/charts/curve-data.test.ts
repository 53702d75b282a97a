// renderer/src/charts/curve-data: buildTrace's x axes (step, wall, relative, step_metric and its fallback), order, non-finite and best points; alignTraces' uPlot columns.

import { describe, expect, it } from 'vitest';
import type { Columns } from '../../shared/series/curve-math.js';
import type { CurveOptions, Trace, TraceInput } from '../../renderer/src/charts/curve-data.js';
import { alignTraces, buildTrace } from '../../renderer/src/charts/curve-data.js';
import { debiasedEma } from '../../shared/series/curve-math.js';

/** alignTraces' columns as arrays, whatever kind uPlot is handed. */
function alignedArrays(...args: Parameters<typeof alignTraces>): (number | null | undefined)[][] {
  return alignTraces(...args).map((column) => Array.from(column));
}

/** Columns in log order from [step, time, value] triples. */
function columns(samples: readonly (readonly [number, number, number])[]): Columns {
  return {
    steps: Float64Array.from(samples, ([step]) => step),
    times: Float64Array.from(samples, ([, time]) => time),
    values: Float64Array.from(samples, ([, , value]) => value),
    length: samples.length,
  };
}

function input(series: Columns, extra: Partial<TraceInput> = {}): TraceInput {
  return {
    runId: 'run-a',
    label: 'a',
    color: '#2f6fed',
    series,
    stepMetric: null,
    stepMetricName: null,
    startTime: 1000,
    goal: null,
    ...extra,
  };
}

const plain: CurveOptions = { mode: 'step', smoothing: 0, logY: false };

const loss = columns([
  [0, 1000.5, 2.5],
  [10, 1003.25, 2.0],
  [20, 1007, 1.25],
  [30, 1011.5, 1.5],
]);

describe('buildTrace', () => {
  it('draws against step by default', () => {
    const trace = buildTrace(input(loss), plain);
    expect(trace.mode).toBe('step');
    expect([...trace.x]).toEqual([0, 10, 20, 30]);
    expect([...trace.y]).toEqual([2.5, 2.0, 1.25, 1.5]);
    expect([...trace.steps]).toEqual([0, 10, 20, 30]);
    expect(trace.smoothed).toBeNull();
    expect(trace.unpaired).toBe(0);
  });

  it('draws against wall time and time since the start', () => {
    const wall = buildTrace(input(loss), { ...plain, mode: 'wall' });
    expect(wall.mode).toBe('wall');
    expect([...wall.x]).toEqual([1000.5, 1003.25, 1007, 1011.5]);
    const relative = buildTrace(input(loss), { ...plain, mode: 'relative' });
    expect(relative.mode).toBe('relative');
    expect([...relative.x]).toEqual([0.5, 3.25, 7, 11.5]);
    expect([...relative.steps]).toEqual([0, 10, 20, 30]);
  });

  it('draws against the declared step_metric, paired by the format rule', () => {
    const epoch = columns([
      [0, 1000, 0],
      [20, 1006, 1],
      [20, 1006.5, 1.5],
    ]);
    const trace = buildTrace(input(loss, { stepMetric: epoch, stepMetricName: 'epoch' }), {
      ...plain,
      mode: 'step_metric',
    });
    expect(trace.mode).toBe('step_metric');
    expect([...trace.x]).toEqual([0, 1.5]);
    expect([...trace.y]).toEqual([2.5, 1.25]);
    expect([...trace.steps]).toEqual([0, 20]);
    expect(trace.unpaired).toBe(2);
  });

  it('falls back to step for a key that declares no step_metric', () => {
    const trace = buildTrace(input(loss), { ...plain, mode: 'step_metric' });
    expect(trace.mode).toBe('step');
    expect([...trace.x]).toEqual([0, 10, 20, 30]);
    expect(trace.unpaired).toBe(0);
  });

  it('draws nothing on the axis of a declared step_metric that has no sample yet', () => {
    // "a sample of k at a step where m has none has no value on m's axis"
    const trace = buildTrace(input(loss, { stepMetric: null, stepMetricName: 'epoch' }), {
      ...plain,
      mode: 'step_metric',
    });
    expect(trace.mode).toBe('step_metric');
    expect(trace.x).toHaveLength(0);
    expect(trace.unpaired).toBe(4);
  });

  it('sorts points by x, keeping log order among equal x', () => {
    // A step_metric that goes down (a new epoch count after a restart) and repeats a value.
    const epoch = columns([
      [1, 0, 3],
      [2, 0, 1],
      [3, 0, 2],
      [4, 0, 1],
    ]);
    const series = columns([
      [1, 0, 10],
      [2, 0, 20],
      [3, 0, 30],
      [4, 0, 40],
    ]);
    const trace = buildTrace(input(series, { stepMetric: epoch, stepMetricName: 'epoch' }), {
      ...plain,
      mode: 'step_metric',
    });
    expect([...trace.x]).toEqual([1, 1, 2, 3]);
    expect([...trace.y]).toEqual([20, 40, 30, 10]);
    expect([...trace.steps]).toEqual([2, 4, 3, 1]);
    const wall = buildTrace(
      input(
        columns([
          [1, 5, 1],
          [2, 3, 2],
          [3, 4, 3],
        ]),
      ),
      { ...plain, mode: 'wall' },
    );
    expect([...wall.x]).toEqual([3, 4, 5]);
    expect([...wall.steps]).toEqual([2, 3, 1]);
  });

  it('keeps non-finite values, lists where they fall and counts them', () => {
    const series = columns([
      [0, 0, 2],
      [1, 0, Infinity],
      [2, 0, NaN],
      [3, 0, -Infinity],
      [4, 0, NaN],
    ]);
    const trace = buildTrace(input(series, { goal: 'minimize' }), plain);
    expect(trace.y).toHaveLength(5);
    expect(trace.nonFinite).toEqual({ nan: 2, positiveInfinity: 1, negativeInfinity: 1 });
    expect(trace.nonFiniteAt).toEqual([
      { x: 1, value: Infinity },
      { x: 2, value: NaN },
      { x: 3, value: -Infinity },
      { x: 4, value: NaN },
    ]);
    expect(trace.best).toEqual({ x: 0, y: 2, step: 0 });
  });

  it('marks the best point by goal after sorting, the first of equals', () => {
    const series = columns([
      [30, 0, 0.9],
      [10, 0, 0.7],
      [20, 0, 0.9],
    ]);
    expect(buildTrace(input(series, { goal: 'maximize' }), plain).best).toEqual({
      x: 20,
      y: 0.9,
      step: 20,
    });
    expect(buildTrace(input(series, { goal: 'minimize' }), plain).best).toEqual({
      x: 10,
      y: 0.7,
      step: 10,
    });
    expect(buildTrace(input(series), plain).best).toBeNull();
  });

  it('counts the values a log scale cannot show only when log y is on', () => {
    const series = columns([
      [0, 0, 1],
      [1, 0, 0],
      [2, 0, -2],
      [3, 0, NaN],
      [4, 0, 1e-300],
    ]);
    expect(buildTrace(input(series), { ...plain, logY: true }).nonPositive).toBe(2);
    expect(buildTrace(input(series), plain).nonPositive).toBe(0);
  });

  it('smooths the sorted values with the debiased EMA', () => {
    const series = columns([
      [2, 0, 4],
      [1, 0, 2],
      [3, 0, NaN],
      [4, 0, 8],
    ]);
    const trace = buildTrace(input(series), { ...plain, smoothing: 0.6 });
    expect(trace.smoothed).not.toBeNull();
    expect([...trace.smoothed!]).toEqual([...debiasedEma([2, 4, NaN, 8], 0.6)]);
    expect(trace.smoothed![0]).toBeCloseTo(2, 12);
  });
});

describe('alignTraces', () => {
  function trace(x: readonly number[], y: readonly number[], smoothing = 0): Trace {
    return buildTrace(input(columns(x.map((step, i) => [step, i, y[i]!])), {}), {
      mode: 'step',
      smoothing,
      logY: false,
    });
  }

  it('merges two traces with repeated and interleaved x, keeping every point', () => {
    const a = trace([1, 2, 2, 4], [10, 20, 21, 40]);
    const b = trace([2, 3, 3, 5], [200, 300, 301, 500]);
    const data = alignedArrays([a, b], false);
    expect(data).toHaveLength(3);
    // x 2 takes two slots (a has two points there), b's one point at 2 the first of them.
    expect(data[0]).toEqual([1, 2, 2, 3, 3, 4, 5]);
    for (const column of data) expect(column).toHaveLength(7);
    expect(data[1]).toEqual([10, 20, 21, undefined, undefined, 40, undefined]);
    expect(data[2]).toEqual([undefined, 200, undefined, 300, 301, undefined, 500]);
    expect(data[2]![6]).toBe(500);
    expect(data[1]![3]).toBeUndefined();
  });

  it('gives runs logged at the same steps one slot a step, not one a run', () => {
    const steps = [0, 10, 20, 30];
    const traces = Array.from({ length: 20 }, (_, r) =>
      trace(
        steps,
        steps.map((s) => s + r),
      ),
    );
    const data = alignedArrays(traces, false);
    expect(data[0]).toEqual(steps);
    traces.forEach((_, r) => expect(data[1 + r]).toEqual(steps.map((s) => s + r)));
  });

  it('aligns traces sharing x point for point, repeats and gaps kept, as merging would', () => {
    const x = [1, 2, 2, 5];
    const a = trace(x, [1, NaN, 3, 4], 0.5);
    const b = trace(x, [5, 6, 7, Infinity], 0.5);
    const shared = alignedArrays([a, b], false);
    // The same traces with b's x one apart at its end take the merge, which must agree.
    const merged = alignedArrays([a, trace([1, 2, 2, 6], [5, 6, 7, Infinity], 0.5)], false);
    expect(shared[0]).toEqual([1, 2, 2, 5]);
    expect(shared[1]).toEqual([1, null, 3, 4]);
    expect(shared[3]).toEqual([5, 6, 7, null]);
    expect(shared[2]).toHaveLength(4);
    expect(merged[2]!.slice(0, 4)).toEqual(shared[2]);
    expect(merged[1]!.slice(0, 4)).toEqual(shared[1]);
    expect(merged[3]!.filter((v) => v !== undefined)).toEqual(shared[3]);
  });

  it("hands uPlot envelopes' own columns where every point draws, built columns where not", () => {
    const layout = { x0: 0, x1: 10, columns: 10 };
    const x = [1, 2, 2, 5];
    const envelope = (y: readonly number[]): Trace => ({ ...trace(x, y, 0.5), columns: layout });
    const whole = [envelope([1, 2, 3, 4]), envelope([5, 6, 7, 8])];
    const direct = alignTraces(whole, false);
    expect(direct[0]).toBe(whole[0]!.x);
    expect(direct[1]).toBe(whole[0]!.y);
    expect(direct[2]).toBe(whole[0]!.smoothed);
    expect(direct[3]).toBe(whole[1]!.y);
    // A value the scale cannot hold (NaN; under log y, zero) must become a gap: built instead.
    const gapped = alignTraces([whole[0]!, envelope([5, NaN, 7, 8])], false);
    expect(gapped[1]).toBe(whole[0]!.y);
    expect(Array.from(gapped[3]!)).toEqual([5, null, 7, 8]);
    const logged = alignTraces([envelope([0, 1, 2, 3])], true);
    expect(Array.from(logged[1]!)).toEqual([null, 1, 2, 3]);
    // A live series' arrays may still grow under it: always copied.
    const live = alignTraces([trace(x, [1, 2, 3, 4])], false);
    expect(live[1]).not.toBeInstanceOf(Float64Array);
    expect(live[0]).not.toBeInstanceOf(Float64Array);
  });

  it('keeps each trace whole and in order, x ascending, over random traces', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const traces = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const x = Array.from({ length: Math.floor(random() * 12) }, () =>
          Math.floor(random() * 8),
        ).sort((p, q) => p - q);
        return trace(
          x,
          x.map(() => random()),
          round % 2 === 0 ? 0 : 0.5,
        );
      });
      const [xs, ...rest] = alignedArrays(traces, false);
      for (let i = 1; i < xs!.length; i++) expect(xs![i]!).toBeGreaterThanOrEqual(xs![i - 1]!);
      // As many slots at an x as the trace with the most points there.
      const distinct = new Set(traces.flatMap((t) => [...t.x]));
      const slots = [...distinct].reduce(
        (n, v) => n + Math.max(...traces.map((t) => t.x.filter((x) => x === v).length)),
        0,
      );
      expect(xs).toHaveLength(slots);
      let column = 0;
      for (const t of traces) {
        const raw = rest[column]!;
        const at = raw.flatMap((v, i) => (v === undefined ? [] : [i]));
        expect(at.map((i) => xs![i])).toEqual([...t.x]);
        expect(at.map((i) => raw[i])).toEqual([...t.y]);
        if (t.smoothed !== null) {
          const smooth = rest[column + 1]!;
          expect(at.map((i) => smooth[i])).toEqual([...t.smoothed]);
        }
        column += t.smoothed === null ? 1 : 2;
      }
    }
  });

  it('adds a smoothed column after each raw one', () => {
    const a = trace([1, 2, 3], [1, 3, 5], 0.5);
    const b = trace([2, 4], [10, 20], 0.5);
    const data = alignedArrays([a, b], false);
    expect(data).toHaveLength(5);
    expect(data[0]).toEqual([1, 2, 3, 4]);
    expect(data[1]).toEqual([1, 3, 5, undefined]);
    expect(data[2]![0]).toBeCloseTo(1, 12);
    expect(data[2]![1]).toBeCloseTo(a.smoothed![1]!, 12);
    expect(data[2]![3]).toBeUndefined();
    expect(data[3]).toEqual([undefined, 10, undefined, 20]);
    expect(data[4]![1]).toBeCloseTo(10, 12);
  });

  it('makes values the scale cannot hold null gaps, not undefined', () => {
    const a = trace([1, 2, 3, 4, 5], [1, NaN, Infinity, 0, -Infinity]);
    expect(alignedArrays([a], false)[1]).toEqual([1, null, null, 0, null]);
    expect(alignedArrays([a], true)[1]).toEqual([1, null, null, null, null]);
  });

  it('gives an empty x column for no traces', () => {
    expect(alignedArrays([], false)).toEqual([[]]);
  });
});
