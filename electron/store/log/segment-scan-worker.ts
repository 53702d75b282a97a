// A helper thread of a big log's read: reads segments of the log (segment-scan.ts) as it claims
// them, posting each with its columns moved, not copied; its progress goes to shared memory.

import { parentPort, workerData } from 'node:worker_threads';
import type { HelperData } from './segment-pool.js';
import { helpWithSegments } from './segment-pool.js';
import { scanSegment } from './segment-scan.js';

const data = workerData as HelperData & { path: string; realRoot: string };
helpWithSegments(data, parentPort!, (start, end, progress) =>
  scanSegment(data.path, data.realRoot, start, end, progress),
);
