// The files the demo's runs logged, in Chromium against `munin-view serve`: the Files tab's slider
// moves through a key's steps and the image's pixels change, a Markdown report previews, and
// Compare shows two runs at one step with how far back the shorter run's image is.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  onlyRun,
  openDemoApp,
  openRunPage,
  screenshot,
} from './support.js';

/** A digest of the pixels of the image shown for `key`, read back through a canvas. */
function imageDigest(page: Page, key: string): Promise<string> {
  return evaluate<string>(
    page,
    `(async () => {
      const img = document.querySelector('[data-key="${key}"] [data-testid="image-shown"]');
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let hash = 0;
      for (let i = 0; i < data.length; i++) hash = (hash * 31 + data[i]) >>> 0;
      return canvas.width + 'x' + canvas.height + ':' + hash;
    })()`,
  );
}

describeE2e('the files a run logged', () => {
  const session = new E2eSession();
  let runs: ExportedRun[];
  let page: Page;

  beforeAll(async () => {
    ({ runs, page } = await openDemoApp(session));
  }, 60_000);

  afterAll(() => session.close());

  it('moves an image key through its steps, and its pixels change', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-b128');
    await openRunPage(page, run, 'files');
    const key = 'samples/predictions';
    const slider = `[data-key="${key}"] [data-testid="image-slider"]`;
    await page.waitForSelector(`[data-key="${key}"] [data-testid="image-shown"]`, WAIT);
    // The key opens at its last step.
    expect(await page.inputValue(`[data-key="${key}"] [data-testid="image-step"]`)).toBe('2000');
    const last = await imageDigest(page, key);
    await page.focus(slider);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.inputValue(`[data-key="${key}"] [data-testid="image-step"]`), WAIT)
      .toBe('0');
    const first = await imageDigest(page, key);
    expect(first).not.toBe(last);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.inputValue(`[data-key="${key}"] [data-testid="image-step"]`), WAIT)
      .toBe('500');
    expect(await imageDigest(page, key)).not.toBe(first);
    // A typed step jumps to the nearest one the key logged.
    await page.fill(`[data-key="${key}"] [data-testid="image-step"]`, '1400');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getAttribute(`[data-key="${key}"] [data-testid="image-shown"]`, 'src'), WAIT)
      .toMatch(/1500\.png$/);
    await screenshot(page, 'files-tab-image');
  });

  it('previews the text a run logged', async () => {
    const report = '[data-key="eval/report"]';
    await page.locator(report).scrollIntoViewIfNeeded();
    const preview = page.locator(`${report} [data-testid="file-preview"]`).last();
    await preview.click();
    await expect
      .poll(() => page.textContent(`${report} [data-testid="text-preview-body"]`), WAIT)
      .toMatch(/# Evaluation at step \d+/);
    await page.locator(`${report} [data-testid="text-preview"]`).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-tab-text');
  });

  it('compares two runs at one step, saying how far back the shorter one is', async () => {
    const long = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-b128');
    const short = onlyRun(runs, (r) => r.name === 'resnet18-cutout');
    await goToRoute(page, `#/compare/${long.id},${short.id}`);
    await page.click('[data-testid="compare-tab-images"]');
    await page.waitForSelector('[data-testid="compare-image-shown"]', WAIT);
    await page.fill('[data-testid="compare-step"]', '2000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.textContent('[data-testid="compare-offsets"]'), WAIT)
      .toBe('step 2000 · resnet18-cutout shows 1000');
    expect(await page.locator('[data-testid="compare-image-shown"]').count()).toBe(2);
    await screenshot(page, 'files-compare');
  });
});
