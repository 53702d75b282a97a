// A new store is an empty folder: `munin-view serve` opens it, says "No runs yet" and where runs
// will come from, creates nothing in it, and shows runs/ and its first run once a writer makes them.

import { afterAll, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { LiveWriter } from '../support/live-writer.js';
import { startLine } from '../support/live-lines.js';
import { startLiveRun } from '../support/live-store.js';
import { E2eSession, WAIT, describeE2e, rowIds, screenshot } from './support.js';

const RUN = '20261204T090000Z-0000e111';

describeE2e('an empty folder as a store', () => {
  const session = new E2eSession();
  const writer = LiveWriter.start();

  afterAll(async () => {
    await writer.kill();
    await session.close();
  });

  it('says "No runs yet", creates nothing, and shows the first run once it is written', async () => {
    const root = session.tempDir();
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    const page = await context.newPage();
    expect((await page.goto(served.url))?.status()).toBe(200);
    const empty = page.locator('[data-testid="runs-table"] .empty-state');
    await empty.waitFor(WAIT);
    expect(await empty.locator('h2').textContent()).toBe('No runs yet');
    expect(await empty.textContent()).toContain(`runs/<id>/events.jsonl in ${root}`);
    await screenshot(page, 'empty-store');
    expect(readdirSync(root)).toEqual([]);

    // The writer makes runs/ and the run's directory as it starts the run.
    await startLiveRun(writer, root, RUN, startLine('first-light'));
    await expect.poll(() => rowIds(page), WAIT).toEqual([RUN]);
    expect(await empty.count()).toBe(0);
  });
});
