// Issue 21's views in Chromium against `munin-view serve` of the demo store's sweep: a derived
// view added through Compare's editor (a formula that does not parse marked where it fails, one
// that does checked by the host) becomes a panel marked derived, drawn in each run's colour, the
// cursor reading each run's value from the host, and kept across a reload in the app's settings;
// and the sweep grouped by lr, each group a band whose n says when a seed dropped out.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DemoApp, ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  legendColour,
  openDemoApp,
  screenshot,
} from './support.js';

const DERIVED = '[data-testid="curve-panel"][data-key="derived/loss_gap"]';

/** Pixels of each colour (within anti-aliasing) on the panel's chart canvas. */
function canvasCounts(page: Page, selector: string, colours: readonly string[]): Promise<number[]> {
  const rgb = colours.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  return evaluate<number[]>(
    page,
    `(() => {
      const canvas = document.querySelector(${JSON.stringify(`${selector} canvas`)});
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      return ${JSON.stringify(rgb)}.map(([r, g, b]) => {
        let count = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3] >= 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= 24) count++;
        return count;
      });
    })()`,
  );
}

describeE2e('sweep groups and derived views', () => {
  const session = new E2eSession();
  let app: DemoApp;
  let sweep: ExportedRun[];

  beforeAll(async () => {
    app = await openDemoApp(session);
    sweep = app.runs.filter((run) => run.experiment === 'cifar-sweep').slice(0, 3);
    expect(sweep).toHaveLength(3);
  });

  afterAll(() => session.close());

  it('adds a derived view through the editor and draws it as a derived panel', async () => {
    const { page } = app;
    await goToRoute(page, `#/compare/${sweep.map((run) => run.id).join(',')}`);
    await page.waitForSelector('[data-testid="curve-panel"] canvas', WAIT);
    await page.click('[data-testid="derived-views-button"]');
    await page.fill('[data-testid="derived-name"]', 'loss gap');
    // A formula that does not parse says why and where, and cannot be kept.
    await page.fill('[data-testid="derived-formula"]', 'eval/loss - (train/loss');
    const check = page.locator('[data-testid="formula-check"]');
    await expect.poll(() => check.getAttribute('data-ok'), WAIT).toBe('false');
    expect(await check.textContent()).toMatch(/at character \d+/);
    expect(await page.isDisabled('[data-testid="derived-save"]')).toBe(true);
    // A key no run has is named by the host's check.
    await page.fill('[data-testid="derived-formula"]', 'eval/loss - train/nothing');
    await expect.poll(() => check.textContent(), WAIT).toMatch(/No run here has train\/nothing/);
    await page.fill('[data-testid="derived-formula"]', 'eval/loss - train/loss');
    await expect.poll(() => check.getAttribute('data-ok'), WAIT).toBe('true');
    expect(await check.textContent()).toContain('reads eval/loss, train/loss');
    await page.click('[data-testid="derived-save"]');
    await page.keyboard.press('Escape');

    const panel = page.locator(DERIVED);
    await panel.waitFor(WAIT);
    expect(await panel.getAttribute('data-derived')).toBe('true');
    expect(await panel.locator('[data-testid="derived-badge"]').textContent()).toBe('derived');
    expect(await panel.locator('[data-testid="panel-formula"]').textContent()).toBe(
      '= eval/loss - train/loss',
    );
    await panel.scrollIntoViewIfNeeded();
    const colours = await Promise.all(sweep.map((run) => legendColour(page, DERIVED, run.name!)));
    // Every run's curve is drawn on the canvas, in its colour.
    await expect
      .poll(async () => Math.min(...(await canvasCounts(page, DERIVED, colours))), WAIT)
      .toBeGreaterThan(100);
    // The cursor reads each run's value of the view from the host.
    const box = (await panel.locator('canvas').first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const values = panel.locator('[data-testid="legend-value"]');
    await expect
      .poll(
        async () => (await values.allTextContents()).filter((t) => / @ \d/.test(t)).length,
        WAIT,
      )
      .toBe(3);
    await screenshot(page, 'sweep-derived-panel');

    // The view is the app's, kept per store: it is there again after a reload.
    await page.reload();
    await page.waitForSelector(`${DERIVED} canvas`, WAIT);
  });

  it('groups the sweep by lr: a band per group, and n where a seed dropped out', async () => {
    const { page } = app;
    const all = app.runs.filter((run) => run.experiment === 'cifar-sweep');
    expect(all).toHaveLength(6);
    // Written as text: the tests are compiled without the DOM's types.
    await page.evaluate(
      `localStorage.setItem('munin-view:groupBy', ${JSON.stringify(JSON.stringify([{ kind: 'param', name: 'lr' }]))})`,
    );
    await goToRoute(page, `#/compare/${all.map((run) => run.id).join(',')}`);
    await page.reload();
    await page.fill('input[placeholder^="Filter keys"]', 'train/loss');
    const panel = page.locator('[data-testid="curve-panel"][data-key="train/loss"]');
    await panel.waitFor(WAIT);
    await expect.poll(() => panel.getAttribute('data-grouped'), WAIT).toBe('true');
    const groups = panel.locator('[data-testid="legend-group"]');
    await expect.poll(() => groups.count(), WAIT).toBe(2);
    expect(await panel.locator('[data-testid="legend-runs"]').allTextContents()).toEqual([
      '3 runs',
      '3 runs',
    ]);
    // One lr's seeds all ran to the end; the other's third failed at step 1,400.
    await panel.scrollIntoViewIfNeeded();
    const box = (await panel.locator('canvas').first().boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
    const n = panel.locator('[data-testid="legend-n"]');
    await expect.poll(() => n.allTextContents(), WAIT).toHaveLength(2);
    const texts = await n.allTextContents();
    expect(texts.some((text) => /^n 3 of 3 at step /.test(text))).toBe(true);
    expect(texts.some((text) => /^n 2 of 3 at step /.test(text))).toBe(true);
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await expect
      .poll(async () => (await n.allTextContents()).every((t) => /^n 3 of 3 /.test(t)), WAIT)
      .toBe(true);
    await screenshot(page, 'sweep-groups-by-lr');
  });
});
