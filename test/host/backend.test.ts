// The Backend on a live store changed by other processes, watching by events and by polling.

import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendOptions } from '../../electron/host/backend.js';
import { Backend } from '../../electron/host/backend.js';
import { readRun } from '../../electron/store/log/read-run.js';
import type { Delta, RunSummary } from '../../shared/api/contract.js';
import { ApiClient } from '../support/live-client.js';
import { endLine, metricsLine, resumeLine, startLine, summaryLine } from '../support/live-lines.js';
import { freshRead, heldDifference } from '../support/live-model.js';
import { liveDirs, waitUntil } from '../support/live-scratch.js';
import {
  logPathOf,
  runDirOf,
  samplesText,
  startLiveRun,
  tagPathOf,
  writeEndedRun,
} from '../support/live-store.js';
import { LiveWriter } from '../support/live-writer.js';

const newDir = liveDirs();

const ENDED = '20261101T090000Z-0000aaaa';
const LIVE = '20261101T100000Z-0000bbbb';

/** Everything a test opened, closed after it: backends, sessions' checks, writer processes. */
const opened: { backends: Backend[]; clients: ApiClient[]; writers: LiveWriter[] } = {
  backends: [],
  clients: [],
  writers: [],
};

afterEach(async () => {
  for (const backend of opened.backends.splice(0)) await backend.close();
  for (const writer of opened.writers.splice(0)) await writer.kill();
  const clients = opened.clients.splice(0);
  // Every session's deltas came numbered 1, 2, 3, ... without a gap.
  for (const client of clients) {
    expect(client.seqProblems).toEqual([]);
    expect(client.deltas.map((d) => d.seq)).toEqual(client.deltas.map((_, i) => i + 1));
  }
});

function writer(): LiveWriter {
  const started = LiveWriter.start();
  opened.writers.push(started);
  return started;
}

async function open(root: string, options: BackendOptions): Promise<Backend> {
  const backend = await Backend.open(root, options);
  opened.backends.push(backend);
  return backend;
}

function connect(backend: Backend): ApiClient {
  let client: ApiClient | null = null;
  const session = backend.connect((deltas) => {
    for (const delta of deltas) client!.receive(delta);
  });
  client = new ApiClient((request) => session.request(request));
  opened.clients.push(client);
  return client;
}

/** A store of one ended run (tagged, with notes) and one live run whose writer holds its lock. */
async function liveStore(): Promise<{ root: string; live: LiveWriter; handle: number }> {
  const root = newDir();
  mkdirSync(join(root, 'runs'));
  writeEndedRun(root, ENDED, { steps: 10, tags: ['baseline'], notes: 'first try' });
  const live = writer();
  const handle = await startLiveRun(live, root, LIVE);
  await live.append(handle, samplesText(0, 5));
  return { root, live, handle };
}

const summaryOf = (runs: readonly RunSummary[], id: string): RunSummary | undefined =>
  runs.find((run) => run.id === id);

const WATCHES = [
  ['file-system events', { mode: 'events' }],
  ['polling', { mode: 'polling', intervalMs: 100 }],
] as const;

