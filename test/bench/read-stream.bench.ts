// Benchmark: a 2 GB JSONL event stream that appears in an opened folder, read as the app reads
// it (on worker threads), against JSON.parse of each line read as a stream, measured in the same
// run; and how soon the host answers a small request (storeInfo over its WebSocket) meanwhile.

import { mkdirSync, mkdtempSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { serve } from '../../electron/host/serve.js';
import { wallClock, WsClient } from '../support/live-ws.js';
import { generateEventStream } from './generate-stream.js';
import { naiveParse } from './read-big-log.bench.js';
import type { BenchFigure } from './report.js';

const TOKEN = 'bench-token';
const NAME = 'big.jsonl';
/** How long the client waits between one request's answer and the next request. */
const SPACING_MS = 5;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Moves the stream into a folder the host has open and answers requests for; returns the
 * seconds until it is listed, and the round trips of the requests sent meanwhile.
 */
async function readAsTheAppDoes(
  aside: string,
  folder: string,
): Promise<{ seconds: number; trips: number[] }> {
  const backend = await Backend.open(folder, { watch: { mode: 'events' } });
  const server = await serve(backend, { port: 0, token: TOKEN, rendererDir: join(folder, 'ui') });
  const client = await WsClient.connect(server.port, TOKEN);
  try {
    const start = wallClock();
    renameSync(join(aside, NAME), join(folder, NAME));
    const trips: number[] = [];
    const deadline = Date.now() + 600_000;
    for (;;) {
      const sent = wallClock();
      const info = await client.ok({ op: 'storeInfo' });
      trips.push(wallClock() - sent);
      if (info.runsToRead === 0 && backend.listRuns().some((run) => run.id === NAME)) break;
      if (Date.now() > deadline) throw new Error('the stream was not listed in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
    }
    const seconds = (wallClock() - start) / 1000;
    const run = backend.listRuns().find((listed) => listed.id === NAME);
    if (run === undefined || run.keys.length !== 3 || run.damaged !== 0)
      throw new Error(`the stream read as ${JSON.stringify(run?.keys)}`);
    return { seconds, trips };
  } finally {
    await client.close();
    await server.close();
    await backend.close();
  }
}

export async function benchReadStream(targetBytes = 2e9): Promise<BenchFigure[]> {
  const base = mkdtempSync(join(tmpdir(), 'munin-bench-stream-'));
  try {
    const { bavail, bsize } = statfsSync(base);
    if (bavail * bsize < 2 * targetBytes)
      throw new Error(`${base} has ${(bavail * bsize) / 1e9} GB free: too little for the stream`);
    const aside = join(base, 'aside');
    const folder = join(base, 'opened');
    mkdirSync(aside);
    mkdirSync(folder);
    // A folder with a stream in it opens as a folder of streams; an empty one as a munin store.
    generateEventStream(join(folder, 'small.jsonl'), 1e4);
    const path = join(aside, NAME);
    const { bytes, metrics } = generateEventStream(path, targetBytes);
    const mb = bytes / 1e6;
    const naiveStart = performance.now();
    const records = await naiveParse(path);
    const naiveSeconds = (performance.now() - naiveStart) / 1000;
    if (records < metrics) throw new Error(`parsed ${records} lines of ${metrics} metrics`);
    const { seconds, trips } = await readAsTheAppDoes(aside, folder);
    trips.sort((a, b) => a - b);
    const p99 = percentile(trips, 99);
    return [
      {
        name: `read a ${Math.round(mb)} MB event stream as the app does (${availableParallelism()} cores)`,
        value: mb / seconds,
        unit: 'MB/s',
        baseline: mb / naiveSeconds,
        ratio: naiveSeconds / seconds,
        goal: 'ratio >= 4',
      },
      {
        name: `p99 of a small request (storeInfo) while it is read (${trips.length} requests, p50 ${percentile(trips, 50).toFixed(1)} ms)`,
        value: p99,
        unit: 'ms',
        baseline: 100,
        ratio: p99 / 100,
        goal: 'value <= 100',
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
