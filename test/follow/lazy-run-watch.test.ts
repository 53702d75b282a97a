// StoreWatcher watching runs lazily, as a reader of a large store does: a run is watched once
// follow() takes it up, a run made later once it appears, each with its tags/, and every change
// is told under its own run and kind.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunFileKind } from '../../electron/follow/store-watcher.js';
import { StoreWatcher } from '../../electron/follow/store-watcher.js';
import { liveDirs, waitUntil } from '../support/live-scratch.js';

const newDir = liveDirs();
const watchers: StoreWatcher[] = [];
afterEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.close();
});

async function watchLazily(root: string): Promise<{ watcher: StoreWatcher; told: string[] }> {
  const told: string[] = [];
  const watcher = new StoreWatcher(
    root,
    {
      runChanged: (id: string, what: RunFileKind) => told.push(`${id} ${what}`),
      artifactsChanged() {},
    },
    { mode: 'events', lazyRuns: true },
  );
  watchers.push(watcher);
  await watcher.ready;
  return { watcher, told };
}

describe('StoreWatcher with lazy runs', () => {
  it('watches a run once followed, and its tags/, under the run id', async () => {
    const root = newDir();
    mkdirSync(join(root, 'runs', 'old', 'tags'), { recursive: true });
    mkdirSync(join(root, 'runs', 'unfollowed', 'tags'), { recursive: true });
    const { watcher, told } = await watchLazily(root);
    watcher.follow('old');
    writeFileSync(join(root, 'runs', 'old', 'notes'), 'seen');
    writeFileSync(join(root, 'runs', 'old', 'tags', 'best'), '');
    writeFileSync(join(root, 'runs', 'unfollowed', 'tags', 'best'), '');
    await waitUntil(
      'the followed run told of its notes and its tag',
      () => told.includes('old notes') && told.includes('old tags'),
      3000,
    );
    // Not followed: not watched, so nothing of it is told.
    expect(told.filter((t) => t.startsWith('unfollowed'))).toEqual([]);
  });

  it('watches a run that appears later, and a tags/ made in it', async () => {
    const root = newDir();
    mkdirSync(join(root, 'runs'));
    const { told } = await watchLazily(root);
    mkdirSync(join(root, 'runs', 'new'));
    await waitUntil('the new run told', () => told.includes('new directory'), 3000);
    writeFileSync(join(root, 'runs', 'new', 'events.jsonl'), '');
    await waitUntil('its log told', () => told.includes('new log'), 3000);
    mkdirSync(join(root, 'runs', 'new', 'tags'));
    await waitUntil('its tags/ told', () => told.includes('new tags'), 3000);
    writeFileSync(join(root, 'runs', 'new', 'tags', 'keep'), '');
    const before = told.length;
    await waitUntil('a tag in its tags/ told', () => told.slice(before).includes('new tags'), 3000);
  });
});
