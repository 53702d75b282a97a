// A worker thread that checks artifact versions against their blobs (verify-check.ts), telling
// its progress a few times a second at most, so the thread that started it stays free.

import { parentPort, workerData } from 'node:worker_threads';
import type { VerifyTarget } from './verify-check.js';
import { checkVersions } from './verify-check.js';

/** Bytes hashed between two progress messages: a message per chunk would flood the host. */
const PROGRESS_STEP = 8 << 20;

const { root, realRoot, targets } = workerData as {
  root: string;
  realRoot: string;
  targets: VerifyTarget[];
};
const port = parentPort!;
try {
  let total = 0;
  let bytes = 0;
  let told = 0;
  const results = checkVersions(
    root,
    realRoot,
    targets,
    (all) => {
      total = all;
      port.postMessage({ type: 'progress', bytes: 0, total });
    },
    (chunk) => {
      bytes += chunk;
      if (bytes - told < PROGRESS_STEP) return;
      told = bytes;
      port.postMessage({ type: 'progress', bytes, total });
    },
  );
  port.postMessage({ type: 'progress', bytes, total: Math.max(total, bytes) });
  port.postMessage({ type: 'done', results });
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
