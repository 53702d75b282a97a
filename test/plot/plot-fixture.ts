// Small runs for plot's tests, written as a munin writer writes them, and ways to plot them: in
// this process (fast, for sweeps over widths) and as the CLI in a child (pipes, locales).

import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { openRunsSource } from '../../electron/sources/open-source.js';
import type { PlotArgs } from '../../electron/plot/plot-args.js';
import { parsePlotArgs } from '../../electron/plot/plot-args.js';
import type { PlotPicture } from '../../electron/plot/plot-view.js';
import { plotPicture } from '../../electron/plot/plot-view.js';
import { resolveRun } from '../../electron/plot/resolve-run.js';
import type { TerminalInfo } from '../../electron/plot/terminal.js';
import { writeLog } from '../support/store-fixture.js';
import {
  endLine,
  metricLine,
  metricsLine,
  readingLine,
  resumeLine,
  startLine,
} from '../support/lines.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const BIN = join(REPO, 'bin', 'munin-view.js');

export const TINY = '20260101T000000Z-0a1b2c3d';
export const TWIN_A = '20260102T000000Z-77aa0001';
export const TWIN_B = '20260102T000000Z-77aa0002';
export const SPIKY = '20260103T000000Z-5b1c0000';
export const ODD = '20260104T000000Z-0dd00000';
/** A run whose id, name and keys are all wider than the narrowest plot. */
export const LONG =
  '20260106T000000Z-sweep-lr0.03-wd5e-4-cosine-warmup500-seed3-an-id-wider-than-eighty-columns';
export const LONG_NAME =
  'an-experiment-with-a-long-name/resnet50-lr0.03-cosine-warmup500-seed3-mixup0.2-smoothing0.1';
export const LONG_KEY =
  'eval/accuracy_top1_on_the_held_out_validation_split_with_test_time_augmentation_on';
export const LONG_SCALAR =
  'test/top1_accuracy_after_the_last_epoch_with_the_moving_average_weights';
export const LONG_CLASS = 'golden_retriever_and_the_other_dogs_of_a_class_with_a_long_name';

/** A store of a few small runs: a tiny training run, two of one name, a spike, odd cases. */
export function writePlotStore(root: string): void {
  const tiny = [
    startLine(',"name":"tiny","steps":60', 'demo'),
    metricLine('train/loss', 'minimize'),
    metricLine('eval/acc', 'maximize'),
  ];
  for (let step = 0; step <= 60; step++) {
    const loss = 2.5 * Math.exp(-step / 15) + 0.1 + (step === 33 ? 1.2 : 0) + 0.03 * Math.sin(step);
    tiny.push(metricsLine(step, { 'train/loss': loss }));
    if (step % 10 === 0)
      tiny.push(metricsLine(step, { 'eval/acc': 0.5 + 0.4 * (1 - Math.exp(-step / 20)) }));
    if (step % 15 === 0) tiny.push(readingLine(step, { 'sys/cpu': 40 + step / 2 }));
  }
  tiny.push(
    metricsLine(60, { 'test/acc': 0.9312 }),
    metricsLine(60, {
      'acc_by_class/cat': 0.81,
      'acc_by_class/dog': 0.88,
      'acc_by_class/frog': 0.97,
    }),
    endLine('finished'),
  );
  writeLog(root, TINY, tiny);
  for (const id of [TWIN_A, TWIN_B])
    writeLog(root, id, [
      startLine(',"name":"twin"', 'demo'),
      metricsLine(0, { loss: 1 }),
      metricsLine(1, { loss: 0.5 }),
      endLine('finished'),
    ]);
  writeLog(root, SPIKY, spikyLog(1000, 537));
  writeLog(root, ODD, oddLog());
}

/**
 * A run named, keyed and valued to be wide: long id, name and keys, a step metric, a learning
 * rate an overlay flattens, a constant with float noise (its tick labels need 17 digits), a
 * scalar, and a breakdown whose keys were logged at two steps.
 */
