// A store's ReadScheduler reading in the background as a source does after its first rows, with
// a watcher that only tells the test which run is taken up, and helpers to list ahead (or none).

import type { StoreWatcher } from '../../electron/follow/store-watcher.js';
import { ReadScheduler } from '../../electron/sources/munin/read-scheduler.js';
import type { RunEntry } from '../../electron/sources/munin/run-entry.js';
import { hostIdentities } from '../../electron/store/identities.js';
import { realStoreRoot } from '../../electron/store/store-files.js';

export interface BackgroundReader {
  readonly reader: ReadScheduler;
  readonly runs: Map<string, RunEntry>;
  /** Every entry the reader added, in order. */
  readonly added: RunEntry[];
}

/**
 * A reader of the store at root that lists ahead from the first run on, with `helpers` threads
 * (default 1; 0 reads every run on the host's thread); `follow` is told of each run taken up,
 * before it is read.
 */
export function backgroundReader(
  root: string,
  follow: (id: string) => void,
  options: { helpers?: number; script?: string } = {},
): BackgroundReader {
  const runs = new Map<string, RunEntry>();
  const added: RunEntry[] = [];
  const watcher = {
    follow: (id: string) => {
      follow(id);
      return 'unknown';
    },
  } as unknown as StoreWatcher;
  const reader = new ReadScheduler({
    root,
    realRoot: realStoreRoot(root),
    host: hostIdentities(),
    watcher,
    runs,
    threadedReadBytes: 64 * 1024 * 1024,
    added: (entry) => added.push(entry),
    readingStarted: () => undefined,
    closed: () => false,
    listAheadFrom: 0,
    listAheadHelpers: options.helpers ?? 1,
    ...(options.script !== undefined ? { listAheadScript: options.script } : {}),
  });
  return { reader, runs, added };
}
