// The UI benchmark's stores: big ended runs (40 keys, a Compare of 20, one 10M-sample key), a
// Compare of 200 runs, the 100,000-run store (a tenth without stats hints), and live runs started
// by a writer process; sizes scaled by env vars.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateMetricsLog } from '../generate-log.js';
import { ALL_BUT_A_TENTH, writeStore } from '../open-store.bench.js';
import { metricsLine, startLine } from '../../support/live-lines.js';
import { startLiveRun } from '../../support/live-store.js';
import type { LiveWriter } from '../../support/live-writer.js';

const scale = Number(process.env['MUNIN_BENCH_UI_SCALE'] ?? 1);
const scaled = (n: number): number => Math.max(100, Math.round(n * scale));

/** What the group runs, said in every figure's name. */
export const SIZES = {
  boardKeys: 40,
  boardSamples: scaled(200_000),
  compareRuns: 20,
  compareKeys: 12,
  compareSamples: scaled(20_000),
  manyRuns: Number(process.env['MUNIN_BENCH_UI_MANY_RUNS'] ?? 200),
  manySamples: Number(process.env['MUNIN_BENCH_UI_MANY_SAMPLES'] ?? scaled(100_000)),
  reportSamples: scaled(200_000),
  zoomSamples: Number(process.env['MUNIN_BENCH_UI_ZOOM_SAMPLES'] ?? scaled(10_000_000)),
  tableRuns: Number(
    process.env['MUNIN_BENCH_UI_TABLE_RUNS'] ??
      Math.max(100, Math.round(100_000 * Math.min(1, scale * 10))),
  ),
  appends: Number(process.env['MUNIN_BENCH_UI_APPENDS'] ?? 600),
  cpuSeconds: Number(process.env['MUNIN_BENCH_UI_CPU_SECONDS'] ?? 60),
} as const;

const id = (prefix: string, n: number): string =>
  `20261201T${prefix}Z-${n.toString(16).padStart(8, '0')}`;
export const BOARD_RUN = id('010000', 0xb0a4d);
export const ZOOM_RUN = id('020000', 0x200b);
export const compareRun = (n: number): string => id('030000', 0xc0000 + n);
export const manyRun = (n: number): string => id('050000', 0xc200 + n);
export const liveRun = (n: number): string => id('040000', 0x11e0 + n);
export const keyName = (k: number): string => `train/k${String(k).padStart(2, '0')}`;
export const ZOOM_KEY = 'train/long';
export const LIVE_KEY = 'bench/latency';

function writeRun(root: string, runId: string, samples: number, keys: readonly string[]): void {
  mkdirSync(join(root, 'runs', runId), { recursive: true });
  generateMetricsLog(join(root, 'runs', runId, 'events.jsonl'), samples, keys);
}

export function writeBigStore(root: string): void {
  const boardKeys = Array.from({ length: SIZES.boardKeys }, (_, k) => keyName(k));
  writeRun(root, BOARD_RUN, SIZES.boardSamples, boardKeys);
  const compareKeys = boardKeys.slice(0, SIZES.compareKeys);
  for (let r = 0; r < SIZES.compareRuns; r++)
    writeRun(root, compareRun(r), SIZES.compareSamples, compareKeys);
  writeRun(root, ZOOM_RUN, SIZES.zoomSamples, [ZOOM_KEY]);
}

/** The Compare of many runs: manyRuns runs of the compare keys, each run's values its own. */
export function writeManyStore(root: string): void {
  const keys = Array.from({ length: SIZES.compareKeys }, (_, k) => keyName(k));
  for (let r = 0; r < SIZES.manyRuns; r++) {
    mkdirSync(join(root, 'runs', manyRun(r)), { recursive: true });
    generateMetricsLog(join(root, 'runs', manyRun(r), 'events.jsonl'), SIZES.manySamples, keys, r);
  }
}

export function writeTableStore(root: string): void {
  writeStore(root, SIZES.tableRuns, 50, ALL_BUT_A_TENTH);
}

/** Starts `count` live runs, each with a few samples so that its panel is drawn from the start. */
export async function startLiveRuns(
  writer: LiveWriter,
  root: string,
  count: number,
): Promise<number[]> {
  mkdirSync(join(root, 'runs'), { recursive: true });
  const handles: number[] = [];
  for (let n = 0; n < count; n++) {
    let text = startLine('live');
    for (let step = 0; step < 10; step++) text += metricsLine(step, { [LIVE_KEY]: step / 10 });
    handles.push(await startLiveRun(writer, root, liveRun(n), text));
  }
  return handles;
}
