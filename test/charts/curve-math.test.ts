// shared/series/curve-math: step_metric pairing by the format's rule, debiased EMA, non-finite counts and note, best point, scale spread, key prefix and leaf.

import { describe, expect, it } from 'vitest';
import type { Columns } from '../../shared/series/curve-math.js';
import {
  bestIndex,
  countNonFinite,
  debiasedEma,
  keyLeaf,
  keyPrefix,
  nonFiniteNote,
  pairWithStepMetric,
  scaleSpread,
} from '../../shared/series/curve-math.js';

/** Columns in log order from [step, value] pairs; times count up from 1000. */
function columns(samples: readonly (readonly [number, number])[]): Columns {
  return {
    steps: Float64Array.from(samples, ([step]) => step),
    times: Float64Array.from(samples, (_, i) => 1000 + i),
    values: Float64Array.from(samples, ([, value]) => value),
    length: samples.length,
  };
}

/** The textbook debiased EMA: sum of w^(n-j)(1-w)v_j over the finite values so far, / (1 - w^n). */
function referenceEma(values: readonly number[], weight: number): number[] {
  const finite: number[] = [];
  return values.map((v) => {
    if (!Number.isFinite(v)) return v;
    finite.push(v);
    const n = finite.length;
    let sum = 0;
    finite.forEach((x, j) => (sum += Math.pow(weight, n - 1 - j) * (1 - weight) * x));
    return weight === 0 ? sum : sum / (1 - Math.pow(weight, n));
  });
}

describe('pairWithStepMetric', () => {
  it('pairs each sample with the LAST sample of the step_metric at its step, in log order', () => {
    // epoch is logged twice at step 1 (5 then 2: the later one wins, not the larger or smaller)
    // and at step 3 before and after a sample at step 2.
    const epoch = columns([
      [0, 0],
      [1, 5],
      [3, 30],
      [1, 2],
      [2, 20],
      [3, 31],
    ]);
    const loss = columns([
      [0, 0.9],
      [1, 0.8],
      [2, 0.7],
      [3, 0.6],
    ]);
    const paired = pairWithStepMetric(loss, epoch);
    expect([...paired.x]).toEqual([0, 2, 20, 31]);
    expect([...paired.y]).toEqual([0.9, 0.8, 0.7, 0.6]);
    expect([...paired.indices]).toEqual([0, 1, 2, 3]);
    expect(paired.unpaired).toBe(0);
  });

  it('leaves a sample at a step where the step_metric has none unpaired, and counts it', () => {
    const epoch = columns([
      [0, 0],
      [100, 1],
      [300, 3],
    ]);
    const loss = columns([
      [0, 2.3],
      [50, 2.0],
      [100, 1.7],
      [200, 1.5],
      [300, 1.2],
      [301, 1.1],
    ]);
    const paired = pairWithStepMetric(loss, epoch);
    expect([...paired.x]).toEqual([0, 1, 3]);
    expect([...paired.y]).toEqual([2.3, 1.7, 1.2]);
    expect([...paired.indices]).toEqual([0, 2, 4]);
    expect(paired.unpaired).toBe(3);
  });

  it('pairs repeated samples of the key at one step with the same partner', () => {
    const paired = pairWithStepMetric(
      columns([
        [4, 1],
        [4, 2],
      ]),
      columns([[4, 0.5]]),
    );
    expect([...paired.x]).toEqual([0.5, 0.5]);
    expect([...paired.y]).toEqual([1, 2]);
  });

  it('pairs nothing against a step_metric without samples', () => {
    const paired = pairWithStepMetric(
      columns([
        [1, 1],
        [2, 2],
      ]),
      columns([]),
    );
    expect(paired.x).toHaveLength(0);
    expect(paired.unpaired).toBe(2);
  });

  it('keeps a non-finite value of the key and the step_metric as it is', () => {
    const paired = pairWithStepMetric(
      columns([
        [1, NaN],
        [2, Infinity],
      ]),
      columns([
        [1, 1],
        [2, 2],
      ]),
    );
    expect([...paired.y]).toEqual([NaN, Infinity]);
    expect(paired.unpaired).toBe(0);
  });
});

