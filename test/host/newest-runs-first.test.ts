// Opening a store of many runs: open returns once it has read some, the newest by id, and the
// rest are read after it in the background, newest first, until every run is listed.

import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { writeStore } from '../bench/open-store.bench.js';
import { liveDirs } from '../support/live-scratch.js';

const newDir = liveDirs();
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

describe('opening a store of many runs', () => {
  it('lists the newest runs first, then every run', async () => {
    const root = join(newDir(), 'store');
    // Ids start with their time, and the bench's ids wrap their seconds: sorting, not writing
    // order, decides which are newest.
    writeStore(root, 2000, 3, (run) => run % 2 === 0);
    const backend = await Backend.open(root, { watch: { mode: 'events' } });
    backends.push(backend);
    const first = backend.listRuns().map((run) => run.id);
    expect(first.length).toBeGreaterThan(0);
    const seen: string[][] = [first];
    while (backend.storeInfo().runsToRead > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(backend.listRuns().map((run) => run.id));
    }
    const all = backend.listRuns().map((run) => run.id);
    expect(all.length).toBe(2000);
    const newestFirst = [...all].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    // Whenever it was looked at, what was listed was the newest runs, however many.
    for (const listed of seen) {
      const newest = newestFirst.slice(0, listed.length);
      expect(listed.slice().sort()).toEqual(newest.slice().sort());
    }
  });
});
