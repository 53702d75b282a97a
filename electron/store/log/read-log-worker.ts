// A worker thread that reads one big log into a RunLog, its segments shared with helper threads
// where the machine has the cores, telling its progress, and posts the result back with its
// sample columns moved, not copied: the host's thread stays free.

import { availableParallelism } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { SegmentSamples } from './read-types.js';
import { RunLog } from './run-fold.js';
import { startSegmentHelpers } from './segment-pool.js';
import { logSegments } from './segment-scan.js';
import {
  evenCuts,
  planSegments,
  plannedCuts,
  readSegmented,
  segmentCuts,
} from './segmented-read.js';
import { helperThreads, workerScript } from './threaded-read.js';

const { path, realRoot, segments } = workerData as {
  path: string;
  realRoot: string;
  segments: number | undefined;
};
const port = parentPort!;
try {
  const log = new RunLog();
  const plan = planSegments(
    segmentCuts(path, realRoot, (size) =>
      segments === undefined ? plannedCuts(size, availableParallelism()) : evenCuts(size, segments),
    ),
  );
  const threads = helperThreads(plan.cuts.length - 1);
  const helpers =
    threads === 0
      ? null
      : startSegmentHelpers<SegmentSamples>(
          workerScript('store/log', 'segment-scan-worker'),
          { path, realRoot },
          threads,
          plan,
          // The host thread logs: this thread's logger is not the one --verbose configured.
          (message) => port.postMessage({ type: 'warning', message }),
          (k) => `${path}: bytes ${plan.cuts[k]} to ${plan.cuts[k + 1]}`,
        );
  const read = await readSegmented(plan, helpers, logSegments(path, realRoot, log), (bytes) =>
    port.postMessage({ type: 'progress', bytes }),
  );
  const { state, buffers } = log.toTransfer();
  port.postMessage({ type: 'done', state, read }, buffers);
} catch (error) {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}
