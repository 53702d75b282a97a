// Big logs are read in a worker thread: the run is added once read, with the very state a read
// on the host's thread gives, its progress told meanwhile, and the export waits for no thread.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { Delta } from '../../shared/api/contract.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { readLogInWorker } from '../../electron/store/log/threaded-read.js';
import { generateMetricsLog } from '../bench/generate-log.js';
import { ApiClient } from '../support/live-client.js';

const ID = '20261129T000000Z-000b1g00';
const dirs: string[] = [];
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function connect(backend: Backend): ApiClient {
  let client: ApiClient | null = null;
  const session = backend.connect((deltas) => {
    for (const delta of deltas) client!.receive(delta);
  });
  client = new ApiClient((request) => session.request(request));
  return client;
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

function storeWithLog(steps: number): string {
  const root = mkdtempSync(join(tmpdir(), 'munin-threaded-'));
  dirs.push(root);
  mkdirSync(join(root, 'runs', ID), { recursive: true });
  generateMetricsLog(join(root, 'runs', ID, 'events.jsonl'), steps, ['train/loss', 'train/acc']);
  return root;
}

describe('reading in a worker thread', () => {
  it('gives the same RunLog as a read on this thread, and tells its progress', async () => {
    const root = storeWithLog(200_000);
    const progress: number[] = [];
    const { log, read } = await readLogInWorker(
      join(root, 'runs', ID, 'events.jsonl'),
      root,
      (bytes) => progress.push(bytes),
    );
    const here = readRun(root, ID);
    expect(read.offset).toBe(here.offset);
    expect(log.damaged).toBe(here.log.damaged);
    expect([...log.series.keys()]).toEqual([...here.log.series.keys()]);
    for (const [key, series] of here.log.series) {
      const moved = log.series.get(key)!.samples;
      expect(moved.length).toBe(series.samples.length);
      for (const i of [0, 1, 77_777, series.samples.length - 1]) {
        expect(moved.step(i)).toBe(series.samples.step(i));
        expect(moved.time(i)).toBe(series.samples.time(i));
        expect(Object.is(moved.value(i), series.samples.value(i))).toBe(true);
      }
    }
    expect(log.foldStatistics()).toEqual(here.log.foldStatistics());
    expect(progress.every((bytes, i) => i === 0 || bytes >= progress[i - 1]!)).toBe(true);
  });

  it('adds a big run once read, says so while reading, and exports it meanwhile', async () => {
    const root = storeWithLog(300_000);
    const backend = await Backend.open(root, {
      threadedReadBytes: 1024,
      watch: { mode: 'events' },
    });
    backends.push(backend);
    const info = backend.storeInfo();
    expect(info.reading.map((r) => r.runId)).toEqual([ID]);
    expect(info.runsToRead).toBe(1);
    expect(backend.listRuns()).toEqual([]);
    const exported = [...backend.exportPieces()].join('');
    expect(JSON.parse(exported).runs.map((run: { id: string }) => run.id)).toEqual([ID]);
    const deadline = Date.now() + 20_000;
    while (backend.storeInfo().runsToRead > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [run] = backend.listRuns();
    expect(run?.id).toBe(ID);
    expect(run?.keys.map((k) => [k.key, k.count])).toEqual([
      ['train/loss', 300_000],
      ['train/acc', 300_000],
    ]);
    expect(run?.lastStep).toBe(299_999);
  });

  it('tells sessions when a big run that appears is being read, then adds it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'munin-threaded-'));
    dirs.push(root);
    mkdirSync(join(root, 'runs'));
    const backend = await Backend.open(root, {
      threadedReadBytes: 1024,
      watch: { mode: 'events' },
    });
    backends.push(backend);
    const deltas: Delta[] = [];
    backend.connect((batch) => deltas.push(...batch));
    // Made aside and moved in whole, as a copy of a run arrives.
    const aside = mkdtempSync(join(tmpdir(), 'munin-aside-'));
    dirs.push(aside);
    mkdirSync(join(aside, ID));
    generateMetricsLog(join(aside, ID, 'events.jsonl'), 100_000, ['train/loss']);
    renameSync(join(aside, ID), join(root, 'runs', ID));
    const deadline = Date.now() + 20_000;
    while (!deltas.some((d) => d.type === 'run-added') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const types = deltas.map((d) => d.type);
    expect(types).toContain('reading-started');
    expect(types.indexOf('reading-started')).toBeLessThan(types.indexOf('run-added'));
    expect(deltas.find((d) => d.type === 'reading-started')).toMatchObject({ runId: ID });
  });

  it("gives a run's series to a session that followed it while its log was read", async () => {
    const root = storeWithLog(20_000);
    const backend = await Backend.open(root, {
      threadedReadBytes: 1024,
      watch: { mode: 'events' },
    });
    backends.push(backend);
    // The run page opened as the store is read: it follows a run not read yet.
    const early = connect(backend);
    const snapshot = await early.subscribe([ID]);
    expect(backend.storeInfo().reading.map((r) => r.runId)).toEqual([ID]);
    expect(snapshot.series).toEqual([]);
    await until(
      () => early.of('run-added').length > 0 && early.held.get(ID)!.count('train/acc') > 0,
    );
    expect(early.of('run-added').map((d) => d.run.id)).toEqual([ID]);
    expect(early.held.get(ID)!.count('train/loss')).toBe(20_000);
    expect(early.held.get(ID)!.count('train/acc')).toBe(20_000);
    // A page opened once the read is done takes the series from its snapshot, once.
    const late = connect(backend);
    await late.subscribe([ID]);
    expect(late.held.get(ID)!.count('train/loss')).toBe(20_000);
    for (const client of [early, late]) expect(client.seqProblems).toEqual([]);
  });
});
