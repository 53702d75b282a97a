// Run health in Chromium against `munin-view serve`, with runs written by a writer process that
// holds their locks: the stall mark in the table and the run's header, is:stalled, the events
// list (newest first, an unread count, each leading to its run at its step and key), the
// browser's notifications (asked from the list, never on load, only for watched runs), and a
// run unwatched from its page staying unwatched after a reload.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LiveWriter } from '../support/live-writer.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { endLine, metricsLine, startLine } from '../support/live-lines.js';
import { startLiveRun } from '../support/live-store.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  rowIds,
  routeOf,
  screenshot,
} from './support.js';

const WATCHED = '20261204T120000Z-0000d001';
const UNWATCHED = '20261204T120000Z-0000d002';

/**
 * A Notifications API that records what the page asks of it: permission not given until asked,
 * then kept across reloads as a browser keeps it for the site.
 */
const NOTIFICATION_STUB = String.raw`
  window.__notify = { asked: 0, shown: [] };
  window.Notification = class {
    static permission = localStorage.getItem('stub:notify') ?? 'default';
    static requestPermission() {
      window.__notify.asked++;
      window.Notification.permission = 'granted';
      localStorage.setItem('stub:notify', 'granted');
      return Promise.resolve('granted');
    }
    constructor(title, options) { window.__notify.shown.push({ title, ...options }); }
    close() {}
  };`;

interface Shown {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
}

