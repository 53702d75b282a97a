// A series longer than a snapshot sends whole, in Chromium: it is drawn from the host's M4
// envelopes (the spike at one sample survives), the WebSocket carries a fraction of the samples,
// zooming asks again for the range in view, and smoothing and step_metric x come from the host's
// smoothed and paired envelopes like whole curves.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodeRecord } from '../../shared/format/records.js';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import { floatText } from '../../renderer/src/text/value-text.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  legendColour,
  screenshot,
  socketOnThePage,
} from './support.js';

const RUN = '20261129T000000Z-00000e11';
const SAMPLES = WHOLE_SERIES_LIMIT * 3;
const SPIKE_AT = 98_765;
/** The epoch is logged at every step but these: their loss has no x against the epoch. */
const NO_EPOCH = (step: number) => step % 10 === 3;
const UNPAIRED = SAMPLES / 10;

function writeLongRun(root: string): void {
  const dir = join(root, 'runs', RUN);
  mkdirSync(dir, { recursive: true });
  const lines = [
    encodeRecord({
      type: 'start',
      time: 1_793_541_787.25,
      experiment: 'long',
      name: 'long-run',
      parent: null,
      steps: SAMPLES - 1,
      params: new Map(),
      provenance: null,
    }),
    encodeRecord({
      type: 'metric',
      time: 1_793_541_787.5,
      key: 'train/loss',
      goal: 'minimize',
      stepMetric: 'train/epoch',
    }),
  ];
  for (let step = 0; step < SAMPLES; step++) {
    // A calm curve with one spike, which an envelope must keep and a sample of points may lose.
    const loss = step === SPIKE_AT ? 50 : 2 / (1 + step / 10_000);
    const values = new Map([['train/loss', loss]]);
    if (!NO_EPOCH(step)) values.set('train/epoch', Math.floor(step / 1_000) / 10);
    lines.push(encodeRecord({ type: 'metrics', time: 1_793_541_788 + step, step, values }));
  }
  lines.push(
    encodeRecord({ type: 'end', time: 1_793_541_788 + SAMPLES, status: 'finished', error: null }),
  );
  writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
}

const PANEL = '[data-testid="curve-panel"][data-key="train/loss"]';

function axisLabel(page: Page): Promise<string> {
  return evaluate<string>(
    page,
    `document.querySelector('${PANEL} [data-testid="x-axis-label"]')?.textContent ?? ''`,
  );
}

function notes(page: Page): Promise<string> {
  return evaluate<string>(
    page,
    `document.querySelector('${PANEL} [data-testid="panel-notes"]')?.textContent ?? ''`,
  );
}

/**
 * Where the run's line lies on the canvas: pixel columns holding it in the plot's top part, and
 * its pixels in the bottom part. With the spike at 50 and every other value at 2 or below, the
 * curve hugs the bottom and only the spike reaches the top; without it, it would fill it. The
 * canvas is transparent, so a pixel's alpha tells a line drawn faint (the raw line behind a
 * smoothed one, alpha 0.28, more where its strokes cross) from one drawn solid.
 */
function linePixels(
  page: Page,
  hex: string,
  alpha: 'solid' | 'faint' | 'hairline' = 'solid',
): Promise<{ topColumns: number; bottom: number; total: number; columns: number; plot: number }> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // A dense line is a one-pixel hairline: where it falls between two pixels each is half lit.
  const [least, most] =
    alpha === 'solid' ? [250, 255] : alpha === 'hairline' ? [110, 255] : [8, 200];
  return evaluate(
    page,
    `(() => {
      const canvas = document.querySelector('${PANEL} canvas');
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const top = new Set();
      const all = new Set();
      let bottom = 0, total = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) > 24) continue;
        if (data[i + 3] < ${least} || data[i + 3] > ${most}) continue;
        const y = Math.floor(i / 4 / width);
        total++;
        all.add((i / 4) % width);
        if (y < height * 0.4) top.add((i / 4) % width);
        if (y > height * 0.6) bottom++;
      }
      const plot = document.querySelector('${PANEL} .u-over').clientWidth * devicePixelRatio;
      return { topColumns: top.size, bottom, total, columns: all.size, plot };
    })()`,
  );
}

/** Sets the page's smoothing slider as a person dragging it would. */
async function setSmoothing(page: Page, weight: number): Promise<void> {
  await evaluate(
    page,
    `(() => {
      const input = document.querySelector('[data-testid="smoothing"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setValue.call(input, '${weight}');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return true;
    })()`,
  );
}

