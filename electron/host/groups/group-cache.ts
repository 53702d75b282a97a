// The group curves a Backend keeps: one per (runs, key, formula, center, spread, x), built over
// every sample on first ask and brought up to date on each later one; the least recently asked
// is dropped past a few, since a curve holds seven columns the length of the group's steps.

import type { GroupCenter, GroupSpread, GroupX } from '../../../shared/api/contract.js';
import type { Series } from '../../store/log/samples-fold.js';
import type { SourceRun } from '../../sources/run-source.js';
import { GroupOrder } from '../../../shared/series/group-envelope.js';
import { GroupCurve } from './group-series.js';

/** A run's series of a key, or of a derived view: the run's own, or one computed from its keys. */
export type SeriesResolver = (run: SourceRun, key: string) => Series | undefined;

export interface GroupAsk {
  readonly runs: readonly SourceRun[];
  readonly key: string;
  readonly formula?: string;
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
  readonly x: GroupX;
}

export interface HeldGroup {
  readonly curve: GroupCurve;
  readonly order: GroupOrder;
  /** Runs that hold the key (or give the view values). */
  readonly runs: number;
  /** Runs without it, by id, in the order asked. */
  readonly missing: readonly string[];
}

const KEPT = 8;

export class GroupCurves {
  private readonly held = new Map<string, { curve: GroupCurve; order: GroupOrder }>();

  constructor(private readonly resolve: SeriesResolver) {}

  /** The group's curve as its runs are now. */
  group(ask: GroupAsk): HeldGroup {
    // Ids in byte order: the same runs asked in another order are the same group.
    const runs = [...new Map(ask.runs.map((r) => [r.id, r])).values()].sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    const series: Series[] = [];
    const missing: string[] = [];
    for (const run of runs) {
      const s = this.resolve(run, ask.key);
      if (s === undefined) missing.push(run.id);
      else series.push(s);
    }
    const asked = new Set(missing);
    const missingInOrder = [...new Set(ask.runs.map((r) => r.id))].filter((id) => asked.has(id));
    const name = JSON.stringify([
      runs.map((r) => r.id),
      ask.key,
      ask.formula ?? null,
      ask.center,
      ask.spread,
      ask.x,
    ]);
    let entry = this.held.get(name);
    if (entry === undefined) {
      const curve = new GroupCurve(series, ask);
      entry = { curve, order: new GroupOrder(curve) };
    } else {
      entry.curve.update(series);
      this.held.delete(name);
    }
    // Kept last in the map's order: the first entry is the least recently asked.
    this.held.set(name, entry);
    while (this.held.size > KEPT) this.held.delete(this.held.keys().next().value!);
    return { ...entry, runs: series.length, missing: missingInOrder };
  }
}
