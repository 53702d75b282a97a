// Series derived from a key's samples for exact envelopes: paired with a step_metric by the
// format's rule, put in x order, and smoothed by the debiased EMA over every sample, each built
// once and extended as samples arrive (appends cost what they add, not the series' length).

import type { Envelope, EnvelopeSource } from './envelope.js';
import type { StoredColumn } from './stored-spans.js';
import { EnvelopeIndex } from './envelope.js';
import type { Float64Column } from './growable-column.js';
import { float64Column, Uint32Column, uint32Column } from './growable-column.js';
import { ViewMemo } from './view-memo.js';

/** A key's samples as the host holds them: columns that only grow, read by index. */
export interface SeriesSamples {
  readonly length: number;
  step(index: number): number;
  time(index: number): number;
  value(index: number): number;
  /** The column as stored, where the samples keep one: envelopes scan it straight. */
  storedColumn?(which: 'steps' | 'times' | 'values'): StoredColumn;
}

export const NO_SAMPLES: SeriesSamples = {
  length: 0,
  step: () => NaN,
  time: () => NaN,
  value: () => NaN,
};

/**
 * The samples of a key that pair with a step_metric m (the sample at step s pairs with the
 * latest sample of m at step s; none, or a non-finite one, leaves it without x), in the key's
 * order. Samples of m that arrive after the key's at the same step are the usual case while a
 * run is live: they pair the key's samples then, as an append. Only an m sample that changes a
 * pair already made (m logged twice at a step, or going back to an earlier step the key has)
 * asks for a rebuild.
 */
export class StepMetricPairing {
  /** x (m's value) and the key's sample index of each pair, in the key's order. */
  readonly x = float64Column();
  readonly source = uint32Column();
  private keyDone = 0;
  private metricDone = 0;
  private unpairedCount = 0;
  private keyMaxStep = -Infinity;
  private keyMonotonic = true;
  private metricMaxStep = -Infinity;
  /** m's latest value by step, once m's steps went back and a search over them no longer works. */
  private latestByStep: Map<number, number> | null = null;

  constructor(
    private readonly key: SeriesSamples,
    private readonly metric: SeriesSamples,
  ) {}

  get length(): number {
    return this.x.length;
  }

  /** Samples of the key taken in that have no x. */
  get unpaired(): number {
    return this.unpairedCount;
  }

  /** Takes in what both series gained; false when that changes pairs made, and it must be rebuilt. */
  extend(): boolean {
    const { key, metric } = this;
    for (let i = this.metricDone; i < metric.length; i++) {
      const step = metric.step(i);
      const value = metric.value(i);
      const before = this.partner(step);
      if (this.latestByStep === null && step < this.metricMaxStep)
        this.latestByStep = this.latestOf(i);
      this.latestByStep?.set(step, value);
      this.metricMaxStep = Math.max(this.metricMaxStep, step);
      this.metricDone = i + 1;
      if (this.keyDone === 0 || step > this.keyMaxStep || Object.is(before, value)) continue;
      if (!this.pairLate(step, before, value)) return false;
    }
    for (let j = this.keyDone; j < key.length; j++) {
      const step = key.step(j);
      if (step < this.keyMaxStep) this.keyMonotonic = false;
      else this.keyMaxStep = step;
      const partner = this.partner(step);
      if (partner !== undefined && Number.isFinite(partner)) {
        this.x.push(partner);
        this.source.push(j);
      } else this.unpairedCount++;
    }
    this.keyDone = key.length;
    return true;
  }

  /**
   * The key's samples at `step`, left without x, now have m's `value`: appended when every later
   * sample of the key is unpaired too, so the pairs stay in the key's order. False otherwise.
   */
  private pairLate(step: number, before: number | undefined, value: number): boolean {
    const wasPaired = before !== undefined && Number.isFinite(before);
    if (!this.keyMonotonic) return false;
    const lo = this.keyBound(step, false);
    const hi = this.keyBound(step, true);
    if (lo === hi) return true;
    if (wasPaired) return false;
    if (!Number.isFinite(value)) return true;
    const last = this.source.length === 0 ? -1 : this.source.data[this.source.length - 1]!;
    if (last >= lo) return false;
    for (let j = lo; j < hi; j++) {
      this.x.push(value);
      this.source.push(j);
    }
    this.unpairedCount -= hi - lo;
    return true;
  }

