// Save report… on Compare: the page as it is set (its runs in their colours, the panels its key
// filter leaves, its smoothing) becomes one HTML file, which opens offline and shows the same.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EMPTY, RESUMED, SPIKY, writeReportStore } from '../support/report-store.js';
import { E2eSession, WAIT, describeE2e, goToRoute, legendColour, screenshot } from './support.js';

describeE2e('Save report… on Compare', () => {
  const session = new E2eSession();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    writeReportStore(root);
    const { url } = await session.serve(root);
    browser = await session.launchBrowser();
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  it('writes the page as it is set into a report that opens offline', async () => {
    await goToRoute(page, `#/compare/${SPIKY},${RESUMED}?filter=loss`);
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await page.waitForSelector(`${panel} canvas`, WAIT);
    const colours = {
      spiky: await legendColour(page, panel, 'spiky'),
      resumed: await legendColour(page, panel, 'resumed'),
    };
    await page.click('[data-testid="save-report"]');
    await page.fill('[data-testid="report-title-input"]', 'Loss, spiky against resumed');
    await page.fill('[data-testid="report-note-input"]', 'Only the **loss**: the filter said so.');
    await screenshot(page, 'report-save-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.click('[data-testid="save-report-go"]'),
    ]);
    expect(download.suggestedFilename()).toBe('Loss-spiky-against-resumed.html');
    const file = join(session.tempDir(), download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8')).toContain("connect-src 'none'");

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      offline: true,
    });
    const report = await context.newPage();
    const requests: string[] = [];
    report.on('request', (request) => {
      if (request.url() !== `file://${file}`) requests.push(request.url());
    });
    await report.goto(`file://${file}`);
    await report.waitForSelector(`${panel} canvas`, WAIT);
    expect(await report.textContent('[data-testid="report-title"]')).toBe(
      'Loss, spiky against resumed',
    );
    expect(await report.textContent('[data-testid="report-note"]')).toContain(
      'Only the loss: the filter said so.',
    );
    // The filter left train/loss alone: the report holds that panel and no other.
    const keys = await report.$$eval('[data-testid="report-panel"]', (panels) =>
      panels.map((p) => p.getAttribute('data-key')),
    );
    expect(keys).toEqual(['train/loss']);
    expect(await legendColour(report, panel, 'spiky')).toBe(colours.spiky);
    expect(await legendColour(report, panel, 'resumed')).toBe(colours.resumed);
    expect(requests).toEqual([]);
    await screenshot(report, 'report-from-compare');
  });

  it('writes a grouped Compare as its groups’ bands, read as the app reads them', async () => {
    const groupBy = JSON.stringify([{ kind: 'param', name: 'lr' }]);
    await page.evaluate(`localStorage.setItem('munin-view:groupBy', ${JSON.stringify(groupBy)})`);
    await goToRoute(page, `#/compare/${SPIKY},${RESUMED},${EMPTY}?filter=loss`);
    await page.reload();
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await expect.poll(() => page.getAttribute(panel, 'data-grouped'), WAIT).toBe('true');
    const groupsOf = (on: Page) =>
      on.$$eval(`${panel} [data-testid="legend-group"]`, (rows) =>
        rows.map((row) => row.textContent ?? ''),
      );
    await expect.poll(async () => (await groupsOf(page)).length, WAIT).toBe(2);
    const inApp = await groupsOf(page);
    await page.click('[data-testid="save-report"]');
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.click('[data-testid="save-report-go"]'),
    ]);
    const file = join(session.tempDir(), download.suggestedFilename());
    await download.saveAs(file);
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      offline: true,
    });
    const report = await context.newPage();
    await report.goto(`file://${file}`);
    await expect.poll(() => report.getAttribute(panel, 'data-grouped'), WAIT).toBe('true');
    await expect.poll(() => groupsOf(report), WAIT).toEqual(inApp);
    // The cursor reads each group's n at a step: lr 0.03 is the resumed run alone, which ended
    // at step 5,999; lr 0.1 is spiky (the run with no samples has no loss to combine).
    const box = (await report.locator(`${panel} .u-over`).boundingBox())!;
    await report.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    const n = report.locator(`${panel} [data-testid="legend-n"]`);
    await expect.poll(() => n.allTextContents(), WAIT).toHaveLength(2);
    const texts = await n.allTextContents();
    expect(texts).toContain('n 1 of 1 at step 5,999');
    expect(texts.some((text) => /^n 1 of 1 at step (2\d|3\d),\d{3}$/.test(text))).toBe(true);
    await screenshot(report, 'report-grouped');
  });
});