describeE2e('a series too long to send whole', () => {
  const session = new E2eSession();
  let page: Page;
  let received = 0;
  /** The long run's colour, as its legend shows it. */
  let colour = '';
  /** The pixel columns of each envelope the page asked for, from the frames it sent. */
  const askedColumns: number[] = [];

  beforeAll(async () => {
    const root = session.tempDir();
    writeLongRun(root);
    const { url } = await session.serve(root);
    const browser = await session.launchBrowser();
    page = await session.openApp(browser, url);
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        received +=
          typeof frame.payload === 'string' ? frame.payload.length : frame.payload.byteLength;
      });
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string') return;
        // A wire-codec frame: its JSON header's length, then the header.
        const header = JSON.parse(
          frame.payload.subarray(4, 4 + frame.payload.readUInt32LE(0)).toString('utf8'),
        ) as { request?: { op?: string; width?: number; requests?: { width: number }[] } };
        if (header.request?.op === 'envelope') askedColumns.push(header.request.width!);
        // A panel asks for its lines' envelopes at once.
        if (header.request?.op === 'envelopes')
          askedColumns.push(...header.request.requests!.map((query) => query.width));
      });
    });
    // Every canvas put on the page is counted: a chart built only to be replaced is one too many.
    await page.addInitScript(`(() => {
      window.__canvasesShown = 0;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof Element)
              window.__canvasesShown += (node.matches('canvas') ? 1 : 0) + node.querySelectorAll('canvas').length;
      }).observe(document, { childList: true, subtree: true });
    })()`);
    // The app's socket opened with the page, before the listener: a reload opens the one watched,
    // on the page, where Playwright sees it.
    await socketOnThePage(page);
    await page.reload();
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  afterAll(() => session.close());

  it('is drawn from envelopes, its spike kept, with far fewer bytes than its samples', async () => {
    await goToRoute(page, `#/run/${RUN}/metrics`);
    await page.waitForSelector(`${PANEL} canvas`, WAIT);
    // The loss declares train/epoch its step_metric: it opens on that axis, step a click away.
    await expect.poll(() => axisLabel(page), WAIT).toBe('x: train/epoch');
    // Each panel built its chart once, when its curves came: none stood empty in the meantime.
    expect(await evaluate<number>(page, 'window.__canvasesShown')).toBe(
      await evaluate<number>(page, `document.querySelectorAll('canvas').length`),
    );
    received = 0;
    await page.selectOption('[data-testid="page-x-axis"]', 'step');
    await expect.poll(() => axisLabel(page), WAIT).toBe('x: step');
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(`${SAMPLES.toLocaleString('en')} samples in view`);
    colour = await legendColour(page, PANEL, 'long-run');
    const pixels = await linePixels(page, colour, 'hairline');
    expect(pixels.topColumns).toBeGreaterThan(0);
    expect(pixels.topColumns).toBeLessThan(8);
    expect(pixels.bottom).toBeGreaterThan(pixels.total / 2);
    // 24 bytes a sample whole; the envelope is at most 4 points a column of 1,200.
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(SAMPLES * 24 * 0.1);
    // Once drawn, the plot asks for no more columns than its canvas has pixels across.
    const canvasColumns = await evaluate<number>(
      page,
      `document.querySelector('${PANEL} canvas').width`,
    );
    await expect.poll(() => askedColumns.at(-1), WAIT).toBeLessThanOrEqual(canvasColumns);
    expect(askedColumns.at(-1)).toBeGreaterThan(canvasColumns / 2);
    await screenshot(page, 'envelope-long-series');
  });

  it('smooths over every sample on the host: a smoothed line over the faint raw one', async () => {
    await page.dblclick(`${PANEL} .u-over`);
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(`${SAMPLES.toLocaleString('en')} samples in view`);
    received = 0;
    await setSmoothing(page, 0.9);
    // The raw line, spike and all, is drawn faint; the solid line is the smoothed one, which
    // the spike moves by a tenth of its height: it stays low. Unsmoothed, the spike is solid.
    await expect
      .poll(async () => (await linePixels(page, colour, 'solid')).topColumns, WAIT)
      .toBe(0);
    const solid = await linePixels(page, colour, 'solid');
    expect(solid.total).toBeGreaterThan(500);
    expect(solid.bottom).toBeGreaterThan(solid.total / 2);
    const faint = await linePixels(page, colour, 'faint');
    expect(faint.topColumns).toBeGreaterThan(0);
    const text = await notes(page);
    expect(text).not.toContain('drawn raw');
    expect(text).toContain(`${SAMPLES.toLocaleString('en')} samples in view drawn exactly`);
    // Both panels' raw and smoothed envelopes: far fewer bytes than the loss's samples alone.
    expect(received).toBeLessThan(SAMPLES * 24 * 0.1);
    await screenshot(page, 'envelope-smoothed');
  });

  it('draws against the step_metric from paired envelopes, unpaired samples counted', async () => {
    received = 0;
    await page.selectOption('[data-testid="page-x-axis"]', 'step_metric');
    await expect
      .poll(
        () =>
          evaluate<string>(
            page,
            `document.querySelector('${PANEL} [data-testid="x-axis-label"]')?.textContent ?? ''`,
          ),
        WAIT,
      )
      .toContain('train/epoch');
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(
        `${UNPAIRED.toLocaleString('en')} of ${SAMPLES.toLocaleString('en')} train/loss points have no sample of train/epoch at their step`,
      );
    const text = await notes(page);
    expect(text).toContain(
      `${(SAMPLES - UNPAIRED).toLocaleString('en')} samples in view drawn exactly`,
    );
    expect(text).not.toContain('drawn raw');
    expect(text).not.toContain('no step_metric declared');
    // Smoothed still: the spike faint, the smoothed line solid and low.
    expect((await linePixels(page, colour, 'faint')).topColumns).toBeGreaterThan(0);
    const solid = await linePixels(page, colour, 'solid');
    expect(solid.topColumns).toBe(0);
    expect(solid.total).toBeGreaterThan(300);
    expect(received).toBeLessThan(SAMPLES * 24 * 0.1);
    await screenshot(page, 'envelope-step-metric');
    await setSmoothing(page, 0);
    await page.selectOption('[data-testid="page-x-axis"]', 'step');
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(`${SAMPLES.toLocaleString('en')} samples in view`);
    await page.waitForSelector(`${PANEL} .u-over`, WAIT);
  });

  it('asks again for the range zoomed into', async () => {
    const over = await page.$(`${PANEL} .u-over`);
    const box = (await over!.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const match = /([\d,]+) samples in view/.exec(await notes(page));
        return match === null ? Infinity : Number(match[1]!.replace(/,/g, ''));
      }, WAIT)
      .toBeLessThan(SAMPLES / 5);
  });

  /** Drags across the plot from one share of its width to another, and waits for the answer. */
  async function zoom(from: number, to: number, fewerThan: number): Promise<number> {
    const box = (await (await page.$(`${PANEL} .u-over`))!.boundingBox())!;
    await page.mouse.move(box.x + box.width * from, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    let inView = Infinity;
    await expect
      .poll(async () => {
        const match = /([\d,]+) samples in view/.exec(await notes(page));
        inView = match === null ? Infinity : Number(match[1]!.replace(/,/g, ''));
        return inView;
      }, WAIT)
      .toBeLessThan(fewerThan);
    return inView;
  }

  /** Points the cursor at a share of the plot's width; the legend's cursor x and sample. */
  async function hover(share: number): Promise<{ at: number; step: number; value: string }> {
    const box = (await (await page.$(`${PANEL} .u-over`))!.boundingBox())!;
    await page.mouse.move(box.x + box.width * share, box.y + box.height * 0.7);
    const read = async () => {
      const [x, value] = await evaluate<[string, string]>(
        page,
        `[document.querySelector('${PANEL} [data-testid="legend-x"]').textContent,
          document.querySelector('${PANEL} [data-testid="legend-value"]').textContent]`,
      );
      return { x, value };
    };
    let text = { x: '', value: '' };
    await expect.poll(async () => (text = await read()).value, WAIT).toMatch(/^\S+ @ [\d,]+$/);
    const number = (t: string) => Number(t.replace(/,/g, ''));
    return {
      at: number(/at step ([\d,]+)/.exec(text.x)![1]!),
      step: number(/@ ([\d,]+)$/.exec(text.value)![1]!),
      value: text.value.split(' @ ')[0]!,
    };
  }

  const lossAt = (step: number) => (step === SPIKE_AT ? 50 : 2 / (1 + step / 10_000));

  it('draws the spike straight up and down at every zoom, never as a slope', async () => {
    await page.dblclick(`${PANEL} .u-over`);
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(`${SAMPLES.toLocaleString('en')} samples in view`);
    // About 9,000 samples around the spike: many columns of M4 points, the spike in one.
    const inView = await zoom(0.62, 0.68, 20_000);
    expect(inView).toBeGreaterThan(4 * 600);
    await expect
      .poll(async () => (await linePixels(page, colour, 'hairline')).topColumns, WAIT)
      .toBeGreaterThan(0);
    const pixels = await linePixels(page, colour, 'hairline');
    expect(pixels.topColumns).toBeLessThanOrEqual(3);
    // The new points under the zoom are drawn across it, not the old points' index range.
    expect(pixels.columns).toBeGreaterThan(pixels.plot * 0.95);
    await screenshot(page, 'envelope-spike-zoomed');
  });

  it('names the sample at the cursor at every zoom, from the host', async () => {
    for (const share of [0.1, 0.5, 0.83]) {
      const read = await hover(share);
      // One sample a step: the cursor reads the sample at the whole step at or before it.
      expect(read.step).toBe(read.at);
      expect(read.value).toBe(floatText(lossAt(read.step)));
    }
    // Zoomed to a few hundred samples, where the legend went blank before.
    await zoom(0.4, 0.45, 1_000);
    for (const share of [0.2, 0.6]) {
      const read = await hover(share);
      expect(read.step).toBe(read.at);
      expect(read.value).toBe(floatText(lossAt(read.step)));
    }
    await screenshot(page, 'envelope-hover-zoomed');
  });
});
