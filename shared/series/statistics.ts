// The statistics of a key, folded from its samples in log order (rules version 2): count, the
// latest sample, least/greatest/mean of the finite samples, count and first of the others.

import type { Goal, SeriesKind } from '../format/records.js';
import type { SampleColumns } from './sample-columns.js';

export interface Sample {
  readonly step: number;
  readonly time: number;
  readonly value: number;
}

export interface KeyStatistics {
  readonly kind: SeriesKind;
  readonly goal: Goal | null;
  readonly count: number;
  readonly last: Sample;
  readonly finite: {
    readonly least: number;
    readonly greatest: number;
    readonly mean: number;
  } | null;
  readonly nonFinite: { readonly count: number; readonly first: Sample } | null;
}

export class StatisticsAccumulator {
  private count = 0;
  private last: Sample | null = null;
  private finiteCount = 0;
  private least = 0;
  private greatest = 0;
  private sum = 0;
  private nonFiniteCount = 0;
  private firstNonFinite: Sample | null = null;

  add(step: number, time: number, value: number): void {
    this.count++;
    this.last = { step, time, value };
    if (Number.isFinite(value)) {
      if (this.finiteCount === 0 || value < this.least) this.least = value;
      if (this.finiteCount === 0 || value > this.greatest) this.greatest = value;
      this.sum += value;
      this.finiteCount++;
    } else {
      if (this.nonFiniteCount === 0) this.firstNonFinite = { step, time, value };
      this.nonFiniteCount++;
    }
  }

  result(kind: SeriesKind, goal: Goal | null): KeyStatistics | null {
    if (this.last === null) return null;
    return {
      kind,
      goal: kind === 'metric' ? goal : null,
      count: this.count,
      last: this.last,
      finite:
        this.finiteCount > 0
          ? { least: this.least, greatest: this.greatest, mean: this.sum / this.finiteCount }
          : null,
      nonFinite:
        this.firstNonFinite !== null
          ? { count: this.nonFiniteCount, first: this.firstNonFinite }
          : null,
    };
  }
}

/** Folds a whole series; null when it holds no sample. */
export function statisticsOf(
  columns: SampleColumns,
  kind: SeriesKind,
  goal: Goal | null,
): KeyStatistics | null {
  const fold = new StatisticsAccumulator();
  for (let i = 0; i < columns.length; i++)
    fold.add(columns.step(i), columns.time(i), columns.value(i));
  return fold.result(kind, goal);
}
