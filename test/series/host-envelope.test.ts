// The envelope, envelopes and sampleAt ops through the Backend: smoothed and step_metric-paired
// envelopes of a run's log against every sample, as the log grows and after a resume cuts
// orphans; the point a cursor reads at any x; a panel's lines asked at once; refusals.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { Session } from '../../electron/host/backend.js';
import type { ApiResponse, EnvelopeColumns, PointAt } from '../../shared/api/contract.js';
import type { LogRecord } from '../../shared/format/records.js';
import { encodeRecord } from '../../shared/format/records.js';
import { bestIndex, debiasedEma, pairWithStepMetric } from '../../shared/series/curve-math.js';
import { columnsToPoints } from '../../shared/api/points-at-columns.js';

const RUN = '20261201T000000Z-0000e5e5';
const WIDTH = 50;

/** The run as the test wrote it: every sample of the loss and of the epoch, in log order. */
const written = { loss: [] as [number, number][], epoch: [] as [number, number][] };
let root: string;
let backend: Backend;
let session: Session;

function line(record: LogRecord): string {
  return `${encodeRecord(record)}\n`;
}

function lossAt(step: number): number {
  if (step % 97 === 13) return NaN;
  if (step % 211 === 5) return Infinity;
  if (step % 307 === 7) return -Infinity;
  return Math.sin(step / 50) + step / 1000 + (step % 17 === 0 ? 3 : 0);
}

/** Metrics lines for steps [from, to): the loss every step, the epoch at most steps. */
function samples(from: number, to: number, epochLate = false): string {
  let text = '';
  for (let step = from; step < to; step++) {
    const values = new Map<string, number>([['train/loss', lossAt(step)]]);
    written.loss.push([step, lossAt(step)]);
    const epoch = Math.floor(step / 40);
    const logEpoch = step % 3 !== 0;
    if (logEpoch && !epochLate) {
      values.set('train/epoch', epoch);
      written.epoch.push([step, epoch]);
    }
    text += line({ type: 'metrics', time: 1_800_000_000 + step, step, values });
    if (logEpoch && epochLate) {
      written.epoch.push([step, epoch]);
      text += line({
        type: 'metrics',
        time: 1_800_000_000 + step,
        step,
        values: new Map([['train/epoch', epoch]]),
      });
    }
  }
  return text;
}

async function envelope(request: Record<string, unknown>): Promise<ApiResponse<'envelope'>> {
  return (await session.request({
    op: 'envelope',
    runId: RUN,
    key: 'train/loss',
    x0: -Number.MAX_VALUE,
    x1: Number.MAX_VALUE,
    width: WIDTH,
    ...request,
  })) as ApiResponse<'envelope'>;
}

async function answer(request: Record<string, unknown>): Promise<EnvelopeColumns> {
  const response = await envelope(request);
  if (!response.ok) throw new Error(response.error.message);
  return response.result;
}

/** Checks an answer against the whole-series path's own math over every sample written. */
function expectExact(result: EnvelopeColumns, smoothing: number): void {
  const columns = (rows: [number, number][]) => ({
    steps: rows.map((r) => r[0]),
    times: rows.map((r) => r[0]),
    values: rows.map((r) => r[1]),
    length: rows.length,
  });
  const paired = pairWithStepMetric(columns(written.loss), columns(written.epoch));
  expect(result.stepMetric).toBe('train/epoch');
  expect(result.unpaired).toBe(paired.unpaired);
  expect(result.total).toBe(written.loss.length);
  expect(result.xOrder).toBe('series');
  // Steps are unique here, so a step names a point.
  const byStep = new Map<number, { x: number; y: number; smoothed: number }>();
  const smoothed = debiasedEma(paired.y, smoothing);
  paired.indices.forEach((i, p) =>
    byStep.set(written.loss[i]![0], { x: paired.x[p]!, y: paired.y[p]!, smoothed: smoothed[p]! }),
  );
  const raw = result.raw;
  const smooth = result.smoothed!;
  for (const [points, column] of [
    [raw, 'y'],
    [smooth, 'smoothed'],
  ] as const) {
    expect(points.steps.length).toBeLessThanOrEqual(4 * WIDTH);
    points.steps.forEach((step, k) => {
      const point = byStep.get(step)!;
      expect(point).toBeDefined();
      expect(points.x![k]).toBe(point.x);
      expect(points.values[k]).toBe(point[column]);
    });
    // The extremes of the whole curve are among the points drawn.
    const finite = [...byStep.values()].map((p) => p[column]).filter(Number.isFinite);
    expect(Math.min(...points.values)).toBe(Math.min(...finite));
    expect(Math.max(...points.values)).toBe(Math.max(...finite));
  }
  const best = bestIndex(paired.y, 'minimize');
  expect(result.best).toEqual({
    step: written.loss[paired.indices[best]!]![0],
    x: paired.x[best],
    value: paired.y[best],
  });
  const nonFinite = paired.y.filter((y) => !Number.isFinite(y));
  expect(
    result.nonFinite.nan + result.nonFinite.positiveInfinity + result.nonFinite.negativeInfinity,
  ).toBe(nonFinite.length);
  for (const [k, step] of result.markers.steps.entries())
    expect(Object.is(result.markers.values[k], byStep.get(step)!.y)).toBe(true);
}

