// Benchmark: the M4 envelope of a 10,000,000-sample series at 1,000 px, p95 over random views,
// against a full scan of the samples in view measured in the same run.

import { SampleColumns } from '../../shared/series/sample-columns.js';
import { EnvelopeIndex } from '../../shared/series/envelope.js';
import { seededRandom } from './generate-log.js';
import type { BenchFigure } from './report.js';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The baseline: every sample in view visited to find each column's first, last, least, greatest. */
function fullScan(columns: SampleColumns, x0: number, x1: number, width: number): number {
  let kept = 0;
  let lastColumn = -1;
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < columns.length; i++) {
    const x = columns.step(i);
    if (x < x0 || x > x1) continue;
    const column = Math.min(width - 1, Math.floor(((x - x0) / (x1 - x0)) * width));
    if (column !== lastColumn) {
      if (lastColumn >= 0) kept += 4;
      lastColumn = column;
      least = Infinity;
      greatest = -Infinity;
    }
    const v = columns.value(i);
    if (v < least) least = v;
    if (v > greatest) greatest = v;
  }
  return kept + (least <= greatest ? 1 : 0);
}

export function benchEnvelope(samples = 10_000_000, width = 1000, views = 40): BenchFigure[] {
  const random = seededRandom(7);
  const columns = new SampleColumns();
  let level = 2.5;
  for (let i = 0; i < samples; i++) {
    level = level * 0.999999 + (random() - 0.5) * 0.01;
    columns.push(i, 1_793_541_787 + i * 0.01, level + (i % 1_000_003 === 0 ? 40 : 0));
  }
  const index = new EnvelopeIndex({
    length: columns.length,
    x: (i) => columns.step(i),
    y: (i) => columns.value(i),
  });
  const times: number[] = [];
  const scans: number[] = [];
  for (let k = 0; k < views; k++) {
    // Views from the whole series down to a hundredth of it, as zooming gives them.
    const span = samples * Math.pow(10, -2 * random());
    const x0 = random() * (samples - span);
    const x1 = x0 + span;
    let start = process.hrtime.bigint();
    const envelope = index.query(x0, x1, width);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (envelope.indices.length > 4 * width) throw new Error('more than 4 points a column');
    if (k % 4 === 0) {
      start = process.hrtime.bigint();
      fullScan(columns, x0, x1, width);
      scans.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  scans.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  const scanP95 = percentile(scans, 0.95);
  return [
    {
      name: `envelope of ${samples.toLocaleString('en')} samples at ${width} px, p95`,
      value: p95,
      unit: 'ms',
      baseline: scanP95,
      ratio: p95 / scanP95,
      goal: 'value < 20',
    },
  ];
}
