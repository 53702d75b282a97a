// Verifying artifact versions off the calling thread: a worker hashes the blobs, telling bytes
// hashed of the total, and stops when the caller's signal aborts. For the CLI and the Backend.

import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { realStoreRoot } from './store-files.js';
import type { VerifyProgress, VerifyResult, VerifyTarget } from './verify-check.js';

export type { ChangedEntry, VerifyProgress, VerifyResult, VerifyTarget } from './verify-check.js';

type WorkerMessage =
  | ({ type: 'progress' } & VerifyProgress)
  | { type: 'done'; results: VerifyResult[] }
  | { type: 'error'; message: string };

/**
 * The compiled worker beside this module in out/electron/store/. A worker thread runs only
 * JavaScript, so where this module runs from its source (the test runner) it is the build's.
 */
function workerScript(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? join(resolve(dirname(here), '..', '..'), 'out', 'electron', 'store', 'verify-worker.js')
    : join(dirname(here), 'verify-worker.js');
}

export interface VerifyOptions {
  /** Told the bytes hashed so far of the total: first with 0, last with every byte. */
  readonly onProgress?: (progress: VerifyProgress) => void;
  /** Aborting it stops the hashing; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Checks each target's blob on a worker thread; one result per target, in the targets' order. */
export function verifyVersions(
  root: string,
  targets: readonly VerifyTarget[],
  { onProgress, signal }: VerifyOptions = {},
): Promise<VerifyResult[]> {
  return new Promise((resolvePromise, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(workerScript(), {
      workerData: { root, realRoot: realStoreRoot(root), targets },
    });
    let settled = false;
    const settle = (give: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      give();
      void worker.terminate();
    };
    // terminate() stops the thread between two chunks of a hash; no read it makes can block.
    const abort = (): void => settle(() => reject(signal!.reason));
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.type === 'progress') onProgress?.({ bytes: message.bytes, total: message.total });
      else if (message.type === 'done') settle(() => resolvePromise(message.results));
      else settle(() => reject(new Error(message.message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`the verifying thread stopped (${code})`))),
    );
  });
}
