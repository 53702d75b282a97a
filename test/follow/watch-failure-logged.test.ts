// A watch that cannot be set up, or that fails once set up, is logged: the store watcher warns
// that it polls instead, and why; a watched directory that went away is a debug line only.
// fs.watch is replaced for this file, to fail as a system out of inotify watches (ENOSPC) does.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as NodeFs from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { StoreWatcher } from '../../electron/follow/store-watcher.js';
import { tempStores } from '../support/store-fixture.js';
import { captureLog } from '../support/captured-log.js';

/** The path whose watch throws, and the watchers made, so a test can make one emit an error. */
const watchPlan = vi.hoisted(() => ({
  throwFor: null as string | null,
  watchers: new Map<string, FSWatcher>(),
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const watch = ((path: string, ...rest: unknown[]) => {
    if (path === watchPlan.throwFor)
      throw Object.assign(
        new Error(`ENOSPC: System limit for number of file watchers reached, watch '${path}'`),
        {
          code: 'ENOSPC',
        },
      );
    const watcher = (fs.watch as (...args: unknown[]) => FSWatcher)(path, ...rest);
    watchPlan.watchers.set(path, watcher);
    return watcher;
  }) as typeof fs.watch;
  return { ...fs, default: { ...fs, watch }, watch };
});

const newStore = tempStores();
const captured = captureLog(true);
const watchers: StoreWatcher[] = [];

afterEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.close();
  watchPlan.throwFor = null;
  watchPlan.watchers.clear();
});

function storeWithRun(): string {
  const root = newStore();
  mkdirSync(join(root, 'runs', 'r'), { recursive: true });
  return root;
}

function watchStore(root: string): StoreWatcher {
  const watcher = new StoreWatcher(
    root,
    { runChanged: () => undefined, artifactsChanged: () => undefined },
    { mode: 'events', intervalMs: 5000 },
  );
  watchers.push(watcher);
  return watcher;
}

describe('a watch that fails', () => {
  it('is warned of when it cannot be set up, with why, and the store is polled', () => {
    const root = storeWithRun();
    watchPlan.throwFor = join(root, 'runs');
    const watcher = watchStore(root);
    expect(watcher.polling).toBe(true);
    expect(captured.lines).toEqual([
      [
        'warn',
        `munin-view: warning: watching ${root} failed; polling it every 5000 ms instead: ` +
          `ENOSPC: System limit for number of file watchers reached, watch '${join(root, 'runs')}'`,
      ],
    ]);
  });

  it('is warned of when it fails once set up', () => {
    const root = storeWithRun();
    const watcher = watchStore(root);
    expect(watcher.polling).toBe(false);
    const runs = watchPlan.watchers.get(join(root, 'runs'))!;
    runs.emit('error', Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    expect(watcher.polling).toBe(true);
    expect(captured.lines).toEqual([
      [
        'warn',
        expect.stringMatching(/^munin-view: warning: watching .* failed; .*: EIO: i\/o error$/),
      ],
    ]);
  });

  it('is a debug line when its directory went away, and watching goes on', () => {
    const root = storeWithRun();
    const watcher = watchStore(root);
    const run = watchPlan.watchers.get(join(root, 'runs', 'r'))!;
    run.emit('error', Object.assign(new Error('ENOENT: gone'), { code: 'ENOENT' }));
    expect(watcher.polling).toBe(false);
    expect(captured.lines).toEqual([
      [
        'debug',
        `munin-view: debug: ${join(root, 'runs', 'r')} went away; its watch ended: ENOENT: gone`,
      ],
    ]);
  });
});
