// What a source is as a Backend shows it: where it is, whether it is polled, how far it is read
// (long reads with their progress), the health thresholds in force, and its runs' summaries in
// byte order of their ids.

import { basename } from 'node:path';
import type { RunSummary, StoreInfo } from '../../shared/api/contract.js';
import type { HealthThresholds } from '../../shared/api/health.js';
import { sortUtf8 } from '../../shared/format/utf8.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';

export function storeInfo(source: RunsSource, health: HealthThresholds): StoreInfo {
  return {
    root: source.root,
    name: basename(source.root),
    sources: source.paths,
    polling: source.polling,
    runsRead: source.runs.size,
    runsToRead: source.toRead,
    reading: [...source.reading].map(([runId, progress]) => ({ runId, ...progress })),
    health,
  };
}

/** Every run's summary (as `summarize` makes it), by id in byte order. */
export function listRuns(
  runs: ReadonlyMap<string, SourceRun>,
  summarize: (run: SourceRun) => RunSummary,
): RunSummary[] {
  return sortUtf8([...runs.keys()]).map((id) => summarize(runs.get(id)!));
}
