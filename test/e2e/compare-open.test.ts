// Opening a Compare of runs too long to send whole, in Chromium: its panels' envelopes are asked
// for as the board mounts, before the snapshot, and each panel takes its answer rather than ask
// again; and runs dashed past the palette's colours keep every spike (the dash runs along x and
// draws what sticks out of a gap), while the dash still tells them from the solid run of their
// colour.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodeRecord } from '../../shared/format/records.js';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import { PALETTE } from '../../renderer/src/charts/run-colors.js';
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

/** Two runs more than the palette has colours: the last two are drawn dashed. */
const RUNS = PALETTE.length + 2;
/** Enough samples a run that the runs of a key together are sent as counts, not whole. */
const SAMPLES = Math.ceil((WHOLE_SERIES_LIMIT * 1.2) / RUNS);
const KEYS = ['train/loss', 'train/acc'];
/**
 * Where the first dashed run spikes: one sample each, far above every other value, at places
 * that fall at many phases of its dash (a canvas dash along the path hid some of their tips).
 */
const SPIKES = Array.from({ length: 15 }, (_, k) => Math.round(((k + 0.7) / 16) * SAMPLES));
const runId = (r: number): string =>
  `20261201T0400${String(r).padStart(2, '0')}Z-0000c0${r.toString(16).padStart(2, '0')}`;
const PANEL = '[data-testid="curve-panel"][data-key="train/loss"]';

function writeRun(root: string, r: number): void {
  const dir = join(root, 'runs', runId(r));
  mkdirSync(dir, { recursive: true });
  const time = 1_795_000_000 + r * 10_000;
  const lines = [
    encodeRecord({
      type: 'start',
      time,
      experiment: 'dashes',
      name: `run-${r}`,
      parent: null,
      steps: SAMPLES - 1,
      params: new Map(),
      provenance: null,
    }),
  ];
  for (let step = 0; step < SAMPLES; step++) {
    // Calm curves a little apart; the first dashed run's loss spikes where SPIKES say.
    const calm = 1 + r * 0.05 + 0.02 * Math.sin(step / 37);
    const loss = r === PALETTE.length && SPIKES.includes(step) ? 40 : calm;
    const values = new Map([
      ['train/loss', loss],
      ['train/acc', 1 - calm / 10],
    ]);
    lines.push(encodeRecord({ type: 'metrics', time: time + step, step, values }));
  }
  lines.push(encodeRecord({ type: 'end', time: time + SAMPLES, status: 'finished', error: null }));
  writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
}

/**
 * Per canvas column of the plot's top quarter (only spikes reach it), left to right, the rows
 * where the colour is lit; and how many rows the quarter has.
 */
function spikeRows(
  page: Page,
  hex: string,
): Promise<{ columns: [number, number[]][]; rows: number }> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return evaluate(
    page,
    `(() => {
      const canvas = document.querySelector('${PANEL} canvas');
      const { width, height } = canvas;
      const rows = Math.floor(height * 0.25);
      const data = canvas.getContext('2d').getImageData(0, 0, width, rows).data;
      const lit = new Map();
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 60) continue;
        if (Math.abs(data[i] - ${r}) + Math.abs(data[i + 1] - ${g}) + Math.abs(data[i + 2] - ${b}) > 60) continue;
        const x = (i / 4) % width;
        if (!lit.has(x)) lit.set(x, []);
        lit.get(x).push(Math.floor(i / 4 / width));
      }
      return { columns: [...lit].sort((a, b) => a[0] - b[0]), rows };
    })()`,
  );
}

