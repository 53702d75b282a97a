// UI bench case 2: opening pages, from the navigation a click makes to every panel (or row)
// painted, against the bare floor: uPlot drawing the same arrays from memory, rows from memory.

import type { BarePage, PageSession } from './bare-chromium.js';
import type { BenchFigure } from '../report.js';
import { floorCharts } from './floor.js';
import { BOARD_RUN, SIZES, compareRun, keyName } from './stores.js';
import { profiled } from './profile.js';
import { messagesTakenIn, wireFloor } from './wire-floor.js';
import { VIEWPORT, inPage, percentile } from './ui-session.js';

/**
 * Each page is opened this often, its floor drawn as often in turn. Three opens and then three
 * floors put the app and its floor in different spells of a shared machine: the same build's
 * Compare measured 2.11, 2.36 and 2.23 times its floor, the floor alone 244 to 328 ms.
 */
const OPENS = Number(process.env['MUNIN_BENCH_UI_OPENS'] ?? 5);
/**
 * The table opens in well under a frame's worth of work more than its floor, so where the click
 * falls against the display's frames moves each time by up to 16 ms: three opens gave medians of
 * 48-66 ms for the same build. It is cheap to open, so it is opened more often.
 */
const TABLE_OPENS = Number(process.env['MUNIN_BENCH_UI_TABLE_OPENS'] ?? 15);

/** Leaves for the home page, once its runs table shows rows. */
async function showHome(page: BarePage): Promise<void> {
  await inPage(page, `location.hash = '#/'`);
  await page.waitForSelector('[data-testid="runs-table"] [data-run-id]');
}

/**
 * Ms from setting the route to the paint after each key's panel first drew every run's last
 * step; `home` is left first, so that each open builds the page afresh.
 */
export async function openBoard(
  page: BarePage,
  hash: string,
  keys: readonly string[],
  lastStep: number,
  runs: number,
): Promise<number> {
  await showHome(page);
  await new Promise((done) => setTimeout(done, 300));
  const complete = `((d) => d.painted > 0 && d.runs.length >= ${runs} && d.last.every((s) => s >= ${lastStep}))`;
  let start = 0;
  try {
    // One call, answered once all is drawn: the page is asked nothing while it draws.
    start = await inPage<number>(
      page,
      `(async () => { __muninBench.take(); const t = __muninBench.now(); location.hash = ${JSON.stringify(hash)};
        await __muninBench.until(() => ${JSON.stringify(keys)}.every((key) =>
          __muninBench.draws.some((d) => d.key === key && ${complete}(d))), 60000);
        return t; })()`,
    );
  } catch (error) {
    // Say what the page drew instead: each key's newest frame.
    const seen = await inPage<string>(
      page,
      `JSON.stringify(${JSON.stringify(keys)}.map((key) => { const d = __muninBench.draws.filter((d) => d.key === key).at(-1);
        return d === undefined ? [key, 'never drawn'] : [key, d.runs.length, Math.min(...d.last)]; }))`,
    );
    throw new Error(`${hash}: not every panel drew all its runs' samples: ${seen}`, {
      cause: error,
    });
  }
  return inPage<number>(
    page,
    `Math.max(...${JSON.stringify(keys)}.map((key) => Math.min(...__muninBench.draws
      .filter((d) => d.key === key && ${complete}(d)).map((d) => d.painted)))) - ${start}`,
  );
}

/** The width and height of the app's plotting hosts, for the floor to draw the same size. */
export async function chartSize(page: BarePage): Promise<{ width: number; height: number }> {
  return inPage(
    page,
    `(() => { const h = document.querySelector('[data-testid="curve-panel"] .chart-host');
      return { width: h.clientWidth, height: h.clientHeight }; })()`,
  );
}

export function figure(
  name: string,
  times: { app: number[]; floor: number[] },
  goal = 'ratio < 2 (baseline: bare uPlot drawing the same arrays from memory)',
): BenchFigure {
  const value = percentile(times.app, 50);
  const baseline = percentile(times.floor, 50);
  return {
    name: `${name} (median of ${times.app.length})`,
    value,
    unit: 'ms',
    baseline,
    ratio: value / baseline,
    goal,
  };
}

