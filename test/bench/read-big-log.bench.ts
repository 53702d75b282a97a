// Benchmark: reading a 1 GB log into series, against naive JSON.parse of each line (read by
// line as a stream, since one string cannot hold 1 GB), measured in the same run: as the app
// reads a big log (a reading thread, its segments on as many threads as the machine has cores),
// and on one thread.

import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { segmentCountFor } from '../../electron/store/log/segmented-read.js';
import { readLogInWorker } from '../../electron/store/log/threaded-read.js';
import { generateMetricsLog } from './generate-log.js';
import type { BenchFigure } from './report.js';

/** The baseline: JSON.parse of each line, read by line as a stream; returns the lines parsed. */
export async function naiveParse(path: string): Promise<number> {
  let records = 0;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    JSON.parse(line);
    records++;
  }
  return records;
}

export async function benchReadBigLog(targetBytes = 1e9): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'munin-bench-big-'));
  try {
    const path = join(dir, 'events.jsonl');
    // About 140 bytes a step with three keys.
    const steps = Math.round(targetBytes / 140);
    const bytes = generateMetricsLog(path, steps, ['train/loss', 'train/acc', 'train/lr']);
    const mb = bytes / 1e6;
    let start = performance.now();
    const records = await naiveParse(path);
    const naiveSeconds = (performance.now() - start) / 1000;
    const countSamples = (log: RunLog): number =>
      [...log.series.values()].reduce((n, s) => n + s.samples.length, 0);
    start = performance.now();
    const threaded = await readLogInWorker(path, dir, () => undefined);
    const threadedSeconds = (performance.now() - start) / 1000;
    start = performance.now();
    const log = new RunLog();
    readLogInto(path, dir, log);
    const oneThreadSeconds = (performance.now() - start) / 1000;
    for (const read of [threaded.log, log]) {
      if (records !== steps + 1 || countSamples(read) !== steps * 3)
        throw new Error(`read ${countSamples(read)} samples of ${steps * 3}`);
    }
    const segments = segmentCountFor(bytes, availableParallelism());
    return [
      {
        name: `read a ${Math.round(mb)} MB log into series, as the app does (${segments} segments on ${availableParallelism()} cores)`,
        value: mb / threadedSeconds,
        unit: 'MB/s',
        baseline: mb / naiveSeconds,
        ratio: naiveSeconds / threadedSeconds,
        goal: 'value >= 800 MB/s on two cores (issue 41), ratio >= 3',
      },
      {
        name: `read a ${Math.round(mb)} MB log into series on one thread`,
        value: mb / oneThreadSeconds,
        unit: 'MB/s',
        baseline: mb / naiveSeconds,
        ratio: naiveSeconds / oneThreadSeconds,
        goal: 'reported beside the figure above',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
