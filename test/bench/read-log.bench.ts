// Benchmark: reading a 1,000,000-step x 3-key log into series, against naive readFileSync +
// split + JSON.parse per line measured in the same run; and bytes of memory per sample.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { generateMetricsLog } from './generate-log.js';
import type { BenchFigure } from './report.js';
import { bestOf, collectGarbage, heapBytes } from './report.js';

function naiveRead(path: string): number {
  const series = new Map<string, number[][]>();
  let samples = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.length === 0) continue;
    const record = JSON.parse(line) as {
      type: string;
      step: number;
      time: number;
      values?: Record<string, number>;
    };
    if (record.type !== 'metrics' || record.values === undefined) continue;
    for (const [key, value] of Object.entries(record.values)) {
      let columns = series.get(key);
      if (columns === undefined) series.set(key, (columns = [[], [], []]));
      columns[0]!.push(record.step);
      columns[1]!.push(record.time);
      columns[2]!.push(value);
      samples++;
    }
  }
  return samples;
}

function munin(path: string): RunLog {
  const log = new RunLog();
  readLogInto(path, dirname(path), log);
  return log;
}

export function benchReadLog(steps = 1_000_000): BenchFigure[] {
  const dir = mkdtempSync(join(tmpdir(), 'munin-bench-'));
  try {
    const path = join(dir, 'events.jsonl');
    const bytes = generateMetricsLog(path, steps, ['train/loss', 'train/acc', 'train/lr']);
    const mb = bytes / 1e6;
    const naiveSeconds = bestOf(3, () => naiveRead(path));
    const muninSeconds = bestOf(3, () => munin(path));
    collectGarbage();
    const before = heapBytes();
    const log = munin(path);
    collectGarbage();
    const after = heapBytes();
    let samples = 0;
    for (const series of log.series.values()) samples += series.samples.length;
    if (samples !== steps * 3 || log.damaged !== 0)
      throw new Error(`read ${samples} samples, ${log.damaged} damaged`);
    return [
      {
        name: 'read 1M-step x 3-key log',
        value: mb / muninSeconds,
        unit: 'MB/s',
        baseline: mb / naiveSeconds,
        ratio: naiveSeconds / muninSeconds,
        goal: 'ratio >= 2',
      },
      {
        name: 'memory per sample after reading',
        value: (after - before) / samples,
        unit: 'bytes',
        baseline: 24,
        ratio: (after - before) / samples / 24,
        goal: 'value <= 12 (issue 41)',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
