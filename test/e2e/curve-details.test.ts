// The details of curves people read first, in Chromium against `munin-view serve`: tick labels
// distinct on every axis (linear and log, an lr decaying to 0, accuracies near 0.95, steps past a
// million), the value at the cursor for every run (NaN named), a step_metric axis where nothing
// pairs, the dark theme applied to charts already drawn, time since start with its unit.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { LogRecord } from '../../shared/format/records.js';
import { encodeRecord } from '../../shared/format/records.js';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  exportStore,
  goToRoute,
  screenshot,
} from './support.js';

const DECAY = '20261130T000000Z-00000dec';
const MILLION = '20261130T000000Z-0000mega';

function writeRun(root: string, id: string, records: readonly LogRecord[]): void {
  const dir = join(root, 'runs', id);
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'events.jsonl'), records.map((r) => `${encodeRecord(r)}\n`).join(''));
}

function start(name: string): LogRecord {
  return {
    type: 'start',
    time: 1_800_000_000,
    experiment: 'details',
    name,
    parent: null,
    steps: null,
    params: new Map(),
    provenance: null,
  };
}

const END: LogRecord = { type: 'end', time: 1_800_100_000, status: 'finished', error: null };

/** An lr decaying from 0.001 to 0, accuracies in a band of 0.002, NaN at steps 490 to 510. */
function writeDecayRun(root: string): void {
  const records: LogRecord[] = [
    start('decay'),
    { type: 'metric', time: 1_800_000_000, key: 'eval/late', goal: null, stepMetric: 'epoch' },
  ];
  for (let step = 0; step <= 1000; step += 10) {
    const values = new Map<string, number>([
      ['train/lr', 0.001 * (1 - step / 1000)],
      ['eval/acc', 0.95 + 0.001 * Math.sin(step / 37)],
      ['eval/loss', 0.101 + 0.0002 * Math.cos(step / 53)],
      ['train/nan', step >= 490 && step <= 510 ? NaN : 1 + step / 1000],
    ]);
    records.push({ type: 'metrics', time: 1_800_000_000 + step, step, values });
  }
  // eval/late at 99, 199, …; epoch at 0, 100, …: no eval/late sample pairs with an epoch.
  for (let k = 0; k <= 6; k++) {
    const epoch = new Map([['epoch', k]]);
    records.push({ type: 'metrics', time: 1_800_002_000 + k, step: k * 100, values: epoch });
    if (k > 0) {
      const late = new Map([['eval/late', 1 / k]]);
      records.push({ type: 'metrics', time: 1_800_002_000 + k, step: k * 100 - 1, values: late });
    }
  }
  records.push(END);
  writeRun(root, DECAY, records);
}

/** A loss logged every 1,000 steps from step 1,000,000 to 2,000,000. */
function writeMillionRun(root: string): void {
  const records: LogRecord[] = [start('mega')];
  for (let step = 1_000_000; step <= 2_000_000; step += 1000)
    records.push({
      type: 'metrics',
      time: 1_800_000_000 + step / 1000,
      step,
      values: new Map([['train/loss', 3 / (1 + (step - 1e6) / 1e5)]]),
    });
  records.push(END);
  writeRun(root, MILLION, records);
}

const panel = (key: string) => `[data-testid="curve-panel"][data-key="${key}"]`;

interface Ticks {
  readonly x: string[];
  readonly y: string[];
  /** The plot's width, and the widest x label in the axis font, in CSS pixels. */
  readonly plotWidth: number;
  readonly widestX: number;
}

function ticks(page: Page, key: string): Promise<Ticks> {
  return evaluate<Ticks>(
    page,
    `(() => {
      const host = document.querySelector('${panel(key)} .chart-host');
      const x = (host?.dataset.xTicks ?? '').split('|').filter((t) => t !== '');
      const y = (host?.dataset.yTicks ?? '').split('|').filter((t) => t !== '');
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = '11px sans-serif';
      const widestX = Math.max(0, ...x.map((t) => ctx.measureText(t).width));
      const plotWidth = document.querySelector('${panel(key)} .u-over')?.clientWidth ?? 0;
      return { x, y, plotWidth, widestX };
    })()`,
  );
}

