// What a path opens as (a store, a .jsonl file, a folder of streams), the streams a folder lists
// down to three folders, new files appearing as runs while watched (by events and by polling),
// and several paths opened side by side with one export.

import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import { diskExportParts, openRunsSource } from '../../electron/sources/open-source.js';
import { documentPieces } from '../../electron/store/export.js';
import { StoreError } from '../../electron/store/store.js';
import type { Delta, RunSummary, StoreInfo } from '../../shared/api/contract.js';
import { parseExact } from '../support/export.js';
import { EXAMPLE_STORE } from '../serve/harness.js';

const EXAMPLE_STREAMS = resolve(EXAMPLE_STORE, '..', '..', 'jsonl', 'streams');
const EXAMPLE_EXPORT = resolve(EXAMPLE_STREAMS, '..', 'export.json');

const dirs: string[] = [];
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'munin-streams-'));
  dirs.push(dir);
  return dir;
}

const OPEN = (slug: string) =>
  JSON.stringify({
    ts_ms: 1790189597000,
    kind: 'open',
    slug,
    description: `${slug}: 4 steps of x.sx`,
    metadata: { knobs: { lr: 0.1 }, run: { steps: 4 } },
  });
const METRIC = (step: number, value: number) =>
  JSON.stringify({
    ts_ms: 1790189597000 + step,
    step,
    kind: 'metric',
    name: 'train/loss',
    value,
    metadata: {},
  });

function writeStream(path: string, slug = 'exp', steps = 2): void {
  mkdirSync(resolve(path, '..'), { recursive: true });
  const lines = [OPEN(slug)];
  for (let step = 0; step < steps; step++) lines.push(METRIC(step, 1 / (step + 1)));
  writeFileSync(path, `${lines.join('\n')}\n`);
}

function exportOf(paths: string | string[]): ReturnType<typeof parseExact> {
  return parseExact([...documentPieces(diskExportParts(paths))].join(''));
}

type Doc = { runs: { id: string; source?: string; experiment?: string }[]; artifacts: object };

async function open(paths: string | string[], polling = false) {
  const backend = await Backend.open(paths, {
    watch: polling ? { mode: 'polling', intervalMs: 60 } : { mode: 'events' },
    coalesceMs: 5,
    gatherMs: 5,
  });
  backends.push(backend);
  const deltas: Delta[] = [];
  const session = backend.connect((batch) => deltas.push(...batch));
  const call = async <T>(request: object): Promise<T> => {
    const answer = await session.request(request);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.result as T;
  };
  return { backend, deltas, call };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 8000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('what a path opens as', () => {
  it('a folder of streams lists its .jsonl files down to three folders, ids by their paths', () => {
    const dir = tempDir();
    writeStream(join(dir, 'top.jsonl'));
    writeStream(join(dir, 'a', 'one.jsonl'));
    writeStream(join(dir, 'a', 'b', 'c', 'three.jsonl'));
    writeStream(join(dir, 'a', 'b', 'c', 'd', 'four.jsonl'));
    writeStream(join(dir, '.hidden', 'no.jsonl'));
    writeStream(join(dir, '.dot.jsonl'));
    writeFileSync(join(dir, 'notes.txt'), 'not a stream\n');
    const doc = exportOf(dir) as unknown as Doc;
    expect(doc.runs.map((run) => run.id)).toEqual([
      'a/b/c/three.jsonl',
      'a/one.jsonl',
      'top.jsonl',
    ]);
    expect(doc.runs.every((run) => run.source === 'jsonl-events')).toBe(true);
    expect(doc.artifacts).toEqual({});
  });

  it('does not enter a folder through a link, which could lead out of it or round in a loop', () => {
    const dir = tempDir();
    const outside = tempDir();
    writeStream(join(outside, 'elsewhere.jsonl'));
    writeStream(join(dir, 'here.jsonl'));
    symlinkSync(outside, join(dir, 'linked'));
    symlinkSync(dir, join(dir, 'loop'));
    const doc = exportOf(dir) as unknown as Doc;
    expect(doc.runs.map((run) => run.id)).toEqual(['here.jsonl']);
  });

  it('exports the example stream, as a file and as its folder, exactly as the example says', () => {
    const expected = parseExact(readFileSync(EXAMPLE_EXPORT));
    expect(exportOf(EXAMPLE_STREAMS)).toEqual(expected);
    expect(exportOf(join(EXAMPLE_STREAMS, 'train.jsonl'))).toEqual(expected);
  });

  it('says why a path is neither a store nor streams', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'data.csv'), 'a,b\n');
    expect(() => openRunsSource(dir)).toThrow(StoreError);
    expect(() => openRunsSource(dir)).toThrow(/neither runs\/ nor artifacts\/.*no \.jsonl file/s);
    expect(() => openRunsSource(join(dir, 'data.csv'))).toThrow(/nor a JSONL event stream/);
    expect(() => openRunsSource(join(dir, 'missing'))).toThrow(/no such file or folder/);
  });

  it("points a munin run's own log, which is no stream, at its store", () => {
    const dir = tempDir();
    cpSync(EXAMPLE_STORE, dir, { recursive: true });
    const runs = readdirSync(join(dir, 'runs'));
    const log = join(dir, 'runs', runs[0]!, 'events.jsonl');
    expect(() => openRunsSource(log)).toThrow(
      `${log} is the log of a munin store's run, not a JSONL event stream: open the store, ${dir}`,
    );
  });

  it('still opens a munin store as a store, though .jsonl files lie in it', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE_STORE, dir, { recursive: true });
    writeStream(join(dir, 'stray.jsonl'));
    const { call } = await open(dir);
    const info = await call<StoreInfo>({ op: 'storeInfo' });
    expect(info.sources.map((source) => source.kind)).toEqual(['munin']);
    const runs = await call<RunSummary[]>({ op: 'listRuns' });
    expect(runs.every((run) => run.source === 'munin')).toBe(true);
  });
});

