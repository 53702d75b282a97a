// A big run in Chromium against `munin-view serve`: its Metrics page, opened before its log of
// 59 MiB is read (on another thread), shows its panels once the read is done, and so does the
// page opened afresh after it.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generateMetricsLog } from '../bench/generate-log.js';
import { writeEndedRun } from '../support/live-store.js';
import { E2eSession, describeE2e, goToRoute, screenshot } from './support.js';

const SMALL = '20261130T000000Z-0000a11e';
const BIG = '20261130T010000Z-00b16b16';
/** Samples a key: 59 MiB of log, past the 50 MiB from which a log is read on another thread. */
const STEPS = 480_000;
/** Generous: the read and the page share a machine with other work. */
const LONG = { timeout: 30_000 } as const;

const panel = (key: string): string => `[data-testid="curve-panel"][data-key="${key}"]`;

describeE2e('a big run', () => {
  const session = new E2eSession();
  let root: string;
  let aside: string;
  let page: Page;

  beforeAll(async () => {
    root = join(session.tempDir(), 'store');
    writeEndedRun(root, SMALL, { steps: 10 });
    aside = session.tempDir();
    mkdirSync(join(aside, BIG));
    generateMetricsLog(join(aside, BIG, 'events.jsonl'), STEPS, ['train/loss', 'train/acc']);
    const [browser, { url }] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  it('shows its panels once read, its page opened before the read', async () => {
    // The page of a run the store has yet to read: a reload while a copy of it arrives.
    await goToRoute(page, `#/run/${BIG}/metrics`);
    await page.waitForSelector('text=No such run', LONG);
    // The run arrives whole, as a copy does, and is read on another thread.
    renameSync(join(aside, BIG), join(root, 'runs', BIG));
    await page.waitForSelector('[data-testid="run-title"]', LONG);
    await page.waitForSelector(`${panel('train/loss')} canvas`, LONG);
    await page.waitForSelector(`${panel('train/acc')} canvas`, LONG);
    await expect.poll(() => page.textContent('.board-toolbar'), LONG).toContain('2 panels');
    expect(await page.locator('text=No metrics yet').count()).toBe(0);
    // Drawn from the host's envelopes: every sample of the key is in view.
    await expect
      .poll(() => page.textContent(`${panel('train/loss')} [data-testid="panel-notes"]`), LONG)
      .toContain(`${STEPS.toLocaleString('en')} samples in view`);
    await screenshot(page, 'big-run-read-after-page');
  });

  it('shows its panels when its page is opened after the read', async () => {
    await page.reload();
    await page.waitForSelector(`${panel('train/loss')} canvas`, LONG);
    await expect.poll(() => page.textContent('.board-toolbar'), LONG).toContain('2 panels');
  });
});
