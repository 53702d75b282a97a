// Segments of a big file shared out among threads: each thread claims, in shared memory, the
// next segment no thread has, reads it and claims another, so that a thread that started late or
// runs slow takes fewer. The fold's thread takes the segments in order; a helper thread posts
// each segment it read, its arrays moved, not copied.

import type { MessagePort } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';

/** The claimant id of the thread that folds; helpers are 2 and up. */
export const FOLD_THREAD = 1;

/** Who reads each segment: 0 while no thread claimed it, else its claimant's id. */
export class SegmentClaims {
  private readonly owners: Int32Array;
  /** Claims go in segment order, so this claimant's next one is never before its last. */
  private from = 0;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.owners = new Int32Array(buffer);
  }

  /** Claims for `count` segments, the first already the fold's. */
  static create(count: number): SegmentClaims {
    const claims = new SegmentClaims(new SharedArrayBuffer(4 * count));
    claims.owners[0] = FOLD_THREAD;
    return claims;
  }

  get count(): number {
    return this.owners.length;
  }

  /** Claims the first segment no thread has for `who`; -1 when none is left. */
  claim(who: number): number {
    for (let k = this.from; k < this.owners.length; k++) {
      if (Atomics.compareExchange(this.owners, k, 0, who) === 0) {
        this.from = k + 1;
        return k;
      }
    }
    this.from = this.owners.length;
    return -1;
  }

  /** Claims every segment left, so that no other thread starts one. */
  claimRest(who: number): void {
    while (this.claim(who) >= 0);
  }

  ownerOf(segment: number): number {
    return Atomics.load(this.owners, segment);
  }
}

/** A segment read on a helper thread, with the buffers that move with it. */
export interface ScannedSegment<S> {
  readonly segment: S;
  readonly buffers: ArrayBuffer[];
}

export type HelperMessage<S> =
  | { readonly type: 'done'; readonly index: number; readonly segment: S }
  | { readonly type: 'error'; readonly message: string };

/** What a helper thread is given, besides what its scanner needs. */
export interface HelperData {
  readonly cuts: readonly number[];
  readonly claims: SharedArrayBuffer;
  readonly progress: Float64Array;
  readonly id: number;
}

/**
 * A helper thread's work: claims segments until none is left, reading each with `scan`, which
 * tells the bytes it read so far, and posting it on `port`.
 */
export function helpWithSegments<S>(
  data: HelperData,
  port: MessagePort,
  scan: (start: number, end: number, progress: (bytes: number) => void) => ScannedSegment<S>,
): void {
  const claims = new SegmentClaims(data.claims);
  try {
    for (let k = claims.claim(data.id); k >= 0; k = claims.claim(data.id)) {
      const { segment, buffers } = scan(data.cuts[k]!, data.cuts[k + 1]!, (bytes) => {
        data.progress[k] = bytes;
      });
      port.postMessage({ type: 'done', index: k, segment } satisfies HelperMessage<S>, buffers);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({ type: 'error', message } satisfies HelperMessage<S>);
  }
}

/** The helper threads of a read, as the fold's thread sees them. */
export interface SegmentHelpers<S> {
  /** True once the segment a helper claimed arrived, or its helper stopped without it. */
  arrived(segment: number): boolean;
  /** The segment a helper claimed, once it arrives; undefined when its helper could not read it. */
  delivered(segment: number): Promise<S | undefined>;
  /** Stops every helper; what they still read is not wanted. */
  stop(): void;
}

/**
 * Starts `threads` helper threads running `script` (which calls helpWithSegments) with
 * `data` and the shared claims and progress. A segment a helper claimed and could not deliver
 * is delivered as undefined, and `failed` told why with `describe` of it, unless stopped.
 */
export function startSegmentHelpers<S>(
  script: string,
  data: object,
  threads: number,
  shared: { cuts: readonly number[]; claims: SegmentClaims; progress: Float64Array },
  failed: (why: string) => void,
  describe: (segment: number) => string,
): SegmentHelpers<S> {
  const { claims } = shared;
  const results = new Map<number, S | undefined>();
  const waiting = new Map<number, (segment: S | undefined) => void>();
  let stopped = false;
  const settle = (k: number, segment: S | undefined): void => {
    if (results.has(k)) return;
    results.set(k, segment);
    waiting.get(k)?.(segment);
    waiting.delete(k);
  };
  const workers = Array.from({ length: threads }, (_, i) => {
    const id = FOLD_THREAD + 1 + i;
    const workerData: HelperData = {
      ...data,
      cuts: shared.cuts,
      claims: claims.buffer,
      progress: shared.progress,
      id,
    };
    const worker = new Worker(script, { workerData });
    let why: string | null = null;
    worker.on('message', (message: HelperMessage<S>) => {
      if (message.type === 'done') settle(message.index, message.segment);
      else why = message.message;
    });
    worker.on('error', (error) => (why = error.message));
    // Node delivers a thread's messages before its exit: what is not delivered by then never is.
    worker.on('exit', (code) => {
      for (let k = 0; k < claims.count; k++) {
        if (claims.ownerOf(k) !== id || results.has(k)) continue;
        if (!stopped)
          failed(
            `${describe(k)} could not be read on a thread (${why ?? `the thread stopped (${code})`}); the fold reads them instead`,
          );
        settle(k, undefined);
      }
    });
    return worker;
  });
  return {
    arrived: (k) => results.has(k),
    delivered: (k) =>
      results.has(k) ? Promise.resolve(results.get(k)) : new Promise((r) => waiting.set(k, r)),
    stop: () => {
      stopped = true;
      for (const worker of workers) void worker.terminate();
    },
  };
}
