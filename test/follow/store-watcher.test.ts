// StoreWatcher tells of the last change of a burst: what a reader sees after it is told is the
// file as the last write left it, however close the writes came.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunFileKind, WatchOptions } from '../../electron/follow/store-watcher.js';
import { StoreWatcher } from '../../electron/follow/store-watcher.js';
import { metricsLine } from '../support/live-lines.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import { runDirOf, startLiveRun } from '../support/live-store.js';

const newDir = liveDirs();
const startWriter = liveWriters();
const now = (): number => performance.timeOrigin + performance.now();

const watchers: StoreWatcher[] = [];
afterEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.close();
});

interface Told {
  readonly id: string;
  readonly what: RunFileKind;
  readonly at: number;
  /** What a reader told of the change found: the log's size, or the notes' text. */
  readonly seen: string;
}

function look(root: string, id: string, what: RunFileKind): string {
  try {
    if (what === 'log') return String(statSync(join(runDirOf(root, id), 'events.jsonl')).size);
    if (what === 'notes') return readFileSync(join(runDirOf(root, id), 'notes'), 'utf8');
  } catch {
    return '';
  }
  return '';
}

async function watch(root: string, options: WatchOptions): Promise<Told[]> {
  const told: Told[] = [];
  const watcher = new StoreWatcher(
    root,
    {
      runChanged: (id, what) => told.push({ id, what, at: now(), seen: look(root, id, what) }),
      artifactsChanged: () => {},
    },
    options,
  );
  watchers.push(watcher);
  await watcher.ready;
  return told;
}

describe.each([
  ['events', { mode: 'events' }],
  ['polling', { mode: 'polling', intervalMs: 50 }],
] as const)('StoreWatcher by %s', (_, options) => {
  it('tells of a log changed after a burst of appends a few milliseconds apart', async () => {
    const root = newDir();
    mkdirSync(join(root, 'runs'));
    const writer = startWriter();
    const handle = await startLiveRun(writer, root, 'r');
    const told = await watch(root, options);
    const lines = Array.from({ length: 40 }, (_, i) => metricsLine(i, { loss: i }));
    const log = join(runDirOf(root, 'r'), 'events.jsonl');
    for (let burst = 0; burst < 3; burst++) {
      await writer.stream(handle, lines, 3);
      const finalSize = String(statSync(log).size);
      await waitUntil(
        `a change of the log told that shows its last write (burst ${burst})`,
        () => told.some((t) => t.id === 'r' && t.what === 'log' && t.seen === finalSize),
        3000,
      );
    }
  });

  it('tells of notes replaced twice within a few milliseconds, the second time too', async () => {
    const root = newDir();
    mkdirSync(join(root, 'runs'));
    const writer = startWriter();
    await startLiveRun(writer, root, 'r');
    const notes = join(runDirOf(root, 'r'), 'notes');
    await writer.replaceFile(notes, 'first');
    const told = await watch(root, options);
    for (let round = 0; round < 3; round++) {
      await writer.replaceFile(notes, `second ${round}`);
      await writer.replaceFile(notes, `third ${round}`);
      await waitUntil(
        `notes told that show their last replacement (round ${round})`,
        () => told.some((t) => t.what === 'notes' && t.seen === `third ${round}`),
        3000,
      );
    }
    expect(told.every((t) => t.id === 'r')).toBe(true);
  });
});
