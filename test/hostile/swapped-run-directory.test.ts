// A run's directory listed as a directory, then swapped for a link out of the store before the
// reader takes it up: the reader trusts the listing that it was no link (it does not stat it
// again), so what keeps the outside out is the check of each file as it is opened. The run is
// listed as unreadable, saying why, and nothing of the outside is read; so too when a helper
// thread lists the store's runs ahead of the host.

import { describe, expect, it } from 'vitest';
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backgroundReader } from '../support/background-reader.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';
import { hostileDirs } from './harness.js';

const newDir = hostileDirs();

async function waitUntil(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 500) throw new Error('the reader never finished');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const SECRET = 'SECRET-OUTSIDE-THE-STORE-5c1e';

describe('a run directory swapped for a link between listing and reading', () => {
  it.each([
    ['read by the host', 0],
    ['listed ahead by a helper thread', 1],
  ])('is read as unreadable, and nothing outside the store is read (%s)', async (_how, helpers) => {
    const dir = newDir();
    const root = join(dir, 'store');
    const outside = join(dir, 'outside');
    writeLog(root, 'kept', [startLine(), metricsLine(0, { loss: 0.5 }), endLine('finished')]);
    writeLog(root, 'swapped', [startLine(), metricsLine(0, { loss: 0.5 }), endLine('finished')]);
    mkdirSync(outside);
    writeFileSync(
      join(outside, 'events.jsonl'),
      `${startLine('', SECRET)}\n${metricsLine(0, { [SECRET]: 1 })}\n${endLine('finished')}\n`,
    );
    // The swap is made as the reader takes the run up, after runs/ was listed with its types:
    // the watcher is told of each run first.
    let swappedYet = false;
    const swap = (): void => {
      renameSync(join(root, 'runs', 'swapped'), join(dir, 'swapped-away'));
      symlinkSync(outside, join(root, 'runs', 'swapped'));
      swappedYet = true;
    };
    const { reader, runs } = backgroundReader(
      root,
      (id) => {
        if (id === 'swapped' && !swappedYet) swap();
      },
      { helpers },
    );
    // In the background, as a store's runs past its first rows are read.
    reader.readInBackground();
    await waitUntil(() => reader.toRead === 0);
    expect(swappedYet).toBe(true);

    expect(runs.get('kept')?.status).toBe('finished');
    const swapped = runs.get('swapped');
    expect(swapped?.status).toBe('unreadable');
    const said = JSON.stringify(swapped?.summary());
    expect(said).not.toContain(SECRET);
    expect(said).toMatch(/outside the store|out of the store/);
  });
});