describe.each(WATCHES)('Backend, watching by %s', (_, watch) => {
  const options: BackendOptions = { watch, statusIntervalMs: 200 };

  it('lists the runs with their summaries', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    expect(backend.polling).toBe(watch.mode === 'polling');
    expect((await client.ok({ op: 'storeInfo' })).polling).toBe(watch.mode === 'polling');
    const runs = await client.ok({ op: 'listRuns' });
    expect(runs.map((run) => run.id)).toEqual([ENDED, LIVE]);
    const ended = summaryOf(runs, ENDED)!;
    expect(ended).toMatchObject({
      status: 'finished',
      experiment: 'ended',
      lastStep: 9,
      tags: ['baseline'],
      hasNotes: true,
      damaged: 0,
    });
    expect(ended.keys).toEqual([
      { key: 'loss', kind: 'metric', count: 10, goal: null },
      { key: 'acc', kind: 'metric', count: 10, goal: null },
      { key: 'sys/cpu', kind: 'reading', count: 3, goal: null },
    ]);
    expect(ended.summary).toEqual(new Map([['best', 0.5]]));
    expect(ended.params).toEqual(new Map([['lr', 0.25]]));
    const live = summaryOf(runs, LIVE)!;
    expect(live).toMatchObject({ status: 'running', experiment: 'live', lastStep: 4, tags: [] });
    expect(live.keys.find((k) => k.key === 'loss')?.count).toBe(5);
    const detail = await client.ok({ op: 'runDetail', runId: ENDED });
    expect(detail.notes).toBe('first try');
    expect(detail.statistics.find((s) => s.key === 'loss')?.count).toBe(10);
  });

  it('a new run shows as run-added once its start is whole; a deletion as run-removed', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    const fresh = '20261101T110000Z-0000cccc';
    const newWriter = writer();
    const handle = await startLiveRun(newWriter, root, fresh, '');
    // The start line in two writes (a directory without a whole first line is not a run yet),
    // then a damaged line.
    const start = startLine('added');
    await newWriter.append(handle, start.slice(0, 30));
    await newWriter.append(handle, start.slice(30) + '{"type":"metricz"}\n');
    const [added] = await waitUntil('run-added', () => {
      const found = client.of('run-added');
      return found.length > 0 && found;
    });
    expect(added!.run).toMatchObject({
      id: fresh,
      experiment: 'added',
      status: 'running',
      damaged: 1,
    });
    expect(client.of('run-added')).toHaveLength(1);

    // A deletion: the log renamed to .deleted, then the directory renamed away and removed.
    const deleter = writer();
    await deleter.rename(logPathOf(root, ENDED), join(runDirOf(root, ENDED), '.deleted'));
    await waitUntil('run-removed', () => client.of('run-removed').length > 0);
    await deleter.rename(runDirOf(root, ENDED), join(root, 'runs', `.${ENDED}-deleting`));
    await deleter.removeTree(join(root, 'runs', `.${ENDED}-deleting`));
    const runs = await client.ok({ op: 'listRuns' });
    expect(runs.map((run) => run.id)).toEqual([LIVE, fresh]);
    expect(client.of('run-removed')).toEqual([
      { type: 'run-removed', seq: expect.any(Number), runId: ENDED },
    ]);
    const gone = await client.request({ op: 'runDetail', runId: ENDED });
    expect(gone).toMatchObject({ ok: false, error: { code: 'no-such-run' } });
  });

  it('opens an empty folder as a store with no runs, then shows runs/ and its first run', async () => {
    const root = newDir();
    const backend = await open(root, options);
    const client = connect(backend);
    expect(await client.ok({ op: 'listRuns' })).toEqual([]);
    // Viewing creates nothing: the writer makes runs/ when it starts the first run.
    expect(readdirSync(root)).toEqual([]);
    const first = '20261101T120000Z-0000dddd';
    const handle = await startLiveRun(writer(), root, first, startLine('first'));
    expect(handle).toBeGreaterThanOrEqual(0);
    const [added] = await waitUntil('run-added', () => {
      const found = client.of('run-added');
      return found.length > 0 && found;
    });
    expect(added!.run).toMatchObject({ id: first, experiment: 'first', status: 'running' });
    expect((await client.ok({ op: 'listRuns' })).map((run) => run.id)).toEqual([first]);
  });

  it('tags and notes that another process writes show up live', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    const other = writer();
    const tagged = (tags: readonly string[]) => () =>
      client.of('run-changed', (d) => d.run.id === ENDED && d.run.tags.join() === tags.join())
        .length > 0;
    // A tag: a .-named file in tags/ renamed to the digest of its bytes.
    await other.replaceFile(tagPathOf(root, ENDED, 'from-cli ✓'), 'from-cli ✓');
    await waitUntil('run-changed with the new tag', tagged(['baseline', 'from-cli ✓']));
    await other.unlink(tagPathOf(root, ENDED, 'baseline'));
    await waitUntil('run-changed without the removed tag', tagged(['from-cli ✓']));
    await other.replaceFile(join(runDirOf(root, ENDED), 'notes'), 'second thoughts');
    await waitUntil(
      'notes-changed',
      () => client.of('notes-changed', (d) => d.runId === ENDED).length > 0,
    );
    expect((await client.ok({ op: 'runDetail', runId: ENDED })).notes).toBe('second thoughts');
    // A run without notes gets its first.
    await other.replaceFile(join(runDirOf(root, LIVE), 'notes'), 'live notes');
    await waitUntil(
      'run-changed with notes',
      () => client.of('run-changed', (d) => d.run.id === LIVE && d.run.hasNotes).length > 0,
    );
    expect(new Set(client.of('notes-changed').map((d) => d.runId))).toEqual(new Set([ENDED, LIVE]));
    // A run that had no tags/ when it was read (its watch found none, so it was not looked for
    // again) gets its first tag: its directory's watch tells of tags/.
    await other.mkdir(join(runDirOf(root, LIVE), 'tags'));
    await other.replaceFile(tagPathOf(root, LIVE, 'first tag'), 'first tag');
    await waitUntil(
      'run-changed with the first tag',
      () =>
        client.of('run-changed', (d) => d.run.id === LIVE && d.run.tags.join() === 'first tag')
          .length > 0,
    );
  });

  it('leaves the runs out of a snapshot asked without them, series and seq as ever', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    const whole = await client.subscribe([ENDED]);
    expect(whole.runs!.map((run) => run.id).sort()).toEqual([ENDED, LIVE].sort());
    const bare = await client.ok({ op: 'subscribe', runIds: [ENDED], withRuns: false });
    expect(bare.runs).toBeNull();
    expect(bare.seq).toBeGreaterThanOrEqual(whole.seq);
    expect(bare.series.map((s) => s.key)).toEqual(whole.series.map((s) => s.key));
  });

  it('a run followed before it is read has its series pushed once it is added', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    const arriving = '20261101T120000Z-0000dddd';
    // A page open on a run the store does not hold yet: a reload of its page while a copy of
    // the store arrives, say.
    const snapshot = await client.subscribe([arriving]);
    expect(snapshot.series).toEqual([]);
    const aside = newDir();
    writeEndedRun(aside, arriving, { steps: 7 });
    renameSync(runDirOf(aside, arriving), runDirOf(root, arriving));
    await waitUntil(
      'the series of the added run',
      () => client.held.get(arriving)!.count('acc') > 0,
    );
    expect(client.of('run-added').map((d) => d.run.id)).toEqual([arriving]);
    const held = client.held.get(arriving)!;
    expect([...held.series.keys()]).toEqual(['loss', 'acc', 'sys/cpu']);
    expect([held.count('loss'), held.count('acc')]).toEqual([7, 7]);
    expect(heldDifference(held, freshRead(logPathOf(root, arriving)).log)).toBeNull();
  });

  it("a live run's samples reach only the sessions that follow it; a resume cuts orphans", async () => {
    const { root, live, handle } = await liveStore();
    const backend = await open(root, options);
    const follower = connect(backend);
    const bystander = connect(backend);
    const snapshot = await follower.subscribe([LIVE]);
    expect(snapshot.series.map((s) => [s.key, s.steps.length])).toEqual([
      ['loss', 5],
      ['acc', 5],
      ['sys/cpu', 2],
    ]);
    await bystander.subscribe([ENDED]);
    const path = logPathOf(root, LIVE);
    const heldEqualsRead = (what: string) =>
      waitUntil(what, () => heldDifference(follower.held.get(LIVE)!, freshRead(path).log) === null);

    // Lines split across writes.
    const more = samplesText(5, 60) + summaryLine(new Map([['epoch', 1n]]));
    for (let at = 0; at < more.length; at += 777)
      await live.append(handle, more.slice(at, at + 777));
    await heldEqualsRead('the samples appended');
    expect(follower.of('samples').length).toBeGreaterThan(0);
    expect(follower.of('samples').every((d) => d.series.runId === LIVE)).toBe(true);

    // The writer dies mid-line; a new one cuts the tail and resumes at step 30.
    await live.append(handle, metricsLine(60, { loss: 9 }).slice(0, 20));
    await live.kill();
    const next = writer();
    const resumed = await next.open(path, { create: false });
    await next.truncate(resumed, freshRead(path).read.offset);
    await next.append(resumed, resumeLine(30) + samplesText(31, 40));
    await waitUntil('orphans-cut', () => follower.of('orphans-cut').length > 0);
    expect(follower.of('orphans-cut')).toEqual([
      { type: 'orphans-cut', seq: expect.any(Number), runId: LIVE, step: 30 },
    ]);
    await heldEqualsRead('the series after the resume');
    expect(follower.held.get(LIVE)!.series.get('loss')!.length).toBe(40);

    expect(bystander.of('samples')).toEqual([]);
    expect(bystander.of('orphans-cut')).toEqual([]);
    // Both sessions hear that the run changed.
    expect(bystander.of('run-changed', (d) => d.run.id === LIVE).length).toBeGreaterThan(0);
  });

  it('samples, a resume below them and samples at its step, read at once: nothing doubled', async () => {
    const { root, live, handle } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    await client.subscribe([LIVE]);
    // What a read finds when a writer's last lines and the next writer's resume land between
    // two reads; one write, so that one read takes it all.
    const text = samplesText(5, 20) + resumeLine(8) + samplesText(8, 12);
    await live.append(handle, text);
    const path = logPathOf(root, LIVE);
    await waitUntil('the resume', () => client.of('orphans-cut').length > 0);
    await waitUntil(
      'what the session holds to equal a fresh read',
      () => heldDifference(client.held.get(LIVE)!, freshRead(path).log) === null,
      3000,
    );
    expect(client.held.get(LIVE)!.series.get('loss')!.length).toBe(13);
  });

  it('an end changes the status at once, without waiting for a status probe', async () => {
    const { root, live, handle } = await liveStore();
    const backend = await open(root, { watch, statusIntervalMs: 60_000 });
    const client = connect(backend);
    expect(summaryOf(await client.ok({ op: 'listRuns' }), LIVE)?.status).toBe('running');
    // The last lines come a few milliseconds apart, the end among them.
    const lines = [...Array(20).keys()].map((i) => metricsLine(5 + i, { loss: i }));
    await live.stream(handle, [...lines, endLine('failed')], 3);
    const [changed] = await waitUntil(
      'run-changed to failed',
      () => {
        const found = client.of(
          'run-changed',
          (d) => d.run.id === LIVE && d.run.status === 'failed',
        );
        return found.length > 0 && found;
      },
      3000,
    );
    expect(changed!.run).toMatchObject({ error: 'it broke', lastStep: 24 });
    expect(
      client.of(
        'run-changed',
        (d) => d.run.id === LIVE && d.run.status !== 'running' && d.run.status !== 'failed',
      ),
    ).toEqual([]);
    await live.exit();
  });

  it('a writer killed without an end turns running into crashed within the status interval', async () => {
    const { root, live } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    expect(summaryOf(await client.ok({ op: 'listRuns' }), LIVE)?.status).toBe('running');
    await live.kill();
    const killedAt = Date.now();
    await waitUntil(
      'run-changed to crashed',
      () =>
        client.of('run-changed', (d) => d.run.id === LIVE && d.run.status === 'crashed').length > 0,
    );
    // One status interval (200 ms), with room for a loaded machine; the default is 3 s.
    expect(Date.now() - killedAt).toBeLessThan(1500);
    expect(readRun(root, LIVE).status).toBe('crashed');
    expect(summaryOf(await client.ok({ op: 'listRuns' }), LIVE)?.status).toBe('crashed');
  });

  it('answers bad requests with bad-request and unknown runs with no-such-run', async () => {
    const { root } = await liveStore();
    const backend = await open(root, options);
    const client = connect(backend);
    const bad = [
      null,
      'listRuns',
      [],
      {},
      { op: 'nope' },
      { op: 'runDetail' },
      { op: 'runDetail', runId: '../../etc' },
      { op: 'runDetail', runId: '.hidden' },
      { op: 'series', runId: LIVE, keys: ['a//b'] },
      { op: 'series', runId: LIVE, keys: 'loss' },
      { op: 'addTag', runId: LIVE, tag: 'a,b' },
      { op: 'addTag', runId: LIVE, tag: '' },
      { op: 'setNotes', runId: LIVE, text: 5 },
      { op: 'subscribe', runIds: LIVE },
      { op: 'subscribe', runIds: ['ok', '../x'] },
    ];
    for (const request of bad) {
      const response = await client.request(request);
      expect(response, JSON.stringify(request)).toMatchObject({
        ok: false,
        error: { code: 'bad-request', message: expect.any(String) },
      });
    }
    const unknown = [
      { op: 'runDetail', runId: 'no-such' },
      { op: 'series', runId: 'no-such', keys: ['loss'] },
      { op: 'gitDiff', runId: 'no-such' },
      { op: 'addTag', runId: 'no-such', tag: 'x' },
      { op: 'removeTag', runId: 'no-such', tag: 'x' },
      { op: 'setNotes', runId: 'no-such', text: 'x' },
    ];
    for (const request of unknown) {
      const response = await client.request(request);
      expect(response, JSON.stringify(request)).toMatchObject({
        ok: false,
        error: { code: 'no-such-run' },
      });
    }
    expect(existsSync(runDirOf(root, 'no-such'))).toBe(false);
    // A run deleted since a client chose it is not followed, and the subscription stands.
    const snapshot = await client.ok({ op: 'subscribe', runIds: ['no-such', ENDED] });
    expect(new Set(snapshot.series.map((s) => s.runId))).toEqual(new Set([ENDED]));
    expect((await client.ok({ op: 'series', runId: LIVE, keys: ['loss', 'absent'] })).length).toBe(
      1,
    );
  });
});