/**
 * The run page's and the Compare's opens, each against its floor drawn on a floor page of its
 * own, the run page's closed before the Compare is timed. A page left holding the run page's
 * floor (40 uPlot charts of 200,000 samples) slowed every other page's drawing, though each page
 * is a browser context of its own: the Compare's floor on a fresh page took 298-343 ms beside
 * it, 155 ms once it was closed, and cleared of its charts and collected it still took 331 ms.
 */
export async function benchOpenBoards(
  page: BarePage,
  openFloor: () => Promise<BarePage>,
): Promise<BenchFigure[]> {
  const boardKeys = Array.from({ length: SIZES.boardKeys }, (_, k) => keyName(k));
  // The floor draws at the size the app's plots were just drawn.
  const floorOf =
    (on: BarePage, charts: number, series: number, points: number) => async (): Promise<number> =>
      floorCharts(on, { charts, series, points, ...(await chartSize(page)) });
  const runFloor = await openFloor();
  let board: { app: number[]; floor: number[] };
  try {
    board = await inTurn(
      OPENS,
      () => openBoard(page, `#/run/${BOARD_RUN}/metrics`, boardKeys, SIZES.boardSamples - 1, 1),
      floorOf(runFloor, SIZES.boardKeys, 1, SIZES.boardSamples),
      { app: page, floor: runFloor },
      'open-run-page',
    );
  } finally {
    await runFloor.close();
  }
  const compareFloor = await openFloor();
  try {
    return [
      figure(
        `open a run page: ${SIZES.boardKeys} keys × ${SIZES.boardSamples} samples, click to all panels painted`,
        board,
      ),
      ...(await benchOpenCompare(page, compareFloor, boardKeys, floorOf)),
    ];
  } finally {
    await compareFloor.close();
  }
}

/** The Compare's open against its floor, and against taking in its messages alone. */
async function benchOpenCompare(
  page: BarePage,
  compareFloor: BarePage,
  boardKeys: readonly string[],
  floorOf: (on: BarePage, charts: number, series: number, points: number) => () => Promise<number>,
): Promise<BenchFigure[]> {
  const ids = Array.from({ length: SIZES.compareRuns }, (_, r) => compareRun(r));
  const compareKeys = boardKeys.slice(0, SIZES.compareKeys);
  const openCompare = (): Promise<number> =>
    openBoard(
      page,
      `#/compare/${ids.join(',')}`,
      compareKeys,
      SIZES.compareSamples - 1,
      ids.length,
    );
  const compare = await inTurn(
    OPENS,
    openCompare,
    floorOf(compareFloor, SIZES.compareKeys, SIZES.compareRuns, SIZES.compareSamples),
    { app: page, floor: compareFloor },
    'open-compare',
  );
  // Each open at a width not asked for before, from the home page: every envelope is scanned
  // afresh, none recalled from the host's memo of each series' last view.
  let narrower = 0;
  const cold = await inTurn(
    OPENS,
    async () => {
      await showHome(page);
      narrower += 4;
      await page.resize({ width: VIEWPORT.width - narrower, height: VIEWPORT.height });
      return openCompare();
    },
    floorOf(compareFloor, SIZES.compareKeys, SIZES.compareRuns, SIZES.compareSamples),
    { app: page, floor: compareFloor },
    'open-compare-cold',
  );
  // Back at its own size from the home page: resized on the Compare, its panels would ask
  // for their envelopes again while the next figure counts the open's messages.
  await showHome(page);
  await page.resize(VIEWPORT);
  // Once more, unmeasured (the protocol's network events copy every frame), for the sizes of
  // the messages an open takes in: the wire floor sends as many, as big, from memory.
  const sizes = await messagesTakenIn(page, openCompare);
  const wire = await wireFloor(compareFloor, sizes, OPENS);
  return [
    figure(
      `open Compare: ${SIZES.compareRuns} runs × ${SIZES.compareKeys} keys × ${SIZES.compareSamples} samples, click to all panels painted`,
      compare,
      'ratio < 1.5 (issue 41; baseline: bare uPlot drawing the same arrays from memory)',
    ),
    figure(
      `open Compare, as above, at a width never asked for (no envelope recalled)`,
      cold,
      'none of its own: the figure above with every envelope scanned afresh on the host',
    ),
    figure(
      `open Compare against taking in its ${sizes.length} WebSocket messages (${(sizes.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB) alone`,
      { app: compare.app, floor: wire },
      'none of its own: the wire floor under the figure above, what moving the bytes into this browser costs',
    ),
  ];
}

