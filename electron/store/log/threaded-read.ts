// Reading a big log off the calling thread (read-log-worker.ts), with progress, its segments
// read on further threads (segment-scan-worker.ts) where the machine has the cores.

import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { log } from '../../log.js';
import type { LogReadResult, SegmentSamples } from './read-types.js';
import type { TransferredRunLog } from './run-fold.js';
import { RunLog } from './run-fold.js';
import type { SegmentScan } from './segmented-read.js';

type WorkerMessage =
  | { type: 'progress'; bytes: number }
  | { type: 'warning'; message: string }
  | { type: 'done'; state: TransferredRunLog; read: LogReadResult }
  | { type: 'error'; message: string };

type SegmentMessage =
  { type: 'done'; segment: SegmentSamples } | { type: 'error'; message: string };

/**
 * A compiled worker, beside this module in out/electron/store/log/. A worker thread runs only
 * JavaScript, so where this module runs from its TypeScript source (under the test runner) the
 * worker is taken from the build, which `npm test` makes first.
 */
function workerScript(name: string): string {
  const here = fileURLToPath(import.meta.url);
  // From electron/store/log/ up to the checkout, whose build mirrors electron/ under out/.
  return here.endsWith('.ts')
    ? join(
        resolve(dirname(here), '..', '..', '..'),
        'out',
        'electron',
        'store',
        'log',
        `${name}.js`,
      )
    : join(dirname(here), `${name}.js`);
}

/**
 * Reads the log at path on another thread, in `segments` segments (by default as many as the
 * machine's cores and the log's size make worth it), telling the bytes read so far.
 */
export function readLogInWorker(
  path: string,
  realRoot: string,
  onProgress: (bytes: number) => void,
  segments?: number,
): Promise<{ log: RunLog; read: LogReadResult }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript('read-log-worker'), {
      workerData: { path, realRoot, segments },
    });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.bytes);
      else if (message.type === 'warning') log.warn(message.message);
      else if (message.type === 'done') {
        resolve({ log: RunLog.fromTransfer(message.state), read: message.read });
        void worker.terminate();
      } else {
        reject(new Error(message.message));
        void worker.terminate();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the reading thread stopped (${code})`));
    });
  });
}

/**
 * Reads bytes [start, end) of the log at path as a segment on a thread of its own. A segment its
 * thread could not read is read by the fold; `failed` is told why, so the failure is not lost.
 */
export function scanSegmentInWorker(
  path: string,
  realRoot: string,
  start: number,
  end: number,
  progress: Float64Array,
  slot: number,
  failed: (why: string) => void,
): SegmentScan {
  const worker = new Worker(workerScript('segment-scan-worker'), {
    workerData: { path, realRoot, start, end, progress, slot },
  });
  let settled = false;
  let cancelled = false;
  const result = new Promise<SegmentSamples | undefined>((resolve) => {
    const give = (segment: SegmentSamples | undefined, why?: string): void => {
      if (settled) return;
      settled = true;
      if (why !== undefined && !cancelled)
        failed(
          `${path}: bytes ${start} to ${end} could not be read on a thread (${why}); the fold reads them instead`,
        );
      resolve(segment);
    };
    worker.on('message', (message: SegmentMessage) => {
      if (message.type === 'done') give(message.segment);
      else give(undefined, message.message);
      void worker.terminate();
    });
    worker.on('error', (error) => give(undefined, error.message));
    worker.on('exit', (code) => give(undefined, `the thread stopped (${code})`));
  });
  return {
    result,
    cancel: () => {
      // A fold that stopped before this segment (at a NUL, say) no longer wants it: no failure.
      cancelled = true;
      void worker.terminate();
    },
  };
}
