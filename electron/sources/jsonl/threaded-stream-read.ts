// Reading a big event stream off the calling thread (read-stream-worker.ts), as a big munin log
// is read: in segments shared out among threads, with progress.

import type { LogReadResult } from '../../store/log/read-types.js';
import { readInWorker, workerScript } from '../../store/log/threaded-read.js';
import type { EventFold } from './event-fold.js';
import type { TransferredEventFold } from './stream-segments.js';
import { eventFoldFromTransfer } from './stream-segments.js';

/** Reads the stream at path on other threads; `segments` even ones when given (tests). */
export function readStreamInWorker(
  path: string,
  realRoot: string,
  onProgress: (bytes: number) => void,
  segments?: number,
): Promise<{ fold: EventFold; read: LogReadResult }> {
  return readInWorker(
    workerScript('sources/jsonl', 'read-stream-worker'),
    path,
    realRoot,
    onProgress,
    (state: TransferredEventFold) => eventFoldFromTransfer(state),
    segments,
  );
}
