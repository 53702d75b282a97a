// UI bench case 3: interaction. Drag-zoom on a long series until its envelope is redrawn, one
// character typed in the runs filter until the rows change, and scrolling the runs table for 5 s
// counting long tasks; each beside the bare floor doing the same from memory.

import type { BarePage } from './bare-chromium.js';
import type { BenchFigure } from '../report.js';
import { floorZoom, mountFloorTable } from './floor.js';
import { SIZES, ZOOM_KEY, ZOOM_RUN } from './stores.js';
import { profiled } from './profile.js';
import { inPage, percentile, pollPage } from './ui-session.js';

const ZOOMS = Number(process.env['MUNIN_BENCH_UI_ZOOMS'] ?? 20);
const KEYS = Number(process.env['MUNIN_BENCH_UI_KEYS'] ?? 20);
const SCROLL_MS = 5000;

const zoomPanel = `[data-testid="curve-panel"][data-key="${ZOOM_KEY}"]`;
/** The newest draw of the zoomed panel: its data's identity and x range. */
const LATEST = `(() => { const d = __muninBench.draws.filter((d) => d.key === ${JSON.stringify(ZOOM_KEY)} && d.painted > 0).at(-1); return d ?? null; })()`;

interface DrawInfo {
  readonly data: number;
  readonly painted: number;
  readonly xMin: number;
  readonly xMax: number;
}

/** Drags across [from, to] of the plot's width; ms from the mouseup to the new envelope's paint. */
async function dragZoom(page: BarePage, from: number, to: number): Promise<number> {
  const box = await page.boundingBox(`${zoomPanel} .u-over`);
  const before = (await inPage<DrawInfo>(page, LATEST)).data;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 2 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 2 });
  await page.mouse.up();
  // The envelope asked for the new range: data other than the one drawn before the drag.
  await pollPage(
    page,
    `(() => { const d = ${LATEST}; return d !== null && d.data !== ${before} && d.painted > __muninBench.events.mouseup; })()`,
    30_000,
  );
  return inPage<number>(
    page,
    `(() => { const up = __muninBench.events.mouseup; return __muninBench.draws.find((d) =>
      d.key === ${JSON.stringify(ZOOM_KEY)} && d.data !== ${before} && d.painted > up).painted - up; })()`,
  );
}

/** Double-click to reset, waited for until the whole range's envelope is painted again. */
async function resetZoom(page: BarePage): Promise<void> {
  const before = (await inPage<DrawInfo>(page, LATEST)).data;
  await page.dblclick(`${zoomPanel} .u-over`);
  await pollPage(
    page,
    `(() => { const d = ${LATEST}; return d !== null && d.data !== ${before}; })()`,
    30_000,
  );
  await new Promise((done) => setTimeout(done, 200));
}

export async function benchZoom(page: BarePage, floor: BarePage): Promise<BenchFigure> {
  await inPage(page, `location.hash = ${JSON.stringify(`#/run/${ZOOM_RUN}/metrics`)}`);
  await pollPage(page, `${LATEST} !== null`, 120_000);
  await new Promise((done) => setTimeout(done, 500));
  const times: number[] = [];
  const ranges: [number, number][] = [];
  for (let i = 0; i < ZOOMS; i++) {
    const from = 0.1 + (i % 5) * 0.15;
    const to = from + 0.08;
    times.push(
      await (i === ZOOMS - 1
        ? profiled(page, 'zoom', () => dragZoom(page, from, to))
        : dragZoom(page, from, to)),
    );
    const zoomed = await inPage<DrawInfo>(page, LATEST);
    ranges.push([zoomed.xMin, zoomed.xMax]);
    await resetZoom(page);
  }
  const size = await inPage<{ width: number; height: number }>(
    page,
    `(() => { const h = document.querySelector(${JSON.stringify(`${zoomPanel} .chart-host`)});
      return { width: h.clientWidth, height: h.clientHeight }; })()`,
  );
  const floorTimes = await floorZoom(
    floor,
    SIZES.zoomSamples,
    size.width,
    size.height,
    ranges.slice(0, 10),
  );
  return {
    name: `drag-zoom on ${SIZES.zoomSamples} samples, mouseup to envelope painted, p95 of ${times.length}`,
    value: percentile(times, 95),
    unit: 'ms',
    baseline: percentile(floorTimes, 95),
    ratio: percentile(times, 95) / percentile(floorTimes, 95),
    goal: 'value < 100 (baseline: bare uPlot zooming the whole series held in memory)',
  };
}

const ROW_IDS = `[...document.querySelectorAll('[data-run-id]')].map((r) => r.getAttribute('data-run-id')).join(',')`;

/** Presses key into the focused input; ms from its keydown to the paint after the rows changed. */
async function typeOne(page: BarePage, key: string): Promise<number> {
  await inPage(
    page,
    `(() => { const before = ${ROW_IDS};
      // On the document itself: setContent gives the floor page a document of its own.
      document.addEventListener('keydown', (e) => (window.__keydownAt = performance.timeOrigin + e.timeStamp), { capture: true, once: true });
      window.__rowsPainted = __muninBench.whenDom(() => ${ROW_IDS} !== before); })()`,
  );
  await page.keyboard.press(key);
  return inPage<number>(page, `window.__rowsPainted.then((t) => t - window.__keydownAt)`);
}

async function typeTimes(page: BarePage, input: string): Promise<number[]> {
  await page.click(input);
  const times: number[] = [];
  for (let i = 0; i < KEYS; i++) {
    times.push(await typeOne(page, '7'));
    times.push(await typeOne(page, 'Backspace'));
  }
  return times;
}

export async function benchTable(page: BarePage, floor: BarePage): Promise<BenchFigure[]> {
  await inPage(page, `location.hash = '#/'`);
  await page.waitForSelector('[data-testid="runs-table"] [data-run-id]');
  const height = await inPage<number>(
    page,
    `document.querySelector('[data-testid="runs-table"]').clientHeight`,
  );
  await mountFloorTable(floor, SIZES.tableRuns, height);
  const app = await profiled(page, 'filter-runs', () =>
    typeTimes(page, '[data-testid="run-filter"]'),
  );
  const bare = await typeTimes(floor, '#filter');
  type Scrolled = { longTasks: number; slowFrames: number; frames: number };
  const scroll = (p: BarePage, selector: string): Promise<Scrolled> =>
    inPage<Scrolled>(
      p,
      `__muninBench.scroll(document.querySelector(${JSON.stringify(selector)}), 40, ${SCROLL_MS})`,
    );
  const scrolled = await profiled(page, 'scroll-runs', () =>
    scroll(page, '[data-testid="runs-table"]'),
  );
  const floorScrolled = await scroll(floor, '#scroller');
  return [
    {
      name: `type one character in the runs filter of ${SIZES.tableRuns} runs, keydown to rows painted, p95 of ${app.length}`,
      value: percentile(app, 95),
      unit: 'ms',
      baseline: percentile(bare, 95),
      ratio: percentile(app, 95) / percentile(bare, 95),
      goal: 'value < 50 (baseline: the same rows filtered from memory)',
    },
    {
      name: `scroll the runs table of ${SIZES.tableRuns} runs for ${SCROLL_MS / 1000} s, long tasks (${scrolled.frames} frames, ${scrolled.slowFrames} over 50 ms)`,
      value: scrolled.longTasks,
      unit: 'tasks over 50 ms',
      baseline: floorScrolled.longTasks,
      ratio: scrolled.longTasks / Math.max(1, floorScrolled.longTasks),
      goal: 'value == 0 (baseline: the bare table scrolled the same; ratio over max(1, baseline))',
    },
  ];
}
