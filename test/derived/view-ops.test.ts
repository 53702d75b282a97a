// Derived views through a Backend on a fixture store: envelope and sampleAt with a formula,
// baselines from another run, the step metric a view draws against, non-finite samples counted,
// a live run's view growing, checkFormula's answers and the refusals.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import type { Session } from '../../electron/host/backend.js';
import type { ApiResponse, EnvelopeColumns, FormulaCheck } from '../../shared/api/contract.js';
import { metricLine, metricsLine, startLine } from '../support/lines.js';
import { appendLog, tempStores, writeLog } from '../support/store-fixture.js';

const RUN = '20261201T000000Z-0000d1d1';
const BASE = '20261101T140307Z-a1f3c9e2';
const WIDTH = 400;

const trainLoss = (step: number) => (step === 50 ? 0 : 1 / (step + 1));
const evalLoss = (step: number) => 2 / (step + 1);
const baseLoss = (step: number) => 3 / (step + 1);

function runLines(from: number, to: number): string[] {
  const lines: string[] = [];
  for (let step = from; step < to; step++) {
    lines.push(metricsLine(step, { 'train/loss': trainLoss(step), 'train/tokens': step * 100 }));
    // Evaluation comes on a line of its own, after training's at the same step.
    if (step % 10 === 0) lines.push(metricsLine(step, { 'eval/loss': evalLoss(step) }));
  }
  return lines;
}

const makeStore = tempStores();
let root: string;
let backend: Backend;
let session: Session;

async function request<T>(body: Record<string, unknown>): Promise<ApiResponse & { result?: T }> {
  return (await session.request(body)) as ApiResponse & { result?: T };
}

async function envelope(formula: string, extra: Record<string, unknown> = {}) {
  return request<EnvelopeColumns>({
    op: 'envelope',
    runId: RUN,
    key: 'my view',
    formula,
    x: 'step',
    x0: -1e9,
    x1: 1e9,
    width: WIDTH,
    ...extra,
  });
}

async function answer(formula: string, extra: Record<string, unknown> = {}) {
  const response = await envelope(formula, extra);
  if (!response.ok) throw new Error(response.error.message);
  return response.result!;
}

/** An envelope's raw points by step (every point is drawn: the runs are short). */
function byStep(points: EnvelopeColumns['raw']): Map<number, number> {
  return new Map([...points.steps].map((step, k) => [step, points.values[k]!]));
}

beforeAll(async () => {
  root = makeStore();
  writeLog(root, RUN, [
    startLine(),
    metricLine('eval/loss', 'minimize', 'train/tokens'),
    ...runLines(0, 100),
  ]);
  writeLog(root, BASE, [
    startLine(),
    ...Array.from({ length: 10 }, (_, k) => metricsLine(k * 10, { 'eval/loss': baseLoss(k * 10) })),
  ]);
  backend = await Backend.open(root, { watch: { mode: 'events' } });
  session = backend.connect(() => undefined);
});

afterAll(async () => {
  session.close();
  await backend.close();
});

