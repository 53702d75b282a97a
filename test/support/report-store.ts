// A store for the report's tests: a long run with a one-sample spike, NaNs and an infinity, a
// key against a step_metric; a resumed run whose abandoned samples must not show; a run that
// logged no sample at all.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject, JsonValue } from '../../shared/format/json.js';
import type { LogRecord } from '../../shared/format/records.js';
import { encodeRecord } from '../../shared/format/records.js';
import { openListed } from '../../electron/plot/resolve-run.js';
import type { RunsSource, SourceRun } from '../../electron/sources/run-source.js';

export const SPIKY = '20261129T000000Z-0000a001';
export const RESUMED = '20261129T010000Z-0000a002';
export const EMPTY = '20261129T020000Z-0000a003';

export const SPIKY_SAMPLES = 60_000;
export const SPIKE_AT = 41_234;
export const SPIKE = 50;
export const NAN_STEPS = [7_000, 7_001] as const;
export const INFINITY_AT = 12_000;
export const RESUMED_AT = 2_000;
/** The resumed run's last step of its first life: its samples past RESUMED_AT are abandoned. */
export const ABANDONED_TO = 2_999;
export const RESUMED_TO = 5_999;
const T0 = 1_793_541_787.25;

export function spikyLoss(step: number): number {
  if (step === SPIKE_AT) return SPIKE;
  if ((NAN_STEPS as readonly number[]).includes(step)) return NaN;
  if (step === INFINITY_AT) return Infinity;
  return 2 / (1 + step / 10_000);
}

export const epochAt = (step: number): number => Math.floor(step / 1_000) / 10;
/** eval/acc, logged every 1,000 steps against train/epoch. */
export const accAt = (step: number, run: number): number =>
  0.5 + 0.4 * (1 - Math.exp(-step / 20_000)) - run * 0.01;
/** The resumed run's loss: its abandoned first life logged other values past RESUMED_AT. */
export const resumedLoss = (step: number, life: 1 | 2): number =>
  (life === 1 ? 3 : 2.2) / (1 + step / 10_000);

function provenance(dirty: boolean): JsonObject {
  return new Map<string, JsonValue>([
    ['cwd', '/home/ml/project'],
    ['command', ['python', 'train.py', '--lr', '0.1']],
    ['env', new Map([['CUDA_VISIBLE_DEVICES', '0']])],
    [
      'git',
      new Map<string, JsonValue>([
        ['commit', 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'],
        ['dirty', dirty],
      ]),
    ],
  ]);
}

function writeRun(root: string, id: string, records: readonly LogRecord[]): void {
  const dir = join(root, 'runs', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'events.jsonl'), records.map((r) => `${encodeRecord(r)}\n`).join(''));
}

function start(name: string, lr: number, steps: number | null, dirty: boolean): LogRecord {
  return {
    type: 'start',
    time: T0,
    experiment: 'report',
    name,
    parent: null,
    steps,
    params: new Map<string, number | bigint>([
      ['lr', lr],
      ['seed', 1n],
    ]),
    provenance: provenance(dirty),
  };
}

const declarations = (): LogRecord[] => [
  { type: 'metric', time: T0 + 0.1, key: 'train/loss', goal: 'minimize', stepMetric: null },
  { type: 'metric', time: T0 + 0.1, key: 'eval/acc', goal: 'maximize', stepMetric: 'train/epoch' },
];

function metrics(step: number, values: Map<string, number>): LogRecord {
  return { type: 'metrics', time: T0 + 1 + step * 0.05, step, values };
}

function stepValues(step: number, loss: number, run: number): Map<string, number> {
  const values = new Map([
    ['train/loss', loss],
    ['train/epoch', epochAt(step)],
  ]);
  if (step % 1_000 === 0) values.set('eval/acc', accAt(step, run));
  return values;
}

export function writeReportStore(root: string): void {
  const spiky: LogRecord[] = [start('spiky', 0.1, SPIKY_SAMPLES - 1, true), ...declarations()];
  for (let step = 0; step < SPIKY_SAMPLES; step++)
    spiky.push(metrics(step, stepValues(step, spikyLoss(step), 0)));
  spiky.push({ type: 'summary', time: T0 + 4000, values: new Map([['best_acc', 0.9]]) });
  spiky.push({ type: 'end', time: T0 + 4000, status: 'finished', error: null });
  writeRun(root, SPIKY, spiky);

  const resumed: LogRecord[] = [start('resumed', 0.03, RESUMED_TO, false), ...declarations()];
  for (let step = 0; step <= ABANDONED_TO; step++)
    resumed.push(metrics(step, stepValues(step, resumedLoss(step, 1), 1)));
  resumed.push({ type: 'resume', time: T0 + 500, step: RESUMED_AT, provenance: null });
  // The resume's step is the last its restored state includes: the new writer logs after it.
  for (let step = RESUMED_AT + 1; step <= RESUMED_TO; step++)
    resumed.push({
      ...metrics(step, stepValues(step, resumedLoss(step, 2), 1)),
      time: T0 + 600 + step * 0.05,
    } as LogRecord);
  resumed.push({ type: 'summary', time: T0 + 900, values: new Map([['best_acc', 0.8]]) });
  resumed.push({ type: 'end', time: T0 + 900, status: 'finished', error: null });
  writeRun(root, RESUMED, resumed);

  writeRun(root, EMPTY, [
    start('no-samples', 0.1, null, false),
    { type: 'end', time: T0 + 10, status: 'failed', error: 'CUDA out of memory' },
  ]);
}

/** The store written and opened as the report command opens it, its three runs read whole. */
export async function openReportStore(
  root: string,
): Promise<{ source: RunsSource; runs: SourceRun[] }> {
  writeReportStore(root);
  const { source } = await openListed(root);
  const runs = [SPIKY, RESUMED, EMPTY].map((id) => source.runs.get(id)!);
  for (const run of runs) if (!run.samplesRead) run.readSamples();
  return { source, runs };
}
