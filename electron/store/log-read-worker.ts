// A worker thread that reads one big log into a RunLog, telling its progress, and posts the
// result back with its sample columns moved, not copied: the host's thread stays free.

import { parentPort, workerData } from 'node:worker_threads';
import { readLogInto } from './log-file.js';
import { RunLog } from './run-log.js';

const { path } = workerData as { path: string };
const port = parentPort!;
try {
  const log = new RunLog();
  let told = 0;
  const read = readLogInto(path, log, 0, (bytes) => {
    const now = Date.now();
    if (now - told >= 100) {
      told = now;
      port.postMessage({ type: 'progress', bytes });
    }
  });
  const { state, buffers } = log.toTransfer();
  port.postMessage({ type: 'done', state, read }, buffers);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
