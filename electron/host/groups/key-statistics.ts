// A key's statistics over runs, one row a run that has it, for the runs table's metric columns:
// taken from what each run already holds (a stats hint, or its folded series), never a re-read.

import type { KeyStatisticsRow } from '../../../shared/api/contract.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import type { SourceRun } from '../../sources/run-source.js';

/** A run's statistics of a key as the row shows them. */
export function statisticsRow(runId: string, stats: KeyStatistics): KeyStatisticsRow {
  const least = stats.finite?.least ?? null;
  const greatest = stats.finite?.greatest ?? null;
  return {
    runId,
    count: stats.count,
    lastStep: stats.last.step,
    last: stats.last.value,
    least,
    greatest,
    best: stats.goal === 'minimize' ? least : stats.goal === 'maximize' ? greatest : null,
    goal: stats.goal,
    kind: stats.kind,
    lastTime: stats.last.time,
    mean: stats.finite?.mean ?? null,
    nonFinite: stats.nonFinite,
  };
}

/** The statistics a row tells, whole: a far run's, listed from its host's rows. */
export function statisticsOfRow(row: KeyStatisticsRow): KeyStatistics {
  return {
    kind: row.kind,
    goal: row.goal,
    count: row.count,
    last: { step: row.lastStep, time: row.lastTime, value: row.last },
    finite:
      row.least === null || row.greatest === null || row.mean === null
        ? null
        : { least: row.least, greatest: row.greatest, mean: row.mean },
    nonFinite: row.nonFinite,
  };
}

/** The rows of the runs that have the key, in the order given. */
export function keyStatisticsRows(runs: Iterable<SourceRun>, key: string): KeyStatisticsRow[] {
  const rows: KeyStatisticsRow[] = [];
  for (const run of runs) {
    const stats = run.keyStatistics(key);
    if (stats !== undefined) rows.push(statisticsRow(run.id, stats));
  }
  return rows;
}
