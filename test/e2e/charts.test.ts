// Charts in Chromium against `munin-view serve` of the live demo store: curve pixels in the run's colour, a scalar tile, a breakdown, the epoch axis, the NaN note, compare legends, a live curve and the CSV export against the samples on disk.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PALETTE } from '../../renderer/src/charts/run-colors.js';
import { exactFloatText, floatText } from '../../renderer/src/text/value-text.js';
import { formatFloat } from '../../shared/format/float-text.js';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  describeE2e,
  evaluate,
  exportStore,
  goToRoute,
  legendColour,
  screenshot,
  onlyRun,
} from './support.js';

/** A value of the export: a number, or {"float": "NaN" | "Infinity" | "-Infinity"}. */
type ExportFloat = number | { float: string };
type ExportSample = [step: number, time: ExportFloat, value: ExportFloat];

function samplesOf(run: ExportedRun, key: string): ExportSample[] {
  const series = run.series as unknown as Record<string, { samples: ExportSample[] }>;
  const found = series[key];
  expect(found, `${run.name} has ${key}`).toBeDefined();
  return found!.samples;
}

function exportNumber(value: ExportFloat): number {
  return typeof value === 'number' ? value : Number(value.float);
}

/** The text the CSV holds for a float of the export: the store's own text, NaN and ±Infinity named. */
function exportText(value: ExportFloat): string {
  return typeof value === 'number' ? formatFloat(value) : value.float;
}

function panel(key: string): string {
  return `[data-testid="curve-panel"][data-key="${key}"]`;
}

interface ColourPixels {
  /** Pixels of the colour, within a small tolerance for anti-aliasing. */
  readonly count: number;
  /** The share of the canvas' columns, between the first and last coloured one, that hold one. */
  readonly coverage: number;
  /** The span of coloured columns as a share of the plot area's width. */
  readonly span: number;
}

/** Reads the uPlot canvas of a panel with getImageData and finds the pixels of a colour. */
function colourPixels(page: Page, selector: string, hex: string): Promise<ColourPixels> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return evaluate<ColourPixels>(
    page,
    `(() => {
      const canvas = document.querySelector(${JSON.stringify(`${selector} canvas`)});
      const over = document.querySelector(${JSON.stringify(`${selector} .u-over`)});
      if (canvas === null || over === null) return { count: 0, coverage: 0, span: 0 };
      const plotWidth = over.clientWidth * devicePixelRatio;
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const columns = new Set();
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 200) continue;
        if (Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) > 24) continue;
        count++;
        columns.add((i / 4) % width);
      }
      if (columns.size === 0) return { count, coverage: 0, span: 0 };
      const first = Math.min(...columns);
      const last = Math.max(...columns);
      return { count, coverage: columns.size / (last - first + 1), span: (last - first + 1) / plotWidth };
    })()`,
  );
}

/** A digest of a panel canvas' pixels, to tell whether it was drawn again with other data. */
function canvasDigest(page: Page, selector: string): Promise<string> {
  return evaluate<string>(
    page,
    `(() => {
      const canvas = document.querySelector(${JSON.stringify(`${selector} canvas`)});
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let h = 0x811c9dc5;
      for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 0x01000193);
      return (h >>> 0).toString(16) + ':' + canvas.width + 'x' + canvas.height;
    })()`,
  );
}

/** Scrolls an element into the middle of the view, so a screenshot shows it. */
async function scrollTo(page: Page, selector: string): Promise<void> {
  await evaluate(
    page,
    `document.querySelector(${JSON.stringify(selector)}).scrollIntoView({ block: 'center' })`,
  );
}

