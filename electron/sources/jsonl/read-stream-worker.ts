// A worker thread that reads one big event stream into an EventFold, its segments shared with
// helper threads (stream-segment-worker.ts), telling its progress, and posts the fold back with
// its columns moved, not copied: the host's thread stays free.

import { parentPort, workerData } from 'node:worker_threads';
import type { SegmentedReadData } from '../../store/log/segmented-worker.js';
import { postReadError, readSegmentedHere } from '../../store/log/segmented-worker.js';
import { workerScript } from '../../store/log/threaded-read.js';
import { EventFold } from './event-fold.js';
import { eventFoldToTransfer, streamSegments } from './stream-segments.js';

const data = workerData as SegmentedReadData;
const port = parentPort!;
try {
  const fold = new EventFold();
  const read = await readSegmentedHere(
    port,
    data,
    workerScript('sources/jsonl', 'stream-segment-worker'),
    streamSegments(data.path, data.realRoot, fold),
  );
  const { state, buffers } = eventFoldToTransfer(fold);
  port.postMessage({ type: 'done', state, read }, buffers);
} catch (error) {
  postReadError(port, error);
}
