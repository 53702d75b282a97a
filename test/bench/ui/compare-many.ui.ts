// UI bench case: a Compare of many runs (200 runs x 12 keys). Its open, click to every panel
// painted, against the floor drawing what the panels draw (each line's envelope, 4 points a pixel
// column) from memory; and what a hover puts on the wire: requests and bytes per cursor move,
// against one request a panel and the readout's own values.

import type { BarePage } from './bare-chromium.js';
import type { BenchFigure } from '../report.js';
import { floorCharts } from './floor.js';
import { chartSize, figure, inTurn, openBoard } from './open-pages.ui.js';
import { SIZES, keyName, manyRun } from './stores.js';
import { inPage, pollPage } from './ui-session.js';
import { watchSocketFrames } from './socket-frames.js';

const OPENS = Number(process.env['MUNIN_BENCH_UI_OPENS'] ?? 5);
const HOVERS = Number(process.env['MUNIN_BENCH_UI_HOVERS'] ?? 10);
/** A cursor's point as the host answers it: step, time, x, value and smoothed, 8 bytes each. */
const POINT_BYTES = 5 * 8;

const panelOf = (key: string): string => `[data-testid="curve-panel"][data-key="${key}"]`;

/** Per panel, how many runs its legend shows a value for. */
const READOUTS = `[...document.querySelectorAll('[data-testid="curve-panel"]')].map((p) =>
  [...p.querySelectorAll('[data-testid="legend-value"]')].filter((v) => /\\d/.test(v.textContent)).length)`;

interface Wire {
  sent: number;
  bytes: number;
}

export async function benchCompareMany(page: BarePage, floor: BarePage): Promise<BenchFigure[]> {
  const ids = Array.from({ length: SIZES.manyRuns }, (_, r) => manyRun(r));
  const keys = Array.from({ length: SIZES.compareKeys }, (_, k) => keyName(k));
  const open = (): Promise<number> =>
    openBoard(page, `#/compare/${ids.join(',')}`, keys, SIZES.manySamples - 1, ids.length);
  const floorOpen = async (): Promise<number> => {
    const size = await chartSize(page);
    // What a panel draws of each line: its envelope, at most 4 points a pixel column.
    const points = Math.min(SIZES.manySamples, 4 * size.width);
    return floorCharts(floor, { charts: keys.length, series: ids.length, points, ...size });
  };
  const times = await inTurn(OPENS, open, floorOpen, { app: page, floor }, 'open-compare-many');
  const shape = `${SIZES.manyRuns} runs × ${SIZES.compareKeys} keys × ${SIZES.manySamples} samples`;

  // Hovers over the first panel at spread x, each waited for until every run's value is read.
  const wire: Wire = { sent: 0, bytes: 0 };
  const stop = await watchSocketFrames(page, {
    sent: (size) => {
      wire.sent++;
      wire.bytes += size;
    },
    received: (size) => void (wire.bytes += size),
  });
  const over = `${panelOf(keys[0]!)} .u-over`;
  const box = await page.boundingBox(over);
  let sent = 0;
  let bytes = 0;
  let readouts = 0;
  try {
    for (let i = 0; i < HOVERS; i++) {
      await page.mouse.move(box.x + 5, box.y + 5);
      await page.mouse.move(box.x - 20, box.y - 20);
      await new Promise((done) => setTimeout(done, 200));
      wire.sent = 0;
      wire.bytes = 0;
      await page.mouse.move(box.x + box.width * (0.1 + (0.8 * i) / HOVERS), box.y + box.height / 2);
      await pollPage(page, `${READOUTS}.some((n) => n >= ${ids.length})`, 60_000);
      // Panels read together (a shared cursor) come in their own time: a pause lets them finish.
      await new Promise((done) => setTimeout(done, 300));
      const read = await inPage<number[]>(page, READOUTS);
      sent += wire.sent;
      bytes += wire.bytes;
      readouts += read.reduce((a, b) => a + b, 0);
    }
  } finally {
    await stop();
  }
  // Every hover asks the host for its readout: none seen is frames out of the protocol's sight.
  if (sent === 0) throw new Error('no WebSocket frame was seen sent while hovering');
  const panelsRead = readouts / ids.length;
  return [
    figure(`open Compare: ${shape}, click to all panels painted`, times),
    {
      name: `hover over a Compare of ${shape}: requests sent per cursor move (mean of ${HOVERS}, ${(panelsRead / HOVERS).toFixed(1)} panels read each)`,
      value: sent / HOVERS,
      unit: 'requests',
      baseline: panelsRead / HOVERS,
      ratio: sent / panelsRead,
      goal: 'ratio <= 1 (baseline: one request a panel that reads its runs)',
    },
    {
      name: `hover over a Compare of ${shape}: bytes on the wire per cursor move, both ways (mean of ${HOVERS})`,
      value: bytes / HOVERS,
      unit: 'bytes',
      baseline: (readouts * POINT_BYTES) / HOVERS,
      ratio: bytes / (readouts * POINT_BYTES),
      goal: "ratio < 4 (baseline: the readout's points alone, 40 bytes a run a panel)",
    },
  ];
}