describe('a folder of streams, watched', () => {
  for (const polling of [false, true]) {
    it(`shows a new file as a new run and a removed one as gone (${polling ? 'polling' : 'events'})`, async () => {
      const dir = tempDir();
      writeStream(join(dir, 'first.jsonl'));
      const { deltas, call } = await open(dir, polling);
      await call({ op: 'subscribe', runIds: ['first.jsonl', 'sweep/new.jsonl'] });
      expect((await call<RunSummary[]>({ op: 'listRuns' })).map((r) => r.id)).toEqual([
        'first.jsonl',
      ]);
      // A folder made after the source opened, and a stream in it.
      writeStream(join(dir, 'sweep', 'new.jsonl'), 'late');
      await until(
        () => deltas.some((d) => d.type === 'run-added' && d.run.id === 'sweep/new.jsonl'),
        'the new stream to be added',
      );
      const added = deltas.find((d) => d.type === 'run-added' && d.run.id === 'sweep/new.jsonl');
      expect(added?.type === 'run-added' && added.run.experiment).toBe('late');
      appendFileSync(join(dir, 'first.jsonl'), `${METRIC(2, 0.25)}\n`);
      await until(
        () => deltas.some((d) => d.type === 'samples' && d.series.runId === 'first.jsonl'),
        'the appended sample',
      );
      rmSync(join(dir, 'first.jsonl'));
      await until(
        () => deltas.some((d) => d.type === 'run-removed' && d.runId === 'first.jsonl'),
        'the removed stream to go',
      );
      expect((await call<RunSummary[]>({ op: 'listRuns' })).map((r) => r.id)).toEqual([
        'sweep/new.jsonl',
      ]);
    });
  }
});

describe('several paths side by side', () => {
  it("lists a store beside folders of streams, each folder's ids under its name", async () => {
    const root = tempDir();
    const store = join(root, 'store');
    cpSync(EXAMPLE_STORE, store, { recursive: true });
    writeStream(join(root, 'sweep', 'train.jsonl'), 'a');
    writeStream(join(root, 'other', 'sweep', 'train.jsonl'), 'b');
    writeStream(join(root, 'single.jsonl'), 'c');
    const paths = [
      store,
      join(root, 'sweep'),
      join(root, 'other', 'sweep'),
      join(root, 'single.jsonl'),
    ];
    const { call } = await open(paths);
    const info = await call<StoreInfo>({ op: 'storeInfo' });
    expect(info.sources.map((s) => [s.name, s.kind])).toEqual([
      ['store', 'munin'],
      ['sweep', 'jsonl-events'],
      ['sweep', 'jsonl-events'],
      ['single.jsonl', 'jsonl-events'],
    ]);
    const runs = await call<RunSummary[]>({ op: 'listRuns' });
    const streams = runs.filter((run) => run.source === 'jsonl-events');
    expect(streams.map((run) => [run.id, run.experiment])).toEqual([
      ['single.jsonl', 'c'],
      ['sweep-2/train.jsonl', 'b'],
      ['sweep/train.jsonl', 'a'],
    ]);
    expect(runs.filter((run) => run.source === 'munin').length).toBeGreaterThan(0);
    const doc = exportOf(paths) as unknown as Doc;
    expect(doc.runs.map((run) => run.id)).toEqual(runs.map((run) => run.id));
    const storeDoc = exportOf(store) as unknown as Doc;
    expect(doc.artifacts).toEqual(storeDoc.artifacts);
  });

  it("refuses tags on a stream and says why, while a store's run beside it takes them", async () => {
    const root = tempDir();
    const store = join(root, 'store');
    cpSync(EXAMPLE_STORE, store, { recursive: true });
    writeStream(join(root, 's.jsonl'));
    const { backend } = await open([store, join(root, 's.jsonl')]);
    const session = backend.connect(() => {});
    const refused = await session.request({ op: 'addTag', runId: 's.jsonl', tag: 'x' });
    expect(refused.ok).toBe(false);
    const runs = backend.listRuns();
    const stream = runs.find((run) => run.id === 's.jsonl')!;
    expect(stream.readOnly).toMatch(/event stream/);
    const munin = runs.find((run) => run.source === 'munin')!;
    expect(munin.readOnly).toBeNull();
    const tagged = await session.request({ op: 'addTag', runId: munin.id, tag: 'beside' });
    expect(tagged.ok).toBe(true);
  });
});
