// Workspaces in Chromium against `munin-view serve`: panels pinned, hidden, dragged and sized,
// kept across a reload and carried to another run of the experiment; a view saved, switched to,
// exported and imported into a fresh profile; a copied link that reopens a Compare with the same
// runs, keys and zoom (within a pixel column), asking a browser without the token for it; and the
// store reopening on the last page shown.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  exportStore,
  goToRoute,
  onlyRun,
  routeOf,
  screenshot,
} from './support.js';

describeE2e('workspaces', () => {
  const session = new E2eSession();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let runs: ExportedRun[];
  let url: string;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    const root = await session.writeDemoStore();
    const [exported, served, launched] = await Promise.all([
      exportStore(root),
      session.serve(root),
      session.launchBrowser(),
    ]);
    runs = exported;
    ({ url, origin } = served);
    token = new URL(url).searchParams.get('token')!;
    browser = launched;
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  afterAll(() => session.close());

  const frame = (id: string) => page.locator(`[data-testid="panel-frame"][data-panel-id="${id}"]`);
  const menu = async (id: string, action: string): Promise<void> => {
    await frame(id).locator('[data-testid="panel-menu-button"]').click();
    await page.click(`[data-testid="panel-menu"] [data-testid="${action}"]`);
  };
  const sectionOrder = (prefix: string) =>
    evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-testid="panel-frame"][data-section="${prefix}"]')].map((f) => f.dataset.panelId)`,
    );
  const byName = (name: string) => onlyRun(runs, (run) => run.name === name);

  it('keeps panels pinned, hidden, dragged and sized across a reload, and on the experiment’s other runs', async () => {
    const first = byName('resnet18-lr0.1-s1');
    await goToRoute(page, `#/run/${first.id}/metrics`);
    await frame('train/acc').waitFor(WAIT);
    await menu('train/acc', 'panel-pin');
    await expect
      .poll(
        () => page.locator('[data-testid="pinned-section"] [data-testid="panel-frame"]').count(),
        WAIT,
      )
      .toBe(1);
    await menu('train/lr', 'panel-hide');
    await expect
      .poll(() => page.textContent('[data-testid="hidden-panels"]'), WAIT)
      .toBe('hidden: 1');
    await frame('train/loss').locator('[data-testid="panel-menu-button"]').click();
    await page.click('[data-testid="panel-width-3"]');
    await page.click('[data-testid="panel-height-tall"]');
    await page.keyboard.press('Escape');
    expect(await frame('train/loss').getAttribute('class')).toContain('w3 tall');
    const before = await sectionOrder('eval');
    expect(before.length).toBeGreaterThanOrEqual(2);
    // Drag the section's last panel onto the left half of its first: it goes first.
    const last = before.at(-1)!;
    await frame(last)
      .locator('[data-testid="panel-handle"]')
      .dragTo(frame(before[0]!), {
        targetPosition: { x: 10, y: 40 },
      });
    await expect.poll(() => sectionOrder('eval'), WAIT).toEqual([last, ...before.slice(0, -1)]);
    // And back a place with the keyboard, the handle focused.
    await frame(last).locator('[data-testid="panel-handle"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => sectionOrder('eval'), WAIT)
      .toEqual([before[0], last, ...before.slice(1, -1)]);
    await screenshot(page, 'workspace-arranged-run');

    await page.reload();
    await frame('train/acc').waitFor(WAIT);
    expect(
      await page.locator('[data-testid="pinned-section"] [data-panel-id="train/acc"]').count(),
    ).toBe(1);
    expect(await page.textContent('[data-testid="hidden-panels"]')).toBe('hidden: 1');
    expect(await frame('train/loss').getAttribute('class')).toContain('w3 tall');
    expect(await sectionOrder('eval')).toEqual([before[0], last, ...before.slice(1, -1)]);

    // Another run of the experiment opens arranged the same, by key names.
    await goToRoute(page, `#/run/${byName('resnet18-lr0.03-s2').id}/metrics`);
    await expect
      .poll(
        () => page.locator('[data-testid="pinned-section"] [data-panel-id="train/acc"]').count(),
        WAIT,
      )
      .toBe(1);
    expect(await page.textContent('[data-testid="hidden-panels"]')).toBe('hidden: 1');
    // Shown again from the control.
    await page.click('[data-testid="hidden-panels"]');
    await page.click('[data-testid="show-all-panels"]');
    await frame('train/lr').waitFor(WAIT);
  });

  it('reopens a Compare from a copied link with its runs, keys and zoom, asking for the token', async () => {
    const compared = runs.filter((run) => run.experiment === 'cifar-sweep').slice(0, 3);
    await goToRoute(
      page,
      `#/compare/${compared.map((run) => encodeURIComponent(run.id)).join(',')}`,
    );
    await frame('train/loss').waitFor(WAIT);
    await page.fill('[data-testid="key-filter"]', 'loss');
    const over = frame('train/loss').locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + 30);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.55, box.y + 30, { steps: 6 });
    await page.mouse.up();
    const rangeOf = (p: Page) =>
      evaluate<[number, number, number]>(
        p,
        `(() => { const host = document.querySelector('[data-testid="panel-frame"][data-panel-id="train/loss"] [data-x-min]');
          return [Number(host.dataset.xMin), Number(host.dataset.xMax), host.querySelector('.u-over').clientWidth]; })()`,
      );
    await expect.poll(async () => (await routeOf(page)).includes('zoom='), WAIT).toBe(true);
    const [x0, x1, plotWidth] = await rangeOf(page);
    await page.click('[data-testid="copy-link"]');
    const link = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(link.startsWith(`${origin}/#/compare/`)).toBe(true);
    expect(link).not.toContain('token');

    // A fresh profile: no cookie, so the page asks for the token, then opens the linked page.
    const stranger = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    const door = await stranger.goto(link);
    expect(door?.status()).toBe(401);
    await stranger.fill('#token', token);
    await stranger.click('button[type="submit"]');
    await stranger
      .locator('[data-testid="panel-frame"][data-panel-id="train/loss"] [data-x-min]')
      .waitFor(WAIT);
    expect(
      await evaluate<string[]>(
        stranger,
        `[...document.querySelectorAll('[data-testid="compare-run"]')].map((a) => a.textContent)`,
      ),
    ).toHaveLength(3);
    expect(await stranger.inputValue('[data-testid="key-filter"]')).toBe('loss');
    const shown = await evaluate<string[]>(
      stranger,
      `[...document.querySelectorAll('[data-testid="panel-frame"]')].map((f) => f.dataset.panelId)`,
    );
    expect(shown.every((id) => id.includes('loss'))).toBe(true);
    await expect
      .poll(async () => {
        const [y0, y1] = await rangeOf(stranger);
        const column = (x1 - x0) / plotWidth;
        return Math.abs(y0 - x0) <= column && Math.abs(y1 - x1) <= column;
      }, WAIT)
      .toBe(true);
    await screenshot(stranger, 'workspace-linked-compare');
  });

  it('saves a view, switches to it, exports it and imports it into a fresh profile', async () => {
    // The Compare above is the page: save it, go elsewhere, and open it again by its view.
    const compareRoute = await routeOf(page);
    await page.click('[data-testid="views-button"]');
    await page.fill('[data-testid="view-name"]', 'sweep losses');
    await page.click('[data-testid="view-save"]');
    await page.keyboard.press('Escape');
    await goToRoute(page, '#/');
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-resnet');
    await page.click('[data-testid="views-button"]');
    await page.fill('[data-testid="view-name"]', 'resnets');
    await page.click('[data-testid="view-save"]');
    await page.click('.view-row[data-view="sweep losses"] [data-testid="view-open"]');
    await expect.poll(() => routeOf(page), WAIT).toBe(compareRoute);
    await frame('train/loss').waitFor(WAIT);
    expect(await page.inputValue('[data-testid="key-filter"]')).toBe('loss');
    await page.click('[data-testid="views-button"]');
    await page.click('.view-row[data-view="resnets"] [data-testid="view-open"]');
    await expect
      .poll(() => page.inputValue('[data-testid="run-filter"]'), WAIT)
      .toBe('experiment:cifar-resnet');

    await page.click('[data-testid="views-button"]');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="views-export"]'),
    ]);
    const saved = join(session.tempDir(), 'views.json');
    await download.saveAs(saved);
    const exported = JSON.parse(readFileSync(saved, 'utf8')) as { views: { name: string }[] };
    expect(exported.views.map((v) => v.name)).toEqual(['sweep losses', 'resnets']);
    await screenshot(page, 'workspace-views');

    // A fresh profile: the views come in from the file, and one opens its page.
    const fresh = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await fresh.goto(url);
    await fresh.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
    await fresh.click('[data-testid="views-button"]');
    const bad = join(session.tempDir(), 'bad.json');
    await import('node:fs').then((fs) =>
      fs.writeFileSync(bad, '{"format":"munin-view views","version":9,"views":[]}'),
    );
    await fresh.setInputFiles('[data-testid="views-file"]', bad);
    await expect
      .poll(() => fresh.textContent('[data-testid="views-problem"]'), WAIT)
      .toBe('The file is of version 9, newer than this app reads (1): update munin-view.');
    await fresh.setInputFiles('[data-testid="views-file"]', saved);
    await expect.poll(() => fresh.locator('.view-row').count(), WAIT).toBe(2);
    await fresh.click('.view-row[data-view="sweep losses"] [data-testid="view-open"]');
    await expect.poll(() => routeOf(fresh), WAIT).toBe(compareRoute);
  });

  it('opens the store on the last page shown', async () => {
    await goToRoute(page, `#/run/${byName('resnet18-mixup').id}/overview`);
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await page.goto(`${origin}/`);
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${byName('resnet18-mixup').id}/overview`);
  });
});