/** Times work again and again; the last time profiled when profiling, a warm one. */
async function repeat(
  times: number,
  work: () => Promise<number>,
  page?: BarePage,
  name?: string,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const last = i === times - 1 && page !== undefined && name !== undefined;
    out.push(await (last ? profiled(page, name, work) : work()));
  }
  return out;
}

/**
 * How long both pages are left after their garbage is collected, before either is timed: the
 * work a page does after its paint (raster, freeing what it drew before) otherwise runs into
 * the other's time. Timed straight after the floor, the app's Compare took 346-561 ms against
 * 217-342 ms after a rest; the floor straight after the app 206-335 ms against 136-154.
 */
const SETTLE_MS = 500;

/** Collects both pages' garbage and lets them rest, so that neither is timed amid the other's. */
async function settle(sessions: readonly PageSession[]): Promise<void> {
  for (const cdp of sessions) await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((done) => setTimeout(done, SETTLE_MS));
}

/**
 * The app's work and its floor's, each `times` over in turn (app, floor, app, ...), so that a
 * spell of a shared machine slows both alike, each after both pages have settled; the app's
 * last time profiled when profiling.
 */
export async function inTurn(
  times: number,
  app: () => Promise<number>,
  floor: () => Promise<number>,
  pages: { readonly app: BarePage; readonly floor: BarePage },
  name: string,
): Promise<{ app: number[]; floor: number[] }> {
  const out = { app: [] as number[], floor: [] as number[] };
  const both = [await pages.app.newCDPSession(), await pages.floor.newCDPSession()];
  try {
    for (let i = 0; i < times; i++) {
      await settle(both);
      out.app.push(await (i === times - 1 ? profiled(pages.app, name, app) : app()));
      await settle(both);
      out.floor.push(await floor());
    }
  } finally {
    for (const cdp of both) await cdp.detach();
  }
  return out;
}

const ROWS = '[data-testid="runs-table"] [data-run-id]';

/** From a run's page, the runs table opened until its rows are painted; the floor's the same. */
export async function benchOpenTable(
  page: BarePage,
  floor: BarePage,
  runId: string,
): Promise<BenchFigure> {
  // In a row, not in turn with the floor: the table opens within a frame or two, so where it
  // falls against the display's frames decides its time, and in turn the floor fell differently
  // (12.4-18.1 ms against 21-22 in a row, the app's 28.7-49.5 against 27-31).
  const app = await repeat(
    TABLE_OPENS,
    async () => {
      await inPage(page, `location.hash = ${JSON.stringify(`#/run/${runId}/overview`)}`);
      await page.waitForSelector('[data-testid="run-page"]');
      await new Promise((done) => setTimeout(done, 300));
      return inPage<number>(
        page,
        `(async () => { const t = __muninBench.now();
        const painted = __muninBench.whenDom(() => document.querySelectorAll(${JSON.stringify(ROWS)}).length > 0);
        document.querySelector('[data-testid="nav-runs"]').click();
        return (await painted) - t; })()`,
      );
    },
    page,
    'open-runs-table',
  );
  const floorTimes = await repeat(TABLE_OPENS, () =>
    inPage<number>(
      floor,
      `(async () => { document.getElementById('root').replaceChildren();
        await new Promise((done) => __muninBench.afterPaint(done));
        const t = __muninBench.now();
        const painted = __muninBench.whenDom(() => document.querySelectorAll('[data-run-id]').length > 0);
        window.__mountFloor();
        return (await painted) - t; })()`,
    ),
  );
  const height = await inPage<number>(
    page,
    `document.querySelector('[data-testid="runs-table"]').clientHeight`,
  );
  return figure(
    `open the runs table of ${SIZES.tableRuns} runs from a run page, click to rows painted`,
    { app, floor: floorTimes },
    `ratio < 2 (baseline: the same rows written from memory, ${height} px tall)`,
  );
}
