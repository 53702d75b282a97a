// A group's combined curve against a brute force over random runs: mean, median, min–max, std
// and n per step, with missing, repeated and out-of-order steps, non-finite values and runs
// without the key; and the curve kept up to date as runs grow or a resume cuts one.

import { describe, expect, it } from 'vitest';
import type { GroupCenter, GroupSpread, GroupX } from '../../shared/api/contract.js';
import { GroupCurve } from '../../electron/host/groups/group-series.js';
import { Series } from '../../electron/store/log/samples-fold.js';
import { Prng } from '../support/prng.js';

type Sample = readonly [step: number, time: number, value: number];

/** A run's samples: steps 0..maxStep with some missing, some logged twice, a few out of order. */
function randomRun(prng: Prng, maxStep: number, ordered: boolean): Sample[] {
  const out: Sample[] = [];
  for (let step = 0; step <= maxStep; step++) {
    if (prng.chance(0.3)) continue;
    const times = prng.chance(0.1) ? 2 : 1;
    for (let k = 0; k < times; k++) {
      const roll = prng.next();
      const value =
        roll < 0.04 ? NaN : roll < 0.06 ? Infinity : roll < 0.07 ? -Infinity : prng.next() * 10 - 5;
      out.push([step, 1000 + step * 2 + prng.next(), value]);
    }
  }
  if (!ordered)
    for (let k = 0; k < out.length / 10; k++) {
      const a = prng.int(out.length);
      const b = prng.int(out.length);
      [out[a], out[b]] = [out[b]!, out[a]!];
    }
  return out;
}

function seriesOf(samples: readonly Sample[]): Series {
  const series = new Series('loss', 'metric');
  for (const [step, time, value] of samples) series.push(step, time, value);
  return series;
}

interface Expected {
  step: number;
  time: number;
  center: number;
  low: number;
  high: number;
  n: number;
}

/** The curve by its definition, step by step, with nothing shared with the implementation. */
function bruteForce(
  runs: readonly (readonly Sample[])[],
  center: GroupCenter,
  spread: GroupSpread,
): { points: Expected[]; nonFinite: number } {
  const lastAt = runs.map((run) => {
    const at = new Map<number, Sample>();
    for (const sample of run) at.set(sample[0], sample); // log order: the last one stays
    return at;
  });
  const steps = [...new Set(runs.flatMap((run) => run.map((s) => s[0])))].sort((a, b) => a - b);
  let nonFinite = 0;
  const points = steps.map((step) => {
    const here = lastAt.flatMap((at) => (at.has(step) ? [at.get(step)!] : []));
    const values = here.map((s) => s[2]).filter((v) => Number.isFinite(v));
    nonFinite += here.length - values.length;
    const time = here.reduce((a, s) => a + s[1], 0) / here.length;
    const n = values.length;
    if (n === 0) return { step, time, center: NaN, low: NaN, high: NaN, n };
    const mean = values.reduce((a, v) => a + v, 0) / n;
    const sorted = [...values].sort((a, b) => a - b);
    const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
    const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
    const [low, high] =
      spread === 'min-max' ? [sorted[0]!, sorted[n - 1]!] : [mean - sd, mean + sd];
    return { step, time, center: center === 'mean' ? mean : median, low, high, n };
  });
  return { points, nonFinite };
}

function expectCurve(curve: GroupCurve, expected: ReturnType<typeof bruteForce>): void {
  expect(curve.length).toBe(expected.points.length);
  expect(curve.nonFinite).toBe(expected.nonFinite);
  expected.points.forEach((p, i) => {
    expect(curve.steps.data[i]).toBe(p.step);
    expect(curve.n.data[i]).toBe(p.n);
    expect(curve.times.data[i]).toBeCloseTo(p.time, 9);
    for (const [name, column] of [
      ['center', curve.center],
      ['low', curve.low],
      ['high', curve.high],
    ] as const) {
      const got = column.data[i]!;
      const want = p[name];
      if (Number.isNaN(want)) expect(got, `${name} at ${p.step}`).toBeNaN();
      else expect(got, `${name} at ${p.step}`).toBeCloseTo(want, 9);
    }
  });
}

const CASES: [GroupCenter, GroupSpread][] = [
  ['mean', 'min-max'],
  ['mean', 'std'],
  ['median', 'min-max'],
  ['median', 'std'],
];

