// Runs every benchmark and prints its figures, one JSON object a line.

import { benchLiveIdle } from './live-idle.bench.js';
import { benchLiveLatency } from './live-latency.bench.js';
import { benchHealthIdle } from './health-idle.bench.js';
import { benchReadLog } from './read-log.bench.js';
import { benchReadBigLog } from './read-big-log.bench.js';
import { benchReadStream } from './read-stream.bench.js';
import { benchEnvelope } from './envelope.bench.js';
import { benchOpenStore } from './open-store.bench.js';
import { benchOpenLargeStore } from './open-large-store.bench.js';
import { printFigure } from './report.js';
import { benchUi } from './ui/ui.bench.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// MUNIN_BENCH=read, stream, envelope, store, live, health or ui runs only that group. Unset, each group runs in a
// process of its own, so that none measures the heap or the page cache another left behind.
const GROUPS = ['read', 'stream', 'envelope', 'store', 'live', 'health', 'ui'] as const;
const only = process.env['MUNIN_BENCH'];
if (only === undefined) {
  for (const group of GROUPS) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url)],
      {
        stdio: 'inherit',
        env: { ...process.env, MUNIN_BENCH: group },
      },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}
const wanted = (group: string): boolean => only === group;

if (wanted('read')) {
  const steps = Number(process.env['MUNIN_BENCH_STEPS'] ?? 1_000_000);
  for (const figure of benchReadLog(steps)) printFigure(figure);
  for (const figure of await benchReadBigLog(Number(process.env['MUNIN_BENCH_BIG_BYTES'] ?? 1e9))) {
    printFigure(figure);
  }
}
if (wanted('stream')) {
  const bytes = Number(process.env['MUNIN_BENCH_STREAM_BYTES'] ?? 2e9);
  for (const figure of await benchReadStream(bytes)) printFigure(figure);
}
if (wanted('envelope')) {
  for (const figure of benchEnvelope()) printFigure(figure);
}
if (wanted('store')) {
  for (const figure of await benchOpenStore()) printFigure(figure);
  for (const figure of benchOpenLargeStore()) printFigure(figure);
}
if (wanted('live')) {
  for (const figure of await benchLiveLatency()) printFigure(figure);
  for (const figure of await benchLiveIdle()) printFigure(figure);
}
if (wanted('health')) {
  for (const figure of await benchHealthIdle()) printFigure(figure);
}
if (wanted('ui')) {
  // In headless Chromium against `munin-view serve`: see test/bench/ui/ui.bench.ts.
  await benchUi(printFigure);
}
