// A held series' statistics folded once and extended as it grows (a cut starts the fold over),
// so asking a key's statistics of many runs again and again folds each sample once.

import type { Goal } from '../../../shared/format/records.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import { StatisticsAccumulator } from '../../../shared/series/statistics.js';
import type { Series } from './samples-fold.js';

interface Fold {
  generation: number;
  folded: number;
  readonly accumulator: StatisticsAccumulator;
}

const folds = new WeakMap<Series, Fold>();

/** The series' statistics as statisticsOf folds them; null when it holds no sample. */
export function seriesStatistics(series: Series, goal: Goal | null): KeyStatistics | null {
  const { samples } = series;
  let fold = folds.get(series);
  if (fold === undefined || fold.generation !== series.generation || fold.folded > samples.length) {
    fold = { generation: series.generation, folded: 0, accumulator: new StatisticsAccumulator() };
    folds.set(series, fold);
  }
  for (let i = fold.folded; i < samples.length; i++)
    fold.accumulator.add(samples.step(i), samples.time(i), samples.value(i));
  fold.folded = samples.length;
  return fold.accumulator.result(series.kind, goal);
}
