// Logs with lines of hundreds of MiB: `export` holds none of them and stays small, and `serve`
// on an open run with such a tail stays idle between changes instead of reading it again.

import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WsClient } from '../support/live-ws.js';
import { cpuSecondsOf, recordsText, writeLongLog } from './big-logs.js';
import { hostileDirs, MiB, runCli, startServe } from './harness.js';

const newDir = hostileDirs();

const OPEN = '20261101T100000Z-0000aaaa';
const NOT_A_RUN = '20261101T110000Z-0000bbbb';
const DAMAGED = '20261101T120000Z-0000cccc';
const TAIL_BYTES = 256 * MiB;
/** What `export` may use, whatever its logs' lines: a few buffers of MAX_LINE_BYTES at most. */
const PEAK_RSS_BOUND = 300 * MiB;

interface ExportedRun {
  readonly id: string;
  readonly damaged: number;
  readonly series: Record<string, { samples: unknown[] }>;
}

async function exportOf(store: string): Promise<{ runs: ExportedRun[]; peakRssBytes: number }> {
  const outcome = await runCli(['export', store], { timeoutMs: 120_000 });
  expect(outcome.timedOut).toBe(false);
  expect(outcome.status, outcome.stderr).toBe(0);
  const exported = JSON.parse(outcome.stdout) as { runs: ExportedRun[] };
  return { runs: exported.runs, peakRssBytes: outcome.peakRssBytes };
}

/** A store of an open run whose log ends in 256 MiB without a line feed, and a run that is not. */
let tailStore: string;
beforeAll(() => {
  tailStore = newDir();
  mkdirSync(join(tailStore, 'runs'));
  writeLongLog(tailStore, OPEN, recordsText(100), TAIL_BYTES);
  // A run directory whose log is one line not whole yet, 256 MiB long: no run.
  writeLongLog(tailStore, NOT_A_RUN, '', TAIL_BYTES);
});

describe('a log line of hundreds of MiB', () => {
  it('not whole yet: export reads the lines before it, in bounded memory', async () => {
    const { runs, peakRssBytes } = await exportOf(tailStore);
    expect(runs.map((run) => run.id)).toEqual([OPEN]);
    expect(runs[0]!.series['loss']!.samples).toHaveLength(100);
    expect(runs[0]!.damaged).toBe(0);
    expect(peakRssBytes).toBeLessThan(PEAK_RSS_BOUND);
  });

  it('whole: export counts it damaged once and reads the records after it, in bounded memory', async () => {
    const store = newDir();
    mkdirSync(join(store, 'runs'));
    writeLongLog(store, DAMAGED, recordsText(100), TAIL_BYTES, `\n${recordsText(10, 100, false)}`);
    const { runs, peakRssBytes } = await exportOf(store);
    expect(runs.map((run) => run.id)).toEqual([DAMAGED]);
    expect(runs[0]!.damaged).toBe(1);
    expect(runs[0]!.series['loss']!.samples).toHaveLength(110);
    expect(peakRssBytes).toBeLessThan(PEAK_RSS_BOUND);
  });
});

describe('serve on an open run whose log ends in hundreds of MiB without a line feed', () => {
  it('uses next to no CPU while nothing changes', async () => {
    const server = await startServe(tailStore, { timeoutMs: 120_000 });
    try {
      const client = await WsClient.connect(Number(server.url.port), server.token);
      // Until the big log has been read, on its threads, and the run is listed.
      for (;;) {
        const info = await client.ok({ op: 'storeInfo' });
        const runs = await client.ok({ op: 'listRuns' });
        if (info.runsToRead === 0 && runs.some((run) => run.id === OPEN)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const pid = server.child.child.pid!;
      const before = cpuSecondsOf(pid);
      // Three status probes at the default interval of 3 s; each read the tail again before.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const used = cpuSecondsOf(pid) - before;
      expect(used).toBeLessThan(1);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
