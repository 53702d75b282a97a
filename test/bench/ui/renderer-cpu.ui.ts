// UI bench case 4: the renderer's CPU on a Compare page of live runs, from the DevTools
// protocol's Performance.getMetrics (TaskDuration per second of wall time), beside the same page
// while nothing is written, and beside bare uPlot making the same draws of the same chart.

import type { BarePage } from './bare-chromium.js';
import type { LiveWriter } from '../../support/live-writer.js';
import type { BenchFigure } from '../report.js';
import { LIVE_KEY, SIZES, liveRun } from './stores.js';
import { startFloorLiveChart } from './floor.js';
import { profiled } from './profile.js';
import { inPage } from './ui-session.js';

const TICK_MS = 100;

const PARTS = ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

/** The renderer's busy share of one core over seconds of wall time, and its parts' shares. */
async function busyShare(page: BarePage, seconds: number): Promise<number> {
  const cdp = await page.newCDPSession();
  await cdp.send('Performance.enable');
  const read = async (): Promise<Map<string, number>> => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return new Map(metrics.map((m) => [m.name, m.value]));
  };
  const start = performance.now();
  const before = await read();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const after = await read();
  const wall = (performance.now() - start) / 1000;
  await cdp.detach();
  const share = (name: string): number => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / wall;
  // Where the busy time went, for whoever reads the run: not a figure of its own.
  const parts = PARTS.map((name) => `${name} ${(share(name) * 100).toFixed(1)}%`);
  process.stderr.write(
    `renderer over ${seconds} s: TaskDuration ${(share('TaskDuration') * 100).toFixed(1)}%, ${parts.join(', ')}\n`,
  );
  return share('TaskDuration');
}

/** A draw the probe recorded: how many points each series of the chart held. */
interface DrawRecord {
  readonly points: number;
}

export async function benchRendererCpu(
  page: BarePage,
  floor: BarePage,
  writer: LiveWriter,
  handles: readonly number[],
  firstStep: number,
): Promise<BenchFigure[]> {
  const ids = handles.map((_, n) => encodeURIComponent(liveRun(n)));
  await inPage(page, `location.hash = ${JSON.stringify(`#/compare/${ids.join(',')}`)}`);
  const canvas = `[data-testid="curve-panel"][data-key="${LIVE_KEY}"] canvas`;
  await page.waitForSelector(canvas);
  await new Promise((done) => setTimeout(done, 1000));
  await inPage(page, '__muninBench.take().length');
  // Draws are counted, not timed: timing each to its paint costs the page a message and a frame
  // mark a draw (0.7 % of a core in a trace), which the floor does not pay.
  await inPage(page, '__muninBench.timing = false');
  const idle = await busyShare(page, SIZES.cpuSeconds);
  // Each run at a phase of its own, evenly over the interval: independent runs are not in step,
  // and tickers started together came to the host together, or not, as the start fell out (the
  // same page measured 9.2 % at 600 draws a minute and 15.8 % at 1,064).
  for (const [i, handle] of handles.entries())
    await writer.tick(handle, LIVE_KEY, TICK_MS, firstStep, (i * TICK_MS) / handles.length);
  let live: number;
  try {
    live = await profiled(page, 'renderer-cpu-live', () => busyShare(page, SIZES.cpuSeconds));
  } finally {
    for (const handle of handles) await writer.untick(handle);
    await inPage(page, '__muninBench.timing = true');
  }
  const draws = await inPage<DrawRecord[]>(page, '__muninBench.take()');
  const size = await inPage<{ width: number; height: number }>(
    page,
    `(() => { const c = document.querySelector(${JSON.stringify(canvas)});
      return { width: c.clientWidth, height: c.clientHeight }; })()`,
  );
  // The floor: the same chart (size, series, points and their growth) redrawn as often, by
  // uPlot alone, from memory: what drawing costs this browser before the app does anything.
  const first = draws[0]?.points ?? 0;
  const stop = await startFloorLiveChart(floor, {
    series: handles.length,
    points: first,
    growth: draws.length > 1 ? ((draws.at(-1)?.points ?? first) - first) / (draws.length - 1) : 0,
    ...size,
    drawsPerSecond: draws.length / SIZES.cpuSeconds,
  });
  let bare: number;
  try {
    bare = await busyShare(floor, SIZES.cpuSeconds);
  } finally {
    await stop();
  }
  const what = `Compare of ${handles.length} live runs writing every ${TICK_MS} ms at phases ${TICK_MS / handles.length} ms apart, over ${SIZES.cpuSeconds} s (${draws.length} panel draws)`;
  return [
    {
      name: `renderer CPU, ${what}`,
      value: live * 100,
      unit: '% of a core',
      baseline: idle * 100,
      ratio: live / idle,
      goal: 'value < 10 (baseline: the same page with nothing written)',
    },
    {
      name: `renderer CPU against bare uPlot redrawing the same ${size.width}x${size.height} chart of ${handles.length} series as often, ${what}`,
      value: live * 100,
      unit: '% of a core',
      baseline: bare * 100,
      ratio: live / bare,
      goal: 'none of its own: the floor under the figure above, what uPlot alone pays here for the same draws',
    },
  ];
}
