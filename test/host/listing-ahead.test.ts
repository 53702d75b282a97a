// Listing a store's runs on helper threads ahead of the host's: the list is the one the host's
// own reading gives, run for run; a run that changes while a helper holds it is read by the host
// and the helper's listing is not taken; a helper that fails leaves its runs to the host; and an
// export taken meanwhile holds every run.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import type { ListedAhead } from '../../electron/sources/munin/listing-ahead/list-ahead.js';
import { ListingAhead } from '../../electron/sources/munin/listing-ahead/list-ahead.js';
import { listRunIds } from '../../electron/store/store.js';
import type { RunSummary } from '../../shared/api/contract.js';
import { backgroundReader } from '../support/background-reader.js';
import { captureLog } from '../support/captured-log.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { liveDirs } from '../support/live-scratch.js';
import { addTag, writeLog, writeNotes } from '../support/store-fixture.js';

const logged = captureLog(false);
const newDir = liveDirs();
const NOW = Date.UTC(2026, 11, 1, 9, 0, 0) / 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The demo store, and runs of every kind a helper leaves to the host or lists. */
function mixedStore(): string {
  const root = join(newDir(), 'store');
  writeDemoStore(root, { seed: 11, now: NOW });
  const ids = listRunIds(root);
  addTag(root, ids[0]!, 'baseline');
  writeNotes(root, ids[1]!, 'lr too high after step 300');
  // A hint that is a directory: the host warns of it as it reads the run whole.
  rmSync(join(root, 'runs', ids[2]!, 'stats.json'));
  mkdirSync(join(root, 'runs', ids[2]!, 'stats.json'));
  // Notes that cannot be read: left to the host, which says so.
  mkdirSync(join(root, 'runs', ids[5]!, 'notes'));
  // No hint at all: a crashed run, read whole.
  writeLog(root, 'crashed', [startLine(), metricsLine(0, { loss: 0.9 })]);
  writeLog(root, 'ended-no-hint', [startLine(), metricsLine(0, { loss: 0.4 }), endLine('failed')]);
  // A link to another run inside the store: not listed as a directory, read by the host.
  symlinkSync(join(root, 'runs', ids[3]!), join(root, 'runs', 'linked'));
  return root;
}

/** Every run's summary and notes as a scheduler reading in the background lists it. */
async function listed(
  root: string,
  helpers: number,
): Promise<Map<string, RunSummary & { notes: string | null }>> {
  const { reader, runs } = backgroundReader(root, () => undefined, { helpers });
  reader.readInBackground();
  await until(() => reader.toRead === 0);
  return new Map([...runs].map(([id, entry]) => [id, { ...entry.summary(), notes: entry.notes }]));
}

async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 1000) throw new Error('never happened');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('listing runs ahead on helper threads', () => {
  it('gives the list the host reading alone gives, run for run', async () => {
    const root = mixedStore();
    const taken = vi.spyOn(ListingAhead.prototype, 'take');
    const listedByHelpers = () =>
      taken.mock.results.flatMap((r) => (r.value as ListedAhead[] | undefined) ?? []);
    const ahead = await listed(root, 1);
    // Most runs came from the helper: the demo's ended runs with hints.
    expect(listedByHelpers().filter((l) => l.listing !== null).length).toBeGreaterThan(5);
    const ids = listRunIds(root);
    // Notes that cannot be read are told by the host too.
    expect(logged.lines.some(([, line]) => line.includes(`${ids[5]}/notes is a directory`))).toBe(
      true,
    );
    // The hint that cannot be read is told by the host, not lost in a helper.
    expect(
      logged.lines.some(([, line]) => line.includes(`${ids[2]}/stats.json is a directory`)),
    ).toBe(true);
    taken.mockClear();
    const alone = await listed(root, 0);
    expect(listedByHelpers()).toEqual([]);
    expect([...ahead.keys()].sort()).toEqual([...alone.keys()].sort());
    for (const [id, summary] of alone) expect(ahead.get(id)).toEqual(summary);
    expect(ahead.get(ids[0]!)!.tags).toContain('baseline');
    expect(ahead.get(ids[1]!)!.notes).toBe('lr too high after step 300');
    expect(ahead.get('crashed')).toBeDefined();
    expect(ahead.get('linked')!.keys).toEqual(alone.get(ids[3]!)!.keys);
  });

  it('reads here a run that changed while a helper held it, and drops the late listing', async () => {
    const root = mixedStore();
    const changed = listRunIds(root)[4]!;
    let told = false;
    const { reader, runs, added } = backgroundReader(root, (id) => {
      // Its change is told after the run is handed out, as a watch event would be.
      if (id === changed && !told) {
        told = true;
        setImmediate(() => reader.changed(changed));
      }
    });
    reader.readInBackground();
    await until(() => reader.toRead === 0);
    // Let the helper's late listing of it arrive, and be dropped.
    await new Promise((r) => setTimeout(r, 100));
    expect(told).toBe(true);
    const addedOfIt = added.filter((entry) => entry.id === changed);
    expect(addedOfIt.length).toBe(1);
    expect(runs.get(changed)).toBe(addedOfIt[0]);
    expect(runs.size).toBe(added.length);
  });

  it('leaves the runs of a helper that fails to the host, and says so', async () => {
    const root = mixedStore();
    const failing = join(newDir(), 'failing-helper.mjs');
    writeFileSync(
      failing,
      "import { parentPort } from 'node:worker_threads';\n" +
        'parentPort.on("message", () => process.exit(3));\n',
    );
    const { reader, runs } = backgroundReader(root, () => undefined, { script: failing });
    reader.readInBackground();
    await until(() => reader.toRead === 0);
    expect(runs.size).toBe(listRunIds(root).length);
    expect(
      logged.lines.some(([level, line]) => level === 'warn' && /helper threads/.test(line)),
    ).toBe(true);
  });

  it('holds every run in an export taken while helpers hold some', async () => {
    const root = mixedStore();
    let handedOut = 0;
    const { reader, runs } = backgroundReader(root, () => handedOut++);
    reader.readInBackground();
    await until(() => handedOut > 0);
    reader.readAll();
    expect(reader.toRead).toBe(0);
    expect(runs.size).toBe(listRunIds(root).length);
    const before = new Map(runs);
    // What the helpers post afterwards is not taken over what was read here.
    await new Promise((r) => setTimeout(r, 150));
    for (const [id, entry] of before) expect(runs.get(id)).toBe(entry);
  });
});