async function grownTo(count: number): Promise<void> {
  await expect
    .poll(async () => (await answer({ x: 'step' })).total, { timeout: 10_000 })
    .toBe(count);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'munin-envelope-'));
  const dir = join(root, 'runs', RUN);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'events.jsonl'),
    line({
      type: 'start',
      time: 1_800_000_000,
      experiment: 'envelopes',
      name: null,
      parent: null,
      steps: null,
      params: new Map(),
      provenance: null,
    }) +
      line({
        type: 'metric',
        time: 1_800_000_000,
        key: 'train/loss',
        goal: 'minimize',
        stepMetric: 'train/epoch',
      }) +
      line({
        type: 'metric',
        time: 1_800_000_000,
        key: 'train/epoch',
        goal: null,
        stepMetric: null,
      }) +
      samples(0, 5000),
  );
  backend = await Backend.open(root, { watch: { mode: 'events' } });
  session = backend.connect(() => undefined);
});

afterAll(async () => {
  session.close();
  await backend.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the envelope op', () => {
  it('answers smoothed envelopes against the declared step_metric, exact over every sample', async () => {
    expectExact(await answer({ x: 'step_metric', smoothing: 0.9 }), 0.9);
    expectExact(await answer({ x: 'step_metric', stepMetric: 'train/epoch', smoothing: 0.6 }), 0.6);
  });

  it('stays exact as samples arrive, the epoch of a step after its loss', async () => {
    appendFileSync(join(root, 'runs', RUN, 'events.jsonl'), samples(5000, 5600, true));
    await grownTo(5600);
    expectExact(await answer({ x: 'step_metric', smoothing: 0.9 }), 0.9);
  });

  it('starts over when a resume cuts orphans', async () => {
    appendFileSync(
      join(root, 'runs', RUN, 'events.jsonl'),
      line({ type: 'resume', time: 1_800_010_000, step: 4000, provenance: null }),
    );
    written.loss = written.loss.filter(([step]) => step <= 4000);
    written.epoch = written.epoch.filter(([step]) => step <= 4000);
    await grownTo(4001);
    expectExact(await answer({ x: 'step_metric', smoothing: 0.9 }), 0.9);
  });

  it('draws a key with no step_metric against step, and says so', async () => {
    const result = await answer({ key: 'train/epoch', x: 'step_metric', smoothing: 0.5 });
    expect(result.stepMetric).toBeNull();
    expect(result.raw.x).toBeNull();
    expect(result.unpaired).toBe(0);
    expect(result.best).toBeNull();
  });

  it('answers the point a cursor reads at any x: the last at or before it, smoothed too', async () => {
    const columns = (rows: [number, number][]) => ({
      steps: rows.map((r) => r[0]),
      times: rows.map((r) => 1_800_000_000 + r[0]),
      values: rows.map((r) => r[1]),
      length: rows.length,
    });
    const loss = columns(written.loss);
    const paired = pairWithStepMetric(loss, columns(written.epoch));
    const smoothed = debiasedEma(paired.y, 0.8);
    const pointAt = async (request: Record<string, unknown>): Promise<PointAt | null> => {
      const response = (await session.request({
        op: 'sampleAt',
        runId: RUN,
        key: 'train/loss',
        ...request,
      })) as ApiResponse<'sampleAt'>;
      if (!response.ok) throw new Error(response.error.message);
      return response.result;
    };
    // By step: the sample at the greatest step at or below x, wherever x falls between steps.
    for (const at of [-1, 0, 0.5, 17, 17.99, 1234.4, 3999, 4000, 9e9]) {
      const point = await pointAt({ x: 'step', at });
      let index = -1;
      loss.steps.forEach((step, i) => (index = step <= at ? i : index));
      if (index < 0) expect(point).toBeNull();
      else
        expect(point).toEqual({
          step: loss.steps[index],
          time: loss.times[index],
          x: loss.steps[index],
          value: loss.values[index],
          smoothed: null,
        });
    }
    const byTime = await pointAt({ x: 'time', at: 1_800_000_000 + 2500.5 });
    expect(byTime?.step).toBe(2500);
    // Against the epoch: x in pairs' order, ties read as the last of equal x; NaN values too.
    for (const at of [-0.5, 0, 3, 12.5, 40, 99, 100]) {
      const point = await pointAt({ x: 'step_metric', smoothing: 0.8, at });
      let position = -1;
      for (let p = 0; p < paired.x.length; p++) if (paired.x[p]! <= at) position = p;
      if (position < 0) {
        expect(point).toBeNull();
        continue;
      }
      const sample = paired.indices[position]!;
      expect(point!.step).toBe(loss.steps[sample]);
      expect(point!.x).toBe(paired.x[position]);
      expect(Object.is(point!.value, paired.y[position])).toBe(true);
      expect(Object.is(point!.smoothed, smoothed[position])).toBe(true);
    }
  });

  it('refuses a step metric the run does not have', async () => {
    const response = await envelope({ x: 'step_metric', stepMetric: 'train/nope' });
    expect(response.ok).toBe(false);
    expect(!response.ok && response.error).toEqual({
      code: 'bad-request',
      message: `run ${RUN} has no step metric train/nope`,
    });
    const key = await envelope({ key: 'train/nope', x: 'step' });
    expect(!key.ok && key.error.code).toBe('bad-request');
  });
});

