// What a source is as a Backend shows it: where it is, whether it is polled, how far it is read
// (long reads with their progress), and its runs' summaries in byte order of their ids.

import { basename } from 'node:path';
import type { RunSummary, StoreInfo } from '../../shared/api/contract.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';

export function storeInfo(source: RunsSource): StoreInfo {
  return {
    root: source.root,
    name: basename(source.root),
    sources: source.paths,
    polling: source.polling,
    runsRead: source.runs.size,
    runsToRead: source.toRead,
    reading: [...source.reading].map(([runId, progress]) => ({ runId, ...progress })),
  };
}

export function listRuns(runs: ReadonlyMap<string, SourceRun>): RunSummary[] {
  return [...runs.keys()].sort(compareUtf8).map((id) => runs.get(id)!.summary());
}
