// The files the demo's runs logged, in Chromium against `munin-view serve`: the Files tab's slider
// moves through a key's steps and the image's pixels change, a Markdown report renders, Compare
// shows two runs at one step with how far back the shorter run's image is, a curve's file-step
// tick opens the Files tab at its step, and the voice agent's audio, video and table show.

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
  routeOf,
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

  it('links each key the Overview lists to the Files tab there', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-s1');
    await openRunPage(page, run, 'overview');
    await page.waitForSelector('[data-testid="logged-keys"] a', WAIT);
    const keys = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-testid="logged-keys"] a')].map((a) => a.textContent)`,
    );
    expect(keys).toEqual([
      'samples/predictions',
      'attention/head0',
      'eval/report',
      'eval/confusion',
    ]);
    await page.click('[data-testid="logged-keys"] a:has-text("eval/report")');
    await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${run.id}/files?key=eval%2Freport`);
    await page.waitForSelector('[data-key="eval/report"]', WAIT);
  });

  it('moves an image key through its steps, and its pixels change', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-s1');
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

  it('renders the Markdown report a run logged, at the step its slider picks', async () => {
    const report = '[data-key="eval/report"]';
    await page.locator(report).scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.textContent(`${report} [data-testid="markdown-body"] h1`), WAIT)
      .toBe('Evaluation at step 2000');
    await page.focus(`${report} [data-testid="file-slider"]`);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.textContent(`${report} [data-testid="markdown-body"] h1`), WAIT)
      .toBe('Evaluation at step 0');
    expect(await page.locator(`${report} [data-testid="markdown-body"] table`).count()).toBe(1);
    await page.click(`${report} [data-testid="show-source"]`);
    await expect
      .poll(() => page.textContent(`${report} [data-testid="text-preview-body"]`), WAIT)
      .toMatch(/^# Evaluation at step 0\n/);
    await page.locator(`${report} [data-testid="markdown-view"]`).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-tab-text');
  });

  it('ticks a curve where the run logged files, and a tick opens Files at its step', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-s1');
    await openRunPage(page, run, 'metrics');
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await page.waitForSelector(`${panel} canvas`, WAIT);
    // Off by default: the curves look as they did.
    await page.waitForSelector('[data-testid="file-steps-toggle"]', WAIT);
    expect(await page.locator('[data-testid="file-step-tick"]').count()).toBe(0);
    await page.check('[data-testid="file-steps-toggle"]');
    const ticks = page.locator(`${panel} [data-testid="file-step-tick"]`);
    const stepsOf = () =>
      evaluate<string[]>(
        page,
        `[...document.querySelectorAll('${panel} [data-testid="file-step-tick"]')].map((t) => t.dataset.step)`,
      );
    await expect.poll(stepsOf, WAIT).toEqual(['0', '500', '1000', '1500', '2000']);
    expect(await ticks.nth(2).getAttribute('title')).toBe(
      'Files at step 1,000: samples/predictions, attention/head0, eval/report · click to open in Files',
    );
    await page.locator(panel).scrollIntoViewIfNeeded();
    await screenshot(page, 'metrics-file-step-ticks');
    // Each tick stands at its step on the axis: the first at the plot's left, the last at its right.
    const plot = await page.locator(`${panel} .u-over`).boundingBox();
    const centres = await Promise.all(
      [0, 4].map(async (n) => {
        const box = await ticks.nth(n).boundingBox();
        return box === null ? NaN : box.x + box.width / 2;
      }),
    );
    expect(Math.abs(centres[0]! - plot!.x)).toBeLessThan(1.5);
    expect(Math.abs(centres[1]! - (plot!.x + plot!.width))).toBeLessThan(1.5);

    // A zoom to about steps 700–1300 keeps only the tick in view, placed for the zoom.
    const over = await page.locator(`${panel} .u-over`).boundingBox();
    if (over === null) throw new Error('the panel has no plot');
    const xAt = (step: number): number => over.x + (over.width * step) / 2000;
    await page.mouse.move(xAt(700), over.y + over.height / 2);
    await page.mouse.down();
    await page.mouse.move(xAt(1300), over.y + over.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(stepsOf, WAIT).toEqual(['1000']);

    // A click two pixels beside the tick still opens its step.
    const tick = await ticks.first().boundingBox();
    if (tick === null) throw new Error('the tick is not drawn');
    await page.mouse.click(tick.x + tick.width / 2 + 2, tick.y + tick.height / 2);
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${run.id}/files?key=samples%2Fpredictions&step=1000`);
    await expect
      .poll(
        () => page.inputValue('[data-key="samples/predictions"] [data-testid="image-step"]'),
        WAIT,
      )
      .toBe('1000');
  });

  it('shows no file-steps toggle for a run that logged no files', async () => {
    const run = onlyRun(runs, (r) => r.name === 'prepare-cifar10');
    await openRunPage(page, run, 'metrics');
    await page.waitForSelector('[data-testid="curve-panel"] canvas', WAIT);
    // The run's files are listed by then on this small store; a late list would show no toggle either.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.locator('[data-testid="file-steps-toggle"]').count()).toBe(0);
  });

  it('compares two runs at one step, saying how far back the shorter one is', async () => {
    const long = onlyRun(runs, (r) => r.name === 'resnet18-lr0.1-s1');
    const short = onlyRun(runs, (r) => r.name === 'resnet18-cutout');
    await goToRoute(page, `#/compare/${long.id},${short.id}`);
    await page.click('[data-testid="compare-tab-files"]');
    await page.waitForSelector('[data-testid="compare-image-shown"]', WAIT);
    await page.fill('[data-testid="compare-step"]', '2000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.textContent('[data-testid="compare-offsets"]'), WAIT)
      .toBe('step 2000 · resnet18-cutout shows 1000');
    expect(await page.locator('[data-testid="compare-image-shown"]').count()).toBe(2);
    await screenshot(page, 'files-compare');
  });

  it('plays the voice agent’s command and episode, and reads its table of commands', async () => {
    const run = onlyRun(runs, (r) => r.name === 'gridworld-commands');
    await openRunPage(page, run, 'files');
    const command = '[data-key="samples/command"] [data-testid="audio-player"]';
    await page.waitForSelector(command, WAIT);
    const duration = await evaluate<number>(
      page,
      `new Promise((done) => {
        const audio = document.querySelector('${command}');
        if (audio.readyState >= 1) done(audio.duration);
        else audio.addEventListener('loadedmetadata', () => done(audio.duration));
      })`,
    );
    expect(duration).toBeCloseTo(1.2, 2);
    await expect
      .poll(
        () => page.textContent('[data-key="episodes/rollout"] [data-testid="video-facts"]'),
        WAIT,
      )
      .toBe('160 × 96 px · 0:04.0');
    const table = '[data-key="eval/heard"] [data-testid="table"]';
    await expect
      .poll(() => page.locator(`${table} [role="row"][aria-rowindex]`).count(), WAIT)
      .toBe(8);
    await expect
      .poll(() => page.locator(`${table} [data-testid="table-image"]`).count(), WAIT)
      .toBe(8);
    await page.locator('[data-key="eval/heard"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'files-tab-voice-agent');
  });
});
