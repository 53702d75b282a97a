// A worker thread that reads one big log into a RunLog, in segments on further threads where the
// machine has the cores, telling its progress, and posts the result back with its sample columns
// moved, not copied: the host's thread stays free.

import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { RunLog } from './run-fold.js';
import { readLogSegmented, segmentCountFor, segmentCuts } from './segmented-read.js';
import { scanSegmentInWorker } from './threaded-read.js';

const { path, realRoot, segments } = workerData as {
  path: string;
  realRoot: string;
  segments: number | undefined;
};
const port = parentPort!;
try {
  const log = new RunLog();
  const read = await readLogSegmented(
    path,
    realRoot,
    log,
    segmentCuts(path, realRoot, segments ?? segmentCountFor(statSync(path).size)),
    (start, end, progress, slot) =>
      // The host thread logs: this thread's logger is not the one --verbose configured.
      scanSegmentInWorker(path, realRoot, start, end, progress, slot, (message) =>
        port.postMessage({ type: 'warning', message }),
      ),
    (bytes) => port.postMessage({ type: 'progress', bytes }),
  );
  const { state, buffers } = log.toTransfer();
  port.postMessage({ type: 'done', state, read }, buffers);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