describe('the envelopes op', () => {
  const base = { runId: RUN, key: 'train/loss', x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE };
  const queries = [
    { ...base, x: 'step', width: WIDTH },
    { ...base, x: 'step_metric', width: WIDTH, smoothing: 0.9 },
    { ...base, key: 'train/epoch', x: 'time', x0: 1_800_000_100, x1: 1_800_000_900, width: 7 },
  ];

  it('answers each request as the envelope op does, in the order asked', async () => {
    const response = (await session.request({
      op: 'envelopes',
      requests: queries,
    })) as ApiResponse<'envelopes'>;
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    expect(response.result).toHaveLength(queries.length);
    for (const [i, query] of queries.entries())
      expect(response.result[i]).toEqual(await answer(query));
    // Different answers, so the order is told by them.
    expect(response.result[0]!.layout.columns).toBe(WIDTH);
    expect(response.result[2]!.layout.columns).toBe(7);
  });

  it('refuses all with the first line refused, and a run not there', async () => {
    const refused = await session.request({
      op: 'envelopes',
      requests: [queries[0], { ...base, x: 'step_metric', stepMetric: 'train/nope', width: 9 }],
    });
    expect(!refused.ok && refused.error).toEqual({
      code: 'bad-request',
      message: `run ${RUN} has no step metric train/nope`,
    });
    const missing = await session.request({
      op: 'envelopes',
      requests: [queries[0], { ...queries[0], runId: '20261201T000000Z-0000dead' }],
    });
    expect(!missing.ok && missing.error.code).toBe('no-such-run');
  });
});

describe('the samplesAt op', () => {
  const queries = [
    { runId: RUN, key: 'train/loss', x: 'step', at: 17.5 },
    { runId: RUN, key: 'train/loss', x: 'step_metric', at: 40, smoothing: 0.8 },
    { runId: RUN, key: 'train/epoch', x: 'time', at: 1_800_000_000 + 2500.5 },
    { runId: RUN, key: 'train/loss', x: 'step', at: -1 },
  ];

  it('answers each point as the sampleAt op does, in the order asked', async () => {
    const response = (await session.request({
      op: 'samplesAt',
      requests: queries,
    })) as ApiResponse<'samplesAt'>;
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const points = columnsToPoints(response.result);
    expect(points).toHaveLength(queries.length);
    for (const [i, query] of queries.entries()) {
      const one = (await session.request({ op: 'sampleAt', ...query })) as ApiResponse<'sampleAt'>;
      expect(one.ok && points[i]).toEqual(one.ok && one.result);
    }
    expect(points[0]!.step).toBe(17);
    expect(points[1]!.smoothed).not.toBeNull();
    expect(points[3]).toBeNull();
  });

  it('refuses all with the first line refused, and a run not there', async () => {
    const refused = await session.request({
      op: 'samplesAt',
      requests: [queries[0], { ...queries[0], x: 'step_metric', stepMetric: 'train/nope' }],
    });
    expect(!refused.ok && refused.error).toEqual({
      code: 'bad-request',
      message: `run ${RUN} has no step metric train/nope`,
    });
    const missing = await session.request({
      op: 'samplesAt',
      requests: [queries[0], { ...queries[0], runId: '20261201T000000Z-0000dead' }],
    });
    expect(!missing.ok && missing.error.code).toBe('no-such-run');
  });
});
