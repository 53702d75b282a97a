// A worker thread that reads one segment of a big log (segment-scan.ts) and posts it back with
// its columns moved, not copied; its progress goes to shared memory the fold reads.

import { parentPort, workerData } from 'node:worker_threads';
import { scanSegment } from './segment-scan.js';

const { path, realRoot, start, end, progress, slot } = workerData as {
  path: string;
  realRoot: string;
  start: number;
  end: number;
  progress: Float64Array;
  slot: number;
};
const port = parentPort!;
try {
  const { segment, buffers } = scanSegment(path, realRoot, start, end, (bytes) => {
    progress[slot] = bytes;
  });
  port.postMessage({ type: 'done', segment }, buffers);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