describe('Backend, coalescing live changes', () => {
  const OTHER = '20261101T110000Z-0000cccc';

  /** A store of two live runs, LIVE and OTHER, written by one writer process. */
  async function twoLiveRuns() {
    const root = newDir();
    mkdirSync(join(root, 'runs'));
    const live = writer();
    const first = await startLiveRun(live, root, LIVE);
    const second = await startLiveRun(live, root, OTHER);
    return { root, live, first, second };
  }

  it('reads a change after a quiet spell soon, and the changes of a window together', async () => {
    const { root, live, first, second } = await twoLiveRuns();
    const backend = await open(root, { watch: { mode: 'events' }, coalesceMs: 500 });
    const pushes: { at: number; deltas: readonly Delta[] }[] = [];
    let client: ApiClient | null = null;
    const session = backend.connect((deltas) => {
      pushes.push({ at: performance.now(), deltas });
      for (const delta of deltas) client!.receive(delta);
    });
    client = new ApiClient((request) => session.request(request));
    opened.clients.push(client);
    await client.subscribe([LIVE, OTHER]);
    // Let any change of setting up pass its window.
    await new Promise((resolve) => setTimeout(resolve, 600));
    pushes.length = 0;

    const samplesOf = (deltas: readonly Delta[]) =>
      deltas.flatMap((d) => (d.type === 'samples' ? [`${d.series.runId} ${d.series.key}`] : []));
    const written = performance.now();
    await live.append(first, metricsLine(1, { loss: 1 }));
    await waitUntil('the first append', () => pushes.length > 0);
    // Quiet before it: read after a frame's wait, not held for a window.
    expect(pushes[0]!.at - written).toBeLessThan(400);
    expect(samplesOf(pushes[0]!.deltas)).toEqual([`${LIVE} loss`]);

    await live.append(second, metricsLine(1, { loss: 2 }));
    await live.append(first, metricsLine(2, { loss: 3 }));
    await waitUntil('both appends', () => pushes.some((p) => samplesOf(p.deltas).length === 2));
    const together = pushes.find((p) => samplesOf(p.deltas).length === 2)!;
    expect(new Set(samplesOf(together.deltas))).toEqual(new Set([`${LIVE} loss`, `${OTHER} loss`]));
    // The window held them: they came about a window after the first read.
    expect(together.at - pushes[0]!.at).toBeGreaterThan(300);
    expect(client.held.get(LIVE)!.series.get('loss')!.length).toBe(2);
    expect(client.held.get(OTHER)!.series.get('loss')!.length).toBe(1);
  });

  it('reads a burst at once when it brings every run the last read brought', async () => {
    const { root, live, first, second } = await twoLiveRuns();
    const GATHER = 600;
    const backend = await open(root, {
      watch: { mode: 'events' },
      coalesceMs: 50,
      gatherMs: GATHER,
    });
    const pushes: { at: number; samples: string[] }[] = [];
    let client: ApiClient | null = null;
    const session = backend.connect((deltas) => {
      const samples = deltas.flatMap((d) => (d.type === 'samples' ? [d.series.runId] : []));
      if (samples.length > 0) pushes.push({ at: performance.now(), samples });
      for (const delta of deltas) client!.receive(delta);
    });
    client = new ApiClient((request) => session.request(request));
    opened.clients.push(client);
    await client.subscribe([LIVE, OTHER]);
    await new Promise((resolve) => setTimeout(resolve, GATHER + 200));
    pushes.length = 0;

    /** Appends a sample to each of the runs and returns how long until they were pushed. */
    const burst = async (handles: number[], step: number): Promise<number> => {
      const before = pushes.length;
      const written = performance.now();
      for (const handle of handles) await live.append(handle, metricsLine(step, { loss: step }));
      await waitUntil(
        'the burst',
        () => pushes.slice(before).reduce((n, p) => n + p.samples.length, 0) >= handles.length,
      );
      expect(pushes.length - before).toBe(1);
      return pushes.at(-1)!.at - written;
    };
    // The first burst has no last read to go by: it waits its gathering time.
    expect(await burst([first, second], 1)).toBeGreaterThan(GATHER - 100);
    // The same runs again, the window over: read once the last of them wrote, without waiting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await burst([first, second], 2)).toBeLessThan(GATHER - 100);
    // One of them only: it may be the start of a burst, so it waits; then it is the burst, read
    // as soon as the window since the last read is over.
    expect(await burst([first], 3)).toBeGreaterThan(GATHER - 100);
    expect(await burst([first], 4)).toBeLessThan(GATHER - 100);
    expect(client.held.get(LIVE)!.series.get('loss')!.length).toBe(4);
    expect(client.held.get(OTHER)!.series.get('loss')!.length).toBe(2);
  });
});