describe('debiasedEma', () => {
  it('starts at the first value itself for any weight (no pull toward zero)', () => {
    for (const weight of [0, 0.3, 0.6, 0.9, 0.99, 0.999]) {
      const out = debiasedEma([7.25, 1, 3], weight);
      expect(out[0]).toBeCloseTo(7.25, 12);
    }
  });

  it('is the identity at weight 0, bit for bit', () => {
    const values = [0.1, -3.5e-12, 1e300, 42, NaN, -Infinity, 5e-324];
    expect(Array.from(debiasedEma(values, 0))).toEqual(values);
  });

  it('keeps a constant series constant', () => {
    for (const v of debiasedEma([5, 5, 5, 5, 5, 5], 0.95)) expect(v).toBeCloseTo(5, 12);
  });

  it('matches the debiased EMA formula', () => {
    const values = [2, 4, 1, 8, 3, 3, 10];
    for (const weight of [0.5, 0.8]) {
      const out = debiasedEma(values, weight);
      referenceEma(values, weight).forEach((v, i) => expect(out[i]).toBeCloseTo(v, 12));
    }
    // By hand: w = 0.5, [2, 4]: (0.5·0.5·2 + 0.5·4) / (1 − 0.25) = 2.5 / 0.75.
    expect(debiasedEma([2, 4], 0.5)[1]).toBeCloseTo(2.5 / 0.75, 14);
  });

  it('lets NaN and the infinities through without poisoning later values', () => {
    const values = [1, NaN, 3, Infinity, 5, -Infinity, 7];
    const out = debiasedEma(values, 0.5);
    expect(out[1]).toBeNaN();
    expect(out[3]).toBe(Infinity);
    expect(out[5]).toBe(-Infinity);
    const finiteOnly = referenceEma([1, 3, 5, 7], 0.5);
    expect([out[0], out[2], out[4], out[6]].map((v) => Number(v!.toFixed(12)))).toEqual(
      finiteOnly.map((v) => Number(v.toFixed(12))),
    );
  });

  it('starts its average at the first finite value when the series opens with NaN', () => {
    const out = debiasedEma([NaN, NaN, 4, 6], 0.9);
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
    expect(out[2]).toBeCloseTo(4, 12);
    expect(out[3]).toBeCloseTo((0.9 * 0.1 * 4 + 0.1 * 6) / (1 - 0.81), 12);
  });
});

describe('countNonFinite and nonFiniteNote', () => {
  it('counts NaN, +Inf and −Inf apart', () => {
    expect(countNonFinite([NaN, 1, Infinity, NaN, -Infinity, NaN, 0, -0])).toEqual({
      nan: 3,
      positiveInfinity: 1,
      negativeInfinity: 1,
    });
    expect(countNonFinite(new Float64Array([1.5, -2, 1e308]))).toEqual({
      nan: 0,
      positiveInfinity: 0,
      negativeInfinity: 0,
    });
  });

  it('says what is not plotted', () => {
    expect(nonFiniteNote({ nan: 3, positiveInfinity: 1, negativeInfinity: 0 })).toBe(
      '3 NaN and 1 +Inf not plotted',
    );
    expect(nonFiniteNote({ nan: 2, positiveInfinity: 0, negativeInfinity: 0 })).toBe(
      '2 NaN not plotted',
    );
    expect(nonFiniteNote({ nan: 0, positiveInfinity: 0, negativeInfinity: 4 })).toBe(
      '4 −Inf not plotted',
    );
    expect(nonFiniteNote({ nan: 1, positiveInfinity: 2, negativeInfinity: 3 })).toBe(
      '1 NaN, 2 +Inf and 3 −Inf not plotted',
    );
    expect(nonFiniteNote({ nan: 0, positiveInfinity: 0, negativeInfinity: 0 })).toBeNull();
  });
});

describe('bestIndex', () => {
  it('takes the least value to minimize and the greatest to maximize', () => {
    const values = [3, 1, 4, 1.5, 9, 2];
    expect(bestIndex(values, 'minimize')).toBe(1);
    expect(bestIndex(values, 'maximize')).toBe(4);
  });

  it('takes the first of equal values', () => {
    expect(bestIndex([5, 2, 7, 2, 7], 'minimize')).toBe(1);
    expect(bestIndex([5, 2, 7, 2, 7], 'maximize')).toBe(2);
  });

  it('skips non-finite values, even at the start, and infinities never win', () => {
    expect(bestIndex([NaN, 3, -Infinity, 2, NaN], 'minimize')).toBe(3);
    expect(bestIndex([Infinity, NaN, 0.5, 0.25], 'maximize')).toBe(2);
    expect(bestIndex([NaN, Infinity, -Infinity], 'maximize')).toBe(-1);
  });

  it('has no best without a goal or without values', () => {
    expect(bestIndex([1, 2, 3], null)).toBe(-1);
    expect(bestIndex([], 'minimize')).toBe(-1);
  });
});

describe('scaleSpread', () => {
  it('is the ratio of the largest and smallest magnitudes', () => {
    expect(scaleSpread([[0.5, 1, -2], [100, -400], new Float64Array([20])])).toBe(200);
  });

  it('ignores non-finite values and series of zeros', () => {
    expect(scaleSpread([[1, NaN, Infinity], [10], [0, 0], []])).toBe(10);
    expect(scaleSpread([[0], [NaN]])).toBe(1);
    expect(scaleSpread([])).toBe(1);
  });
});

describe('keyPrefix and keyLeaf', () => {
  it('split a key at its last slash', () => {
    expect(keyPrefix('eval/acc_by_class/cat')).toBe('eval/acc_by_class');
    expect(keyLeaf('eval/acc_by_class/cat')).toBe('cat');
    expect(keyPrefix('train/loss')).toBe('train');
    expect(keyLeaf('train/loss')).toBe('loss');
  });

  it('give a key of one segment the empty prefix', () => {
    expect(keyPrefix('epoch')).toBe('');
    expect(keyLeaf('epoch')).toBe('epoch');
  });
});
