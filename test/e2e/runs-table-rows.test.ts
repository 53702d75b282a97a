// Opening the runs table in Chromium against `munin-view serve` of a 400-run store: the
// first frame of a table shown again holds exactly the rows in view, the rows for scrolling come
// after it, a scrolled table holds the rows at its scroll position, and opening it stores no
// choice the user did not make.

import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { writeStore } from '../bench/open-store.bench.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute } from './support.js';

const RUNS = 400;
const ROW_HEIGHT = 34;
const OVERSCAN = 8;
const ROWS = '[data-testid="runs-table"] [data-run-id]';

describeE2e('the runs table’s rows', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    writeStore(root, RUNS, 5, true);
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, served.url);
    await page.waitForSelector(ROWS);
  }, 60_000);

  afterAll(() => session.close());

  const tableHeight = (): Promise<number> =>
    evaluate<number>(page, `document.querySelector('[data-testid="runs-table"]').clientHeight`);

  it('draws a table shown again with the rows in view first, then the rows past them', async () => {
    // The rows that fill the scroller's height from the top.
    const inView = Math.ceil((await tableHeight()) / ROW_HEIGHT);
    const runId = await evaluate<string>(
      page,
      `document.querySelector(${JSON.stringify(ROWS)}).dataset.runId`,
    );
    await goToRoute(page, `#/run/${encodeURIComponent(runId)}/overview`);
    await page.waitForSelector('[data-testid="run-page"]');
    // The rows of the first commit that holds any, as the frame after it draws them.
    const first = evaluate<number>(
      page,
      `new Promise((done) => {
        const observer = new MutationObserver(() => {
          const count = document.querySelectorAll(${JSON.stringify(ROWS)}).length;
          if (count === 0) return;
          observer.disconnect();
          done(count);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      })`,
    );
    await page.click('[data-testid="nav-runs"]');
    expect(await first).toBe(inView);
    await expect
      .poll(
        () => evaluate<number>(page, `document.querySelectorAll(${JSON.stringify(ROWS)}).length`),
        WAIT,
      )
      .toBe(inView + OVERSCAN);
  });

  it('holds the rows at and around its scroll position', async () => {
    const height = await tableHeight();
    const scrollTop = 100 * ROW_HEIGHT + 7;
    await evaluate(
      page,
      `document.querySelector('[data-testid="runs-table"]').scrollTop = ${scrollTop}`,
    );
    const first = 100 - OVERSCAN;
    const last = Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN;
    const expected = Array.from({ length: last - first }, (_, i) => (first + i) * ROW_HEIGHT);
    await expect
      .poll(
        () =>
          evaluate<number[]>(
            page,
            `[...document.querySelectorAll(${JSON.stringify(ROWS)})].map((row) => row.offsetTop).sort((a, b) => a - b)`,
          ),
        WAIT,
      )
      .toEqual(expected);
  });

  it('stores no choice when it opens, and a choice when the user makes one', async () => {
    await evaluate(
      page,
      `(() => { window.__stored = []; const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) { __stored.push(key); return set.call(this, key, value); }; })()`,
    );
    const runId = await evaluate<string>(
      page,
      `document.querySelector(${JSON.stringify(ROWS)}).dataset.runId`,
    );
    await goToRoute(page, `#/run/${encodeURIComponent(runId)}/overview`);
    await page.waitForSelector('[data-testid="run-page"]');
    await page.click('[data-testid="nav-runs"]');
    await page.waitForSelector(ROWS);
    expect(await evaluate<string[]>(page, '__stored')).toEqual([]);
    await page.click('[role="columnheader"][data-column="name"]');
    await expect
      .poll(() => evaluate<string[]>(page, '__stored'), WAIT)
      .toContain('munin-view:sort');
  });
});