export function writeLongRun(root: string): void {
  const [experiment, name] = LONG_NAME.split('/');
  const lines = [
    startLine(`,"name":${JSON.stringify(name)},"steps":200`, experiment),
    metricLine('train/loss', 'minimize'),
    metricLine(LONG_KEY, 'maximize', 'epoch'),
    metricLine('epoch'),
    metricLine('optimizer/learning_rate'),
    metricLine('noise'),
  ];
  for (let step = 0; step <= 200; step++) {
    lines.push(
      metricsLine(step, {
        'train/loss': 2.5 * Math.exp(-step / 50) + 0.1 + 0.02 * Math.sin(step),
        'optimizer/learning_rate': 0.001 * (1 - step / 250),
        noise: [0.1, 0.1 + 2 ** -56, 0.1 - 2 ** -56][step % 3]!,
      }),
    );
    if (step % 20 === 0) lines.push(metricsLine(step, { epoch: step / 20 }));
    if (step % 20 === 0)
      lines.push(metricsLine(step, { [LONG_KEY]: 0.5 + 0.4 * (1 - Math.exp(-step / 60)) }));
  }
  lines.push(
    metricsLine(199, { [`per_class_accuracy/${LONG_CLASS}`]: 0.81 }),
    metricsLine(200, {
      [LONG_SCALAR]: 0.9312,
      'per_class_accuracy/cat': 0.88,
      'per_class_accuracy/frog': 0.97,
    }),
    endLine('finished'),
  );
  writeLog(root, LONG, lines);
}

/** Flat samples but one spike up and one down: the spikes must show at every width. */
export function spikyLog(samples: number, at: number): string[] {
  const lines = [startLine(',"name":"spiky"', 'demo'), metricLine('flat', 'minimize')];
  for (let step = 0; step < samples; step++)
    lines.push(
      metricsLine(step, {
        flat: step === at ? 50 : step === samples - at ? -50 : 1 + (step % 7) / 1000,
      }),
    );
  lines.push(endLine('finished'));
  return lines;
}

/** Non-finite points, a step metric with gaps, a damaged line, a resume, big numbers. */
function oddLog(): string[] {
  const lines = [
    startLine(',"name":"odd"', 'demo'),
    metricLine('loss', 'minimize'),
    metricLine('epoch'),
    metricLine('eval/loss', 'minimize', 'epoch'),
    'this line is damaged',
  ];
  for (let step = 0; step < 40; step++) {
    const loss = step === 20 ? NaN : step === 25 ? Infinity : 1 + step * 1000;
    lines.push(metricsLine(step, { loss }));
    if (step % 4 === 0) lines.push(metricsLine(step, { epoch: step / 4 }));
    if (step % 2 === 0) lines.push(metricsLine(step, { 'eval/loss': 3 - step / 20 }));
    if (step === 30) lines.push(resumeLine(28));
  }
  lines.push(endLine('finished'));
  return lines;
}

/** A picture of a run drawn in this process, at a fixed terminal. */
export async function pictureOf(
  root: string,
  argv: readonly string[],
  term: Partial<TerminalInfo> = {},
  now: number | null = null,
): Promise<{ picture: PlotPicture; args: PlotArgs }> {
  const args = parsePlotArgs([root, ...argv]);
  const source = openRunsSource(root);
  await source.open({
    runAdded: () => {},
    readingStarted: () => {},
    runChanged: () => {},
    artifactsChanged: () => {},
  });
  while (source.toRead > 0 || source.reading.size > 0) await new Promise((r) => setTimeout(r, 5));
  try {
    const run = resolveRun(source, args.run);
    if (!run.samplesRead) run.readSamples();
    const info: TerminalInfo = {
      width: args.width ?? 80,
      height: args.height ?? 24,
      colour: false,
      unicode: true,
      tty: false,
      ...term,
    };
    return { picture: plotPicture(run, await run.detail(), args, info, now), args };
  } finally {
    await source.close();
  }
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutBytes: Buffer;
}

/** `munin-view plot ...` in a child with pipes, in a fixed locale and time zone. */
export function runPlot(args: readonly string[], env: Record<string, string> = {}): CliResult {
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', TZ: 'UTC', LANG: 'C.UTF-8' };
  const result = spawnSync(process.execPath, [BIN, 'plot', ...args], {
    env: { ...base, ...env },
    timeout: 30_000,
  });
  return {
    status: result.status,
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8'),
    stdoutBytes: result.stdout,
  };
}
