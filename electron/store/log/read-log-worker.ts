// A worker thread that reads one big log into a RunLog, its segments shared with helper threads
// where the machine has the cores, telling its progress, and posts the result back with its
// sample columns moved, not copied: the host's thread stays free.

import { parentPort, workerData } from 'node:worker_threads';
import { RunLog } from './run-fold.js';
import { logSegments } from './segment-scan.js';
import type { SegmentedReadData } from './segmented-worker.js';
import { postReadError, readSegmentedHere } from './segmented-worker.js';
import { workerScript } from './threaded-read.js';

const data = workerData as SegmentedReadData;
const port = parentPort!;
try {
  const log = new RunLog();
  const read = await readSegmentedHere(
    port,
    data,
    workerScript('store/log', 'segment-scan-worker'),
    logSegments(data.path, data.realRoot, log),
  );
  const { state, buffers } = log.toTransfer();
  port.postMessage({ type: 'done', state, read }, buffers);
} catch (error) {
  postReadError(port, error);
}
