// Compared runs in Chromium against `munin-view serve` of the demo store: each run keeps its own
// page's colour in a Compare, runs on a page get colours far apart (CIEDE2000) drawn on the
// canvas in both themes, a breakdown of several runs has a value axis and a table of the runs'
// values, and a panel's PNG carries its title, axis name and a legend in the runs' colours.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import { pngLayout } from '../../renderer/src/charts/png-export.js';
import { floatText } from '../../renderer/src/text/value-text.js';
import { ciede2000, hexToRgb, rgbToLab } from '../support/colour-difference.js';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  SCREENSHOTS,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  exportStore,
  legendColour,
  screenshot,
} from './support.js';

const panel = (key: string): string => `[data-testid="curve-panel"][data-key="${key}"]`;
const BREAKDOWN = '[data-testid="breakdown-panel"][data-key="eval/acc_by_class"]';

/** Pixels near each colour (within anti-aliasing) in rows [top, bottom) of the image data. */
const COUNT_COLOURS = `(data, width, top, bottom, colours) => colours.map(([r, g, b]) => {
  let count = 0;
  for (let y = top; y < bottom; y++)
    for (let x = 0; x < width; x++) {
      const i = 4 * (y * width + x);
      if (data[i + 3] < 200) continue;
      if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= 24) count++;
    }
  return count;
})`;

/** How many pixels of each colour the panel's chart canvas holds. */
function canvasCounts(page: Page, selector: string, colours: readonly string[]): Promise<number[]> {
  return evaluate<number[]>(
    page,
    `(() => {
      const canvas = document.querySelector(${JSON.stringify(`${selector} canvas`)});
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      return (${COUNT_COLOURS})(data, width, 0, height, ${JSON.stringify(colours.map(hexToRgb))});
    })()`,
  );
}

/** The smallest CIEDE2000 difference between two of the colours. */
function closest(colours: readonly string[]): number {
  const labs = colours.map((c) => rgbToLab(hexToRgb(c)));
  let least = Infinity;
  labs.forEach((a, i) =>
    labs.slice(i + 1).forEach((b) => (least = Math.min(least, ciede2000(a, b)))),
  );
  return least;
}

