// A helper thread that lists a large store's ended runs from their stats hints (hinted-listing.ts)
// and reads their notes, ahead of the host's thread: it is handed batches of run ids the host
// already watches, and posts back, per run, the listing, or null where the host must read the run
// itself (no hint, a hint that does not hold, a big log, anything that cannot be read, which the
// host reads and tells).

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { listWithHint } from '../../../store/hinted-listing.js';
import { LOG_FILE, STATS_LIMIT } from '../../../store/log/read-run.js';
import { readNotesUntold } from '../../../store/run-files.js';
import { readStoreFile } from '../../../store/store-files.js';
import type { ListAheadData, ListedAheadMessage, PostedListing } from './list-ahead.js';

const { realRoot, threadedReadBytes } = workerData as ListAheadData;
const port = parentPort!;

function listAhead(id: string, buffers: ArrayBuffer[]): PostedListing | null {
  const dir = join(realRoot, 'runs', id);
  // A big log is read whole on threads of its own, as the host decides when it takes it up.
  const size = statSync(join(dir, LOG_FILE), { throwIfNoEntry: false })?.size;
  if (size === undefined || size >= threadedReadBytes) return null;
  const hint = readStoreFile(join(dir, 'stats.json'), realRoot, STATS_LIMIT);
  // An unreadable or oversized hint is the host's to warn of, as it reads the run.
  if (hint.state !== 'read' || hint.truncated) return null;
  const listing = listWithHint(hint.bytes, dir, LOG_FILE, realRoot);
  if (listing === null) return null;
  const notes = readNotesUntold(dir, realRoot);
  if (notes.state === 'unreadable') return null;
  const moved = listing.log.toTransfer();
  buffers.push(...moved.buffers);
  return {
    log: moved.state,
    skippedSampleLines: listing.log.skippedSampleLines,
    statistics: listing.statistics,
    read: listing.read,
    notes,
  };
}

port.on('message', (ids: readonly string[]) => {
  const buffers: ArrayBuffer[] = [];
  const listed = ids.map((id) => {
    try {
      return listAhead(id, buffers);
    } catch {
      // Whatever failed here fails again as the host reads the run, which says why.
      return null;
    }
  });
  port.postMessage({ ids, listed } satisfies ListedAheadMessage, buffers);
});
