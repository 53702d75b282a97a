// The result the sweep view shows until the user picks one: the store's goal metric (the key
// most of its runs declare a goal for) at its best, least to minimize and greatest to maximize,
// so that the lines come coloured by what the runs are after. Pure.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Goal } from '../../../shared/format/records.js';
import { compareUtf8 } from '../../../shared/format/utf8.js';
import type { ResultChoice } from './parcoords-model.js';

export interface GoalMetric {
  readonly key: string;
  readonly goal: Goal;
}

/**
 * The key the most runs declare a goal for, with the goal most of those declare; null when no
 * run declares one. Only keys a run has samples of count: a run summary lists no other key.
 */
export function goalMetric(runs: Iterable<RunSummary>): GoalMetric | null {
  const declared = new Map<string, { minimize: number; maximize: number }>();
  for (const run of runs)
    for (const { key, goal } of run.keys) {
      if (goal === null) continue;
      let counts = declared.get(key);
      if (counts === undefined) declared.set(key, (counts = { minimize: 0, maximize: 0 }));
      counts[goal]++;
    }
  let best: { key: string; runs: number; goal: Goal } | null = null;
  for (const [key, { minimize, maximize }] of declared) {
    const runCount = minimize + maximize;
    // Keys as many runs declare go by the byte order of their UTF-8 (the store's order of ids
    // and tags), the first taken, so that the default does not hang on the order runs came in.
    if (
      best === null ||
      runCount > best.runs ||
      (runCount === best.runs && compareUtf8(key, best.key) < 0)
    )
      // Runs that disagree on the key's goal: the one more of them declare; minimize at a tie,
      // the goal of a loss, which sweeps are most often after.
      best = { key, runs: runCount, goal: maximize > minimize ? 'maximize' : 'minimize' };
  }
  return best === null ? null : { key: best.key, goal: best.goal };
}

/**
 * A key's statistic at its best by the goal: its least to minimize, its greatest to maximize.
 * Not the `best` statistic, which a run that declares no goal for the key lacks: min and max
 * value every run that has the key.
 */
export function bestResult(metric: GoalMetric): ResultChoice {
  return { kind: 'statistic', key: metric.key, stat: metric.goal === 'minimize' ? 'min' : 'max' };
}

/**
 * The result shown: the user's choice when they made one, "none" (null) included; the default
 * when they never chose (undefined: nothing kept in their settings).
 */
export function shownResult(
  chosen: ResultChoice | null | undefined,
  fallback: ResultChoice | null,
): ResultChoice | null {
  return chosen === undefined ? fallback : chosen;
}
