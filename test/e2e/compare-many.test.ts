// A Compare of more runs than the palette has colours, in Chromium against `serve --frame-kib
// 256`: its snapshot is bigger than a frame and arrives in parts, never refused, every panel
// draws every run in a look of its own, the runs list folds past a few rows, and a cursor over
// an envelope panel reads all its runs in one request.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  screenshot,
  socketOnThePage,
} from './support.js';

const RUNS = 30;
const FRAME_KIB = 256;
/** Sent whole: its runs' samples together stay under the whole-series limit. */
const WHOLE = 'train/whole';
const WHOLE_SAMPLES = Math.floor(WHOLE_SERIES_LIMIT / RUNS);
/** Drawn from envelopes: its runs' samples together are past it. */
const LONG = 'train/long';
const LONG_SAMPLES = WHOLE_SAMPLES + 1000;

const runId = (r: number): string =>
  `20261204T000000Z-${(0xc200 + r).toString(16).padStart(8, '0')}`;
const panel = (key: string): string => `[data-testid="curve-panel"][data-key="${key}"]`;

function writeRuns(root: string): void {
  for (let r = 0; r < RUNS; r++) {
    const lines = [startLine(',"name":"run-' + r + '"', 'many')];
    for (let step = 0; step < LONG_SAMPLES; step++) {
      const values: Record<string, number> = { [LONG]: (r + 1) / (1 + step) + step / 1e6 };
      if (step < WHOLE_SAMPLES) values[WHOLE] = r + Math.sin(step / 50);
      lines.push(metricsLine(step, values));
    }
    lines.push(endLine('finished'));
    writeLog(root, runId(r), lines);
  }
}

interface Header {
  readonly type?: string;
  readonly id?: number;
  readonly request?: { readonly op?: string; readonly requests?: readonly unknown[] };
  readonly response?: { readonly ok?: boolean; readonly error?: { readonly code?: string } };
}

/** A wire-codec frame's JSON header: its length, then the header. */
const headerOf = (payload: Buffer): Header =>
  JSON.parse(payload.subarray(4, 4 + payload.readUInt32LE(0)).toString('utf8')) as Header;

describeE2e('a Compare of many runs', () => {
  const session = new E2eSession();
  let page: Page;
  const sent: Header[] = [];
  const received: { header: Header; bytes: number }[] = [];

  beforeAll(async () => {
    const root = session.tempDir();
    writeRuns(root);
    const [browser, { url }] = await Promise.all([
      session.launchBrowser(),
      session.serve(root, ['--frame-kib', String(FRAME_KIB)]),
    ]);
    page = await session.openApp(browser, url);
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string') sent.push(headerOf(frame.payload));
      });
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') return;
        received.push({ header: headerOf(frame.payload), bytes: frame.payload.byteLength });
      });
    });
    // Every text the top bar's progress pill shows, however briefly it is there.
    await page.addInitScript(`(() => {
      window.__answerProgress = [];
      new MutationObserver(() => {
        const pill = document.querySelector('[data-testid="answer-progress"]');
        const text = pill === null ? null : pill.textContent;
        const seen = window.__answerProgress;
        if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    // The app's socket opened with the page, before the listener: a reload opens the one watched,
    // on the page, where Playwright sees it.
    await socketOnThePage(page);
    await page.reload();
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  });

  afterAll(() => session.close());

  it('takes a snapshot past the frame cap in parts, and draws every run', async () => {
    received.length = 0;
    const ids = Array.from({ length: RUNS }, (_, r) => runId(r));
    await goToRoute(page, `#/compare/${ids.join(',')}`);
    for (const key of [WHOLE, LONG])
      await expect
        .poll(
          () =>
            evaluate<number>(
              page,
              `document.querySelectorAll('${panel(key)} [data-testid="legend-value"]').length`,
            ),
          { timeout: 30_000 },
        )
        .toBe(RUNS);
    await page.waitForSelector(`${panel(LONG)} canvas`, WAIT);
    // The whole key's samples alone, some 24 bytes each, are several frames' worth.
    expect(WHOLE_SAMPLES * RUNS * 17).toBeGreaterThan(2 * FRAME_KIB * 1024);
    const parts = received.filter(({ header }) => header.type === 'response-part');
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const { bytes } of received) expect(bytes).toBeLessThanOrEqual(FRAME_KIB * 1024);
    const refusals = received.filter(({ header }) => header.response?.ok === false);
    expect(refusals.map(({ header }) => header.response?.error?.code)).toEqual([]);
    expect(await page.locator('text=too-large').count()).toBe(0);
    // While parts came, the page said its data was partial and how far it had come; not after.
    const said = await evaluate<string[]>(page, 'window.__answerProgress');
    expect(said.length).toBeGreaterThan(0);
    for (const text of said)
      expect(text).toMatch(/^receiving [\d.]+ [kKMG]?B(, | in \d+ answers, )\d+%$/);
    expect(await page.locator('[data-testid="answer-progress"]').count()).toBe(0);
    await screenshot(page, 'compare-many-runs');
  });

  it('gives each run a colour and dash of its own, and folds the runs list', async () => {
    const looks = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('${panel(WHOLE)} [data-testid="legend"] [data-testid="run-swatch"]')].map((s) => s.dataset.color + '|' + s.dataset.dash)`,
    );
    expect(looks).toHaveLength(RUNS);
    expect(new Set(looks).size).toBe(RUNS);
    // Past the palette's colours, runs share one with another dash.
    expect(looks.filter((look) => !look.endsWith('|')).length).toBeGreaterThan(0);
    const pills = (): Promise<number> => page.locator('[data-testid="compare-run"]').count();
    // Folded: a few rows of pills, and a button naming the rest.
    const folded = await pills();
    expect(folded).toBeGreaterThanOrEqual(8);
    expect(folded).toBeLessThan(RUNS);
    const more = page.locator('[data-testid="compare-runs-more"]');
    expect(await more.textContent()).toBe(`+ ${RUNS - folded} more runs`);
    await more.click();
    await expect.poll(pills, WAIT).toBe(RUNS);
    await more.click();
    await expect.poll(pills, WAIT).toBe(folded);
  });

  it('reads the cursor on every run of a panel in one request', async () => {
    const over = page.locator(`${panel(LONG)} .u-over`);
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    sent.length = 0;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const values = `[...document.querySelectorAll('${panel(LONG)} [data-testid="legend-value"]')].filter((v) => /\\d/.test(v.textContent)).length`;
    await expect.poll(() => evaluate<number>(page, values), WAIT).toBe(RUNS);
    const reads = sent.filter((h) => h.request?.op === 'sampleAt' || h.request?.op === 'samplesAt');
    expect(reads.map((h) => [h.request!.op, h.request!.requests?.length])).toEqual([
      ['samplesAt', RUNS],
    ]);
    // A second position: one request again, not one per line.
    sent.length = 0;
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
    await expect.poll(() => sent.filter((h) => h.request?.op === 'samplesAt').length, WAIT).toBe(1);
    await new Promise((done) => setTimeout(done, 300));
    expect(
      sent.filter((h) => h.request?.op === 'sampleAt' || h.request?.op === 'samplesAt'),
    ).toHaveLength(1);
    await screenshot(page, 'compare-many-runs-cursor');
  });
});
