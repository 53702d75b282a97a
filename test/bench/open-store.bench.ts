// Benchmark: opening a store of 10,000 runs: time until the first rows can be shown and until
// the whole list is read, against reading every run before showing any (the eager way), in the
// same run; with the stats.json hints munin's writer leaves at each end, and without (as crashed
// runs, or runs written by other tools, are).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeRecord } from '../../shared/format/records.js';
import { encodeStatsHint } from '../../shared/format/stats-hint.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { Backend } from '../../electron/host/backend.js';
import { listRunIds } from '../../electron/store/store.js';
import { readRun } from '../../electron/store/log/read-run.js';
import type { BenchFigure } from './report.js';

/** Every run is hinted, none is, or the runs `hints` picks by their number. */
export type Hints = boolean | ((run: number) => boolean);

/** A lab's store as munin leaves it: a stats hint at each end, but a tenth of runs without. */
export const ALL_BUT_A_TENTH: Hints = (run) => run % 10 !== 9;

export function writeStore(root: string, runs: number, steps: number, hints: Hints): void {
  mkdirSync(join(root, 'runs'), { recursive: true });
  for (let r = 0; r < runs; r++) {
    const id = `20261101T${String(100000 + (r % 100000)).slice(-6)}Z-${r.toString(16).padStart(8, '0')}`;
    const dir = join(root, 'runs', id);
    mkdirSync(dir);
    const lines = [
      encodeRecord({
        type: 'start',
        time: 1.8e9 + r,
        experiment: `sweep-${r % 20}`,
        name: `run-${r}`,
        parent: null,
        steps: steps - 1,
        params: new Map([['lr', 0.001 * ((r % 10) + 1)]]),
        provenance: null,
      }),
    ];
    for (let s = 0; s < steps; s++) {
      lines.push(
        encodeRecord({
          type: 'metrics',
          time: 1.8e9 + r + s,
          step: s,
          values: new Map([['train/loss', 1 / (s + 1)]]),
        }),
      );
    }
    lines.push(
      encodeRecord({ type: 'end', time: 1.8e9 + r + steps, status: 'finished', error: null }),
    );
    const logPath = join(dir, 'events.jsonl');
    writeFileSync(logPath, `${lines.join('\n')}\n`);
    if (typeof hints === 'function' ? hints(r) : hints) {
      const log = new RunLog();
      const read = readLogInto(logPath, root, log);
      writeFileSync(join(dir, 'stats.json'), encodeStatsHint(read.size, log.foldStatistics()));
    }
  }
}

export async function benchOpenStore(runs = 10_000, steps = 50): Promise<BenchFigure[]> {
  return [
    ...(await benchOpenOneStore(runs, steps, true)),
    ...(await benchOpenOneStore(runs, steps, false)),
  ];
}

async function benchOpenOneStore(
  runs: number,
  steps: number,
  hints: boolean,
): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-store-'));
  const label = hints ? 'ended runs with stats hints' : 'no stats hints';
  try {
    writeStore(root, runs, steps, hints);
    let start = performance.now();
    for (const id of listRunIds(root)) readRun(root, id);
    const eager = performance.now() - start;
    start = performance.now();
    const backend = await Backend.open(root, { watch: { mode: 'events' } });
    const firstRows = performance.now() - start;
    const shown = backend.listRuns().length;
    while (backend.storeInfo().runsToRead > 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const whole = performance.now() - start;
    const listed = backend.listRuns().length;
    await backend.close();
    if (shown === 0 || listed !== runs)
      throw new Error(`listed ${shown} first, ${listed} of ${runs} in all`);
    return [
      {
        name: `open a ${runs}-run store, ${label}: first rows`,
        value: firstRows,
        unit: 'ms',
        baseline: eager,
        ratio: firstRows / eager,
        goal: 'value < 300',
      },
      {
        name: `open a ${runs}-run store, ${label}: whole list`,
        value: whole,
        unit: 'ms',
        baseline: eager,
        ratio: whole / eager,
        goal: 'value < 2000',
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
