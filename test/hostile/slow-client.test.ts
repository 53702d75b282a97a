// A WebSocket client of `munin-view serve` that stops reading while a live run grows fast: the
// server holds a bounded amount for it (deltas dropped, requests left unanswered until it reads),
// and once it reads again it is told to resubscribe, and its fresh snapshot agrees with the store.

import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunDetail, SeriesColumns, Snapshot } from '../../shared/api/contract.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { metricsLine, resumeLine, startLine } from '../support/live-lines.js';
import { writerFileText } from '../support/live-store.js';
import { hostileDirs, MiB, startServe } from './harness.js';
import { mib, residentMemory } from './proc-memory.js';
import { ServeClient } from './serve-client.js';

const newDir = hostileDirs();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const RUN = '20261101T090000Z-0000beef';
const KEYS = Array.from({ length: 50 }, (_, k) => `k${k}`);
const STEPS = 5000;
/**
 * Each cycle logs STEPS lines of every key, then a resume to step 0 cuts them all: the server
 * holds one cycle of the run, while each cycle sends 6 MB of deltas to the run's subscribers.
 */
const CYCLES = 40;
/** Requests for the whole run that the client sends while it reads nothing: 6 MB each. */
const UNREAD_REQUESTS = 30;
/**
 * Well below the 240 MB of deltas and 180 MB of answers that the client does not read. Above
 * what the server holds for it (near 20 MiB) is garbage: each read of the run makes 6 MB of
 * columns for its subscribers, and a collection comes only every 64 MB or so of them.
 */
const GROWTH_BOUND = 192 * MiB;

function cycleText(cycle: number): string {
  let text = cycle === 0 ? '' : resumeLine(0);
  const values = Object.fromEntries(KEYS.map((key) => [key, 0.5]));
  for (let step = 1; step <= STEPS; step++) text += metricsLine(step, values);
  return text;
}

describe('a WebSocket client that stops reading while a live run grows', () => {
  it('costs the server a bounded amount, then resyncs to what the store holds', async () => {
    const root = join(newDir(), 'store');
    const dir = join(root, 'runs', RUN);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'writer'), writerFileText());
    const log = join(dir, 'events.jsonl');
    writeFileSync(log, startLine('fast'));
    const server = await startServe(root, { timeoutMs: 300_000 });
    cleanups.push(server.stop);
    const pid = server.child.child.pid!;

    const probe = await ServeClient.open(server.url, server.token);
    cleanups.push(() => probe.close());
    const slow = await ServeClient.open(server.url, server.token);
    cleanups.push(() => slow.close());
    await slow.ok<Snapshot>({ op: 'subscribe', runIds: [RUN] });
    const before = residentMemory(pid);
    slow.pause();

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      appendFileSync(log, cycleText(cycle));
      // Each cycle read by itself: a read of several would cut before it pushed.
      for (;;) {
        const detail = await probe.ok<RunDetail>({ op: 'runDetail', runId: RUN });
        const count = detail.summary.keys.find((key) => key.key === 'k0')?.count;
        if (detail.resumes.length === cycle && count === STEPS) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const unread = Array.from({ length: UNREAD_REQUESTS }, () =>
      slow.send({ op: 'series', runId: RUN, keys: KEYS }),
    );
    // Round trips of the probe give the server time to take the unread client's requests.
    for (let i = 0; i < 10; i++) await probe.ok({ op: 'storeInfo' });
    const paused = residentMemory(pid);
    const grew = paused.peakRssBytes - before.rssBytes;
    const figures = `serve ${mib(before.rssBytes)} before, peak ${mib(paused.peakRssBytes)}: grew ${mib(grew)}`;
    expect(grew, figures).toBeLessThan(GROWTH_BOUND);

    slow.resume();
    await slow.waitFor(
      () => slow.messages.find((message) => message.type === 'resync'),
      'the resync message',
      60_000,
    );
    // The requests it sent without reading are all answered once it reads.
    for (const id of unread) {
      const response = await slow.response(id, 60_000);
      expect(response.ok).toBe(true);
      const series = (response as { result: readonly SeriesColumns[] }).result;
      expect(series.map((s) => s.steps.length)).toEqual(KEYS.map(() => STEPS));
    }
    const snapshot = await slow.ok<Snapshot>({ op: 'subscribe', runIds: [RUN] });
    const { log: read } = readRun(root, RUN);
    expect(snapshot.series.map((s) => s.key).sort()).toEqual([...read.series.keys()].sort());
    for (const columns of snapshot.series) {
      const samples = read.series.get(columns.key)!.samples;
      expect(columns.steps.length).toBe(samples.length);
      expect([...columns.steps]).toEqual(
        Array.from({ length: samples.length }, (_, i) => samples.step(i)),
      );
      expect([...columns.values]).toEqual(
        Array.from({ length: samples.length }, (_, i) => samples.value(i)),
      );
    }
    expect(snapshot.runs!.find((run) => run.id === RUN)?.lastStep).toBe(STEPS);
    const outcome = await server.stop();
    expect(outcome.timedOut).toBe(false);
  }, 300_000);
});
