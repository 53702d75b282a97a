// A far run's series as this host holds them: taken whole from the far host, grown by its deltas
// (samples, orphan cuts), and checked against a fresh copy after the link comes back. Like a
// follower, it tells what changed since the host last asked: the cuts in order, then per key the
// samples past what was told; a copy that no longer extends what was held is a reset.

import type { SeriesColumns } from '../../../shared/api/contract.js';
import type { FollowChange } from '../../follow/run-follower.js';
import { Series } from '../../store/log/samples-fold.js';

/** What changed since the host last asked: a reset (take the series afresh), or changes. */
export type HeldChanges =
  { readonly reset: true } | { readonly reset: false; readonly changes: readonly FollowChange[] };

/** How a fresh copy of a key compared with what was held. */
export type Reconciled = 'same' | 'extended' | 'reset';

export class HeldSeries {
  readonly series = new Map<string, Series>();
  /** Keys whose copy is being fetched: the far deltas of them until it comes are in it. */
  readonly fetching = new Set<string>();
  /** Per key, how many of its samples the host holds as told (by a refresh, or a snapshot). */
  private readonly told = new Map<string, number>();
  private cuts: number[] = [];
  private resetPending = false;

  /** Takes the keys' columns as the whole of the run's series; nothing of them is to be told. */
  load(columns: readonly SeriesColumns[]): void {
    this.series.clear();
    this.told.clear();
    this.cuts = [];
    for (const each of columns) this.setKey(each);
    for (const [key, series] of this.series) this.told.set(key, series.samples.length);
  }

  /** A key fetched whole while loading: taken as it is, with nothing of it to tell. */
  take(columns: SeriesColumns): void {
    this.setKey(columns);
    this.told.set(columns.key, columns.steps.length);
  }

  /** Everything held counts as told: a run just loaded, whose samples no one was told before. */
  allTold(): void {
    this.cuts = [];
    for (const [key, series] of this.series) this.told.set(key, series.samples.length);
  }

  /** Whatever was told is to be taken afresh. */
  resetAll(): void {
    this.resetPending = true;
  }

  /** Appends what a far samples delta brought. */
  append(columns: SeriesColumns): void {
    if (this.fetching.has(columns.key)) return;
    let series = this.series.get(columns.key);
    if (series === undefined) {
      series = new Series(columns.key, columns.kind);
      this.series.set(columns.key, series);
    }
    pushAll(series, columns);
  }

  /** A resume to `step`: metric samples past it go, and what was told of them too. */
  cut(step: number): void {
    for (const [key, series] of this.series) {
      if (series.kind !== 'metric' || series.maxStep <= step || this.fetching.has(key)) continue;
      const told = this.told.get(key) ?? 0;
      let removedOfTold = 0;
      for (let i = 0; i < told; i++) if (series.samples.step(i) > step) removedOfTold++;
      this.told.set(key, told - removedOfTold);
      series.samples.keepStepsUpTo(step);
      series.generation++;
      let greatest = -1;
      for (let i = 0; i < series.samples.length; i++)
        greatest = Math.max(greatest, series.samples.step(i));
      series.maxStep = greatest;
    }
    this.cuts.push(step);
  }

  /**
   * A key's columns fetched afresh (after the link came back): what extends the held samples is
   * appended, to be told; anything else replaces them, and the run is reset.
   */
  reconcile(fresh: SeriesColumns): Reconciled {
    const held = this.series.get(fresh.key);
    if (held === undefined) {
      this.append(fresh);
      return fresh.steps.length === 0 ? 'same' : 'extended';
    }
    const length = held.samples.length;
    if (held.kind === fresh.kind && fresh.steps.length >= length && holdsPrefix(held, fresh)) {
      if (fresh.steps.length === length) return 'same';
      pushAll(held, fresh, length);
      return 'extended';
    }
    this.setKey(fresh);
    this.resetPending = true;
    return 'reset';
  }

  /** Keys held that the far run no longer has: the run is reset without them. */
  dropKeysBut(keys: ReadonlySet<string>): void {
    for (const key of [...this.series.keys()])
      if (!keys.has(key)) {
        this.series.delete(key);
        this.told.delete(key);
        this.resetPending = true;
      }
  }

  /** Whether something waits to be told. */
  get changed(): boolean {
    if (this.resetPending || this.cuts.length > 0) return true;
    for (const [key, series] of this.series)
      if (series.samples.length !== (this.told.get(key) ?? 0)) return true;
    return false;
  }

  /** What changed since the last call, now told. */
  drain(): HeldChanges {
    if (this.resetPending) {
      this.resetPending = false;
      this.cuts = [];
      for (const [key, series] of this.series) this.told.set(key, series.samples.length);
      return { reset: true };
    }
    const changes: FollowChange[] = this.cuts.map((step) => ({ kind: 'orphans-cut', step }));
    this.cuts = [];
    for (const [key, series] of this.series) {
      const from = this.told.get(key) ?? 0;
      const to = series.samples.length;
      if (to > from) changes.push({ kind: 'samples', key, from, to });
      this.told.set(key, to);
    }
    return { reset: false, changes };
  }

  /** A key's series made anew from columns: a new object, so what was built over the old goes. */
  private setKey(columns: SeriesColumns): void {
    const series = new Series(columns.key, columns.kind);
    pushAll(series, columns);
    this.series.set(columns.key, series);
    this.told.set(columns.key, 0);
  }
}

function pushAll(series: Series, columns: SeriesColumns, from = 0): void {
  const { steps, times, values } = columns;
  for (let i = from; i < steps.length; i++) series.push(steps[i]!, times[i]!, values[i]!);
}

/** Whether the fresh columns start with every sample held, bit for bit (NaN equal to NaN). */
function holdsPrefix(held: Series, fresh: SeriesColumns): boolean {
  const { samples } = held;
  for (let i = 0; i < samples.length; i++)
    if (
      !Object.is(samples.step(i), fresh.steps[i]) ||
      !Object.is(samples.time(i), fresh.times[i]) ||
      !Object.is(samples.value(i), fresh.values[i])
    )
      return false;
  return true;
}