describeE2e('opening a Compare of long runs', () => {
  const session = new E2eSession();
  let page: Page;
  /** The ops of the requests the page sent, in order. */
  const sent: string[] = [];
  /** The requests sent and answered, in the order the socket saw them. */
  const wire: { op: string; id: number; answered: boolean }[] = [];

  beforeAll(async () => {
    const root = session.tempDir();
    for (let r = 0; r < RUNS; r++) writeRun(root, r);
    const { url } = await session.serve(root);
    const browser = await session.launchBrowser();
    page = await session.openApp(browser, url);
    // A wire-codec frame: its JSON header's length, then the header.
    const header = (payload: Buffer): { id?: number; request?: { op?: string } } =>
      JSON.parse(payload.subarray(4, 4 + payload.readUInt32LE(0)).toString('utf8')) as {
        id?: number;
        request?: { op?: string };
      };
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string') return;
        const { id, request } = header(frame.payload);
        if (request?.op !== undefined) {
          sent.push(request.op);
          wire.push({ op: request.op, id: id ?? -1, answered: false });
        }
      });
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') return;
        const { id } = header(frame.payload);
        const asked = wire.find((w) => w.id === id && !w.answered);
        if (asked !== undefined) wire.push({ op: asked.op, id: asked.id, answered: true });
      });
    });
    // The app's socket opened with the page, before the listener: a reload opens the one watched,
    // on the page, where Playwright sees it.
    await socketOnThePage(page);
    await page.reload();
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
  }, 120_000);

  afterAll(() => session.close());

  it('asks each panel’s envelopes once, before the snapshot is in, and draws them', async () => {
    sent.length = 0;
    wire.length = 0;
    const ids = Array.from({ length: RUNS }, (_, r) => runId(r));
    // Each panel's legend rows as they stood while the panel still read its curves.
    await evaluate(
      page,
      `(() => {
        window.__readingLegends = new Map();
        window.__readingWatch = new MutationObserver(() => {
          for (const panel of document.querySelectorAll('[data-testid="curve-panel"]'))
            if (panel.querySelector('[data-testid="chart-reading"]') !== null)
              window.__readingLegends.set(panel.dataset.key, [...panel.querySelectorAll('[data-testid="legend"] .legend-label')].map((label) => label.textContent));
        });
        window.__readingWatch.observe(document, { subtree: true, childList: true });
      })()`,
    );
    await goToRoute(page, `#/compare/${ids.join(',')}`);
    for (const key of KEYS)
      await page.waitForSelector(`[data-testid="curve-panel"][data-key="${key}"] canvas`, WAIT);
    await expect
      .poll(
        () =>
          evaluate<number>(
            page,
            `document.querySelectorAll('[data-testid="chart-reading"]').length`,
          ),
        WAIT,
      )
      .toBe(0);
    // One request a panel (its runs fit one), asked ahead of the snapshot the board's panels
    // wait for, and taken by the panel: none asked again.
    const envelopes = sent.filter((op) => op === 'envelopes');
    expect(envelopes).toHaveLength(KEYS.length);
    // Asked ahead: before the snapshot the board's panels wait for came back.
    const firstAsked = wire.findIndex((w) => w.op === 'envelopes' && !w.answered);
    const snapshotIn = wire.findIndex((w) => w.op === 'subscribe' && w.answered);
    expect(firstAsked).toBeGreaterThanOrEqual(0);
    expect(firstAsked).toBeLessThan(snapshotIn);
    // Asked with them, not after the page's first paint, and answered first: the board lays out
    // its panels while their curves are made.
    const snapshotAsked = wire.findIndex((w) => w.op === 'subscribe' && !w.answered);
    const firstEnvelopesIn = wire.findIndex((w) => w.op === 'envelopes' && w.answered);
    const lastDetailIn = Math.max(
      ...wire.map((w, i) => (w.op === 'runDetail' && w.answered ? i : -1)),
    );
    expect(snapshotAsked).toBeGreaterThanOrEqual(0);
    expect(lastDetailIn).toBeGreaterThanOrEqual(0);
    expect(snapshotAsked).toBeLessThan(firstAsked);
    expect(snapshotIn).toBeLessThan(firstEnvelopesIn);
    expect(lastDetailIn).toBeLessThan(firstEnvelopesIn);
    // While it read, each panel's legend already named every run, in the page's order: laid
    // out then, not in the frame that draws the curves.
    const reading = await evaluate<Record<string, string[]>>(
      page,
      `(() => { window.__readingWatch.disconnect(); return Object.fromEntries(window.__readingLegends); })()`,
    );
    expect(Object.keys(reading).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) expect(reading[key], key).toEqual(ids.map((_, r) => `run-${r}`));
  });

  it('draws every spike of a dashed run whole', async () => {
    const dashed = `run-${PALETTE.length}`;
    const colour = await legendColour(page, PANEL, dashed);
    const solid = await legendColour(page, PANEL, 'run-0');
    // The dashed run shares the first run's colour: only the dash tells them apart.
    expect(colour).toBe(solid);
    const { columns, rows } = await spikeRows(page, colour);
    // Each spike is a column (or two, where it falls between pixels) of its own.
    const spikes: Set<number>[] = [];
    columns.forEach(([x, lit], i) => {
      if (i === 0 || x - columns[i - 1]![0] > 3) spikes.push(new Set());
      for (const row of lit) spikes.at(-1)!.add(row);
    });
    expect(spikes).toHaveLength(SPIKES.length);
    // Each drawn whole, from the one row all their tips reach (they are one value) down: no
    // gap of a dash breaks one (a canvas dash along the path broke them into dashes).
    const tips = spikes.map((lit) => Math.min(...lit));
    expect(Math.max(...tips) - Math.min(...tips), `tips at rows ${tips}`).toBeLessThanOrEqual(1);
    for (const lit of spikes)
      expect(rows - Math.min(...lit), `a spike lit at rows ${[...lit]}`).toBe(lit.size);
    await screenshot(page, 'compare-dashed-spikes');
  });
});