describe('derived views through the envelope and sampleAt ops', () => {
  it('draws a formula paired by step: only the steps both keys logged', async () => {
    const result = await answer('eval/loss - train/loss');
    expect(result.total).toBe(10);
    const expected = new Map(
      Array.from({ length: 10 }, (_, k) => [k * 10, evalLoss(k * 10) - trainLoss(k * 10)]),
    );
    expect(byStep(result.raw)).toEqual(expected);
    // A view declares no goal, so it has no best point.
    expect(result.best).toBeNull();
  });

  it('counts non-finite results and draws them as markers', async () => {
    const result = await answer('log(train/loss)');
    expect(result.total).toBe(100);
    expect(result.nonFinite).toEqual({ nan: 0, positiveInfinity: 0, negativeInfinity: 1 });
    expect([...result.markers.steps]).toEqual([50]);
    const divided = await answer('train/tokens / (train/loss - train/loss)');
    expect(divided.nonFinite).toEqual({ nan: 1, positiveInfinity: 99, negativeInfinity: 0 });
  });

  it("gives ema the app's smoothing: a view of ema equals the key smoothed", async () => {
    const view = byStep((await answer('ema(train/tokens, 0.9)')).raw);
    const plain = await request<EnvelopeColumns>({
      op: 'envelope',
      runId: RUN,
      key: 'train/tokens',
      x: 'step',
      x0: -1e9,
      x1: 1e9,
      width: WIDTH,
      smoothing: 0.9,
    });
    const smoothed = plain.result!.smoothed!;
    expect(view).toEqual(new Map([...smoothed.steps].map((s, k) => [s, smoothed.values[k]!])));
    expect(view.size).toBe(100);
  });

  it("reads a baseline from another run's key", async () => {
    const result = await answer(`eval/loss - eval/loss@"${BASE}"`);
    expect(byStep(result.raw)).toEqual(
      new Map(Array.from({ length: 10 }, (_, k) => [k * 10, evalLoss(k * 10) - baseLoss(k * 10)])),
    );
  });

  it("draws against its first key's declared step metric, or the one asked for", async () => {
    const declared = await answer('eval/loss * 2', { x: 'step_metric' });
    expect(declared.stepMetric).toBe('train/tokens');
    expect([...declared.raw.x!]).toEqual([...declared.raw.steps].map((s) => s * 100));
    const asked = await answer('eval/loss * 2', { x: 'step_metric', stepMetric: 'train/loss' });
    expect(asked.stepMetric).toBe('train/loss');
    const none = await envelope('eval/loss', { x: 'step_metric', stepMetric: 'train/nope' });
    expect(!none.ok && none.error.message).toContain('has no step metric train/nope');
  });

  it('answers the point a cursor reads on a view, smoothed too', async () => {
    const point = await request({
      op: 'sampleAt',
      runId: RUN,
      key: 'my view',
      formula: 'eval/loss - train/loss',
      x: 'step',
      at: 55,
      smoothing: 0.5,
    });
    expect(point.ok && point.result).toMatchObject({
      step: 50,
      value: evalLoss(50) - trainLoss(50),
      x: 50,
    });
    expect(point.ok && typeof (point.result as { smoothed: number }).smoothed).toBe('number');
  });

  it('refuses a view that does not parse or reads a key or run that is not there, saying why', async () => {
    const cases: [string, string][] = [
      ['eval/loss /2', 'does not parse: this "/" is ambiguous'],
      ['eval/loss - nope', `run ${RUN} has no key nope`],
      ['train/tokens/time', 'to divide, write train/tokens / time'],
      ['eval/loss@"elsewhere"', 'no run "elsewhere" in this store'],
      [`train/loss@"${BASE}"`, `run ${BASE} (a baseline) has no key train/loss`],
    ];
    for (const [formula, words] of cases) {
      const response = await envelope(formula);
      expect(response.ok, formula).toBe(false);
      if (!response.ok) {
        expect(response.error.code).toBe('bad-request');
        expect(response.error.message, formula).toContain(words);
      }
    }
    const filtered = await envelope('eval/loss', { filter: { label: 'l', value: 'v' } });
    expect(!filtered.ok && filtered.error.message).toContain('carries no labels');
  });

  it("keeps a live run's view live: samples appended to an input extend it", async () => {
    expect((await answer('eval/loss - train/loss')).total).toBe(10);
    appendLog(root, RUN, runLines(100, 150));
    await expect
      .poll(async () => (await answer('eval/loss - train/loss')).total, { timeout: 10_000 })
      .toBe(15);
    const result = await answer('eval/loss - train/loss');
    expect(byStep(result.raw).get(140)).toBe(evalLoss(140) - trainLoss(140));
  });
});

describe('the checkFormula op', () => {
  async function check(formula: string, runIds: string[] = [RUN]): Promise<FormulaCheck> {
    const response = await request<FormulaCheck>({ op: 'checkFormula', formula, runIds });
    if (!response.ok) throw new Error(response.error.message);
    return response.result!;
  }

  it('names the keys and baselines a formula reads, and those not there', async () => {
    expect(
      await check(`eval/loss - nope + train/loss@"${BASE}" + eval/loss@"${BASE}" + x@"gone"`),
    ).toEqual({
      ok: true,
      keys: ['eval/loss', 'nope', 'train/loss', 'x'],
      unknownKeys: ['nope', 'train/loss'],
      baselines: [BASE, 'gone'],
      unknownRuns: ['gone'],
    });
    // A key any of the runs has is known; one none of them has is not.
    expect(await check('train/loss + eval/loss', [BASE])).toMatchObject({
      unknownKeys: ['train/loss'],
    });
    expect(await check('train/loss + eval/loss', [BASE, RUN])).toMatchObject({ unknownKeys: [] });
  });

  it('says where and why a formula does not parse, or names no key', async () => {
    expect(await check('1 + 2')).toEqual({
      ok: false,
      problem: "the formula names no key: a view is a formula over a run's keys",
      at: 0,
    });
    expect(await check('eval/loss + (train/loss')).toMatchObject({ ok: false, at: 12 });
  });
});