async function hover(page: Page, key: string, share: number): Promise<void> {
  const over = page.locator(`${panel(key)} .u-over`);
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
}

function legendValues(page: Page, key: string): Promise<string[]> {
  return evaluate<string[]>(
    page,
    `[...document.querySelectorAll('${panel(key)} [data-testid="legend-value"]')].map((v) => v.textContent)`,
  );
}

describeE2e('the details of curves', () => {
  const session = new E2eSession();
  let page: Page;
  let runs: ExportedRun[];

  beforeAll(async () => {
    const root = await session.writeDemoStore();
    writeDecayRun(root);
    writeMillionRun(root);
    runs = await exportStore(root);
    const [browser, { url }] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  async function openMetrics(runId: string, key: string): Promise<void> {
    await goToRoute(page, `#/run/${runId}/metrics`);
    await page.waitForSelector(`${panel(key)} .u-over`, WAIT);
  }

  it('labels every tick apart, linear and log, on an lr decaying to 0 and accuracies near 0.95', async () => {
    await openMetrics(DECAY, 'train/lr');
    for (const logY of [false, true]) {
      if (logY) await page.click('[data-testid="log-y"]');
      for (const key of ['train/lr', 'eval/acc', 'eval/loss', 'train/nan']) {
        let read: Ticks = { x: [], y: [], plotWidth: 0, widestX: 0 };
        await expect
          .poll(async () => (read = await ticks(page, key)).y.length, WAIT)
          .toBeGreaterThan(1);
        expect(new Set(read.y).size, `${key} y ticks ${read.y.join(' ')}`).toBe(read.y.length);
        expect(new Set(read.x).size, `${key} x ticks ${read.x.join(' ')}`).toBe(read.x.length);
      }
      await screenshot(page, logY ? 'curves-ticks-log' : 'curves-ticks-linear');
    }
    const lr = await ticks(page, 'train/lr');
    // Decades on the log axis, never the dense band of 1 to 9 in each.
    expect(lr.y.length).toBeLessThanOrEqual(8);
    await page.click('[data-testid="log-y"]');
    await expect.poll(async () => (await ticks(page, 'train/lr')).y).toContain('2e-4');
    expect((await ticks(page, 'eval/acc')).y.every((t) => /^0\.9\d{2,}$/.test(t))).toBe(true);
  });

  it('writes steps past a million compactly, the labels fitting side by side', async () => {
    await openMetrics(MILLION, 'train/loss');
    const read = await ticks(page, 'train/loss');
    expect(read.x.length).toBeGreaterThan(2);
    expect(new Set(read.x).size).toBe(read.x.length);
    expect(
      read.x.every((t) => /^\d+(\.\d+)?[kM]$/.test(t)),
      read.x.join(' '),
    ).toBe(true);
    expect(read.x.length * read.widestX).toBeLessThan(read.plotWidth);
    await screenshot(page, 'curves-million-steps');
  });

  it('names NaN at the cursor and keys the edge markers in the note', async () => {
    await openMetrics(DECAY, 'train/nan');
    await hover(page, 'train/nan', 0.502);
    await expect.poll(() => legendValues(page, 'train/nan'), WAIT).toEqual(['NaN @ 500']);
    const note = await page
      .locator(`${panel('train/nan')} [data-testid="panel-notes"]`)
      .textContent();
    expect(note).toContain('3 NaN not plotted: ◆ NaN at the bottom edge');
  });

  it('keeps the axes of a step_metric panel where nothing pairs, and says why', async () => {
    await openMetrics(DECAY, 'eval/late');
    const late = panel('eval/late');
    // A key with a step_metric opens on it.
    expect(await page.locator(`${late} [data-testid="x-axis-label"]`).textContent()).toBe(
      'x: epoch',
    );
    await expect.poll(() => page.locator(`${late} [data-testid="chart-empty"]`).count()).toBe(1);
    expect(await page.locator(`${late} [data-testid="chart-empty"]`).textContent()).toBe(
      'Nothing to draw against epoch',
    );
    const read = await ticks(page, 'eval/late');
    expect(read.x.length).toBeGreaterThan(1);
    expect(read.y.length).toBeGreaterThan(1);
    expect(await page.locator(`${late} [data-testid="panel-notes"]`).textContent()).toBe(
      'None of the 6 eval/late points has a sample of epoch at its step (at steps 99, 199, 299, …), so none is drawn on the epoch axis: a point pairs with the sample of epoch logged at its own step.',
    );
    await page.locator(late).scrollIntoViewIfNeeded();
    await screenshot(page, 'curves-step-metric-unpaired');
    // Step is a click away.
    await page.selectOption(`[aria-label="x axis of eval/late"]`, 'step');
    await expect.poll(() => page.locator(`${late} [data-testid="chart-empty"]`).count()).toBe(0);
    expect(await page.locator(`${late} [data-testid="x-axis-label"]`).textContent()).toBe(
      'x: step',
    );
  });

  it('gives every compared run its value at the cursor', async () => {
    const sweep = runs.filter((run) => run.experiment === 'cifar-sweep').slice(0, 3);
    await goToRoute(page, `#/compare/${sweep.map((run) => run.id).join(',')}`);
    await page.waitForSelector(`${panel('train/loss')} .u-over`, WAIT);
    await hover(page, 'train/loss', 0.6);
    await expect
      .poll(() => legendValues(page, 'train/loss'), WAIT)
      .toEqual([
        expect.stringMatching(/ @ [\d,]+$/),
        expect.stringMatching(/ @ [\d,]+$/),
        expect.stringMatching(/ @ [\d,]+$/),
      ]);
    // The cursor is synced: the other panels read every run at the same x too.
    const lr = await legendValues(page, 'train/lr');
    expect(lr.filter((text) => / @ [\d,]+$/.test(text))).toHaveLength(3);
    await screenshot(page, 'curves-compare-hover');
  });

  it('opens Compare’s System tab on time since start, with its unit', async () => {
    await page.click('[data-testid="compare-tab-system"]');
    const key = 'sys/cpu';
    await page.waitForSelector(`${panel(key)} .u-over`, WAIT);
    expect(await page.locator('[data-testid="page-x-axis"]').inputValue()).toBe('relative');
    expect(await page.locator(`${panel(key)} [data-testid="x-axis-label"]`).textContent()).toMatch(
      /^x: time since start \((s|min|h)\)$/,
    );
    const read = await ticks(page, key);
    expect(
      read.x.every((t) => /^\d+(\.\d+)?$/.test(t)),
      read.x.join(' '),
    ).toBe(true);
    await screenshot(page, 'curves-system-relative');
  });

  it('draws the charts on screen again in the dark theme, without a reload', async () => {
    await openMetrics(DECAY, 'train/lr');
    const gridPixels = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return evaluate<number>(
        page,
        `(() => {
          const canvas = document.querySelector('${panel('train/lr')} canvas');
          const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
          let n = 0;
          for (let i = 0; i < data.length; i += 4)
            if (data[i + 3] > 200 && Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) < 6) n++;
          return n;
        })()`,
      );
    };
    const light = '#e3e6eb';
    const dark = '#262b36';
    const before = await evaluate<string>(page, 'document.documentElement.dataset.theme');
    const [was, now] = before === 'dark' ? [dark, light] : [light, dark];
    expect(await gridPixels(was)).toBeGreaterThan(100);
    await page.click('[data-testid="theme-toggle"]');
    await expect.poll(() => gridPixels(now), WAIT).toBeGreaterThan(100);
    expect(await gridPixels(was)).toBe(0);
    await screenshot(page, 'curves-dark-theme');
    await page.click('[data-testid="theme-toggle"]');
  });
});
