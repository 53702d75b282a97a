// A Compare's legends of more rows than their box shows, in Chromium against `serve`: panels on
// screen list every run as they first show, panels far below hold their legend's height and
// build its rows as they are scrolled to, the page not moving under the reader; the shared
// cursor is read from the host for the panels on screen only.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  screenshot,
  socketOnThePage,
} from './support.js';

const RUNS = 12;
const KEYS = Array.from({ length: 10 }, (_, k) => `train/k${k}`);
/** Past what a snapshot sends whole for a key: each panel draws envelopes, read by the host. */
const STEPS = Math.ceil(WHOLE_SERIES_LIMIT / RUNS) + 100;

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
  /** The ops of the requests the page sent, in order. */
  const sent: string[] = [];

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
    page.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string') return;
        const header = frame.payload.subarray(4, 4 + frame.payload.readUInt32LE(0));
        const op = (JSON.parse(header.toString('utf8')) as { request?: { op?: string } }).request
          ?.op;
        if (op !== undefined) sent.push(op);
      }),
    );
    // The app's socket on the page, where Playwright sees its frames.
    await socketOnThePage(page);
    await page.reload();
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

  it('reads the shared cursor from the host for the panels on screen, one request each', async () => {
    const first = panel(KEYS[0]!);
    await page.locator(first).scrollIntoViewIfNeeded();
    // Panels tell they are seen, or no longer, a frame or so after the scroll.
    await new Promise((done) => setTimeout(done, 300));
    const onScreen = await evaluate<number>(
      page,
      `[...document.querySelectorAll('[data-testid="curve-panel"] .chart-host')].filter((h) => {
        const r = h.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }).length`,
    );
    expect(onScreen).toBeGreaterThan(0);
    expect(onScreen).toBeLessThan(KEYS.length);
    const box = (await page.locator(`${first} .u-over`).boundingBox())!;
    sent.length = 0;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const values = `[...document.querySelectorAll('${first} [data-testid="legend-value"]')].filter((v) => /\\d/.test(v.textContent)).length`;
    await expect.poll(() => evaluate<number>(page, values), WAIT).toBe(RUNS);
    await new Promise((done) => setTimeout(done, 300));
    // Every panel takes the cursor; those out of sight ask nothing.
    expect(sent.filter((op) => op === 'samplesAt')).toHaveLength(onScreen);
    expect(sent.filter((op) => op === 'sampleAt')).toEqual([]);
  });
});
