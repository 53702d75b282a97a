// The body of a worker thread that reads one big file of lines into a fresh fold in segments,
// shared with helper threads where the machine has the cores, telling its progress to the host:
// what a munin log's reading thread and an event stream's have in common.

import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import type { LogReadResult } from './read-types.js';
import { startSegmentHelpers } from './segment-pool.js';
import type { SegmentedFold } from './segmented-read.js';
import {
  evenCuts,
  planSegments,
  plannedCuts,
  readSegmented,
  segmentCuts,
} from './segmented-read.js';
import { helperThreads } from './threaded-read.js';

/** What the host gives a reading thread: the file, and `segments` even ones in tests. */
export interface SegmentedReadData {
  readonly path: string;
  readonly realRoot: string;
  readonly segments: number | undefined;
}

/**
 * Reads the file through `reader` on this thread, helped by threads running `helperScript`
 * (which calls helpWithSegments with the same path and realRoot); posts progress and warnings
 * on `port` and returns where reading stopped.
 */
export function readSegmentedHere<S>(
  port: MessagePort,
  { path, realRoot, segments }: SegmentedReadData,
  helperScript: string,
  reader: SegmentedFold<S>,
): Promise<LogReadResult> {
  const plan = planSegments(
    segmentCuts(path, realRoot, (size) =>
      segments === undefined ? plannedCuts(size, availableParallelism()) : evenCuts(size, segments),
    ),
  );
  const threads = helperThreads(plan.cuts.length - 1);
  const helpers =
    threads === 0
      ? null
      : startSegmentHelpers<S>(
          helperScript,
          { path, realRoot },
          threads,
          plan,
          // The host thread logs: this thread's logger is not the one --verbose configured.
          (message) => port.postMessage({ type: 'warning', message }),
          (k) => `${path}: bytes ${plan.cuts[k]} to ${plan.cuts[k + 1]}`,
        );
  return readSegmented(plan, helpers, reader, (bytes) =>
    port.postMessage({ type: 'progress', bytes }),
  );
}

/** Posts what a reading thread's body threw, for the host to reject its read with. */
export function postReadError(port: MessagePort, error: unknown): void {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
