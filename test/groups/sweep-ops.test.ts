// The sweep ops through a Backend on the demo store: the sweep grouped by lr with its band and n
// (2 of 3 seeds once lr0.1-s3 has failed), groupAt, failures, and keyStatistics from hints
// (runs listed from a hint stay unread) and from folds, best by the key's goal.

import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import { Backend } from '../../electron/host/backend.js';
import type {
  GroupEnvelope,
  GroupPoint,
  KeyStatisticsRow,
  RunSummary,
} from '../../shared/api/contract.js';
import { liveDirs } from '../support/live-scratch.js';

const newDir = liveDirs();
const NOW = Date.UTC(2026, 10, 29, 21, 0, 0) / 1000;
const backends: Backend[] = [];

afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

async function open(): Promise<Backend> {
  const root = join(newDir(), 'store');
  writeDemoStore(root, { seed: 7, now: NOW });
  const backend = await Backend.open(root, { watch: { mode: 'events' } });
  backends.push(backend);
  while (backend.storeInfo().runsToRead > 0) await new Promise((r) => setTimeout(r, 5));
  return backend;
}

type Answer<T> = { ok: true; result: T } | { ok: false; error: { code: string; message: string } };

async function ask<T>(backend: Backend, request: unknown): Promise<Answer<T>> {
  const session = backend.connect(() => undefined);
  const response = (await session.request(request)) as Answer<T>;
  session.close();
  return response;
}

async function call<T>(backend: Backend, request: unknown): Promise<T> {
  const answer = await ask<T>(backend, request);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.result;
}

function byName(runs: readonly RunSummary[], name: string): RunSummary {
  const run = runs.find((r) => r.name === name);
  if (run === undefined) throw new Error(`no run ${name}`);
  return run;
}

const lr01 = ['resnet18-lr0.1-s1', 'resnet18-lr0.1-s2', 'resnet18-lr0.1-s3'];

describe('groupEnvelope and groupAt on the demo sweep', () => {
  it('draws lr 0.1 as a band over its seeds, saying when only 2 of 3 stand behind it', async () => {
    const backend = await open();
    const runs = await call<RunSummary[]>(backend, { op: 'listRuns' });
    const ids = lr01.map((name) => byName(runs, name).id);
    const base = { runIds: ids, key: 'train/loss', x: 'step', center: 'mean', spread: 'min-max' };
    const envelope = await call<GroupEnvelope>(backend, {
      op: 'groupEnvelope',
      ...base,
      x0: 0,
      x1: 2000,
      width: 100,
    });
    expect(envelope.total).toBe(2001);
    expect(envelope.runs).toBe(3);
    expect(envelope.missing).toEqual([]);
    expect(envelope.rule).toMatch(/^aligned by step: .*not filled in/);
    // At most four points a column, and both ends of the curve among them.
    expect(envelope.steps.length).toBeLessThanOrEqual(400);
    expect(envelope.steps[0]).toBe(0);
    expect(envelope.steps.at(-1)).toBe(2000);
    const nAt = (step: number): number => envelope.n[envelope.steps.indexOf(step)]!;
    expect(nAt(0)).toBe(3);
    expect(nAt(2000)).toBe(2);
    for (let i = 0; i < envelope.steps.length; i++) {
      expect(envelope.n[i]).toBe(envelope.steps[i]! <= 1400 ? 3 : 2);
      expect(envelope.low[i]).toBeLessThanOrEqual(envelope.center[i]!);
      expect(envelope.high[i]).toBeGreaterThanOrEqual(envelope.center[i]!);
    }
    const bands = envelope.bandColumns;
    expect(bands.x.length).toBeGreaterThan(90);
    expect(Math.min(...bands.low)).toBe(Math.min(...envelope.low));

    // A cursor reads the step itself, or the last step before it.
    const point = await call<GroupPoint>(backend, { op: 'groupAt', ...base, at: 1500.5 });
    expect(point).toMatchObject({ step: 1500, x: 1500, n: 2, of: 3 });
    const early = await call<GroupPoint>(backend, { op: 'groupAt', ...base, at: 100 });
    expect(early).toMatchObject({ step: 100, n: 3, of: 3 });
    const series = await call<{ values: Float64Array; steps: Float64Array }[]>(backend, {
      op: 'series',
      runId: ids[0],
      keys: ['train/loss'],
    });
    expect(series[0]!.steps[100]).toBe(100);
    expect(early.low).toBeLessThanOrEqual(series[0]!.values[100]!);
    expect(early.high).toBeGreaterThanOrEqual(series[0]!.values[100]!);
    expect(await call(backend, { op: 'groupAt', ...base, at: -1 })).toBeNull();
  });

  it('counts runs without the key as missing, and refuses unknown runs and bad formulas', async () => {
    const backend = await open();
    const runs = await call<RunSummary[]>(backend, { op: 'listRuns' });
    const prepare = runs.find(
      (r) => r.experiment !== 'cifar-sweep' && !r.keys.some((k) => k.key === 'test/acc'),
    )!;
    const ids = [...lr01.map((name) => byName(runs, name).id), prepare.id];
    const request = {
      op: 'groupEnvelope',
      runIds: ids,
      key: 'test/acc',
      x: 'time',
      x0: 0,
      x1: 1e12,
      width: 50,
      center: 'median',
      spread: 'std',
    };
    const envelope = await call<GroupEnvelope>(backend, request);
    // lr0.1-s3 failed before its test, and the other run tests nothing: both are missing.
    expect(envelope.runs).toBe(2);
    expect(envelope.missing).toEqual([ids[2], prepare.id]);
    expect([...envelope.steps]).toEqual([2000]);
    expect([...envelope.n]).toEqual([2]);
    expect(envelope.x![0]).toBeGreaterThan(NOW - 5 * 86400);
    expect(envelope.rule).toContain('mean time');
    const unknown = await ask(backend, { ...request, runIds: ['no-such-run'] });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'no-such-run' } });
    const formula = await ask(backend, { ...request, formula: 'train/loss *' });
    expect(formula).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    const baseline = await ask(backend, { ...request, formula: 'test/acc@"no such run"' });
    expect(baseline).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('groups a derived view as it groups a key: twice the loss is twice the band', async () => {
    const backend = await open();
    const runs = await call<RunSummary[]>(backend, { op: 'listRuns' });
    const ids = lr01.map((name) => byName(runs, name).id);
    const base = {
      runIds: ids,
      key: 'train/loss',
      x: 'step',
      center: 'mean',
      spread: 'min-max',
    } as const;
    const view = { ...base, key: 'derived/double', formula: 'train/loss * 2' };
    const raw = await call<GroupEnvelope>(backend, {
      op: 'groupEnvelope',
      ...base,
      x0: 0,
      x1: 2000,
      width: 4000,
    });
    const doubled = await call<GroupEnvelope>(backend, {
      op: 'groupEnvelope',
      ...view,
      x0: 0,
      x1: 2000,
      width: 4000,
    });
    expect(doubled.total).toBe(raw.total);
    expect([...doubled.n]).toEqual([...raw.n]);
    expect([...doubled.center]).toEqual([...raw.center].map((v) => v * 2));
    expect([...doubled.high]).toEqual([...raw.high].map((v) => v * 2));
    const at = await call<GroupPoint>(backend, { op: 'groupAt', ...view, at: 1800 });
    expect(at).toMatchObject({ step: 1800, n: 2, of: 3 });
    const rows = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'derived/double',
      formula: 'train/loss * 2',
      runIds: ids,
    });
    const plain = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'train/loss',
      runIds: ids,
    });
    expect(rows.map((row) => [row.runId, row.last, row.least])).toEqual(
      plain.map((row) => [row.runId, row.last * 2, row.least! * 2]),
    );
    // A view declares no goal: it has no best, whatever its keys declare.
    expect(rows.every((row) => row.best === null && row.goal === null)).toBe(true);
    // A run without a key the view reads has no row, and the others still do.
    const prepare = runs.find((r) => !r.keys.some((k) => k.key === 'train/loss'))!;
    const mixed = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'derived/double',
      formula: 'train/loss * 2',
      runIds: [...ids, prepare.id],
    });
    expect(mixed.map((row) => row.runId)).toEqual(ids);
    const grouped = await call<GroupEnvelope>(backend, {
      op: 'groupEnvelope',
      ...view,
      runIds: [...ids, prepare.id],
      x0: 0,
      x1: 2000,
      width: 100,
    });
    expect(grouped.missing).toEqual([prepare.id]);
  });
});

