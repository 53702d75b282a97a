// Benchmark: latency from a writer's write() to the 'samples' delta at a WebSocket client.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { WatchOptions } from '../../electron/follow/store-watcher.js';
import { serve } from '../../electron/host/serve.js';
import { metricsLine } from '../support/live-lines.js';
import { startLiveRun } from '../support/live-store.js';
import { LiveWriter } from '../support/live-writer.js';
import { wallClock, WsClient } from '../support/live-ws.js';
import type { BenchFigure } from './report.js';

const TOKEN = 'bench-token';
const RUN = '20261101T120000Z-1a7e0c10';
const SPACING_MS = 5;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Measured {
  readonly p50: number;
  readonly p99: number;
  readonly roundTripP50: number;
}

async function measure(
  root: string,
  writer: LiveWriter,
  handle: number,
  watch: WatchOptions,
  firstStep: number,
  appends: number,
): Promise<Measured> {
  const backend = await Backend.open(root, { watch });
  const server = await serve(backend, { port: 0, token: TOKEN, rendererDir: join(root, 'ui') });
  const arrived = new Map<number, number>();
  const client = await WsClient.connect(server.port, TOKEN, (delta, at) => {
    if (delta.type !== 'samples' || delta.series.runId !== RUN) return;
    for (const step of delta.series.steps) arrived.set(step, at);
  });
  try {
    const trips: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = wallClock();
      await client.ok({ op: 'storeInfo' });
      trips.push(wallClock() - start);
    }
    trips.sort((a, b) => a - b);
    await client.ok({ op: 'subscribe', runIds: [RUN] });
    const lines = Array.from({ length: appends }, (_, i) =>
      metricsLine(firstStep + i, { 'bench/latency': i / appends }),
    );
    const written = await writer.stream(handle, lines, SPACING_MS);
    const deadline = Date.now() + 10_000;
    while (arrived.size < appends && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    if (arrived.size < appends)
      throw new Error(`only ${arrived.size} of ${appends} samples arrived`);
    const latencies = written
      .map((at, i) => arrived.get(firstStep + i)! - at)
      .sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      roundTripP50: percentile(trips, 50),
    };
  } finally {
    await client.close();
    await server.close();
    await backend.close();
  }
}

export async function benchLiveLatency(appends = 1000): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-live-'));
  mkdirSync(join(root, 'runs'));
  mkdirSync(join(root, 'ui'));
  const writer = LiveWriter.start();
  try {
    const handle = await startLiveRun(writer, root, RUN);
    const figures: BenchFigure[] = [];
    const modes: [string, WatchOptions, string][] = [
      ['events', { mode: 'events' }, 'p99 < 100 ms'],
      ['polling 250 ms', { mode: 'polling', intervalMs: 250 }, 'p99 < 350 ms (interval + 100 ms)'],
    ];
    let firstStep = 0;
    const measureMode = async (label: string, watch: WatchOptions, goal: string): Promise<void> => {
      const m = await measure(root, writer, handle, watch, firstStep, appends);
      firstStep += appends;
      const name = `write to WebSocket delta, ${label}`;
      figures.push(
        {
          name: `${name}, p50`,
          value: m.p50,
          unit: 'ms',
          baseline: m.roundTripP50,
          ratio: m.p50 / m.roundTripP50,
          goal: 'reported with p99',
        },
        {
          name: `${name}, p99`,
          value: m.p99,
          unit: 'ms',
          baseline: m.roundTripP50,
          ratio: m.p99 / m.roundTripP50,
          goal,
        },
      );
    };
    for (const [label, watch, goal] of modes) await measureMode(label, watch, goal);
    // The same with 49 other live runs writing ten samples a second each, in another process.
    const others: number[] = [];
    for (let i = 0; i < 49; i++) {
      const other = await startLiveRun(
        writer,
        root,
        `20261101T130000Z-0ther${String(i).padStart(3, '0')}`,
      );
      await writer.tick(other, 'train/loss', 100);
      others.push(other);
    }
    await measureMode('events, 50 live runs', { mode: 'events' }, 'p99 < 100 ms');
    for (const other of others) await writer.untick(other);
    return figures;
  } finally {
    await writer.kill();
    rmSync(root, { recursive: true, force: true });
  }
}
