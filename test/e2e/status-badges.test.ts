// Status badges in the runs table show whole at 1024 px: every status, and a silent run's age in
// a few characters ("silent 3 min"), never cut by its column; status chips that do not fit the
// toolbar fade at the edge that hides some, instead of ending mid-word.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { endLine, metricsLine, startLine } from '../support/live-lines.js';
import { writerFileText } from '../support/live-store.js';
import { E2eSession, WAIT, describeE2e, evaluate, screenshot } from './support.js';

const MINUTE = 60;
const now = (): number => Date.now() / 1000;

/** A run's directory with its log, its log's modification time set `ago` seconds back. */
function writeRun(
  root: string,
  id: string,
  log: string,
  options: { ago?: number; writer?: boolean } = {},
): void {
  const dir = join(root, 'runs', id);
  mkdirSync(dir, { recursive: true });
  if (options.writer === true) writeFileSync(join(dir, 'writer'), writerFileText());
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, log);
  const at = now() - (options.ago ?? 0);
  utimesSync(path, at, at);
}

const started = startLine('badges') + metricsLine(0, { loss: 1 });

describeE2e('status badges in the runs table', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const root = session.tempDir();
    writeRun(root, '20261201T000001Z-00000001', started + endLine('finished'));
    writeRun(root, '20261201T000002Z-00000002', started + endLine('failed'));
    writeRun(root, '20261201T000003Z-00000003', started + endLine('killed'));
    // No writer file and no end: silent, aged by the log's modification time.
    writeRun(root, '20261201T000004Z-00000004', started, { ago: 1 });
    writeRun(root, '20261201T000005Z-00000005', started, { ago: 3 * MINUTE + 5 });
    writeRun(root, '20261201T000006Z-00000006', started, { ago: 2 * 86400 + 7 });
    writeRun(root, '20261201T000007Z-00000007', started, { ago: 45 * 86400 });
    // This machine's writer with no process holding the lock: crashed.
    writeRun(root, '20261201T000008Z-00000008', started, { writer: true });
    writeRun(root, '20261201T000009Z-00000009', '{"type":"start","time":1.0,"format":2}\n');
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    page = await context.newPage();
    await page.goto(served.url);
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  afterAll(() => session.close());

  interface Badge {
    readonly id: string;
    readonly text: string;
    readonly cut: boolean;
  }

  /** Each row's badge: its text, and whether its cell or its own box cuts any of it. */
  const badges = (): Promise<Badge[]> =>
    evaluate<Badge[]>(
      page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')].map((row) => {
        const cell = row.querySelector('[data-cell="status"]');
        const badge = cell.querySelector('.status');
        const c = cell.getBoundingClientRect();
        const b = badge.getBoundingClientRect();
        // The badge laid out with room to spare: narrower in its cell means something gave way.
        const free = badge.cloneNode(true);
        free.style.position = 'absolute';
        document.body.append(free);
        const natural = free.getBoundingClientRect().width;
        free.remove();
        return {
          id: row.getAttribute('data-run-id'),
          text: badge.textContent,
          cut: b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.width < natural - 0.5,
        };
      })`,
    );

  it('shows every badge whole, a silent run with its age in a few characters', async () => {
    await expect.poll(async () => (await badges()).length, WAIT).toBe(9);
    const byId = new Map((await badges()).map((badge) => [badge.id.slice(-1), badge]));
    expect(byId.get('1')!.text).toBe('finished');
    expect(byId.get('2')!.text).toBe('failed');
    expect(byId.get('3')!.text).toBe('killed');
    // Written a second before the store opened: "now", or seconds on a machine slow to load.
    expect(byId.get('4')!.text).toMatch(/^silent (now|\d{1,2} s)$/);
    expect(byId.get('5')!.text).toBe('silent 3 min');
    expect(byId.get('6')!.text).toBe('silent 2 d');
    expect(byId.get('7')!.text).toBe('silent 1 mo');
    expect(byId.get('8')!.text).toBe('crashed');
    expect(byId.get('9')!.text).toBe('unreadable');
    for (const badge of byId.values()) expect(badge, badge.text).toMatchObject({ cut: false });
    await screenshot(page, 'status-badges-1024');
  });

  it('says when a silent run last wrote, whole, on its hover', async () => {
    const title = await page.getAttribute(
      '[data-run-id="20261201T000005Z-00000005"] [data-cell="status"] .status',
      'title',
    );
    expect(title).toMatch(/It last wrote 3 min ago \(/);
  });

  it('fades the chips’ edge that hides chips, and the other once scrolled to the end', async () => {
    const chips = page.locator('.toolbar .chips');
    const state = (): Promise<{ more: string; hidden: boolean }> =>
      evaluate(
        page,
        `(() => { const c = document.querySelector('.toolbar .chips');
          return { more: c.dataset.more ?? '', hidden: c.scrollWidth > c.clientWidth + 1 }; })()`,
      );
    // Six statuses at 1024 px do not fit beside the filter and the buttons.
    expect(await state()).toEqual({ more: 'end', hidden: true });
    await chips.evaluate((c) => c.scrollBy({ left: 10_000 }));
    await expect.poll(async () => (await state()).more, WAIT).toBe('start');
    await page.setViewportSize({ width: 1600, height: 700 });
    await expect.poll(state, WAIT).toEqual({ more: '', hidden: false });
    await page.setViewportSize({ width: 1024, height: 700 });
  });
});