describe('keyStatistics', () => {
  it('gives every run with the key its statistics from its hint, reading no samples', async () => {
    const backend = await open();
    const runs = await call<RunSummary[]>(backend, { op: 'listRuns' });
    const rows = await call<KeyStatisticsRow[]>(backend, { op: 'keyStatistics', key: 'eval/acc' });
    const withKey = runs.filter((r) => r.keys.some((k) => k.key === 'eval/acc'));
    expect(rows.map((r) => r.runId).sort()).toEqual(withKey.map((r) => r.id).sort());
    const failed = rows.find((r) => r.runId === byName(runs, 'resnet18-lr0.1-s3').id)!;
    expect(failed).toMatchObject({ count: 15, lastStep: 1400, goal: 'maximize' });
    expect(failed.best).toBe(failed.greatest);
    // Ended runs with hints were listed from them, and asking did not read their samples.
    const source = (
      backend as unknown as { source: { runs: Map<string, { samplesRead: boolean }> } }
    ).source;
    const hinted = lr01.map((name) => source.runs.get(byName(runs, name).id)!);
    expect(hinted.every((run) => !run.samplesRead)).toBe(true);

    // Read now (a group reads its runs): the fold gives the same row.
    const id = byName(runs, 'resnet18-lr0.1-s1').id;
    const before = rows.find((r) => r.runId === id)!;
    await call(backend, { op: 'series', runId: id, keys: ['eval/acc'] });
    expect(source.runs.get(id)!.samplesRead).toBe(true);
    const after = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'eval/acc',
      runIds: [id],
    });
    expect(after).toEqual([before]);
    const values = (
      await call<{ values: Float64Array }[]>(backend, {
        op: 'series',
        runId: id,
        keys: ['eval/acc'],
      })
    )[0]!.values;
    expect(after[0]!.greatest).toBe(Math.max(...values));
    expect(after[0]!.last).toBe(values.at(-1));
  });

  it('takes the best by goal: the least of a key to minimize; none without a goal', async () => {
    const backend = await open();
    const runs = await call<RunSummary[]>(backend, { op: 'listRuns' });
    const id = byName(runs, 'resnet18-lr0.1-s2').id;
    const [loss] = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'eval/loss',
      runIds: [id],
    });
    expect(loss!.goal).toBe('minimize');
    expect(loss!.best).toBe(loss!.least);
    expect(loss!.least).toBeLessThan(loss!.greatest!);
    const [cpu] = await call<KeyStatisticsRow[]>(backend, {
      op: 'keyStatistics',
      key: 'sys/cpu',
      runIds: [id],
    });
    expect(cpu).toMatchObject({ goal: null, best: null });
    expect(await call(backend, { op: 'keyStatistics', key: 'no/such', runIds: [id] })).toEqual([]);
    const unknown = await ask(backend, { op: 'keyStatistics', key: 'eval/loss', runIds: ['nope'] });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'no-such-run' } });
  });
});
