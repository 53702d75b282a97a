// A report's data from a store: long series held as the exact envelopes of their finest level
// (every column's first, last, least and greatest sample, so every coarser level too), short
// ones whole; a resume's abandoned samples left out; non-finite samples counted; a run with no
// samples kept in the runs; and the page's answers from the held points as exact as the host's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../../shared/report/report-codec.js';
import type { ReportDocument, ReportLine } from '../../shared/report/report-document.js';
import { SeriesEnvelopes } from '../../shared/series/derived-series.js';
import type { SeriesSamples } from '../../shared/series/derived-series.js';
import { PreparedReport } from '../../electron/report/report-build.js';
import type { ReportRequest } from '../../electron/report/report-build.js';
import { fitReport } from '../../electron/report/report-fit.js';
import { readReportPage } from '../../electron/report/report-html.js';
import type { RunsSource, SourceRun } from '../../electron/sources/run-source.js';
import type { RunDetail } from '../../shared/api/contract.js';
import { ReportCurves } from '../../renderer/src/report/report-curves.js';
import { tempStores } from '../support/store-fixture.js';
import {
  EMPTY,
  INFINITY_AT,
  RESUMED,
  RESUMED_AT,
  RESUMED_TO,
  SPIKE,
  SPIKE_AT,
  SPIKY,
  SPIKY_SAMPLES,
  accAt,
  epochAt,
  resumedLoss,
  spikyLoss,
  openReportStore,
} from '../support/report-store.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

const newStore = tempStores();
let source: RunsSource;
let runs: SourceRun[];
let details: RunDetail[];

beforeAll(async () => {
  ({ source, runs } = await openReportStore(newStore()));
  details = await Promise.all(runs.map((run) => run.detail()));
});

afterAll(() => source.close());

function request(smoothing = 0): ReportRequest {
  return {
    runs,
    details,
    panels: ['train/loss', 'eval/acc', 'train/absent'].map((key) => ({
      key,
      axis: 'declared' as const,
      smoothing,
      logY: false,
      zoom: null,
    })),
    missingKeys: [],
    title: 'test',
    note: null,
    stores: [{ root: source.root, name: 'store' }],
    madeBy: 'munin-view test',
    now: 1_800_000_000,
  };
}

function laid(columns: number, smoothing = 0) {
  const { bytes } = new PreparedReport(request(smoothing)).lay(columns, encode);
  const read = readReport(bytes, decode);
  return { document: read.document as ReportDocument, array: read.array, bytes: bytes.length };
}

function lineOf(document: ReportDocument, key: string, run: number): ReportLine {
  return document.panels.find((p) => p.key === key)!.lines.find((l) => l.run === run)!;
}

const samplesOf = (steps: Float64Array, values: Float64Array): SeriesSamples => ({
  length: steps.length,
  step: (i) => steps[i]!,
  time: (i) => i,
  value: (i) => values[i]!,
});

