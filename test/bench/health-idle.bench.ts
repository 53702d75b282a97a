// Benchmark: what following runs' health costs a big store at rest: 10,000 ended runs and 100
// live ones whose writers hold their locks and write nothing, the host's CPU with the health
// tick at its second against the same host with the tick held off (the baseline), in turn.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { startLiveRun, writeEndedRun } from '../support/live-store.js';
import { LiveWriter } from '../support/live-writer.js';
import type { BenchFigure } from './report.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** This process's CPU over ms of wall time, as a fraction of one core. */
async function cpuShare(ms: number): Promise<number> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await sleep(ms);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / (Number(process.hrtime.bigint() - start) / 1000);
}

/** The host's CPU at rest over ms, once every run is read and the reads have settled. */
async function atRest(root: string, healthTickMs: number, ms: number): Promise<number> {
  const backend = await Backend.open(root, { watch: { mode: 'events' }, healthTickMs });
  try {
    while (backend.storeInfo().runsToRead > 0) await sleep(100);
    await sleep(5000);
    return await cpuShare(ms);
  } finally {
    await backend.close();
  }
}

export async function benchHealthIdle(ms = 15_000): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-health-'));
  const writer = LiveWriter.start();
  try {
    for (let i = 0; i < 10_000; i++)
      writeEndedRun(
        root,
        `20261101T08${String(i).padStart(4, '0')}Z-e${String(i).padStart(7, '0')}`,
        {
          steps: 20,
        },
      );
    for (let i = 0; i < 100; i++)
      await startLiveRun(writer, root, `20261101T090000Z-live${String(i).padStart(4, '0')}`);
    // In turn, twice each, so that a slow spell of the machine falls on both alike.
    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < 2; round++) {
      off.push(await atRest(root, 2 ** 31 - 1, ms));
      on.push(await atRest(root, 1000, ms));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return [
      {
        name: 'idle CPU, 10,000 runs and 100 live ones at rest, health ticking every second',
        value: mean(on) * 100,
        unit: '% of a core',
        baseline: mean(off) * 100,
        ratio: mean(on) / Math.max(mean(off), 1e-6),
        goal: 'value < 2 (the idle goal), ratio near 1',
      },
    ];
  } finally {
    await writer.kill();
    rmSync(root, { recursive: true, force: true });
  }
}
