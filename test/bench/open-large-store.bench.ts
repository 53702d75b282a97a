// Benchmark: opening a lab's year of sweeps, 100,000 ended runs (a tenth without stats hints),
// in a host process of its own with one window's session: first rows, the whole list and the
// host's peak RSS, each against a plain listing of runs/ in a process of its own, in the same run.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_BUT_A_TENTH, writeStore } from './open-store.bench.js';
import type { BenchFigure } from './report.js';
import type { StoreHostResult } from './store-host.js';

const HOST = fileURLToPath(new URL('./store-host.js', import.meta.url));
const MB = 1024 * 1024;

function runHost(args: readonly string[]): StoreHostResult {
  const child = spawnSync(process.execPath, [HOST, ...args], {
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  if (child.status !== 0) throw new Error(`store-host ${args[0]} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as StoreHostResult;
}

/** `runs` defaults to MUNIN_BENCH_STORE_RUNS, else 100,000. */
export function benchOpenLargeStore(
  runs = Number(process.env['MUNIN_BENCH_STORE_RUNS'] ?? 100_000),
): BenchFigure[] {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-large-store-'));
  try {
    writeStore(root, runs, 50, ALL_BUT_A_TENTH);
    // A year's store lies settled on disk: the file system's writeback of the files just made
    // (a few hundred megabytes in 200,000 files) would otherwise take one of the two cores here
    // while the host is timed.
    spawnSync('sync', { stdio: 'ignore' });
    const listing = runHost(['list', root]);
    const host = runHost(['open', root, String(runs)]);
    if (listing.listed !== runs || host.shown === 0 || host.listed !== runs)
      throw new Error(`listed ${host.shown} first, ${host.listed} of ${runs} in all`);
    const label = `open a ${runs}-run store, a tenth without stats hints`;
    const timed = (what: string, value: number, goal: string): BenchFigure => ({
      name: `${label}: ${what}`,
      value,
      unit: 'ms',
      baseline: listing.wholeMs,
      ratio: value / listing.wholeMs,
      goal: `${goal} (baseline: a plain listing of runs/)`,
    });
    return [
      timed('first rows', host.firstRowsMs, 'value < 300'),
      timed('whole list', host.wholeMs, 'value < 10000'),
      {
        name: `${label}: the host's peak RSS`,
        value: host.peakRss / MB,
        unit: 'MB',
        baseline: listing.peakRss / MB,
        ratio: host.peakRss / listing.peakRss,
        goal: 'value < 1024 (baseline: a process that only lists runs/)',
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
