// Benchmark: opening a store of 10,000 runs: time until the first rows can be shown and until
// the whole list is read, against reading every run before showing any (the eager way), in the
// same run.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeRecord } from '../../shared/format/records.js';
import { Backend } from '../../electron/host/backend.js';
import { listRunIds } from '../../electron/store/store.js';
import { readRun } from '../../electron/store/run-reader.js';
import type { BenchFigure } from './report.js';

function writeStore(root: string, runs: number, steps: number): void {
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
    writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
  }
}

export async function benchOpenStore(runs = 10_000, steps = 50): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-store-'));
  try {
    writeStore(root, runs, steps);
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
        name: `open a ${runs}-run store: first rows`,
        value: firstRows,
        unit: 'ms',
        baseline: eager,
        ratio: firstRows / eager,
        goal: 'value < 300',
      },
      {
        name: `open a ${runs}-run store: whole list`,
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
