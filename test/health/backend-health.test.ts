// Runs' health through the Backend, written by separate writer processes that hold the log's lock:
// a stall after a run's cadence stops and writing again, a crash (SIGKILL frees the lock), a
// first NaN once per key, ends (finished, failed with its error), a run copied from another
// machine (silent, then stalled), a log time ahead of the clock, and nothing told of the past.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendOptions } from '../../electron/host/backend.js';
import { Backend } from '../../electron/host/backend.js';
import type { RunSummary } from '../../shared/api/contract.js';
import type { HealthEvent } from '../../shared/api/health.js';
import { ApiClient } from '../support/live-client.js';
import { endLine, metricsLine, readingLine, startLine } from '../support/live-lines.js';
import { liveDirs, waitUntil } from '../support/live-scratch.js';
import { logPathOf, runDirOf, startLiveRun, writeEndedRun } from '../support/live-store.js';
import { LiveWriter } from '../support/live-writer.js';

const newDir = liveDirs();
const RUN = '20261204T100000Z-0000a001';
/** Stalled after 1 s without a write, or 3 times the run's cadence when that is longer. */
const OPTIONS: BackendOptions = {
  watch: { mode: 'events' },
  statusIntervalMs: 200,
  healthTickMs: 50,
  health: { stallAfter: 1, stallFactor: 3 },
};

const opened: { backends: Backend[]; writers: LiveWriter[] } = { backends: [], writers: [] };

afterEach(async () => {
  for (const backend of opened.backends.splice(0)) await backend.close();
  for (const writer of opened.writers.splice(0)) await writer.kill();
});

function writer(): LiveWriter {
  const started = LiveWriter.start();
  opened.writers.push(started);
  return started;
}

async function open(root: string): Promise<{ backend: Backend; client: ApiClient }> {
  const backend = await Backend.open(root, OPTIONS);
  opened.backends.push(backend);
  let client: ApiClient | null = null;
  const session = backend.connect((deltas) => {
    for (const delta of deltas) client!.receive(delta);
  });
  client = new ApiClient((request) => session.request(request));
  return { backend, client };
}

const events = (client: ApiClient, kind?: HealthEvent['kind']): HealthEvent[] =>
  client
    .of('health')
    .map((delta) => delta.event)
    .filter((e) => kind === undefined || e.kind === kind);

const eventOf = (client: ApiClient, kind: HealthEvent['kind'], timeoutMs = 5000) =>
  waitUntil(`a ${kind} event`, () => events(client, kind)[0], timeoutMs);

async function summaryOf(client: ApiClient, id: string): Promise<RunSummary> {
  return (await client.ok({ op: 'listRuns' })).find((run) => run.id === id)!;
}

/** A live run in its own writer process, started and seen by the Backend before it returns. */
async function liveRun(root: string, id = RUN) {
  const live = writer();
  const handle = await startLiveRun(live, root, id, startLine('health'));
  return { live, handle };
}

