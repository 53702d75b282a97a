// Reading a big file off the calling thread, with progress, its segments shared out among further
// threads where the machine has the cores: a munin log (read-log-worker.ts), or any fold whose
// reading thread calls readSegmentedHere (segmented-worker.ts), as an event stream's does.

import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { log } from '../../log.js';
import type { LogReadResult } from './read-types.js';
import type { TransferredRunLog } from './run-fold.js';
import { RunLog } from './run-fold.js';

type WorkerMessage<T> =
  | { type: 'progress'; bytes: number }
  | { type: 'warning'; message: string }
  | { type: 'done'; state: T; read: LogReadResult }
  | { type: 'error'; message: string };

/** Logs and streams larger than this are read in worker threads, with progress. */
export const THREADED_READ_BYTES = 50 * 1024 * 1024;

/** Helper threads a read starts, at most, besides the thread that folds. */
const MAX_HELPERS = 7;

/** The helper threads for a read in `segments` segments on this machine. */
export function helperThreads(segments: number): number {
  return Math.max(0, Math.min(segments - 1, availableParallelism() - 1, MAX_HELPERS));
}

/**
 * A compiled worker of the electron/ folder `dir` (as under electron/, e.g. 'store/log'): a
 * worker thread runs only JavaScript, so where this module runs from its TypeScript source
 * (under the test runner) the worker is taken from the build, which `npm test` makes first.
 */
export function workerScript(dir: string, name: string): string {
  const here = fileURLToPath(import.meta.url);
  // This module is electron/store/log/threaded-read: up three to electron/'s parent.
  const top = resolve(dirname(here), '..', '..', '..');
  return here.endsWith('.ts')
    ? join(top, 'out', 'electron', ...dir.split('/'), `${name}.js`)
    : join(top, 'electron', ...dir.split('/'), `${name}.js`);
}

/**
 * Reads the file at path on a thread running `script` (which calls readSegmentedHere), telling
 * the bytes read so far; in `segments` even segments when given (tests), else in segments
 * planned for the machine's cores. `take` makes the fold of the state the thread posts.
 */
export function readInWorker<T, F>(
  script: string,
  path: string,
  realRoot: string,
  onProgress: (bytes: number) => void,
  take: (state: T) => F,
  segments?: number,
): Promise<{ fold: F; read: LogReadResult }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { path, realRoot, segments } });
    worker.on('message', (message: WorkerMessage<T>) => {
      if (message.type === 'progress') onProgress(message.bytes);
      else if (message.type === 'warning') log.warn(message.message);
      else if (message.type === 'done') {
        resolve({ fold: take(message.state), read: message.read });
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

/** Reads the log at path on another thread, as readInWorker. */
export async function readLogInWorker(
  path: string,
  realRoot: string,
  onProgress: (bytes: number) => void,
  segments?: number,
): Promise<{ log: RunLog; read: LogReadResult }> {
  const { fold, read } = await readInWorker(
    workerScript('store/log', 'read-log-worker'),
    path,
    realRoot,
    onProgress,
    (state: TransferredRunLog) => RunLog.fromTransfer(state),
    segments,
  );
  return { log: fold, read };
}