describeE2e('run health in the app', () => {
  const session = new E2eSession();
  const writer = LiveWriter.start();
  /** Writers a test starts of its own, killed after whatever happened. */
  const others: LiveWriter[] = [];
  let page: Page;
  let watched: number;
  let unwatched: number;
  let root: string;

  beforeAll(async () => {
    root = session.tempDir();
    watched = await startLiveRun(writer, root, WATCHED, startLine('watched'));
    unwatched = await startLiveRun(writer, root, UNWATCHED, startLine('unwatched'));
    await writer.tick(watched, 'loss', 200);
    await writer.tick(unwatched, 'loss', 200, 0, 100);
    const [browser, served] = await Promise.all([
      session.launchBrowser(),
      session.serve(root, ['--stall-after', '1', '--stall-factor', '2']),
    ]);
    page = await session.openApp(browser, served.url, NOTIFICATION_STUB);
  });

  afterAll(async () => {
    for (const started of others) await started.kill();
    await writer.kill();
    await session.close();
  });

  const notify = () => evaluate<{ asked: number; shown: Shown[] }>(page, 'window.__notify');
  const openEvents = async (): Promise<void> => {
    if ((await page.locator('[data-testid="events-panel"]').count()) === 0)
      await page.click('[data-testid="events-button"]');
  };
  const closeEvents = () => page.keyboard.press('Escape');

  it('asks for notifications only from the events list, and says the thresholds that apply', async () => {
    expect((await notify()).asked).toBe(0);
    await openEvents();
    expect(await page.textContent('[data-testid="events-empty"]')).toContain('No events yet');
    expect(await page.textContent('[data-testid="thresholds"]')).toContain(
      'A run stalls after 1 s without a write, and 2× its usual interval between writes',
    );
    expect(await page.textContent('[data-testid="watch-running"]')).toContain('(2 watched)');
    await page.click('[data-testid="notify-ask"]');
    await expect
      .poll(() => page.textContent('[data-testid="notify-state"]'), WAIT)
      .toBe('on in this browser, for the runs you watch');
    expect((await notify()).asked).toBe(1);
    await closeEvents();
  });

  it('unwatches a run from its page, and keeps that after a reload', async () => {
    await goToRoute(page, `#/run/${UNWATCHED}/overview`);
    const toggle = page.locator('[data-testid="watch-toggle"]');
    await expect.poll(() => toggle.textContent(), WAIT).toBe('Watching');
    await toggle.click();
    expect(await toggle.textContent()).toBe('Watch');
    await page.reload();
    await page.waitForSelector('[data-testid="watch-toggle"]', WAIT);
    expect(await page.textContent('[data-testid="watch-toggle"]')).toBe('Watch');
    await goToRoute(page, '#/');
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  it('marks stalled runs, filters them, lists the events and notifies for the watched one', async () => {
    const { step } = await writer.untick(watched);
    await writer.untick(unwatched);
    const mark = (id: string) =>
      page.locator(`[data-run-id="${id}"] [data-testid="health-mark"]`).textContent();
    await expect.poll(() => mark(WATCHED), WAIT).toMatch(/^stalled \d/);
    await expect.poll(() => mark(UNWATCHED), WAIT).toMatch(/^stalled \d/);
    await screenshot(page, 'health-runs-stalled');

    await page.fill('[data-testid="run-filter"]', 'is:stalled');
    await expect.poll(async () => (await rowIds(page)).sort(), WAIT).toEqual([WATCHED, UNWATCHED]);
    await page.fill('[data-testid="run-filter"]', '-health:stalled');
    await expect.poll(() => rowIds(page), WAIT).toEqual([]);
    await page.fill('[data-testid="run-filter"]', '');

    await expect.poll(() => page.textContent('[data-testid="events-unread"]'), WAIT).toBe('2');
    await openEvents();
    const kinds = await evaluate<[string, string][]>(
      page,
      `[...document.querySelectorAll('[data-testid="events-list"] li')].map((li) =>
        [li.getAttribute('data-kind'), li.getAttribute('data-run-id')])`,
    );
    expect(kinds.map(([kind]) => kind)).toEqual(['stalled', 'stalled']);
    expect(new Set(kinds.map(([, id]) => id))).toEqual(new Set([WATCHED, UNWATCHED]));
    expect(await page.locator('[data-testid="events-unread"]').count()).toBe(0);
    await screenshot(page, 'health-events');
    await closeEvents();

    await expect.poll(async () => (await notify()).shown.length, WAIT).toBe(1);
    const [shown] = (await notify()).shown;
    expect(shown).toMatchObject({ title: 'watched: stalled', tag: `${WATCHED}:stalled` });
    expect(shown!.body).toMatch(/^stalled: last wrote \S+ s ago, usually every 0\.2 s$/);

    await goToRoute(page, `#/run/${WATCHED}/overview`);
    await expect
      .poll(() => page.textContent('[data-testid="run-health"]'), WAIT)
      .toMatch(/^stalled: last wrote \S+ s ago, usually every 0\.2 s$/);
    await screenshot(page, 'health-run-header');

    // Writing again, a NaN: the stall ends and the first non-finite value is told.
    await writer.append(watched, metricsLine(step + 1, { loss: Number.NaN }));
    await expect
      .poll(() => page.textContent('[data-testid="run-health"]'), WAIT)
      .toBe(`NaN in loss at ${(step + 1).toLocaleString('en')}`);
    await expect
      .poll(async () => (await notify()).shown.map((n) => n.tag), WAIT)
      .toEqual([`${WATCHED}:stalled`, `${WATCHED}:writing`, `${WATCHED}:nonfinite`]);
  });

  it('leads from an event to its run’s Metrics at its step, its key alone', async () => {
    await goToRoute(page, '#/');
    await openEvents();
    const nonfinite = page.locator('[data-testid="events-list"] li[data-kind="nonfinite"] a');
    expect(await nonfinite.textContent()).toContain('NaN in loss at');
    await nonfinite.click();
    await expect
      .poll(() => routeOf(page), WAIT)
      .toMatch(new RegExp(`^#/run/${WATCHED}/metrics\\?key=loss&step=\\d+$`));
    await expect.poll(() => page.inputValue('[data-testid="key-filter"]'), WAIT).toBe('/^loss$/');
    await page.waitForSelector('[data-testid="curve-panel"][data-key="loss"]', WAIT);
    await screenshot(page, 'health-event-metrics');
  });

  it('lists a crash, a finished end and a copied run’s stall as they happen', async () => {
    await goToRoute(page, '#/');
    const other = LiveWriter.start();
    others.push(other);
    const crashy = '20261204T120000Z-0000d003';
    const ending = '20261204T120000Z-0000d004';
    const copied = '20261204T120000Z-0000d005';
    const crashing = await startLiveRun(other, root, crashy, startLine('crashy'));
    const ends = await startLiveRun(writer, root, ending, startLine('ending'));
    await other.tick(crashing, 'loss', 200);
    await writer.tick(ends, 'loss', 200);
    await expect.poll(async () => (await rowIds(page)).length, WAIT).toBe(4);
    mkdirSync(join(root, 'runs', copied), { recursive: true });
    writeFileSync(
      join(root, 'runs', copied, 'writer'),
      JSON.stringify({ machine: 'c'.repeat(64), boot: 'elsewhere' }),
    );
    writeFileSync(join(root, 'runs', copied, 'events.jsonl'), startLine('copied'));
    await writer.untick(ends);
    await writer.append(ends, endLine('finished'));
    await other.kill();
    const kindsOf = async (): Promise<Map<string, string[]>> => {
      const listed = await evaluate<[string, string][]>(
        page,
        `[...document.querySelectorAll('[data-testid="events-list"] li')].map((li) =>
          [li.getAttribute('data-run-id'), li.getAttribute('data-kind')])`,
      );
      const byRun = new Map<string, string[]>();
      for (const [id, kind] of listed) byRun.set(id, [...(byRun.get(id) ?? []), kind]);
      return byRun;
    };
    await openEvents();
    await expect
      .poll(async () => {
        const byRun = await kindsOf();
        return [byRun.get(crashy)?.[0], byRun.get(ending)?.[0], byRun.get(copied)?.[0]];
      }, WAIT)
      .toEqual(['crashed', 'finished', 'stalled']);
    await screenshot(page, 'health-events-ends');
    await closeEvents();
    expect(await page.textContent(`[data-run-id="${crashy}"] [data-status]`)).toBe('crashed');
  });
});
