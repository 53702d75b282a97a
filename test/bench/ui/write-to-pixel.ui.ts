// UI bench case 1: write to pixel. A writer process appends samples to live runs; the page's
// probe times the paint after the first frame holding each step; a WebSocket client of the same
// server times the same appends' deltas, the baseline.

import type { BarePage } from './bare-chromium.js';
import { metricsLine } from '../../support/live-lines.js';
import type { LiveWriter } from '../../support/live-writer.js';
import { WsClient } from '../../support/live-ws.js';
import type { BenchFigure } from '../report.js';
import { LIVE_KEY, SIZES, liveRun } from './stores.js';
import { profiled } from './profile.js';
import { TOKEN, inPage, percentile, pollPage } from './ui-session.js';

const SPACING_MS = 5;

interface Draw {
  readonly painted: number;
  readonly key: string;
  readonly runs: readonly string[];
  readonly last: readonly number[];
}

/** Ms from each write to the paint of the first frame whose trace of its run holds its step. */
function pixelLatencies(draws: readonly Draw[], writes: readonly Write[]): number[] {
  const sorted = draws
    .filter((d) => d.key === LIVE_KEY && d.painted > 0)
    .sort((a, b) => a.painted - b.painted);
  return writes.map((w) => {
    const draw = sorted.find((d) => {
      const i = d.runs.findIndex((r) => r === w.runId || r.startsWith(`${w.runId}\u0000`));
      return i >= 0 && d.last[i]! >= w.step;
    });
    if (draw === undefined) throw new Error(`step ${w.step} of ${w.runId} was never drawn`);
    return draw.painted - w.at;
  });
}

interface Write {
  readonly runId: string;
  readonly step: number;
  readonly at: number;
}

/** Appends `appends` samples round the runs, one every SPACING_MS; the writer's times of each. */
async function appendRoundRobin(
  writer: LiveWriter,
  handles: readonly number[],
  runs: readonly string[],
  firstStep: number,
  appends: number,
): Promise<Write[]> {
  if (handles.length === 1) {
    const lines = Array.from({ length: appends }, (_, i) =>
      metricsLine(firstStep + i, { [LIVE_KEY]: i / appends }),
    );
    const times = await writer.stream(handles[0]!, lines, SPACING_MS);
    return times.map((at, i) => ({ runId: runs[0]!, step: firstStep + i, at }));
  }
  const writes: Write[] = [];
  for (let i = 0; i < appends; i++) {
    const r = i % handles.length;
    const step = firstStep + Math.floor(i / handles.length);
    const [at] = await writer.stream(
      handles[r]!,
      [metricsLine(step, { [LIVE_KEY]: i / appends })],
      0,
    );
    writes.push({ runId: runs[r]!, step, at: at! });
    await new Promise((done) => setTimeout(done, SPACING_MS));
  }
  return writes;
}

async function measure(
  page: BarePage,
  port: number,
  writer: LiveWriter,
  handles: readonly number[],
  firstStep: number,
): Promise<{ pixel: number[]; socket: number[] }> {
  const runs = handles.map((_, n) => liveRun(n));
  const arrived = new Map<string, number>();
  const client = await WsClient.connect(port, TOKEN, (delta, at) => {
    if (delta.type !== 'samples') return;
    for (const step of delta.series.steps) {
      const k = `${delta.series.runId}/${step}`;
      if (!arrived.has(k)) arrived.set(k, at);
    }
  });
  try {
    await client.ok({ op: 'subscribe', runIds: runs });
    await inPage(page, '__muninBench.take().length');
    const writes = await appendRoundRobin(writer, handles, runs, firstStep, SIZES.appends);
    const lastOf = new Map(writes.map((w) => [w.runId, w.step]));
    // Every run's last step painted on the panel of the key.
    await pollPage(
      page,
      `(() => { const want = ${JSON.stringify([...lastOf])}; return want.every(([run, step]) =>
        __muninBench.draws.some((d) => d.painted > 0 && d.key === ${JSON.stringify(LIVE_KEY)} &&
          d.runs.some((r, i) => (r === run || r.startsWith(run + '\\u0000')) && d.last[i] >= step))); })()`,
      30_000,
    );
    const draws = await inPage<Draw[]>(page, '__muninBench.take()');
    const socket = writes.map((w) => {
      const at = arrived.get(`${w.runId}/${w.step}`);
      if (at === undefined) throw new Error(`no delta for step ${w.step} of ${w.runId}`);
      return at - w.at;
    });
    return { pixel: pixelLatencies(draws, writes), socket };
  } finally {
    await client.close();
  }
}

function figures(label: string, m: { pixel: number[]; socket: number[] }): BenchFigure[] {
  const p = (values: number[], q: number): number => percentile(values, q);
  const name = `write to pixel, ${label} (${m.pixel.length} appends, ${SPACING_MS} ms apart)`;
  return [
    {
      name: `${name}, p50`,
      value: p(m.pixel, 50),
      unit: 'ms',
      baseline: p(m.socket, 50),
      ratio: p(m.pixel, 50) / p(m.socket, 50),
      goal: 'reported with p99; baseline: write to WebSocket delta of the same appends',
    },
    {
      name: `${name}, p99`,
      value: p(m.pixel, 99),
      unit: 'ms',
      baseline: p(m.socket, 99),
      ratio: p(m.pixel, 99) / p(m.socket, 99),
      goal: 'value < 100 and value < baseline + 50',
    },
  ];
}

/** The run page of live run 0, then a Compare of `compared` live runs. */
export async function benchWriteToPixel(
  page: BarePage,
  port: number,
  writer: LiveWriter,
  handles: readonly number[],
  compared: number,
): Promise<BenchFigure[]> {
  const panel = `[data-testid="curve-panel"][data-key="${LIVE_KEY}"] canvas`;
  await inPage(page, `location.hash = ${JSON.stringify(`#/run/${liveRun(0)}/metrics`)}`);
  await page.waitForSelector(panel, { timeout: 30_000 });
  const one = await profiled(page, 'write-to-pixel-run-page', () =>
    measure(page, port, writer, handles.slice(0, 1), 10),
  );
  const ids = handles.slice(0, compared).map((_, n) => encodeURIComponent(liveRun(n)));
  await inPage(page, `location.hash = ${JSON.stringify(`#/compare/${ids.join(',')}`)}`);
  await page.waitForSelector(panel, { timeout: 30_000 });
  const many = await profiled(page, 'write-to-pixel-compare', () =>
    measure(page, port, writer, handles.slice(0, compared), 10 + SIZES.appends),
  );
  return [
    ...figures('1 live run, run page', one),
    ...figures(`${compared} live runs, Compare page`, many),
  ];
}
