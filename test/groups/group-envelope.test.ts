// A group curve for a view: pixel columns laid out as a run's envelope is, at most four points a
// column with the center's extremes, each column's band extremes kept (a one-step spike of one
// run shows), every point when few, and what a cursor reads: the last step at or before it.

import { describe, expect, it } from 'vitest';
import { groupEnvelopeOf, groupPointAt, GroupOrder } from '../../shared/series/group-envelope.js';
import { GroupCurve } from '../../electron/host/groups/group-series.js';
import { Series } from '../../electron/store/log/samples-fold.js';
import { EnvelopeIndex } from '../../shared/series/envelope.js';
import { Prng } from '../support/prng.js';

function series(samples: readonly (readonly [number, number, number])[]): Series {
  const s = new Series('loss', 'metric');
  for (const [step, time, value] of samples) s.push(step, time, value);
  return s;
}

/** A run of `steps` steps: a noisy decay, times a second a step from `t0`. */
function run(prng: Prng, steps: number, t0 = 0): Series {
  return series(
    Array.from({ length: steps }, (_, i) => [i, t0 + i, Math.exp(-i / 500) + 0.1 * prng.next()]),
  );
}

const counts = { runs: 3, missing: [] };

describe('a group envelope', () => {
  it('keeps per column the first, last, least and greatest center, as a run envelope does', () => {
    const prng = new Prng(5);
    const runs = [run(prng, 5000), run(prng, 5000), run(prng, 4000)];
    const curve = new GroupCurve(runs, { center: 'mean', spread: 'min-max', x: 'step' });
    const envelope = groupEnvelopeOf(curve, new GroupOrder(curve), counts, {
      x0: -100,
      x1: 1e9,
      width: 37,
    });
    // The same columns as a run's envelope over the center line: the very same points.
    const center = curve.center.view();
    const index = new EnvelopeIndex({ length: curve.length, x: (i) => i, y: (i) => center[i]! });
    const reference = index.query(-100, 1e9, 37);
    expect(envelope.layout).toEqual(reference.layout);
    expect([...envelope.steps]).toEqual([...reference.x]);
    expect([...envelope.center]).toEqual([...reference.y]);
    expect(envelope.inView).toBe(5000);
    expect(envelope.total).toBe(5000);
    // Each column's band: the least low and greatest high of all its steps, not of its points.
    const { x0, x1, columns } = envelope.layout;
    expect(envelope.bandColumns.x.length).toBe(columns);
    for (let c = 0; c < columns; c++) {
      const a = Math.ceil(x0 + ((x1 - x0) * c) / columns);
      const b = c === columns - 1 ? x1 + 1 : Math.ceil(x0 + ((x1 - x0) * (c + 1)) / columns);
      const lows = curve.low.view().slice(a, b);
      const highs = curve.high.view().slice(a, b);
      expect(envelope.bandColumns.x[c]).toBe(a);
      expect(envelope.bandColumns.low[c]).toBe(Math.min(...lows));
      expect(envelope.bandColumns.high[c]).toBe(Math.max(...highs));
    }
    expect(envelope.n[envelope.n.length - 1]).toBe(2);
  });

  it('shows a one-step spike of one run in its column band', () => {
    const prng = new Prng(9);
    const spiked = run(prng, 100_000);
    const samples = new Series('loss', 'metric');
    for (let i = 0; i < spiked.samples.length; i++)
      samples.push(i, i, i === 61_234 ? 50 : spiked.samples.value(i));
    const curve = new GroupCurve([samples, run(prng, 100_000), run(prng, 100_000)], {
      center: 'median',
      spread: 'min-max',
      x: 'step',
    });
    const envelope = groupEnvelopeOf(curve, new GroupOrder(curve), counts, {
      x0: 0,
      x1: 100_000,
      width: 200,
    });
    // The median hides the spike; the band does not, though no point of its column is the step.
    expect(Math.max(...envelope.center)).toBeLessThan(2);
    expect(Math.max(...envelope.bandColumns.high)).toBe(50);
    expect(envelope.steps.length).toBeLessThanOrEqual(800);
  });

  it('gives every point with a center when few, leaving out steps where none is finite', () => {
    const a = series([
      [0, 0, 1],
      [1, 1, NaN],
      [2, 2, 3],
    ]);
    const curve = new GroupCurve([a], { center: 'mean', spread: 'std', x: 'step' });
    const envelope = groupEnvelopeOf(curve, new GroupOrder(curve), counts, {
      x0: 0,
      x1: 2,
      width: 10,
    });
    expect([...envelope.steps]).toEqual([0, 2]);
    expect(envelope.nonFinite).toBe(1);
    expect(envelope.total).toBe(3);
    expect(envelope.x).toBeNull();
  });

  it('draws by mean time in time order, even where times go back along the steps', () => {
    const a = series([
      [0, 10, 1],
      [1, 30, 2],
      [2, 20, 3],
    ]);
    const b = series([
      [0, 12, 5],
      [2, 22, 7],
    ]);
    const curve = new GroupCurve([a, b], { center: 'mean', spread: 'min-max', x: 'time' });
    const order = new GroupOrder(curve);
    const envelope = groupEnvelopeOf(curve, order, counts, { x0: 0, x1: 100, width: 10 });
    expect([...envelope.x!]).toEqual([11, 21, 30]);
    expect([...envelope.steps]).toEqual([0, 2, 1]);
    expect(groupPointAt(curve, order, 2, 25)).toEqual({
      step: 2,
      x: 21,
      center: 5,
      low: 3,
      high: 7,
      n: 2,
      of: 2,
    });
  });
});

describe('a group point at a cursor', () => {
  it('reads the exact values of the last step at or before x, skipping steps with no center', () => {
    const a = series([
      [0, 0, 1],
      [10, 1, 2],
      [20, 2, NaN],
    ]);
    const b = series([
      [0, 0, 3],
      [10, 1, 6],
    ]);
    const curve = new GroupCurve([a, b], { center: 'mean', spread: 'std', x: 'step' });
    const order = new GroupOrder(curve);
    const at10 = groupPointAt(curve, order, 2, 19.9)!;
    expect(at10).toMatchObject({ step: 10, x: 10, center: 4, n: 2, of: 2 });
    expect(at10.high - at10.center).toBeCloseTo(Math.sqrt(8), 12);
    expect(groupPointAt(curve, order, 2, 25)!.step).toBe(10);
    expect(groupPointAt(curve, order, 2, 0)!.center).toBe(2);
    expect(groupPointAt(curve, order, 2, -0.5)).toBeNull();
  });
});
