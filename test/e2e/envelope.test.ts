// A series longer than a snapshot sends whole, in Chromium: it is drawn from the host's M4
// envelopes (the spike at one sample survives), the WebSocket carries a fraction of the samples,
// and zooming asks again for the range in view.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodeRecord } from '../../shared/format/records.js';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import { runColor } from '../../renderer/src/charts/run-colors.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

const RUN = '20261129T000000Z-00000e11';
const SAMPLES = WHOLE_SERIES_LIMIT * 3;
const SPIKE_AT = 98_765;

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
  ];
  for (let step = 0; step < SAMPLES; step++) {
    // A calm curve with one spike, which an envelope must keep and a sample of points may lose.
    const loss = step === SPIKE_AT ? 50 : 2 / (1 + step / 10_000);
    lines.push(
      encodeRecord({
        type: 'metrics',
        time: 1_793_541_788 + step,
        step,
        values: new Map([['train/loss', loss]]),
      }),
    );
  }
  lines.push(
    encodeRecord({ type: 'end', time: 1_793_541_788 + SAMPLES, status: 'finished', error: null }),
  );
  writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
}

const PANEL = '[data-testid="curve-panel"][data-key="train/loss"]';

function notes(page: Page): Promise<string> {
  return evaluate<string>(
    page,
    `document.querySelector('${PANEL} [data-testid="panel-notes"]')?.textContent ?? ''`,
  );
}

/**
 * Where the run's line lies on the canvas: pixel columns holding it in the plot's top half, and
 * its pixels in the bottom fifth. With the spike at 50 and every other value at 2 or below, the
 * curve hugs the bottom and only the spike reaches the top half; without it, it would fill it.
 */
function linePixels(
  page: Page,
  hex: string,
): Promise<{ topColumns: number; bottom: number; total: number }> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return evaluate(
    page,
    `(() => {
      const canvas = document.querySelector('${PANEL} canvas');
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const top = new Set();
      let bottom = 0, total = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) > 24) continue;
        const y = Math.floor(i / 4 / width);
        total++;
        if (y < height * 0.4) top.add((i / 4) % width);
        if (y > height * 0.6) bottom++;
      }
      return { topColumns: top.size, bottom, total };
    })()`,
  );
}

describeE2e('a series too long to send whole', () => {
  const session = new E2eSession();
  let page: Page;
  let received = 0;

  beforeAll(async () => {
    const root = session.tempDir();
    writeLongRun(root);
    const { url } = await session.serve(root);
    const browser = await session.launchBrowser();
    page = await session.openApp(browser, url);
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        received +=
          typeof frame.payload === 'string' ? frame.payload.length : frame.payload.byteLength;
      }),
    );
  });

  afterAll(() => session.close());

  it('is drawn from envelopes, its spike kept, with far fewer bytes than its samples', async () => {
    received = 0;
    await goToRoute(page, `#/run/${RUN}/metrics`);
    await page.waitForSelector(`${PANEL} canvas`, WAIT);
    await expect
      .poll(() => notes(page), WAIT)
      .toContain(`${SAMPLES.toLocaleString('en')} samples in view`);
    const pixels = await linePixels(page, runColor(RUN));
    expect(pixels.topColumns).toBeGreaterThan(0);
    expect(pixels.topColumns).toBeLessThan(8);
    expect(pixels.bottom).toBeGreaterThan(pixels.total / 2);
    // 24 bytes a sample whole; the envelope is at most 4 points a column of 1,200.
    expect(received).toBeLessThan(SAMPLES * 24 * 0.1);
    await screenshot(page, 'envelope-long-series');
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
});
