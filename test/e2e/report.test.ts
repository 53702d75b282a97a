// An offline report in Chromium, opened from file:// with the network off and every request
// recorded (none allowed): its panels drawn by the app's chart code, a one-sample spike drawn at
// the full view and zoomed into, a zoom past what it holds said so, hover values the store's own
// samples, non-finite samples counted, a resumed run's abandoned samples left out, the CSP in
// the file, and a run with no samples named.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { exactFloatText } from '../../renderer/src/text/value-text.js';
import {
  INFINITY_AT,
  SPIKE_AT,
  SPIKY_SAMPLES,
  accAt,
  resumedLoss,
  RESUMED_AT,
  spikyLoss,
  writeReportStore,
} from '../support/report-store.js';
import { E2eSession, WAIT, describeE2e, evaluate, legendColour, screenshot } from './support.js';

const LOSS = '[data-testid="curve-panel"][data-key="train/loss"]';
const ACC = '[data-testid="curve-panel"][data-key="eval/acc"]';

function notes(page: Page, panel: string): Promise<string> {
  return evaluate<string>(
    page,
    `document.querySelector('${panel} [data-testid="panel-notes"]')?.textContent ?? ''`,
  );
}

/** The pixel columns, as shares of the canvas' width, where a colour reaches the top 40%. */
function topShares(page: Page, hex: string): Promise<number[]> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return evaluate<number[]>(
    page,
    `(() => {
      const canvas = document.querySelector('${LOSS} canvas');
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, Math.floor(height * 0.4)).data;
      const columns = new Set();
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) > 24) continue;
        if (data[i + 3] < 110) continue;
        columns.add(((i / 4) % width) / width);
      }
      return [...columns].sort((a, b) => a - b);
    })()`,
  );
}

/** Where the loss panel's plot lies on the page. */
function plotArea(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return evaluate(
    page,
    `(() => { const r = document.querySelector('${LOSS} .u-over').getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height }; })()`,
  );
}

/** The legend's cursor line and the first run's value, once the cursor reads a sample. */
async function hover(page: Page, panel: string, share: number, row = 0) {
  const over = page.locator(`${panel} .u-over`);
  // A zoom's reset may build the chart anew: a plot area that went meanwhile is found again.
  for (let tries = 0; ; tries++) {
    try {
      await over.scrollIntoViewIfNeeded();
      break;
    } catch (error) {
      if (tries >= 5 || !/not attached/.test(String(error))) throw error;
    }
  }
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * share, box.y + box.height * 0.6);
  const read = () =>
    evaluate<[string, string, string]>(
      page,
      `(() => { const v = document.querySelectorAll('${panel} [data-testid="legend-value"]')[${row}];
        return [document.querySelector('${panel} [data-testid="legend-x"]').textContent, v.textContent, v.title]; })()`,
    );
  let text: [string, string, string] = ['', '', ''];
  await expect.poll(async () => (text = await read())[1], WAIT).toMatch(/ @ [\d,]+$/);
  return {
    step: Number(/@ ([\d,]+)$/.exec(text[1])![1]!.replace(/,/g, '')),
    exact: text[2],
  };
}