describe('health through the Backend', () => {
  it('stalls a run whose 200 ms cadence stops, and tells when it writes again', async () => {
    const root = newDir();
    const { live, handle } = await liveRun(root);
    const { client } = await open(root);
    await live.tick(handle, 'loss', 200);
    // Its cadence is learnt from the appends the follower sees.
    const learnt = await waitUntil('a cadence', async () => {
      const interval = (await summaryOf(client, RUN)).health?.interval ?? null;
      return interval !== null && (await summaryOf(client, RUN)).health!.nonFinite.length === 0
        ? interval
        : undefined;
    });
    expect(learnt).toBeGreaterThan(0.1);
    expect(learnt).toBeLessThan(0.6);
    const { step } = await live.untick(handle);
    const stoppedAt = Date.now() / 1000;
    const stalled = await eventOf(client, 'stalled');
    // Not before the floor (1 s, over 3 x 0.2 s), and within a bound of it.
    expect(stalled.time - stoppedAt).toBeGreaterThanOrEqual(0.9);
    expect(stalled.time - stoppedAt).toBeLessThan(4);
    expect(stalled).toMatchObject({ runId: RUN, step, key: null, error: null });
    expect(stalled.lastWrite).toBeLessThanOrEqual(stoppedAt + 0.5);
    expect(stalled.interval).toBeCloseTo(learnt, 0);
    await waitUntil(
      'a stalled summary',
      async () => (await summaryOf(client, RUN)).health?.stalled,
    );

    await live.append(handle, metricsLine(step + 1, { loss: 0.5 }));
    const writing = await eventOf(client, 'writing');
    expect(writing.id).toBeGreaterThan(stalled.id);
    expect((await summaryOf(client, RUN)).health?.stalled).toBe(false);
    expect(events(client, 'stalled')).toHaveLength(1);
  });

  it('tells a crash when the writer is killed: its lock is freed with no end', async () => {
    const root = newDir();
    const { live, handle } = await liveRun(root);
    const { client } = await open(root);
    await live.append(handle, metricsLine(3, { loss: 1 }));
    await waitUntil('step 3 read', async () => (await summaryOf(client, RUN)).lastStep === 3);
    await live.kill();
    const crashed = await eventOf(client, 'crashed');
    expect(crashed).toMatchObject({ runId: RUN, kind: 'crashed', step: 3 });
    expect((await summaryOf(client, RUN)).status).toBe('crashed');
    // A crashed run is not waited on: no stall follows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events(client, 'stalled')).toEqual([]);
  });

  it('tells a key’s first NaN once, with its step and value, and lists it in the health', async () => {
    const root = newDir();
    const { live, handle } = await liveRun(root);
    const { client } = await open(root);
    await live.append(handle, metricsLine(0, { loss: 1, acc: 0.1 }));
    await live.append(handle, metricsLine(1, { loss: Number.NaN, acc: 0.2 }));
    const first = await eventOf(client, 'nonfinite');
    expect(first).toMatchObject({ runId: RUN, key: 'loss', step: 1 });
    expect(first.value).toBeNaN();
    await live.append(handle, metricsLine(2, { loss: Number.NaN, acc: Infinity }));
    await waitUntil('the acc event', () => events(client, 'nonfinite').length === 2);
    await live.append(handle, metricsLine(3, { loss: -Infinity, acc: Infinity }));
    await waitUntil('step 3 read', async () => (await summaryOf(client, RUN)).lastStep === 3);
    const told = events(client, 'nonfinite');
    expect(told.map((e) => [e.key, e.step, e.value])).toEqual([
      ['loss', 1, Number.NaN],
      ['acc', 2, Infinity],
    ]);
    expect((await summaryOf(client, RUN)).health?.nonFinite).toEqual([
      { key: 'loss', step: 1, time: expect.any(Number), value: Number.NaN },
      { key: 'acc', step: 2, time: expect.any(Number), value: Infinity },
    ]);
  });

  it('tells a finished end, and a failed one with its error', async () => {
    const root = newDir();
    const done = await liveRun(root, RUN);
    const broke = await liveRun(root, '20261204T100000Z-0000a002');
    const { client } = await open(root);
    await done.live.append(done.handle, metricsLine(5, { loss: 1 }) + endLine('finished'));
    await broke.live.append(broke.handle, endLine('failed'));
    const finished = await eventOf(client, 'finished');
    const failed = await eventOf(client, 'failed');
    expect(finished).toMatchObject({ runId: RUN, step: 5, error: null });
    expect(failed).toMatchObject({ runId: '20261204T100000Z-0000a002', error: 'it broke' });
    // Ended runs are no longer looked at: nothing more comes of them.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      events(client)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['failed', 'finished']);
  });

  it('stalls a run copied from another machine once it has been silent past the floor', async () => {
    const root = newDir();
    const id = '20261204T100000Z-0000c0de';
    mkdirSync(runDirOf(root, id), { recursive: true });
    // Another machine's writer: this host cannot probe its lock, so it reads silent.
    writeFileSync(
      join(runDirOf(root, id), 'writer'),
      JSON.stringify({ machine: 'f'.repeat(64), boot: 'elsewhere' }),
    );
    writeFileSync(logPathOf(root, id), startLine('copied') + readingLine(0, { 'sys/cpu': 5 }));
    const { client } = await open(root);
    expect((await summaryOf(client, id)).status).toBe('silent');
    expect((await summaryOf(client, id)).health?.stalled).toBe(false);
    const stalled = await eventOf(client, 'stalled');
    expect(stalled.runId).toBe(id);
    expect((await summaryOf(client, id)).health?.stalled).toBe(true);
  });

  it('tells nothing of what was there before it opened, and never stalls a log from the future', async () => {
    const root = newDir();
    writeEndedRun(root, '20261204T090000Z-0000e001');
    const old = '20261204T090000Z-0000e002';
    mkdirSync(runDirOf(root, old), { recursive: true });
    writeFileSync(logPathOf(root, old), startLine('old') + metricsLine(0, { loss: Number.NaN }));
    utimesSync(
      logPathOf(root, old),
      new Date(Date.now() - 3_600_000),
      new Date(Date.now() - 3_600_000),
    );
    const ahead = '20261204T090000Z-0000e003';
    mkdirSync(runDirOf(root, ahead), { recursive: true });
    writeFileSync(logPathOf(root, ahead), startLine('ahead'));
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(logPathOf(root, ahead), future, future);

    const { client } = await open(root);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events(client)).toEqual([]);
    expect(await client.ok({ op: 'healthEvents' })).toEqual([]);
    const stale = (await summaryOf(client, old)).health!;
    expect(stale.stalled).toBe(true);
    expect(stale.nonFinite.map((s) => [s.key, s.step])).toEqual([['loss', 0]]);
    expect((await summaryOf(client, ahead)).health).toMatchObject({
      stalled: false,
      clockAhead: true,
    });
    expect((await client.ok({ op: 'storeInfo' })).health).toEqual({
      stallAfter: 1,
      stallFactor: 3,
    });
  });

  it('keeps the events for a client that connects later, oldest first', async () => {
    const root = newDir();
    const { live, handle } = await liveRun(root);
    const { backend, client } = await open(root);
    await live.append(handle, metricsLine(0, { loss: Number.NaN }));
    await eventOf(client, 'nonfinite');
    await live.append(handle, endLine('killed'));
    await eventOf(client, 'killed');
    let later: ApiClient | null = null;
    const session = backend.connect((deltas) => deltas.forEach((d) => later!.receive(d)));
    later = new ApiClient((request) => session.request(request));
    const kept = await later.ok({ op: 'healthEvents' });
    expect(kept.map((e) => e.kind)).toEqual(['nonfinite', 'killed']);
    expect(kept.map((e) => e.id)).toEqual([1, 2]);
  });
});