describeE2e('charts', () => {
  const session = new E2eSession();
  let page: Page;
  let runs: ExportedRun[];
  let liveId: string;

  beforeAll(async () => {
    // The launch of Chromium overlaps the writing of the store; the export overlaps serve.
    const [live, browser] = await Promise.all([session.startLiveDemo(), session.launchBrowser()]);
    liveId = live.runId;
    const [{ url }, exported] = await Promise.all([
      session.serve(live.root),
      exportStore(live.root),
    ]);
    runs = exported;
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  const runNamed = (name: string) => onlyRun(runs, (run) => run.name === name);

  /** Opens a run's metrics and waits until the panel of key has drawn its canvas. */
  async function openMetrics(runId: string, key: string): Promise<void> {
    await goToRoute(page, `#/run/${runId}/metrics`);
    await page.waitForSelector(`${panel(key)} canvas`, { timeout: 10_000 });
  }

  /** Waits until the panel of key shows pixels of the colour across at least `share` of its plot. */
  async function expectCurveDrawn(
    key: string,
    colour: string,
    share = 0.95,
  ): Promise<ColourPixels> {
    await expect
      .poll(async () => (await colourPixels(page, panel(key), colour)).span, { timeout: 5_000 })
      .toBeGreaterThan(share);
    return colourPixels(page, panel(key), colour);
  }

  it('draws a curve in the run colour across the plot', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    await openMetrics(run.id, 'train/loss');
    const colour = await legendColour(page, panel('train/loss'), run.name!);
    expect(PALETTE).toContain(colour);
    const pixels = await expectCurveDrawn('train/loss', colour);
    // A line across the plot: hundreds of pixels, nearly every column between its ends.
    expect(pixels.count).toBeGreaterThan(300);
    expect(pixels.coverage).toBeGreaterThan(0.9);
    // And no pixel of a colour this run does not have (another of the palette's).
    const other = PALETTE.find((c) => c !== colour)!;
    expect((await colourPixels(page, panel('train/loss'), other)).count).toBe(0);
    expect(
      await page.locator(`${panel('train/loss')} [data-testid="x-axis-label"]`).textContent(),
    ).toBe('x: step');
    await scrollTo(page, panel('train/loss'));
    await screenshot(page, 'charts-curves');
  });

  it('shows test/acc as a scalar tile with the exported value', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    const [[step, , value]] = samplesOf(run, 'test/acc') as [ExportSample];
    const exact = exportNumber(value);
    await openMetrics(run.id, 'train/loss');
    const tile = page.locator('[data-testid="scalar-tile"][data-key="test/acc"]');
    await tile.waitFor({ timeout: 10_000 });
    const shown = (await tile.locator('[data-testid="tile-value"]').textContent())!;
    expect(shown).toBe(floatText(exact, 6));
    expect(Math.abs(Number(shown) - exact)).toBeLessThanOrEqual(5e-6 * Math.abs(exact));
    expect(await tile.locator('[data-testid="tile-value"]').getAttribute('title')).toBe(
      exactFloatText(exact),
    );
    expect(await tile.textContent()).toContain(`at step ${step}`);
  });

  it('draws eval/acc_by_class as a breakdown of 10 bars, heights in proportion', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    const selector = '[data-testid="breakdown-panel"][data-key="eval/acc_by_class"]';
    await openMetrics(run.id, 'train/loss');
    await page.waitForSelector(selector, { timeout: 10_000 });
    const bars = await evaluate<{ height: number; title: string; background: string }[]>(
      page,
      `[...document.querySelectorAll(${JSON.stringify(`${selector} [data-testid="breakdown-bar"]`)})]
        .map((bar) => ({
          height: bar.getBoundingClientRect().height,
          title: bar.getAttribute('title'),
          background: getComputedStyle(bar).backgroundColor,
        }))`,
    );
    expect(bars).toHaveLength(10);
    const keys = Object.keys(run.series)
      .filter((key) => key.startsWith('eval/acc_by_class/'))
      .sort();
    expect(keys).toHaveLength(10);
    const values = keys.map((key) => exportNumber(samplesOf(run, key)[0]![2]));
    const tallest = Math.max(...bars.map((bar) => bar.height));
    const largest = Math.max(...values);
    const colour = await legendColour(page, panel('train/loss'), run.name!);
    const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)).join(', ');
    bars.forEach((bar, i) => {
      expect(bar.height).toBeGreaterThan(0);
      expect(bar.title).toContain(keys[i]);
      expect(bar.background).toBe(`rgb(${rgb})`);
      expect(Math.abs(bar.height - (values[i]! / largest) * tallest)).toBeLessThan(1);
    });
    // Under each bar its category and value, shown whole: the chart does not clip them.
    const chart = await evaluate<{ values: string[]; clipped: number }>(
      page,
      `(() => {
        const chart = document.querySelector(${JSON.stringify(`${selector} .breakdown-chart`)});
        return {
          values: [...chart.querySelectorAll('.breakdown-value')].map((v) => v.textContent),
          clipped: chart.scrollHeight - chart.clientHeight,
        };
      })()`,
    );
    expect(chart.values).toEqual(values.map((v) => floatText(v, 3)));
    expect(chart.clipped).toBeLessThanOrEqual(0);
    await scrollTo(page, selector);
    await screenshot(page, 'charts-breakdown');
  });

  it('draws eval/loss against epoch when the page axis is step_metric', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    await openMetrics(run.id, 'eval/loss');
    await scrollTo(page, '[data-testid="page-x-axis"]');
    await page.selectOption('[data-testid="page-x-axis"]', 'step_metric');
    const label = page.locator(`${panel('eval/loss')} [data-testid="x-axis-label"]`);
    await expect.poll(() => label.textContent(), { timeout: 5_000 }).toBe('x: epoch');
    // Every eval/loss sample has an epoch at its step: nothing left out, and a curve drawn.
    await expectCurveDrawn('eval/loss', await legendColour(page, panel('eval/loss'), run.name!));
    expect(await page.locator(`${panel('eval/loss')} [data-testid="panel-notes"]`).count()).toBe(0);
    // train/loss declares no step_metric: it stays on step and says so.
    expect(
      await page.locator(`${panel('train/loss')} [data-testid="x-axis-label"]`).textContent(),
    ).toBe('x: step');
    expect(
      await page.locator(`${panel('train/loss')} [data-testid="panel-notes"]`).textContent(),
    ).toContain('no step_metric declared');
    await page.selectOption('[data-testid="page-x-axis"]', 'step');
    await expect.poll(() => label.textContent(), { timeout: 5_000 }).toBe('x: step');
  });

  it('notes the NaN and +Inf samples of the diverged run', async () => {
    const run = runNamed('resnet18-lr3');
    await openMetrics(run.id, 'train/loss');
    for (const key of ['train/loss', 'eval/loss']) {
      const values = samplesOf(run, key).map(([, , value]) => exportNumber(value));
      const nan = values.filter((v) => Number.isNaN(v)).length;
      const inf = values.filter((v) => v === Infinity).length;
      expect(nan).toBeGreaterThan(0);
      const expected =
        inf > 0 ? `${nan} NaN and ${inf} +Inf not plotted` : `${nan} NaN not plotted`;
      await expect
        .poll(() => page.locator(`${panel(key)} [data-testid="panel-notes"]`).textContent(), {
          timeout: 5_000,
        })
        .toContain(expected);
    }
    // The finite part of the loss is drawn in the run's colour, and the line ends where it does.
    const samples = samplesOf(run, 'train/loss');
    const steps = samples.map(([step]) => step);
    const finiteSteps = samples
      .filter(([, , value]) => Number.isFinite(exportNumber(value)))
      .map(([step]) => step);
    const finiteShare =
      (Math.max(...finiteSteps) - Math.min(...steps)) / (Math.max(...steps) - Math.min(...steps));
    expect(finiteShare).toBeLessThan(0.9);
    const colour = await legendColour(page, panel('train/loss'), run.name!);
    const pixels = await expectCurveDrawn('train/loss', colour, finiteShare - 0.03);
    expect(pixels.span).toBeLessThan(finiteShare + 0.03);
    expect(pixels.count).toBeGreaterThan(50);
    await scrollTo(page, panel('train/loss'));
    await screenshot(page, 'charts-nan');
  });

  it('exports train/loss as CSV equal to the samples on disk', async () => {
    for (const name of ['resnet18-lr3', 'resnet18-finetune']) {
      const run = runNamed(name);
      await openMetrics(run.id, 'train/loss');
      const button = page.locator(`${panel('train/loss')} button`, { hasText: 'CSV' });
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        button.click(),
      ]);
      expect(download.suggestedFilename()).toBe('train_loss.csv');
      const text = readFileSync((await download.path())!, 'utf8');
      const lines = text.split('\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe('run_id,run_name,key,step,time,value');
      const rows = lines.slice(1, -1).map((line) => line.split(','));
      const samples = samplesOf(run, 'train/loss');
      expect(rows).toHaveLength(samples.length);
      const differing = rows.filter((row, i) => {
        const [step, time, value] = samples[i]!;
        return (
          row.length !== 6 ||
          row[0] !== run.id ||
          row[1] !== name ||
          row[2] !== 'train/loss' ||
          row[3] !== String(step) ||
          row[4] !== exportText(time) ||
          row[5] !== exportText(value) ||
          !Object.is(Number(row[5]), exportNumber(value))
        );
      });
      expect(differing).toEqual([]);
    }
  });

  it('compares two runs with a legend entry each in every curve panel', async () => {
    const [a, b] = runs.filter((run) => run.experiment === 'cifar-sweep') as [
      ExportedRun,
      ExportedRun,
    ];
    await goToRoute(page, `#/compare/${a.id},${b.id}`);
    await page.waitForSelector('[data-testid="compare-page"]', { timeout: 10_000 });
    await page.click('[data-testid="compare-tab-metrics"]');
    await page.waitForSelector(`${panel('train/loss')} canvas`, { timeout: 10_000 });
    const legends = await evaluate<[string, string[]][]>(
      page,
      `[...document.querySelectorAll('[data-testid="curve-panel"]')].map((panel) => [
        panel.getAttribute('data-key'),
        [...panel.querySelectorAll('.legend-row .legend-label')].map((label) => label.textContent),
      ])`,
    );
    expect(legends.map(([key]) => key).sort()).toEqual([
      'epoch',
      'eval/acc',
      'eval/loss',
      'train/acc',
      'train/loss',
      'train/lr',
    ]);
    for (const [, labels] of legends) expect(labels).toEqual([a.name, b.name]);
    // Both runs' lines are on the canvas, each in its own colour.
    const colours = [a, b].map((run) => legendColour(page, panel('train/loss'), run.name!));
    const [colourA, colourB] = await Promise.all(colours);
    expect(colourA).not.toBe(colourB);
    await expectCurveDrawn('train/loss', colourA!);
    await expectCurveDrawn('train/loss', colourB!);
    await screenshot(page, 'charts-compare');
  });

  it("moves a live run's last point as it writes", async () => {
    await openMetrics(liveId, 'train/loss');
    const live = page.locator(`${panel('train/loss')} .legend-row .legend-label`);
    const colour = await legendColour(page, panel('train/loss'), (await live.textContent())!);
    // A chart that grows keeps room ahead of its last point, up to 15 % of the span (GrowingRange),
    // so its line spans at least 1 / 1.15 of the plot, not nearly all of it.
    await expectCurveDrawn('train/loss', colour, 0.85);
    const over = page.locator(`${panel('train/loss')} .u-over`);
    const legend = page.locator(`${panel('train/loss')} .legend-row .legend-value`);
    /** Points the cursor at the right end of the plot and reads the legend's step there. */
    const stepAtRightEnd = async (): Promise<number> => {
      let text = '';
      // Scrolled to and pointed at again on every try: the page moves under the panel when the
      // live run's first epoch turns its epoch tile and eval breakdown into curves above it, and
      // on a loaded machine that can fall between reading the plot's box and moving there.
      await expect
        .poll(
          async () => {
            await over.scrollIntoViewIfNeeded();
            const box = (await over.boundingBox())!;
            await page.mouse.move(box.x + box.width / 2, box.y + box.height + 60);
            await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
            return (text = (await legend.textContent()) ?? '');
          },
          { timeout: 6_000, interval: 200 },
        )
        .toMatch(/ @ \d+$/);
      return Number(/ @ (\d+)$/.exec(text)![1]);
    };
    const firstStep = await stepAtRightEnd();
    const firstPixels = await canvasDigest(page, panel('train/loss'));
    await expect.poll(stepAtRightEnd, { timeout: 8_000, interval: 500 }).toBeGreaterThan(firstStep);
    await expect
      .poll(() => canvasDigest(page, panel('train/loss')), { timeout: 3_000 })
      .not.toBe(firstPixels);
    await screenshot(page, 'charts-live');
  });
});