describeE2e('an offline report', () => {
  const session = new E2eSession();
  let page: Page;
  let html = '';
  const requests: string[] = [];
  const problems: string[] = [];
  let colour = '';

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    writeReportStore(root);
    const output = join(session.tempDir(), 'report.html');
    const child = session.spawnCli([
      'report',
      root,
      '--runs',
      'spiky,resumed,no-samples',
      '--title',
      'Spike and resume',
      '--note',
      join(import.meta.dirname, '..', 'fixtures', 'report-note.md'),
      '-o',
      output,
    ]);
    const exited = await child.exited;
    expect(exited.code, child.stderr()).toBe(0);
    expect(child.stdout()).toMatch(
      /^wrote .*report\.html \([\d.]+ [kM]B\): 3 runs, 3 curves \(1 every sample, 2 exact envelopes at 4,096 columns\)/,
    );
    html = readFileSync(output, 'utf8');
    const browser = await session.launchBrowser();
    // The network off, and every request the page makes recorded all the same.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      offline: true,
    });
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.url() !== `file://${output}`) requests.push(request.url());
    });
    // A refused load or script would be reported as an error (the policy's refusals are).
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`file://${output}`);
    await page.waitForSelector(`${LOSS} canvas`, WAIT);
    await page.waitForSelector(`${ACC} canvas`, WAIT);
    colour = await legendColour(page, LOSS, 'spiky');
  });

  afterAll(() => session.close());

  it('is one file whose policy forbids every connection', async () => {
    const policy = await evaluate<string>(
      page,
      `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`,
    );
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(http/);
  });

  it('shows its title, note (safely), runs and context', async () => {
    await expect
      .poll(() => page.textContent('[data-testid="report-title"]'), WAIT)
      .toBe('Spike and resume');
    const note = (await page.textContent('[data-testid="report-note"]'))!;
    expect(note).toContain('The spike at step 41,234 is real');
    // Raw HTML in the note is text: no element of it made it into the page.
    expect(note).toContain('<img src=x onerror=alert(1)>');
    expect(await page.$('[data-testid="report-note"] img')).toBeNull();
    const runs = await page.$$eval('[data-testid="report-run"]', (rows) =>
      rows.map((row) => row.textContent ?? ''),
    );
    expect(runs).toHaveLength(3);
    expect(runs[0]).toContain('spiky');
    expect(runs[0]).toContain('a1b2c3d4e5');
    expect(runs[0]).toContain('dirty');
    expect(runs[2]).toContain('no-samples');
    expect(runs[2]).toContain('failed');
    // lr differs between the runs: it has a column; seed does not.
    const heads = await page.$$eval('[data-testid="report-runs"] th', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(heads).toContain('lr');
    expect(heads).not.toContain('seed');
    expect(await page.textContent('[data-testid="report-reproduce"]')).toContain(
      'python train.py --lr 0.1',
    );
  });

  it('draws the spike at the full view, and says what it holds and counted', async () => {
    const spikeShare = SPIKE_AT / (SPIKY_SAMPLES - 1);
    await expect
      .poll(
        async () => (await topShares(page, colour)).some((s) => Math.abs(s - spikeShare) < 0.02),
        WAIT,
      )
      .toBe(true);
    const text = await notes(page, LOSS);
    expect(text).toMatch(/exact envelopes down to 1 column = [\d.]+ steps/);
    expect(text).toContain('2 NaN and 1 +Inf not plotted');
    expect(text).toContain('No samples of train/loss in no-samples');
    expect(await notes(page, ACC)).toContain('every sample');
    await screenshot(page, 'report-light');
  });

  it('keeps the spike when zoomed into it, and says the zoom is past what it holds', async () => {
    const box = await plotArea(page);
    const spikeShare = SPIKE_AT / (SPIKY_SAMPLES - 1);
    await page.mouse.move(box.x + box.width * (spikeShare - 0.008), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * (spikeShare + 0.008), box.y + box.height / 2, {
      steps: 5,
    });
    await page.mouse.up();
    await expect.poll(() => notes(page, LOSS), WAIT).toContain('Zoomed past what the report holds');
    await expect.poll(async () => (await topShares(page, colour)).length, WAIT).toBeGreaterThan(0);
    // The spike stands where it is: straight up, a column or two wide, not a ramp.
    expect((await topShares(page, colour)).length).toBeLessThanOrEqual(4);
    await screenshot(page, 'report-zoomed');
  });

  it('names the store’s own samples under the cursor', async () => {
    for (const share of [0.2, 0.5, 0.8]) {
      const { step, exact } = await hover(page, LOSS, share);
      expect(exact).toBe(exactFloatText(spikyLoss(step)));
    }
    await page.dblclick(`${LOSS} .u-over`);
    for (const share of [0.1, 0.45, 0.9]) {
      const { step, exact } = await hover(page, LOSS, share);
      expect(step).not.toBe(INFINITY_AT);
      expect(exact).toBe(exactFloatText(spikyLoss(step)));
      const resumed = await hover(page, LOSS, share, 1);
      // Past its end the resumed run reads its last sample; the abandoned life never shows.
      expect(resumed.exact).toBe(
        exactFloatText(resumedLoss(resumed.step, resumed.step <= RESUMED_AT ? 1 : 2)),
      );
    }
    for (const share of [0.15, 0.6, 0.95]) {
      const { step, exact } = await hover(page, ACC, share);
      expect(exact).toBe(exactFloatText(accAt(step, 0)));
    }
  });

  it('made no request, and the page reported no problem', () => {
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('follows the dark theme as the app does', async () => {
    await page.click('[data-testid="theme-toggle"]');
    await expect
      .poll(() => evaluate<string>(page, `document.documentElement.dataset.theme`), WAIT)
      .toBe('dark');
    await page.waitForTimeout(300);
    const shot = await screenshot(page, 'report-dark');
    expect(existsSync(shot)).toBe(true);
  });
});
