// The times a run's writer wrote at most recently, from what a read already holds: its records'
// own times and its series' last samples, for the run's cadence when it was read cold.

import type { SampleColumns } from '../../shared/series/sample-columns.js';
import { RECENT_TIMES } from '../store/log/recent-times.js';

/**
 * The latest RECENT_TIMES distinct times of `times` and of the last samples of each of
 * `series`, ascending. Times within a millisecond of each other are one write: the keys of one
 * line share its time, and a writer writes several records at one step together.
 */
export function recentWriteTimes(
  times: readonly number[],
  series: Iterable<SampleColumns>,
): number[] {
  const all = [...times];
  for (const samples of series)
    for (let i = Math.max(0, samples.length - RECENT_TIMES); i < samples.length; i++)
      all.push(samples.time(i));
  all.sort((a, b) => a - b);
  const distinct: number[] = [];
  for (const time of all)
    if (Number.isFinite(time) && (distinct.length === 0 || time - distinct.at(-1)! >= 0.001))
      distinct.push(time);
  return distinct.slice(-RECENT_TIMES);
}
