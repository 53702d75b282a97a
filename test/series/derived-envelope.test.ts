// Smoothed and step_metric-paired envelopes against a brute force over every sample: random
// series with NaN and infinities, x that goes back, samples appended after the index was built,
// orphan cuts, and the few smoothed series a key may keep.

import { describe, expect, it } from 'vitest';
import { Prng } from '../support/prng.js';
import { SampleColumns } from '../../shared/series/sample-columns.js';
import { debiasedEma, pairWithStepMetric } from '../../shared/series/curve-math.js';
import { EnvelopeIndex } from '../../shared/series/envelope.js';
import type { EnvelopeBasis, GrowingSeries } from '../../shared/series/derived-series.js';
import {
  EnvelopeCache,
  SeriesEnvelopes,
  StepMetricPairing,
} from '../../shared/series/derived-series.js';

type XKind = 'step' | 'time' | 'step-metric';

interface Rows {
  steps: number[];
  times: number[];
  values: number[];
}

function random(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

function valueOf(r: () => number, level: number): number {
  const roll = r();
  if (roll < 0.03) return NaN;
  if (roll < 0.04) return Infinity;
  if (roll < 0.05) return -Infinity;
  return level + (r() - 0.5) * 3;
}

interface Shape {
  /** The key's steps sometimes go back. */
  keyBack: boolean;
  /** Times sometimes go back. */
  timeBack: boolean;
  /** The step_metric's values go up with its steps (an epoch), or wander. */
  metricMonotonic: boolean;
  /** The step_metric's steps sometimes go back or repeat. */
  metricStepsBack: boolean;
}

/** One log's metrics in log order: samples of the key ('k') and of its step_metric ('m'). */
function makeLog(r: () => number, n: number, shape: Shape): ['k' | 'm', number, number, number][] {
  const log: ['k' | 'm', number, number, number][] = [];
  let step = 0;
  let time = 1_793_541_787;
  let level = 0;
  for (let i = 0; i < n; i++) {
    step += r() < 0.2 ? 0 : 1 + Math.floor(r() * 2);
    if (shape.keyBack && r() < 0.02) step = Math.max(0, step - 1 - Math.floor(r() * 20));
    time += shape.timeBack && r() < 0.03 ? -r() * 30 : r() * 2;
    level += (r() - 0.5) * 0.5;
    const metricValue = shape.metricMonotonic ? Math.floor(step / 7) : Math.round(r() * 50) / 2;
    const metricFirst = r() < 0.5;
    const logMetric = r() < 0.6;
    if (logMetric && metricFirst) log.push(['m', step, time, metricValue]);
    log.push(['k', step, time, valueOf(r, level)]);
    if (logMetric && !metricFirst) log.push(['m', step, time, metricValue]);
    // The metric logged again at a step (the latest pairs), or at an earlier step.
    if (shape.metricStepsBack && r() < 0.03) log.push(['m', step, time, metricValue + 0.5]);
    if (shape.metricStepsBack && r() < 0.02)
      log.push(['m', Math.max(0, step - Math.floor(r() * 15)), time, metricValue - 1]);
    if (r() < 0.01) log.push(['m', step, time, NaN]);
  }
  return log;
}

function rowsOf(columns: SampleColumns): Rows {
  const { steps, times, values } = columns.slice();
  return { steps: [...steps], times: [...times], values: [...values] };
}

interface BrutePoint {
  x: number;
  y: number;
  sample: number;
}

/** The curve's points as the whole-series path makes them: paired, sorted by x (stable). */
function brutePoints(
  key: Rows,
  x: XKind,
  metric: Rows | null,
): { points: BrutePoint[]; unpaired: number } {
  let points: BrutePoint[];
  let unpaired = 0;
  if (x === 'step-metric') {
    const columns = (rows: Rows) => ({ ...rows, length: rows.steps.length });
    const paired = pairWithStepMetric(
      columns(key),
      columns(metric ?? { steps: [], times: [], values: [] }),
    );
    points = [...paired.indices].map((sample, i) => ({ x: paired.x[i]!, y: paired.y[i]!, sample }));
    unpaired = paired.unpaired;
  } else {
    points = key.values.map((y, sample) => ({
      x: x === 'step' ? key.steps[sample]! : key.times[sample]!,
      y,
      sample,
    }));
  }
  points.sort((a, b) => a.x - b.x || a.sample - b.sample);
  return { points, unpaired };
}

/** M4 by a plain scan of every point: positions picked, markers, points in view. */
function bruteM4(
  xs: readonly number[],
  ys: ArrayLike<number>,
  x0: number,
  x1: number,
  width: number,
): { picked: number[]; markers: number[]; inView: number } {
  const n = xs.length;
  if (n > 0) {
    x0 = Math.max(x0, xs[0]!);
    x1 = Math.min(x1, xs[n - 1]!);
  }
  const inRange: number[] = [];
  for (let p = 0; p < n; p++) if (xs[p]! >= x0 && xs[p]! <= x1) inRange.push(p);
  const finite = (p: number) => Number.isFinite(ys[p]!);
  let picked: number[];
  if (inRange.length <= 4 * width || !(x1 > x0)) picked = inRange.filter(finite);
  else {
    const set = new Set<number>();
    for (let c = 1; c <= width; c++) {
      const low = c === 1 ? -Infinity : x0 + ((x1 - x0) * (c - 1)) / width;
      const high = c === width ? Infinity : x0 + ((x1 - x0) * c) / width;
      const column = inRange.filter((p) => xs[p]! >= low && xs[p]! < high && finite(p));
      if (column.length === 0) continue;
      let least = column[0]!;
      let greatest = column[0]!;
      for (const p of column) {
        if (ys[p]! < ys[least]!) least = p;
        if (ys[p]! > ys[greatest]!) greatest = p;
      }
      for (const p of [column[0]!, least, greatest, column[column.length - 1]!]) set.add(p);
    }
    picked = [...set].sort((a, b) => a - b);
  }
  const markers: number[] = [];
  let lastColumn = -1;
  for (const p of inRange) {
    if (finite(p)) continue;
    const column = x1 > x0 ? Math.floor(((xs[p]! - x0) / (x1 - x0)) * width) : 0;
    if (column === lastColumn) continue;
    lastColumn = column;
    markers.push(p);
  }
  return { picked, markers, inView: inRange.length };
}

function same(a: number, b: number): boolean {
  return Object.is(a, b);
}

/** Checks every position and a view's envelopes, raw and smoothed, against the brute force. */
function expectExact(
  envelopes: SeriesEnvelopes,
  key: Rows,
  x: XKind,
  metric: Rows | null,
  view: { x0: number; x1: number; width: number; smoothing: number },
): void {
  const { points, unpaired } = brutePoints(key, x, metric);
  const result = envelopes.query(view.x0, view.x1, view.width, view.smoothing);
  expect(envelopes.length).toBe(points.length);
  expect(envelopes.unpaired).toBe(unpaired);
  for (let p = 0; p < points.length; p++) {
    if (envelopes.sampleAt(p) !== points[p]!.sample || !same(envelopes.xAt(p), points[p]!.x))
      expect({ p, sample: envelopes.sampleAt(p), x: envelopes.xAt(p) }).toEqual({
        p,
        ...points[p],
      });
  }
  const xs = points.map((point) => point.x);
  const ys = Float64Array.from(points, (point) => point.y);
  const raw = bruteM4(xs, ys, view.x0, view.x1, view.width);
  expect([...result.raw.indices]).toEqual(raw.picked);
  expect([...result.raw.nonFinite]).toEqual(raw.markers);
  expect(result.raw.inView).toBe(raw.inView);
  expect(result.raw.indices.length).toBeLessThanOrEqual(4 * view.width);
  if (view.smoothing > 0) {
    const smoothed = debiasedEma(ys, view.smoothing);
    for (let p = 0; p < points.length; p++) {
      if (!same(envelopes.smoothedAt(view.smoothing, p), smoothed[p]!))
        expect([p, envelopes.smoothedAt(view.smoothing, p)]).toEqual([p, smoothed[p]]);
    }
    const m4 = bruteM4(xs, smoothed, view.x0, view.x1, view.width);
    expect([...result.smoothed!.indices]).toEqual(m4.picked);
    expect([...result.smoothed!.y]).toEqual(m4.picked.map((p) => smoothed[p]));
    expect(result.smoothed!.indices.length).toBeLessThanOrEqual(4 * view.width);
  } else expect(result.smoothed).toBeNull();
  let nan = 0;
  let positiveInfinity = 0;
  let negativeInfinity = 0;
  for (const y of ys) {
    if (Number.isNaN(y)) nan++;
    else if (y === Infinity) positiveInfinity++;
    else if (y === -Infinity) negativeInfinity++;
  }
  expect(envelopes.nonFinite).toEqual({ nan, positiveInfinity, negativeInfinity });
  let best = -1;
  for (let p = 0; p < ys.length; p++)
    if (Number.isFinite(ys[p]!) && (best < 0 || ys[p]! < ys[best]!)) best = p;
  expect(envelopes.best('minimize')).toBe(best);
}

function randomView(r: () => number, xs: readonly number[]) {
  const widths = [1, 3, 16, 90, 400];
  const width = widths[Math.floor(r() * widths.length)]!;
  const smoothing = [0, 0.6, 0.95, 0.99][Math.floor(r() * 4)]!;
  if (xs.length === 0 || r() < 0.3)
    return { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width, smoothing };
  const a = xs[Math.floor(r() * xs.length)]!;
  const b = xs[Math.floor(r() * xs.length)]!;
  return { x0: Math.min(a, b), x1: Math.max(a, b), width, smoothing };
}

const SHAPES: Shape[] = [
  { keyBack: false, timeBack: false, metricMonotonic: true, metricStepsBack: false },
  { keyBack: true, timeBack: true, metricMonotonic: false, metricStepsBack: true },
  { keyBack: false, timeBack: false, metricMonotonic: false, metricStepsBack: false },
  { keyBack: true, timeBack: false, metricMonotonic: true, metricStepsBack: true },
];

describe('envelopes of derived series', () => {
  for (const [s, shape] of SHAPES.entries()) {
    for (const x of ['step', 'time', 'step-metric'] as const) {
      it(`are exact, appended to in pieces (${x}, shape ${s})`, () => {
        const r = random(1000 * s + x.length);
        const log = makeLog(r, 3000, shape);
        const key = new SampleColumns();
        const metric = new SampleColumns();
        const envelopes = new SeriesEnvelopes(
          key,
          x === 'step-metric' ? { kind: 'step-metric', metric } : { kind: x },
        );
        let at = 0;
        // Built empty, then fed in pieces of every size, each piece followed by views.
        for (const piece of [0, 1, 5, 64, 700, 1, 4095, 2000, 10_000]) {
          for (const [kind, step, time, value] of log.slice(at, at + piece))
            (kind === 'k' ? key : metric).push(step, time, value);
          at += piece;
          const keyRows = rowsOf(key);
          const { points } = brutePoints(keyRows, x, rowsOf(metric));
          for (let v = 0; v < 3; v++) {
            const view = randomView(
              r,
              points.map((point) => point.x),
            );
            expectExact(envelopes, keyRows, x, rowsOf(metric), view);
          }
        }
        expect(at).toBeGreaterThanOrEqual(log.length);
        // The paths that must happen in these shapes did: x went back, or it did not.
        if (x === 'step-metric' && !shape.metricMonotonic) expect(envelopes.sorted).toBe(true);
        if (x === 'step' && !shape.keyBack) expect(envelopes.sorted).toBe(false);
      });
    }
  }

  it('pair a step_metric logged after the key at a step as an append, not a rebuild', () => {
    const key = new SampleColumns();
    const metric = new SampleColumns();
    const pairing = new StepMetricPairing(key, metric);
    for (let step = 0; step < 100; step++) {
      key.push(step, step, step * 2);
      expect(pairing.extend()).toBe(true);
      expect(pairing.unpaired).toBe(1);
      metric.push(step, step, step / 10);
      expect(pairing.extend()).toBe(true);
      expect(pairing.unpaired).toBe(0);
    }
    expect(pairing.length).toBe(100);
    // Logged again at a step the key has: the pair changes, which only a rebuild can do.
    metric.push(50, 50, 99);
    expect(pairing.extend()).toBe(false);
  });
});

describe('the envelope cache', () => {
  function seriesOf(rows: ['k' | 'm', number, number, number][], kind: 'k' | 'm') {
    const series = { samples: new SampleColumns(), generation: 0 };
    for (const [k, step, time, value] of rows)
      if (k === kind) series.samples.push(step, time, value);
    return series;
  }

  it('starts over after an orphan cut of the key or of its step_metric', () => {
    const r = random(77);
    const log = makeLog(r, 4000, {
      keyBack: false,
      timeBack: false,
      metricMonotonic: true,
      metricStepsBack: false,
    });
    const key = seriesOf(log, 'k');
    const metric = seriesOf(log, 'm');
    const cache = new EnvelopeCache();
    const bases: [XKind, EnvelopeBasis][] = [
      ['step', { kind: 'step' }],
      ['time', { kind: 'time' }],
      ['step-metric', { kind: 'step-metric', name: 'epoch', series: metric }],
    ];
    const view = { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width: 200, smoothing: 0.9 };
    for (const [x, basis] of bases)
      expectExact(
        cache.envelopes('loss', key, basis),
        rowsOf(key.samples),
        x,
        rowsOf(metric.samples),
        view,
      );
    // A resume to a step cuts both (orphans), then the run goes on past it.
    const cutAt = key.samples.step(2500);
    key.samples.keepStepsUpTo(cutAt);
    key.generation++;
    metric.samples.keepStepsUpTo(cutAt);
    metric.generation++;
    for (let i = 0; i < 500; i++) {
      const step = cutAt + 1 + i;
      key.samples.push(step, 1e9 + step, Math.cos(step));
      if (i % 3 === 0) metric.samples.push(step, 1e9 + step, step / 3);
    }
    for (const [x, basis] of bases) {
      expectExact(
        cache.envelopes('loss', key, basis),
        rowsOf(key.samples),
        x,
        rowsOf(metric.samples),
        view,
      );
      expectExact(
        cache.envelopes('loss', key, basis),
        rowsOf(key.samples),
        x,
        rowsOf(metric.samples),
        {
          ...view,
          x0: 10,
          x1: 4000,
          width: 30,
        },
      );
    }
    // Only the step_metric cut: pairs made with its old samples go.
    metric.samples.keepStepsUpTo(cutAt);
    metric.generation++;
    expectExact(
      cache.envelopes('loss', key, bases[2]![1]),
      rowsOf(key.samples),
      'step-metric',
      rowsOf(metric.samples),
      view,
    );
  });

  it('keeps at most two smoothed series a key', () => {
    const log = makeLog(random(5), 500, {
      keyBack: false,
      timeBack: false,
      metricMonotonic: true,
      metricStepsBack: false,
    });
    const key: GrowingSeries = seriesOf(log, 'k');
    const cache = new EnvelopeCache();
    const view = { x0: 0, x1: 1e12, width: 10 };
    cache.query('loss', key, { kind: 'step' }, { ...view, smoothing: 0.5 });
    cache.query('loss', key, { kind: 'time' }, { ...view, smoothing: 0.5 });
    expect(cache.smoothedCount('loss')).toBe(2);
    cache.query('loss', key, { kind: 'step' }, { ...view, smoothing: 0.9 });
    expect(cache.smoothedCount('loss')).toBe(2);
    cache.query('loss', key, { kind: 'step' }, { ...view, smoothing: 0.9 });
    cache.query('loss', key, { kind: 'step' }, { ...view, smoothing: 0.7 });
    expect(cache.smoothedCount('loss')).toBe(2);
    // The dropped one comes back exact when asked again.
    const { envelopes } = cache.query('loss', key, { kind: 'step' }, { ...view, smoothing: 0.5 });
    expectExact(envelopes, rowsOf(key.samples as SampleColumns), 'step', null, {
      ...view,
      smoothing: 0.5,
    });
    expect(cache.smoothedCount('loss')).toBe(2);
  });
});

/** The samples through their accessors only: the envelopes read them a call a point. */
function withoutStoredColumns(columns: SampleColumns) {
  return {
    get length() {
      return columns.length;
    },
    step: (i: number) => columns.step(i),
    time: (i: number) => columns.time(i),
    value: (i: number) => columns.value(i),
  };
}

describe('envelopes read from stored columns', () => {
  // Three chunks of 16,384 samples and a part: scans and columns that cross chunk boundaries.
  const n = 3 * 16_384 + 5_000;
  for (const x of ['step', 'time'] as const) {
    it(`are exact across the series' chunks, as read a call a point (${x})`, () => {
      const r = random(x.length * 31);
      const log = makeLog(r, n, {
        keyBack: false,
        timeBack: false,
        metricMonotonic: true,
        metricStepsBack: false,
      }).filter(([kind]) => kind === 'k');
      const key = new SampleColumns();
      const stored = new SeriesEnvelopes(key, { kind: x });
      const called = new SeriesEnvelopes(withoutStoredColumns(key), { kind: x });
      let at = 0;
      // Pieces that end one short of a chunk boundary, one past it, and past the others.
      for (const piece of [16_383, 2, 16_383, 20_000, log.length]) {
        for (const [, step, time, value] of log.slice(at, at + piece)) key.push(step, time, value);
        at += piece;
        const rows = rowsOf(key);
        const xs = brutePoints(rows, x, null).points.map((point) => point.x);
        // The whole series at 620 px, at 7 px (columns of thousands), and its last two thirds.
        const views = [
          { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width: 620, smoothing: 0 },
          { x0: xs[0]!, x1: xs.at(-1)!, width: 7, smoothing: 0.9 },
          { x0: xs[Math.floor(xs.length / 3)]!, x1: xs.at(-1)!, width: 300, smoothing: 0 },
        ];
        for (const view of views) {
          expectExact(stored, rows, x, null, view);
          const a = stored.query(view.x0, view.x1, view.width, view.smoothing);
          const b = called.query(view.x0, view.x1, view.width, view.smoothing);
          expect([...a.raw.indices]).toEqual([...b.raw.indices]);
          expect([...a.raw.y]).toEqual([...b.raw.y]);
          expect([...(a.smoothed?.indices ?? [])]).toEqual([...(b.smoothed?.indices ?? [])]);
        }
      }
      expect(key.length).toBeGreaterThan(3 * 16_384);
      expect(stored.sorted).toBe(false);
    });
  }
});

describe('envelopes over steps held as shared progressions', () => {
  it('are exact, as read a call a point, where full chunks share their steps', () => {
    const r = random(5);
    const key = new SampleColumns();
    const stored = new SeriesEnvelopes(key, { kind: 'step' });
    const called = new SeriesEnvelopes(withoutStoredColumns(key), { kind: 'step' });
    // Stride 3 from a step past 32 bits, a chunk whose stride breaks, then stride 1.
    let step = 2 ** 32 - 5_000;
    for (let i = 0; i < 5 * 16_384 + 77; i++) {
      step += i < 2 * 16_384 ? 3 : i === 2 * 16_384 + 9 ? 2 : 1;
      key.push(step, 1_793_541_787 + i, valueOf(r, 0));
      if (i % 20_000 === 0) SampleColumns.shareStepProgressions([key]);
    }
    const own = key.byteSize;
    SampleColumns.shareStepProgressions([key]);
    expect(key.byteSize).toBeLessThan(own);
    const rows = rowsOf(key);
    for (const view of [
      { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width: 620, smoothing: 0 },
      { x0: rows.steps[40_000]!, x1: rows.steps.at(-3)!, width: 9, smoothing: 0.6 },
    ]) {
      expectExact(stored, rows, 'step', null, view);
      const a = stored.query(view.x0, view.x1, view.width, view.smoothing);
      const b = called.query(view.x0, view.x1, view.width, view.smoothing);
      expect([...a.raw.indices]).toEqual([...b.raw.indices]);
      expect([...a.raw.x]).toEqual([...b.raw.x]);
      expect([...(a.smoothed?.indices ?? [])]).toEqual([...(b.smoothed?.indices ?? [])]);
    }
  });
});

describe('EnvelopeIndex', () => {
  it('refuses a source whose x goes back: such points are sorted before they are indexed', () => {
    const xs = [0, 1, 2, 1];
    const source = { length: xs.length, x: (i: number) => xs[i]!, y: (i: number) => i };
    expect(() => new EnvelopeIndex(source)).toThrow(RangeError);
  });
});
