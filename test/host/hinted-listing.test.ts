// Listing ended runs from their stats.json hints: the list equals what a full read gives, the
// samples are read only when a run is opened or compared, and a hint that does not hold is not used.

import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import { Backend } from '../../electron/host/backend.js';
import { RunEntry } from '../../electron/sources/munin/run-entry.js';
import { listFromHint } from '../../electron/store/hinted-listing.js';
import { hostIdentities } from '../../electron/store/identities.js';
import { LOG_FILE } from '../../electron/store/log/read-run.js';
import { listRunIds } from '../../electron/store/store.js';
import type { RunSummary } from '../../shared/api/contract.js';
import { liveDirs } from '../support/live-scratch.js';

const newDir = liveDirs();
const NOW = Date.UTC(2026, 10, 29, 21, 0, 0) / 1000;
const backends: Backend[] = [];

afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

function demoStore(): string {
  const root = join(newDir(), 'store');
  writeDemoStore(root, { seed: 7, now: NOW });
  return root;
}

/** Every run's summary as a full read gives it. */
function fullSummaries(root: string): Map<string, RunSummary> {
  const host = hostIdentities();
  return new Map(
    listRunIds(root).map((id) => {
      const entry = new RunEntry(root, id, host);
      entry.refresh();
      return [id, entry.summary()];
    }),
  );
}

async function open(root: string): Promise<Backend> {
  const backend = await Backend.open(root, { watch: { mode: 'events' } });
  backends.push(backend);
  while (backend.storeInfo().runsToRead > 0) await new Promise((r) => setTimeout(r, 5));
  return backend;
}

async function call<T>(backend: Backend, request: unknown): Promise<T> {
  const session = backend.connect(() => undefined);
  const response = await session.request(request);
  session.close();
  if (!response.ok) throw new Error(response.error.message);
  return response.result as T;
}

describe('listing from stats hints', () => {
  it('skips the sample lines of an ended run whose hint holds, and folds every other record', () => {
    const root = demoStore();
    const ended = listRunIds(root).filter((id) =>
      listFromHint(join(root, 'runs', id), LOG_FILE, root),
    );
    // The demo's ended runs all have hints; its one live run has none.
    expect(ended.length).toBe(listRunIds(root).length - 1);
    for (const id of ended) {
      const listing = listFromHint(join(root, 'runs', id), LOG_FILE, root)!;
      expect(listing.log.series.size).toBe(0);
      expect(listing.log.skippedSampleLines).toBeGreaterThan(0);
      expect(listing.log.end).not.toBeNull();
      expect(listing.statistics.size).toBeGreaterThan(0);
    }
  });

  it('lists every run as a full read does, its samples unread until it is opened', async () => {
    const root = demoStore();
    const expected = fullSummaries(root);
    const backend = await open(root);
    const listed = backend.listRuns();
    expect(listed.map((run) => run.id)).toEqual([...expected.keys()]);
    for (const run of listed) {
      // Damaged lines among the samples are counted once they are read; health is the host's.
      expect({ ...run, damaged: 0, health: null }).toEqual({
        ...expected.get(run.id)!,
        damaged: 0,
      });
    }

    const entries = (backend as unknown as { source: { runs: Map<string, RunEntry> } }).source.runs;
    const unread = () => [...entries.values()].filter((e) => !e.samplesRead).map((e) => e.id);
    expect(unread().length).toBe(listed.length - 1);
    const id = listed.find((run) => run.status === 'finished')!.id;
    const detail = await call<{ summary: RunSummary }>(backend, { op: 'runDetail', runId: id });
    expect({ ...detail.summary, health: null }).toEqual(expected.get(id));
    // The detail's summary carries the run's health, as the listing's does.
    expect(detail.summary.health).toEqual(listed.find((run) => run.id === id)!.health);
    const series = await call<{ key: string; steps: Float64Array }[]>(backend, {
      op: 'series',
      runId: id,
      keys: expected.get(id)!.keys.map((k) => k.key),
    });
    expect(series.map((s) => [s.key, s.steps.length])).toEqual(
      expected.get(id)!.keys.map((k) => [k.key, k.count]),
    );
    // Only the run opened was read.
    expect(unread().length).toBe(listed.length - 2);
    expect(unread()).not.toContain(id);
  });

  it('lists the goal each key is declared with, from a hint as from a full read', async () => {
    const root = demoStore();
    const expected = fullSummaries(root);
    const backend = await open(root);
    const run = backend.listRuns().find((r) => r.name === 'resnet18-lr0.1-s2')!;
    expect(run.keys).toEqual(expected.get(run.id)!.keys);
    const goals = new Map(run.keys.map((k) => [k.key, k.goal]));
    expect(goals.get('eval/loss')).toBe('minimize');
    expect(goals.get('eval/acc')).toBe('maximize');
    // Declared without a goal, and a reading, which takes none.
    expect(goals.get('train/lr')).toBeNull();
    expect(goals.get('sys/cpu')).toBeNull();
  });

  it('reads the log whole when the hint does not hold for it or cannot be read', async () => {
    const root = demoStore();
    const ids = listRunIds(root).filter((id) =>
      listFromHint(join(root, 'runs', id), LOG_FILE, root),
    );
    const [stale, broken] = ids;
    const statsOf = (id: string) => join(root, 'runs', id!, 'stats.json');
    // A hint whose keys say otherwise, for a log of another length: not used.
    const hint = readFileSync(statsOf(stale!), 'utf8').replace(/"count":\d+/g, '"count":1');
    writeFileSync(
      statsOf(stale!),
      hint.replace(/"length":(\d+)/, (_, n) => `"length":${+n + 1}`),
    );
    writeFileSync(statsOf(broken!), '{"format":1,');
    expect(listFromHint(join(root, 'runs', stale!), LOG_FILE, root)).toBeNull();
    expect(listFromHint(join(root, 'runs', broken!), LOG_FILE, root)).toBeNull();
    const expected = fullSummaries(root);
    const backend = await open(root);
    for (const id of [stale!, broken!]) {
      const listed = backend.listRuns().find((run) => run.id === id);
      expect({ ...listed, health: null }).toEqual(expected.get(id));
    }
  });

  it('a hinted run whose log changes is read whole and followed', async () => {
    const root = demoStore();
    const id = listRunIds(root).find((run) =>
      listFromHint(join(root, 'runs', run), LOG_FILE, root),
    )!;
    const backend = await open(root);
    const before = backend.listRuns().find((run) => run.id === id)!;
    // A damaged line after the end: the hint no longer holds, and the read counts it.
    appendFileSync(join(root, 'runs', id, LOG_FILE), 'not a record\n');
    const deadline = Date.now() + 5000;
    let after = before;
    while (after.damaged === before.damaged && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = backend.listRuns().find((run) => run.id === id)!;
    }
    expect(after.damaged).toBe(before.damaged + 1);
    expect(after.keys).toEqual(before.keys);
  });
});
