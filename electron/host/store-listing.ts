// What the store is as a Backend holds it: where it is, whether it is polled, how far it is
// read (big logs with their progress), and its runs' summaries in byte order of their ids.

import { basename } from 'node:path';
import type { RunSummary, StoreInfo } from '../../shared/api/contract.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import type { ReadScheduler } from './read-scheduler.js';
import type { RunEntry } from './run-entry.js';

export function storeInfo(
  root: string,
  polling: boolean,
  runs: ReadonlyMap<string, RunEntry>,
  reader: ReadScheduler,
): StoreInfo {
  return {
    root,
    name: basename(root),
    polling,
    runsRead: runs.size,
    runsToRead: reader.toRead,
    reading: [...reader.reading].map(([runId, progress]) => ({ runId, ...progress })),
  };
}

export function listRuns(runs: ReadonlyMap<string, RunEntry>): RunSummary[] {
  return [...runs.keys()].sort(compareUtf8).map((id) => runs.get(id)!.summary());
}