describeE2e('compared runs', () => {
  const session = new E2eSession();
  let page: Page;
  let sweep: ExportedRun[];

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    // A fixed present: the runs' ids, and so anything a colour scheme draws from them, are the
    // same every time (a hash of these ids gave two of five sweep runs greens 6 apart).
    writeDemoStore(root, { seed: 1, now: Date.UTC(2026, 11, 1, 19, 48, 27) / 1000 });
    const [browser, runs, { url }] = await Promise.all([
      session.launchBrowser(),
      exportStore(root),
      session.serve(root),
    ]);
    page = await session.openApp(browser, url);
    sweep = runs.filter((run) => run.experiment === 'cifar-sweep');
    expect(sweep.length).toBeGreaterThanOrEqual(6);
  });

  afterAll(() => session.close());

  async function openCompare(runs: readonly ExportedRun[]): Promise<string[]> {
    await goToRoute(page, `#/compare/${runs.map((run) => run.id).join(',')}`);
    await page.waitForSelector(`${panel('train/loss')} canvas`, WAIT);
    return Promise.all(runs.map((run) => legendColour(page, panel('train/loss'), run.name!)));
  }

  /** Every colour drawn across the train/loss canvas, hundreds of pixels each. */
  async function expectDrawn(colours: readonly string[]): Promise<void> {
    await expect
      .poll(async () => Math.min(...(await canvasCounts(page, panel('train/loss'), colours))), WAIT)
      .toBeGreaterThan(300);
  }

  /** Each run's colour on its own page, as the session gave it. */
  const ownColours = new Map<string, string>();

  it("keeps each run's colour from its own page to a Compare of 3, colours far apart", async () => {
    for (const run of sweep) {
      await goToRoute(page, `#/run/${run.id}/metrics`);
      await page.waitForSelector(`${panel('train/loss')} canvas`, WAIT);
      ownColours.set(run.id, await legendColour(page, panel('train/loss'), run.name!));
    }
    const runs = [sweep[4]!, sweep[5]!, sweep[0]!];
    const colours = await openCompare(runs);
    expect(colours).toEqual(runs.map((run) => ownColours.get(run.id)));
    // Far apart: the palette's closest pair is 13 apart, and a few runs take its first colours.
    expect(closest(colours)).toBeGreaterThan(13);
    await expectDrawn(colours);
    // The header names each run in the colour of its lines.
    const pills = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-testid="compare-run"] [data-testid="run-swatch"]')]
        .map((swatch) => swatch.getAttribute('data-color'))`,
    );
    expect(pills).toEqual(colours);
    await screenshot(page, 'compare-3-runs');
  });

  it('gives five compared runs their own colours, far apart, drawn in both themes', async () => {
    const runs = sweep.slice(0, 5);
    const colours = await openCompare(runs);
    expect(colours).toEqual(runs.map((run) => ownColours.get(run.id)));
    expect(closest(colours)).toBeGreaterThan(13);
    await expectDrawn(colours);
    await screenshot(page, 'compare-5-runs');
    await page.click('.topbar button[title^="Switch to the"]');
    await expect
      .poll(() => evaluate(page, 'document.documentElement.dataset.theme'), WAIT)
      .toBe('dark');
    // Charts take the theme's colours as they are built: the Compare is opened afresh.
    await goToRoute(page, '#/');
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
    expect(await openCompare(runs)).toEqual(colours);
    await expectDrawn(colours);
    await screenshot(page, 'compare-5-runs-dark');
  });

  it('draws a breakdown of five runs on a value axis, with a table of their values', async () => {
    // The five that finished: the sweep's failing seed has no test/acc to break down.
    const runs = sweep.filter((run) => run.status === 'finished');
    expect(runs).toHaveLength(5);
    const colours = await openCompare(runs);
    await page.waitForSelector(BREAKDOWN, WAIT);
    await evaluate(
      page,
      `document.querySelector('${BREAKDOWN}').scrollIntoView({ block: 'center' })`,
    );
    const shown = await evaluate<{
      ticks: { text: string; top: number }[];
      bars: { run: string; title: string; colour: string; height: number }[];
      rows: { colour: string; name: string; cells: { text: string; title: string | null }[] }[];
      heads: string[];
      text: string;
    }>(
      page,
      `(() => {
        const panel = document.querySelector('${BREAKDOWN}');
        const all = (selector, root = panel) => [...root.querySelectorAll(selector)];
        return {
          ticks: all('.breakdown-tick').map((t) => ({ text: t.textContent, top: t.getBoundingClientRect().top })),
          bars: all('[data-testid="breakdown-bar"]').map((bar) => ({
            run: bar.getAttribute('data-run-id'),
            title: bar.getAttribute('title'),
            colour: getComputedStyle(bar).backgroundColor,
            height: bar.getBoundingClientRect().height,
          })),
          rows: all('[data-testid="breakdown-legend-row"]').map((row) => ({
            colour: row.querySelector('[data-testid="bar-swatch"]').getAttribute('data-color'),
            name: row.querySelector('.breakdown-run-name').textContent,
            cells: all('[data-testid="breakdown-cell"]', row).map((cell) => ({
              text: cell.textContent,
              title: cell.getAttribute('title'),
            })),
          })),
          heads: all('.breakdown-table th').map((th) => th.textContent),
          text: panel.innerText,
        };
      })()`,
    );
    // A value axis: distinct labels, rising from bottom to top, zero among them.
    const ticks = shown.ticks.map((t) => t.text);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks).toContain('0');
    const byHeight = [...shown.ticks].sort((x, y) => y.top - x.top).map((t) => Number(t.text));
    expect(byHeight).toEqual([...byHeight].sort((x, y) => x - y));
    // The legend: each run by name in its colour, with its value per class as the app writes
    // floats; the exact store text only on hover, where the cell rounds it.
    const keys = Object.keys(runs[0]!.series)
      .filter((key) => key.startsWith('eval/acc_by_class/'))
      .sort();
    expect(shown.heads).toEqual(['run', ...keys.map((key) => key.slice(key.lastIndexOf('/') + 1))]);
    expect(shown.rows.map((row) => [row.name, row.colour])).toEqual(
      runs.map((run, i) => [run.name, colours[i]]),
    );
    const valueOf = (run: ExportedRun, key: string): number => {
      const series = run.series as unknown as Record<
        string,
        { samples: [number, number, number][] }
      >;
      return series[key]!.samples[0]![2];
    };
    runs.forEach((run, r) =>
      expect(shown.rows[r]!.cells.map((cell) => cell.text)).toEqual(
        keys.map((key) => floatText(valueOf(run, key), 4)),
      ),
    );
    // Bars in the runs' colours, their tooltips the short value, never a float's long digits.
    expect(shown.bars).toHaveLength(keys.length * runs.length);
    shown.bars.forEach((bar, i) => {
      const run = runs[i % runs.length]!;
      const value = valueOf(run, keys[Math.floor(i / runs.length)]!);
      expect(bar.run).toBe(run.id);
      expect(bar.colour).toBe(`rgb(${hexToRgb(colours[i % runs.length]!).join(', ')})`);
      expect(bar.title).toBe(
        `${run.name} · ${keys[Math.floor(i / runs.length)]}: ${floatText(value)}`,
      );
      expect(bar.height).toBeGreaterThan(0);
    });
    expect(shown.bars.map((bar) => bar.title).join(' ')).not.toMatch(/\d\.\d{10,}/);
    expect(shown.text).not.toMatch(/\d\.\d{7,}/);
    await screenshot(page, 'compare-breakdown-dark');
    await page.click('.topbar button[title^="Switch to the"]');
    await expect
      .poll(() => evaluate(page, 'document.documentElement.dataset.theme'), WAIT)
      .toBe('light');
    await evaluate(
      page,
      `document.querySelector('${BREAKDOWN}').scrollIntoView({ block: 'center' })`,
    );
    await screenshot(page, 'compare-breakdown');
  });

  it("exports a PNG with the key, the x axis name and a legend in the runs' colours", async () => {
    const runs = sweep.slice(0, 3);
    const colours = await openCompare(runs);
    const selector = panel('train/loss');
    await evaluate(
      page,
      `document.querySelector('${selector}').scrollIntoView({ block: 'center' })`,
    );
    const chart = await evaluate<{ width: number; height: number; ratio: number; panel: string }>(
      page,
      `(() => {
        const canvas = document.querySelector('${selector} canvas');
        const panel = getComputedStyle(document.querySelector('${selector}')).backgroundColor;
        return { width: canvas.width, height: canvas.height, ratio: devicePixelRatio, panel };
      })()`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.locator(`${selector} button`, { hasText: 'PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('train_loss.png');
    const path = (await download.path())!;
    mkdirSync(SCREENSHOTS, { recursive: true });
    copyFileSync(path, join(SCREENSHOTS, 'export-train-loss.png'));
    // The chart's canvas names its x axis under its ticks: the PNG adds no line of its own.
    const layout = pngLayout(
      { width: chart.width / chart.ratio, height: chart.height / chart.ratio },
      [],
      () => 0,
      false,
    );
    const legendTop = Math.round((layout.chart.y + layout.chart.height + 2) * chart.ratio);
    const chartTop = Math.round(layout.chart.y * chart.ratio);
    const image = await evaluate<{
      width: number;
      height: number;
      corner: number[];
      legend: number[];
      inChart: number[];
      titleInk: number;
    }>(
      page,
      `new Promise((resolve, reject) => {
        const image = new Image();
        image.onerror = reject;
        image.onload = () => {
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const ctx = canvas.getContext('2d');
          ctx.drawImage(image, 0, 0);
          const { data } = ctx.getImageData(0, 0, image.width, image.height);
          const count = ${COUNT_COLOURS};
          const colours = ${JSON.stringify(colours.map(hexToRgb))};
          const corner = [...data.slice(0, 3)];
          // Ink of the title: pixels far from the background above the chart.
          let titleInk = 0;
          for (let i = 0; i < ${chartTop} * image.width * 4; i += 4)
            if (Math.abs(data[i] - corner[0]) + Math.abs(data[i + 1] - corner[1]) + Math.abs(data[i + 2] - corner[2]) > 200) titleInk++;
          resolve({
            width: image.width,
            height: image.height,
            corner,
            legend: count(data, image.width, ${legendTop}, image.height, colours),
            inChart: count(data, image.width, ${chartTop}, ${legendTop}, colours),
            titleInk,
          });
        };
        image.src = 'data:image/png;base64,${readFileSync(path).toString('base64')}';
      })`,
    );
    // More than the chart: a title above, the axis name and a legend under it, at the screen's
    // pixel ratio, on the theme's background.
    expect(image.width).toBe(Math.round(layout.width * chart.ratio));
    expect(image.width).toBeGreaterThan(chart.width);
    expect(image.height).toBeGreaterThan(chart.height + 60 * chart.ratio);
    expect(`rgb(${image.corner.join(', ')})`).toBe(chart.panel);
    expect(image.titleInk).toBeGreaterThan(40);
    // Each run's line in the chart, and its swatch in the legend, in its colour.
    for (const count of image.inChart) expect(count).toBeGreaterThan(300);
    for (const count of image.legend) expect(count).toBeGreaterThan(20 * chart.ratio);
  });
});
