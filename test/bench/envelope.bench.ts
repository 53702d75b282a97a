// Benchmark: the M4 envelope of a 10,000,000-sample series at 1,000 px, p95 over random views,
// against a full scan of the samples in view measured in the same run; and building the index
// and a smoothed series of it, against the plain loops that visit the same samples.

import { SampleColumns } from '../../shared/series/sample-columns.js';
import { EnvelopeIndex } from '../../shared/series/envelope.js';
import { SeriesEnvelopes } from '../../shared/series/derived-series.js';
import { seededRandom } from './generate-log.js';
import type { BenchFigure } from './report.js';
import { bestOf } from './report.js';

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
  const source = {
    length: columns.length,
    x: (i: number) => columns.step(i),
    y: (i: number) => columns.value(i),
  };
  const index = new EnvelopeIndex(source);
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
    ...benchBuilding(columns, source, width),
    benchDenseColumns(),
  ];
}

/**
 * A Compare's envelopes: 240 series of 20,000 samples each at 620 px, some 32 samples a column,
 * where a query reads every sample in view; beside the plain scan of the same samples.
 */
function benchDenseColumns(series = 240, samples = 20_000, width = 620): BenchFigure {
  const random = seededRandom(11);
  const all: { columns: SampleColumns; envelopes: SeriesEnvelopes }[] = [];
  for (let s = 0; s < series; s++) {
    const columns = new SampleColumns();
    for (let i = 0; i < samples; i++) columns.push(i, 1_793_541_787 + i, random() + i / samples);
    all.push({ columns, envelopes: new SeriesEnvelopes(columns, { kind: 'step' }) });
  }
  // Each pass a width the pass before did not ask for: each series keeps its last view's answer.
  let pass = 0;
  const querySeconds = bestOf(3, () => {
    const asked = width + (pass++ % 2);
    for (const { envelopes } of all) envelopes.query(0, samples, asked, 0);
  });
  const scanSeconds = bestOf(3, () => {
    for (const { columns } of all) fullScan(columns, 0, samples, width);
  });
  return {
    name: `envelopes of ${series} series of ${samples.toLocaleString('en')} samples at ${width} px (a Compare's)`,
    value: querySeconds * 1000,
    unit: 'ms',
    baseline: scanSeconds * 1000,
    ratio: querySeconds / scanSeconds,
    goal: 'ratio < 2',
  };
}

/**
 * Building an index and a smoothed series: the loops that write the growable columns of block
 * summaries and smoothed values, each beside a loop that reads the same samples and keeps less.
 */
function benchBuilding(
  columns: SampleColumns,
  source: { readonly length: number; x(i: number): number; y(i: number): number },
  width: number,
): BenchFigure[] {
  const samples = columns.length;
  const count = samples.toLocaleString('en');
  const indexSeconds = bestOf(3, () => new EnvelopeIndex(source));
  const scanSeconds = bestOf(3, () => {
    let least = Infinity;
    let greatest = -Infinity;
    for (let i = 0; i < source.length; i++) {
      if (i > 0 && source.x(i) < source.x(i - 1)) throw new RangeError('x goes back');
      const v = source.y(i);
      if (v < least) least = v;
      if (v > greatest) greatest = v;
    }
    return least <= greatest;
  });
  const weight = 0.9;
  // The raw series' order and index are built once; each run builds the smoothed series anew.
  const envelopes = new SeriesEnvelopes(columns, { kind: 'step' });
  const smoothedSeconds = bestOf(3, () => {
    envelopes.dropSmoothing(weight);
    return envelopes.query(0, samples, width, weight);
  });
  const emaSeconds = bestOf(3, () => {
    const out = new Float64Array(samples);
    let last = 0;
    for (let i = 0; i < samples; i++) {
      last = last * weight + (1 - weight) * columns.value(i);
      out[i] = last / (1 - Math.pow(weight, i + 1));
    }
    return out;
  });
  return [
    {
      name: `envelope index of ${count} samples built`,
      value: indexSeconds * 1000,
      unit: 'ms',
      baseline: scanSeconds * 1000,
      ratio: indexSeconds / scanSeconds,
      goal: 'ratio < 4',
    },
    {
      name: `smoothed series of ${count} samples built and indexed`,
      value: smoothedSeconds * 1000,
      unit: 'ms',
      baseline: emaSeconds * 1000,
      ratio: smoothedSeconds / emaSeconds,
      goal: 'ratio < 3',
    },
  ];
}