describe('a report’s data', () => {
  it('holds a long series as its finest exact envelopes, every held point a real sample', () => {
    const { document, array } = laid(1024);
    const panel = document.panels.find((p) => p.key === 'train/loss')!;
    expect(panel.holding).toBe('envelopes');
    expect(panel.columns).toBe(1024);
    const line = lineOf(document, 'train/loss', 0);
    expect(line.total).toBe(SPIKY_SAMPLES);
    expect(line.nonFinite).toEqual({ nan: 2, positiveInfinity: 1, negativeInfinity: 0 });
    const steps = array(line.points.steps);
    const values = array(line.points.values);
    expect(steps.length).toBeLessThanOrEqual(4 * 1024 + 3);
    steps.forEach((step, k) => expect(Object.is(values[k], spikyLoss(step))).toBe(true));
    expect(values[steps.indexOf(SPIKE_AT)]).toBe(SPIKE);
    expect([...values].filter(Number.isNaN).length).toBeGreaterThan(0);
    expect(steps.includes(INFINITY_AT)).toBe(true);
  });

  it('holds every coarser level of the pyramid: M4 of the held points is M4 of every sample', () => {
    const { document, array } = laid(1024);
    const line = lineOf(document, 'train/loss', 0);
    const held = new SeriesEnvelopes(
      samplesOf(array(line.points.steps), array(line.points.values)),
      { kind: 'step' },
    );
    const all = new SeriesEnvelopes(
      samplesOf(
        Float64Array.from({ length: SPIKY_SAMPLES }, (_, i) => i),
        Float64Array.from({ length: SPIKY_SAMPLES }, (_, i) => spikyLoss(i)),
      ),
      { kind: 'step' },
    );
    for (const columns of [1024, 512, 256, 64, 1]) {
      const fromHeld = held.query(-Infinity, Infinity, columns, 0).raw;
      const fromAll = all.query(-Infinity, Infinity, columns, 0).raw;
      expect([...fromHeld.x], `${columns} columns`).toEqual([...fromAll.x]);
      expect([...fromHeld.y]).toEqual([...fromAll.y]);
    }
  });

  it('holds a short series whole, on its step_metric', () => {
    const { document, array } = laid(1024);
    const panel = document.panels.find((p) => p.key === 'eval/acc')!;
    expect(panel.holding).toBe('every-sample');
    expect(panel.mode).toBe('step_metric');
    expect(panel.stepMetric).toBe('train/epoch');
    const line = lineOf(document, 'eval/acc', 0);
    const steps = array(line.points.steps);
    expect([...steps]).toEqual(Array.from({ length: SPIKY_SAMPLES / 1000 }, (_, i) => i * 1000));
    expect([...array(line.points.x!)]).toEqual([...steps].map(epochAt));
    expect([...array(line.points.values)]).toEqual([...steps].map((s) => accAt(s, 0)));
  });

  it('leaves out what a resume abandoned', () => {
    const { document, array } = laid(4096);
    const line = lineOf(document, 'train/loss', 1);
    expect(line.total).toBe(RESUMED_TO + 1);
    expect(line.layout).toBeNull();
    const steps = array(line.points.steps);
    const values = array(line.points.values);
    expect([...steps]).toEqual(Array.from({ length: RESUMED_TO + 1 }, (_, i) => i));
    steps.forEach((step, k) =>
      expect(values[k]).toBe(resumedLoss(step, step <= RESUMED_AT ? 1 : 2)),
    );
  });

  it('keeps a run with no samples among the runs, and names keys no run has', () => {
    const { document } = laid(1024);
    expect(document.runs.map((run) => run.id)).toEqual([SPIKY, RESUMED, EMPTY]);
    expect(document.runs[2]!.status).toBe('failed');
    expect(document.runs[2]!.error).toBe('CUDA out of memory');
    expect(document.panels.every((p) => p.lines.every((l) => l.run !== 2))).toBe(true);
    expect(document.missingKeys).toEqual(['train/absent']);
    expect(document.runs[0]!.params).toEqual([
      ['lr', { text: '0.1', kind: 'float' }],
      ['seed', { text: '1', kind: 'int' }],
    ]);
    expect(JSON.parse(document.runs[0]!.provenance!).git.dirty).toBe(true);
  });

  it('keeps the smoothed line’s own extremes, smoothed over every sample', () => {
    const { document, array } = laid(256, 0.9);
    const line = lineOf(document, 'train/loss', 0);
    const smoothed = array(line.points.smoothed!);
    const steps = array(line.points.steps);
    const all = new SeriesEnvelopes(
      samplesOf(
        Float64Array.from({ length: SPIKY_SAMPLES }, (_, i) => i),
        Float64Array.from({ length: SPIKY_SAMPLES }, (_, i) => spikyLoss(i)),
      ),
      { kind: 'step' },
    );
    const env = all.query(-Infinity, Infinity, 256, 0.9);
    const heldSteps = new Set(steps);
    for (const p of env.smoothed!.indices) expect(heldSteps.has(p)).toBe(true);
    steps.forEach((step, k) =>
      expect(Object.is(smoothed[k], all.smoothedValueAt(0.9, step))).toBe(true),
    );
  });
});

describe('a report page’s answers', () => {
  it('draw and read the held points as the host draws and reads every sample', () => {
    const { document, array } = laid(1024);
    const curves = new ReportCurves({ document, array, bytes: 0 });
    const envelope = curves.envelope({
      runId: '0',
      key: 'train/loss',
      x: 'step',
      x0: SPIKE_AT - 500,
      x1: SPIKE_AT + 500,
      width: 400,
    });
    expect(Math.max(...envelope.raw.values)).toBe(SPIKE);
    // Counted over every sample, not over the held ones.
    expect(envelope.total).toBe(SPIKY_SAMPLES);
    expect(envelope.nonFinite.nan).toBe(2);
    const point = curves.sampleAt({ runId: '0', key: 'train/loss', x: 'step', at: SPIKE_AT });
    expect(point).toMatchObject({ step: SPIKE_AT, value: SPIKE });
    const acc = curves.sampleAt({ runId: '1', key: 'eval/acc', x: 'step_metric', at: 0.35 });
    expect(acc).toMatchObject({ step: 3000, x: 0.3, value: accAt(3000, 1) });
  });

  it('smooth every sample of a whole series at any weight, as the host does', () => {
    const { document, array } = laid(4096);
    const curves = new ReportCurves({ document, array, bytes: 0 });
    const point = curves.sampleAt({
      runId: '1',
      key: 'train/loss',
      x: 'step',
      at: 4321,
      smoothing: 0.7,
    });
    const host = runs[1]!.sampleAt({
      op: 'sampleAt',
      runId: RESUMED,
      key: 'train/loss',
      x: 'step',
      at: 4321,
      smoothing: 0.7,
    });
    expect(point).toEqual(host);
  });
});

describe('fitting a report to its budget', () => {
  it('halves the finest level until the file fits, and says when nothing fits', async () => {
    const page = await readReportPage();
    const prepared = new PreparedReport(request());
    const roomy = fitReport(prepared, page);
    expect(roomy.columns).toBe(4096);
    expect(roomy.overBudget).toBe(false);
    const pageBytes = page.script.length + page.styles.length;
    const tight = fitReport(prepared, page, pageBytes + 120_000);
    expect(tight.columns).toBeLessThan(4096);
    expect(tight.html.length).toBeLessThanOrEqual(pageBytes + 120_000);
    expect(tight.overBudget).toBe(false);
    const impossible = fitReport(prepared, page, pageBytes + 1_000);
    expect(impossible.overBudget).toBe(true);
  });
});