  /** First index of the key's taken samples with step above (or at least) `step`. */
  private keyBound(step: number, above: boolean): number {
    let lo = 0;
    let hi = this.keyDone;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.key.step(mid);
      if (s < step || (above && s === step)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** m's latest value at `step` among the samples taken in, or undefined. */
  private partner(step: number): number | undefined {
    if (this.latestByStep !== null) return this.latestByStep.get(step);
    const { metric } = this;
    let lo = 0;
    let hi = this.metricDone;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (metric.step(mid) <= step) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && metric.step(lo - 1) === step ? metric.value(lo - 1) : undefined;
  }

  private latestOf(end: number): Map<number, number> {
    const map = new Map<number, number>();
    for (let i = 0; i < end; i++) map.set(this.metric.step(i), this.metric.value(i));
    return map;
  }
}

/** What the envelopes are drawn against. */
export type EnvelopeX =
  | { readonly kind: 'step' }
  | { readonly kind: 'time' }
  | { readonly kind: 'step-metric'; readonly metric: SeriesSamples };

/** An envelope index's source over points counted by length(), read by x and y. */
function pointSource(
  length: () => number,
  x: (position: number) => number,
  y: (position: number) => number,
  stored: { xColumn?: StoredColumn | undefined; yColumn?: StoredColumn | undefined } = {},
): EnvelopeSource {
  return {
    get length() {
      return length();
    },
    x,
    y,
    xColumn: stored.xColumn,
    yColumn: stored.yColumn,
  };
}

/** The smoothed series in x order, its EMA's running state, and its index. */
interface Smoothed {
  readonly values: Float64Column;
  last: number;
  count: number;
  index: EnvelopeIndex;
}

export interface SeriesEnvelope {
  /** The raw series' envelope; indices are positions in x order. */
  readonly raw: Envelope;
  /** With smoothing, the smoothed series' own envelope over the same pixel columns. */
  readonly smoothed: Envelope | null;
}

/** The bytes an envelope's arrays hold. */
function envelopeBytes(envelope: Envelope | null): number {
  if (envelope === null) return 0;
  const { indices, x, y, nonFinite } = envelope;
  return indices.byteLength + x.byteLength + y.byteLength + nonFinite.byteLength;
}

/**
 * A key's series as a curve draws it (x by the chosen axis, in x order; with step_metric, its
 * pairs only) and its envelopes, raw and smoothed, exact over every sample. Positions are the
 * points in x order: the series' own order while x never decreases along it, otherwise a
 * permutation sorted by x (ties in series order), merged into as points arrive.
 */
export class SeriesEnvelopes {
  private pairing: StepMetricPairing | null = null;
  /** Position to point, once x went back; null while positions are points. */
  private order: Uint32Column | null = null;
  private positions = 0;
  private lastX = -Infinity;
  private rawIndex!: EnvelopeIndex;
  private readonly smoothings = new Map<number, Smoothed>();
  /** The last view's answer: the same view over the same points asks for no scan again. */
  private readonly lastView = new ViewMemo<SeriesEnvelope>();

  constructor(
    private readonly samples: SeriesSamples,
    private readonly x: EnvelopeX,
  ) {
    this.rebuild();
  }

  /** The number of points: samples, or with step_metric the paired ones. */
  get length(): number {
    this.update();
    return this.positions;
  }

  /** Samples of the key with no x on the step_metric's axis: counted, not drawn. */
  get unpaired(): number {
    this.update();
    return this.pairing?.unpaired ?? 0;
  }

  /** Whether x goes back along the series, so the points were sorted by x first. */
  get sorted(): boolean {
    return this.order !== null;
  }

  get nonFinite(): { nan: number; positiveInfinity: number; negativeInfinity: number } {
    this.update();
    return this.rawIndex.nonFiniteCounts;
  }

  /** The x of the point at a position. */
  xAt(position: number): number {
    const point = this.order === null ? position : this.order.data[position]!;
    if (this.pairing !== null) return this.pairing.x.data[point]!;
    return this.x.kind === 'time' ? this.samples.time(point) : this.samples.step(point);
  }

  /** The index, among the key's samples, of the point at a position. */
  sampleAt(position: number): number {
    const point = this.order === null ? position : this.order.data[position]!;
    return this.pairing === null ? point : this.pairing.source.data[point]!;
  }

  /** The smoothed value at a position, for a weight queried before. */
  smoothedAt(weight: number, position: number): number {
    return this.smoothings.get(weight)!.values.data[position]!;
  }

  /** Position of the best finite raw value by goal (first of equals), or -1. */
  best(goal: 'minimize' | 'maximize'): number {
    this.update();
    return this.rawIndex.extremeIndex(goal === 'maximize');
  }

  /** The envelopes of the points with x in [x0, x1] at `width` pixel columns. */
  query(x0: number, x1: number, width: number, smoothing: number): SeriesEnvelope {
    this.update();
    const view = { x0, x1, width, smoothing: smoothing > 0 ? smoothing : 0 };
    const kept = this.lastView.recall(view, this.positions);
    if (kept !== undefined) return kept;
    const raw = this.rawIndex.query(x0, x1, width);
    const smoothed = smoothing > 0 ? this.smoothed(smoothing).index.query(x0, x1, width) : null;
    const answer = { raw, smoothed };
    this.lastView.keep(view, this.positions, answer, envelopeBytes(raw) + envelopeBytes(smoothed));
    return answer;
  }

  /**
   * The position of the last point whose x is at most `x` (ties: the last in x order), or -1
   * when every point lies beyond it: the sample a cursor at x reads, as a legend shows it.
   */
  positionAtOrBefore(x: number): number {
    this.update();
    let lo = 0;
    let hi = this.positions;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.xAt(mid) <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The smoothed value at a position, the weight's series built when it was not yet. */
  smoothedValueAt(weight: number, position: number): number {
    this.update();
    return this.smoothed(weight).values.data[position]!;
  }

  private smoothed(weight: number): Smoothed {
    let state = this.smoothings.get(weight);
    if (state === undefined) {
      state = this.newSmoothed();
      this.smoothings.set(weight, state);
      this.extendSmoothed(weight, state);
    }
    return state;
  }

  /**
   * Forgets the smoothed series of a weight, and a last answer drawn with it: the owner keeps
   * only a few.
   */
  dropSmoothing(weight: number): void {
    this.smoothings.delete(weight);
    if (this.lastView.view?.smoothing === weight) this.lastView.forget();
  }

  get smoothingWeights(): readonly number[] {
    return [...this.smoothings.keys()];
  }

  /** Takes in what the series (and its step_metric) gained since the last call. */
  update(): void {
    if (this.pairing !== null && !this.pairing.extend()) {
      this.rebuild();
      return;
    }
    if (this.extendOrder()) {
      this.rawIndex.extend();
      for (const [weight, state] of this.smoothings) this.extendSmoothed(weight, state);
    } else this.restartIndexes();
  }

  private rebuild(): void {
    this.pairing =
      this.x.kind === 'step-metric' ? new StepMetricPairing(this.samples, this.x.metric) : null;
    this.pairing?.extend();
    this.order = null;
    this.positions = 0;
    this.lastX = -Infinity;
    this.extendOrder();
    this.restartIndexes();
  }

  private restartIndexes(): void {
    // Positions were put in another order or paired anew: an answer kept may no longer hold.
    this.lastView.forget();
    this.rawIndex = new EnvelopeIndex(this.rawSource());
    for (const weight of [...this.smoothings.keys()]) {
      const state = this.newSmoothed();
      this.smoothings.set(weight, state);
      this.extendSmoothed(weight, state);
    }
  }

  /**
   * What the raw index reads: the points taken into x order so far. While positions are the
   * samples themselves (x never went back, no pairing) it reads the samples straight, for a
   * query reads every sample in view and each indirection told; order and pairing only begin
   * with a restart of the indexes, which chooses again.
   */
  private rawSource(): EnvelopeSource {
    const { samples } = this;
    const positions = (): number => this.positions;
    if (this.order !== null || this.pairing !== null)
      return pointSource(
        positions,
        (p) => this.xAt(p),
        (p) => samples.value(this.sampleAt(p)),
      );
    const x =
      this.x.kind === 'time' ? (p: number) => samples.time(p) : (p: number) => samples.step(p);
    return pointSource(positions, x, (p) => samples.value(p), {
      xColumn: this.storedX(),
      yColumn: samples.storedColumn?.('values'),
    });
  }

  /** The stored column of the points' x, while positions are the samples themselves. */
  private storedX(): StoredColumn | undefined {
    if (this.order !== null || this.pairing !== null) return undefined;
    return this.samples.storedColumn?.(this.x.kind === 'time' ? 'times' : 'steps');
  }

  private newSmoothed(): Smoothed {
    const values = float64Column();
    const source = pointSource(
      () => values.length,
      (p) => this.xAt(p),
      (p) => values.data[p]!,
      // One array, grown by reallocation: read as a single block, whatever it is by then.
      { xColumn: this.storedX(), yColumn: { blockSize: Infinity, block: () => values.data } },
    );
    return { values, last: 0, count: 0, index: new EnvelopeIndex(source) };
  }

  /** The EMA carried on over the new positions: debiasedEma's very arithmetic, one step each. */
  private extendSmoothed(weight: number, state: Smoothed): void {
    const { values } = state;
    values.reserve(this.positions);
    for (let p = values.length; p < this.positions; p++) {
      const v = this.samples.value(this.sampleAt(p));
      if (!Number.isFinite(v)) {
        values.push(v);
        continue;
      }
      state.last = state.last * weight + (1 - weight) * v;
      state.count++;
      const debias = weight === 0 ? 1 : 1 - Math.pow(weight, state.count);
      values.push(state.last / debias);
    }
    state.index.extend();
  }

  private pointCount(): number {
    return this.pairing === null ? this.samples.length : this.pairing.length;
  }

  private pointX(point: number): number {
    if (this.pairing !== null) return this.pairing.x.data[point]!;
    return this.x.kind === 'time' ? this.samples.time(point) : this.samples.step(point);
  }

  /** Takes the new points into x order: true when they only went on at the end. */
  private extendOrder(): boolean {
    const end = this.pointCount();
    const start = this.positions;
    if (start === end) return true;
    if (this.order === null) {
      let point = start;
      for (; point < end; point++) {
        const x = this.pointX(point);
        if (x < this.lastX) break;
        this.lastX = x;
      }
      if (point === end) {
        this.positions = end;
        return true;
      }
      // x went back: from now on the points are kept sorted in a permutation.
      this.order = new Uint32Column(this.sortedPoints(0, end), end);
      this.positions = end;
      return false;
    }
    const added = this.sortedPoints(start, end);
    const order = this.order;
    const lastX = this.pointX(order.data[order.length - 1]!);
    if (!(this.pointX(added[0]!) < lastX)) {
      order.pushAll(added);
      this.positions = end;
      return true;
    }
    // Merge: earlier points first among equal x, as a stable sort would leave them.
    const merged = new Uint32Array(Math.max(end, order.data.length));
    let a = 0;
    let b = 0;
    let out = 0;
    while (a < order.length || b < added.length) {
      if (
        b >= added.length ||
        (a < order.length && this.pointX(order.data[a]!) <= this.pointX(added[b]!))
      )
        merged[out++] = order.data[a++]!;
      else merged[out++] = added[b++]!;
    }
    this.order = new Uint32Column(merged, end);
    this.positions = end;
    return false;
  }

  /** Points [start, end) sorted by x, ties by point number. */
  private sortedPoints(start: number, end: number): Uint32Array {
    const xs = new Float64Array(end - start);
    const points = new Uint32Array(end - start);
    for (let i = 0; i < xs.length; i++) {
      xs[i] = this.pointX(start + i);
      points[i] = start + i;
    }
    return points.sort((p, q) => xs[p - start]! - xs[q - start]! || p - q);
  }
}

/** A series as its owner keeps it: samples that grow, and a generation bumped when a cut removes some. */
export interface GrowingSeries {
  readonly samples: SeriesSamples;
  readonly generation: number;
}

/** What a key's curve is drawn against, as the cache is asked for it. */
export type EnvelopeBasis =
  | { readonly kind: 'step' }
  | { readonly kind: 'time' }
  | {
      readonly kind: 'step-metric';
      readonly name: string;
      /** Undefined while the step_metric has no sample: nothing pairs yet. */
      readonly series: GrowingSeries | undefined;
    };

interface CachedEnvelopes {
  readonly series: GrowingSeries;
  readonly generation: number;
  readonly metric: GrowingSeries | undefined;
  readonly metricGeneration: number;
  readonly envelopes: SeriesEnvelopes;
}

/**
 * A run's SeriesEnvelopes by key and basis, built on first use and built again when a cut (a new
 * generation) removes samples of the key or of its step_metric. Smoothed series cost 8 bytes a
 * sample each, so each key keeps only its most recently used few.
 */
export class EnvelopeCache {
  private readonly entries = new Map<string, CachedEnvelopes>();
  /** Per key, (basis id, weight) of its smoothed series, most recently used first. */
  private readonly smoothedByKey = new Map<string, { id: string; weight: number }[]>();

  constructor(private readonly smoothedPerKey = 2) {}

  /** The envelopes of a key's series against a basis, current with every sample. */
  envelopes(key: string, series: GrowingSeries, basis: EnvelopeBasis): SeriesEnvelopes {
    const id = EnvelopeCache.id(key, basis);
    const metric = basis.kind === 'step-metric' ? basis.series : undefined;
    let entry = this.entries.get(id);
    if (
      entry === undefined ||
      entry.series !== series ||
      entry.generation !== series.generation ||
      entry.metric !== metric ||
      entry.metricGeneration !== (metric?.generation ?? 0)
    ) {
      const x: EnvelopeX =
        basis.kind === 'step-metric'
          ? { kind: 'step-metric', metric: metric?.samples ?? NO_SAMPLES }
          : basis;
      entry = {
        series,
        generation: series.generation,
        metric,
        metricGeneration: metric?.generation ?? 0,
        envelopes: new SeriesEnvelopes(series.samples, x),
      };
      this.entries.set(id, entry);
    }
    return entry.envelopes;
  }

  /** The envelopes of a key for a view; a smoothed one counts as used, the least recent beyond the few kept forgotten. */
  query(
    key: string,
    series: GrowingSeries,
    basis: EnvelopeBasis,
    view: { x0: number; x1: number; width: number; smoothing: number },
  ): { envelopes: SeriesEnvelopes; envelope: SeriesEnvelope } {
    const envelopes = this.envelopes(key, series, basis);
    const envelope = envelopes.query(view.x0, view.x1, view.width, view.smoothing);
    if (view.smoothing > 0) this.usedSmoothing(key, basis, view.smoothing);
    return { envelopes, envelope };
  }

  private usedSmoothing(key: string, basis: EnvelopeBasis, weight: number): void {
    const id = EnvelopeCache.id(key, basis);
    const used = (this.smoothedByKey.get(key) ?? []).filter(
      (u) => !(u.id === id && u.weight === weight),
    );
    used.unshift({ id, weight });
    for (const dropped of used.splice(this.smoothedPerKey))
      this.entries.get(dropped.id)?.envelopes.dropSmoothing(dropped.weight);
    this.smoothedByKey.set(key, used);
  }

  /** Smoothed series held for a key, over all its bases. */
  smoothedCount(key: string): number {
    let count = 0;
    for (const [id, entry] of this.entries)
      if (id.startsWith(`${key}\u0000`)) count += entry.envelopes.smoothingWeights.length;
    return count;
  }

  private static id(key: string, basis: EnvelopeBasis): string {
    return `${key}\u0000${basis.kind === 'step-metric' ? `m:${basis.name}` : basis.kind}`;
  }
}
