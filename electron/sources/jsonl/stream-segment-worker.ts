// A helper thread of a big event stream's read: folds segments of the stream (stream-segments.ts)
// as it claims them, posting each with its columns moved, not copied.

import { parentPort, workerData } from 'node:worker_threads';
import type { HelperData } from '../../store/log/segment-pool.js';
import { helpWithSegments } from '../../store/log/segment-pool.js';
import { scanStreamSegment } from './stream-segments.js';

const data = workerData as HelperData & { path: string; realRoot: string };
helpWithSegments(data, parentPort!, (start, end, progress) =>
  scanStreamSegment(data.path, data.realRoot, start, end, progress),
);
