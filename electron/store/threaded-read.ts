// Reading a big log off the calling thread (log-read-worker.ts), with progress.

import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { LogReadResult } from './log-file.js';
import type { TransferredRunLog } from './run-log.js';
import { RunLog } from './run-log.js';

type WorkerMessage =
  | { type: 'progress'; bytes: number }
  | { type: 'done'; state: TransferredRunLog; read: LogReadResult }
  | { type: 'error'; message: string };

/**
 * The compiled worker, beside this module in out/electron/store/. A worker thread runs only
 * JavaScript, so where this module runs from its TypeScript source (under the test runner) the
 * worker is taken from the build, which `npm test` makes first.
 */
const here = fileURLToPath(import.meta.url);
const WORKER = here.endsWith('.ts')
  ? join(resolve(dirname(here), '..', '..'), 'out', 'electron', 'store', 'log-read-worker.js')
  : join(dirname(here), 'log-read-worker.js');

export function readLogInWorker(
  path: string,
  onProgress: (bytes: number) => void,
): Promise<{ log: RunLog; read: LogReadResult }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { path } });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.bytes);
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
