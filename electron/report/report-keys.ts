// Which keys a report of some runs shows: those its patterns name (as plot --key reads them),
// in the runs' own key order; without patterns every metric key shared by all the runs that
// logged any sample.

import type { SourceRun } from '../sources/run-source.js';
import { keyMatcher } from '../plot/plot-args.js';

export interface ReportKeys {
  /** The keys to show, in the first run's order, then the next run's new ones. */
  readonly keys: readonly string[];
  /** Patterns that named no key of any of the runs. */
  readonly unmatched: readonly string[];
}

export function reportKeys(runs: readonly SourceRun[], patterns: readonly string[]): ReportKeys {
  const infos = runs.map((run) => run.summary().keys);
  const ordered: string[] = [];
  const seen = new Set<string>();
  for (const keys of infos)
    for (const info of keys)
      if (!seen.has(info.key)) {
        seen.add(info.key);
        ordered.push(info.key);
      }
  if (patterns.length === 0) {
    // A run that logged no sample shares nothing: it is shown in the runs, not let empty them.
    const logged = infos.filter((keys) => keys.some((info) => info.count > 0));
    const shared = ordered.filter((key) =>
      logged.every((keys) => keys.some((info) => info.key === key && info.kind === 'metric')),
    );
    return { keys: shared, unmatched: [] };
  }
  const matchers = patterns.map((pattern) => ({ pattern, test: keyMatcher(pattern) }));
  return {
    keys: ordered.filter((key) => matchers.some((m) => m.test(key))),
    unmatched: matchers.filter((m) => !ordered.some(m.test)).map((m) => m.pattern),
  };
}
