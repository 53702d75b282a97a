// A Compare's legends of more rows than their box shows, in Chromium against `serve`: panels on
// screen list every run as they first show, panels far below hold their legend's height and
// build its rows as they are scrolled to, the page not moving under the reader.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

const RUNS = 12;
const KEYS = Array.from({ length: 10 }, (_, k) => `train/k${k}`);
const STEPS = 60;

const runId = (r: number): string =>
  `20261205T000000Z-${(0xd100 + r).toString(16).padStart(8, '0')}`;
const panel = (key: string): string => `[data-testid="curve-panel"][data-key="${key}"]`;

interface LegendState {
  readonly key: string;
  readonly rows: number;
  readonly held: boolean;
  readonly height: number;
}

/** Each panel's legend: its rows built, whether it is held, and its height. */
function legends(page: Page): Promise<LegendState[]> {
  return evaluate<LegendState[]>(
    page,
    `${JSON.stringify(KEYS)}.map((key) => {
      const legend = document.querySelector('[data-testid="curve-panel"][data-key="' + key + '"] [data-testid="legend"]');
      return { key, rows: legend?.querySelectorAll('.legend-row').length ?? -1,
        held: legend?.dataset.held === 'true', height: legend?.getBoundingClientRect().height ?? -1 };
    })`,
  );
}

describeE2e("a Compare's long legends", () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const root = session.tempDir();
    for (let r = 0; r < RUNS; r++) {
      const lines = [startLine(`,"name":"run-${r}"`, 'legends')];
      for (let step = 0; step < STEPS; step++)
        lines.push(
          metricsLine(step, Object.fromEntries(KEYS.map((key, k) => [key, r + k + step / 10]))),
        );
      lines.push(endLine('finished'));
      writeLog(root, runId(r), lines);
    }
    const [browser, { url }] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, url);
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  afterAll(() => session.close());

  it('lists every run under the panels on screen, and holds those far below until scrolled to', async () => {
    await goToRoute(
      page,
      `#/compare/${Array.from({ length: RUNS }, (_, r) => runId(r)).join(',')}`,
    );
    await page.waitForSelector(`${panel(KEYS[0]!)} canvas`, WAIT);
    const first = await legends(page);
    // The first row of panels is on screen: its legends list every run.
    expect(first.slice(0, 2).map((l) => [l.rows, l.held])).toEqual([
      [RUNS, false],
      [RUNS, false],
    ]);
    // The last is far below: held, at the height its rows would give it.
    const last = first[first.length - 1]!;
    expect([last.rows, last.held]).toEqual([0, true]);
    expect(last.height).toBeCloseTo(first[0]!.height, 0);
    await screenshot(page, 'compare-legends-top');

    const lastKey = KEYS[KEYS.length - 1]!;
    const top = (): Promise<number> =>
      evaluate<number>(
        page,
        `document.querySelector('${panel(lastKey)}').getBoundingClientRect().top`,
      );
    await page.locator(panel(lastKey)).scrollIntoViewIfNeeded();
    const before = await top();
    await expect.poll(async () => (await legends(page)).at(-1)!.rows, WAIT).toBe(RUNS);
    const shown = (await legends(page)).at(-1)!;
    expect(shown.held).toBe(false);
    // Built in place: the box kept its height and the panel did not move.
    expect(shown.height).toBeCloseTo(last.height, 0);
    expect(await top()).toBeCloseTo(before, 0);
    const labels = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('${panel(lastKey)} .legend-label')].map((l) => l.textContent)`,
    );
    expect(labels).toEqual(Array.from({ length: RUNS }, (_, r) => `run-${r}`));
    await screenshot(page, 'compare-legends-scrolled');
  });
});