describe('a group curve', () => {
  it.each(CASES)('combines every step as a brute force does: %s with %s', (center, spread) => {
    for (let trial = 0; trial < 40; trial++) {
      const prng = new Prng(1000 * trial + center.length + spread.length);
      const count = prng.range(1, 9);
      const runs = Array.from({ length: count }, () =>
        randomRun(prng, prng.range(0, 60), prng.chance(0.7)),
      );
      const x: GroupX = prng.chance(0.5) ? 'step' : 'time';
      const curve = new GroupCurve(runs.map(seriesOf), { center, spread, x });
      expectCurve(curve, bruteForce(runs, center, spread));
    }
  });

  it('counts only runs with a finite sample at a step in n, and gives one value its own band', () => {
    const a = seriesOf([
      [0, 0, 1],
      [1, 1, 2],
      [2, 2, NaN],
    ]);
    const b = seriesOf([
      [0, 0, 3],
      [2, 2, 5],
    ]);
    const curve = new GroupCurve([a, b], { center: 'mean', spread: 'std', x: 'step' });
    expect([...curve.steps.view()]).toEqual([0, 1, 2]);
    expect([...curve.n.view()]).toEqual([2, 1, 1]);
    expect([...curve.center.view()]).toEqual([2, 2, 5]);
    // Two values 1 and 3: sample std √2; one value: no spread.
    expect(curve.low.data[0]).toBeCloseTo(2 - Math.SQRT2, 12);
    expect(curve.high.data[0]).toBeCloseTo(2 + Math.SQRT2, 12);
    expect([curve.low.data[1], curve.high.data[1]]).toEqual([2, 2]);
    expect(curve.nonFinite).toBe(1);
  });

  it('an empty group, or runs with no samples, make an empty curve', () => {
    expect(new GroupCurve([], { center: 'mean', spread: 'min-max', x: 'step' }).length).toBe(0);
    const empty = new Series('loss', 'metric');
    expect(new GroupCurve([empty], { center: 'median', spread: 'std', x: 'time' }).length).toBe(0);
  });
});

describe('a group curve kept up to date', () => {
  it('grows with its runs as a curve built anew over the same samples', () => {
    for (let trial = 0; trial < 20; trial++) {
      const prng = new Prng(77 + trial);
      const runs = Array.from({ length: prng.range(2, 6) }, () =>
        randomRun(prng, prng.range(20, 80), prng.chance(0.6)),
      );
      const options = { center: prng.pick(['mean', 'median'] as const), spread: 'std' as const };
      const series = runs.map(() => new Series('loss', 'metric'));
      const told = runs.map(() => 0);
      const curve = new GroupCurve(series, { ...options, x: 'step' });
      // Each round some runs get their next few samples, as a live read brings them.
      while (told.some((t, r) => t < runs[r]!.length)) {
        runs.forEach((run, r) => {
          const more = prng.chance(0.5) ? prng.range(1, 8) : 0;
          for (const [step, time, value] of run.slice(told[r], told[r]! + more))
            series[r]!.push(step, time, value);
          told[r] = Math.min(run.length, told[r]! + more);
        });
        curve.update(series);
        const sofar = runs.map((run, r) => run.slice(0, told[r]));
        expectCurve(curve, bruteForce(sofar, options.center, options.spread));
      }
    }
  });

  it('is rebuilt when a resume cuts a run (its generation changes)', () => {
    const a = seriesOf([
      [0, 0, 1],
      [1, 1, 1],
      [2, 2, 1],
    ]);
    const b = seriesOf([
      [0, 0, 3],
      [1, 1, 3],
      [2, 2, 3],
    ]);
    const curve = new GroupCurve([a, b], { center: 'mean', spread: 'min-max', x: 'step' });
    expect([...curve.center.view()]).toEqual([2, 2, 2]);
    // A resume at step 1 keeps steps up to 1, then the run logs step 2 again.
    b.samples.keepStepsUpTo(1);
    b.generation++;
    b.push(2, 3, 7);
    curve.update([a, b]);
    expect([...curve.center.view()]).toEqual([2, 2, 4]);
    expect([...curve.high.view()]).toEqual([3, 3, 7]);
  });

  it('is rebuilt when the group gains a run that has the key', () => {
    const a = seriesOf([[0, 0, 1]]);
    const b = seriesOf([[0, 0, 5]]);
    const curve = new GroupCurve([a], { center: 'mean', spread: 'min-max', x: 'step' });
    curve.update([a, b]);
    expect([...curve.center.view()]).toEqual([3]);
    expect([...curve.n.view()]).toEqual([2]);
  });
});
