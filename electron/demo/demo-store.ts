// The demo store: a CIFAR-10 learning-rate sweep and the runs around it (a data preparation, an
// out-of-memory failure, a killed run, a diverged one, a preempted and resumed fine-tune, a
// crash), a voice agent's run of audio, video and tables, with images, checkpoints, a dataset,
// tags and notes, all written by the real writer with times spread over the last few days.

import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { JsonObject, JsonValue } from '../../shared/format/json.js';
import type { Value } from '../../shared/format/values.js';
import { parseLogLine } from '../../shared/format/records.js';
import { deleteVersion, publishVersion, setAlias } from './writer/artifacts.js';
import { errorCode } from '../error-code.js';
import { RunWriter } from './writer/run-writer.js';
import { addTag, writeNotes } from '../store/writer/tags-notes.js';
import { realStoreRoot } from '../store/store-files.js';
import { attentionMap, confusionMatrix, predictionGrid } from './png.js';
import { trainMediaRun } from './media-run.js';
import { SeededRandom } from './seeded-random.js';
import type { EvalSample, TrainingSetup } from './simulated-training.js';
import {
  CIFAR_CLASSES,
  declareTrainingMetrics,
  evalValues,
  SimulatedTraining,
  trainValues,
} from './simulated-training.js';

/** The real root of the store a run directory (<root>/runs/<id>) is in: its writes stay inside. */
function storeRootOf(runDir: string): string {
  return realStoreRoot(join(runDir, '..', '..'));
}

export interface DemoOptions {
  /** The seed of every random draw: the same seed and `now` write the same store. */
  readonly seed?: number;
  /** The present, in seconds since the epoch; past runs are placed before it. */
  readonly now?: number;
}

/** What a reader finds of a demo run; crashed is what an unended run reads on this machine. */
export type DemoStatus = 'finished' | 'failed' | 'killed' | 'crashed';

export interface DemoRun {
  readonly id: string;
  readonly experiment: string;
  readonly name: string;
  readonly status: DemoStatus;
  readonly lastStep: number;
  /** What makes the run worth opening. */
  readonly feature: string;
}

export interface DemoArtifact {
  readonly name: string;
  readonly versions: readonly number[];
  readonly deleted: readonly number[];
  readonly aliases: ReadonlyMap<string, number>;
}

export interface DemoReport {
  readonly root: string;
  readonly runs: readonly DemoRun[];
  readonly artifacts: readonly DemoArtifact[];
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const EVAL_EVERY = 100;
const READING_EVERY = 10;
const IMAGE_EVERY = 500;
const SWEEP_STEPS = 2000;
/** The sweep's seeds 1 to 3 train a little differently: each scales the loss floors by this. */
const SWEEP_SEED_SCALE = [1, 0.85, 1.2] as const;
/** The step the sweep's failing seed stops at, of SWEEP_STEPS. */
const SWEEP_FAILS_AT = 1400;
const SWEEP_FAILURE = 'RuntimeError: CUDA error: an illegal memory access was encountered';

/** A run's own clock, moved on by the simulation; times are kept to the millisecond. */
class SimulatedClock {
  constructor(private time: number) {}
  readonly read = (): number => this.time;
  advance(seconds: number): void {
    this.time = Math.round((this.time + seconds) * 1000) / 1000;
  }
  get now(): number {
    return this.time;
  }
}

interface Training {
  readonly writer: RunWriter;
  readonly clock: SimulatedClock;
  readonly random: SeededRandom;
  readonly sim: SimulatedTraining;
  readonly stepSeconds: number;
  readonly cpuLoad: number;
  lastEval: EvalSample;
  bestEval: { step: number; acc: number };
}

interface RunPlan {
  readonly experiment: string;
  readonly name: string;
  readonly start: number;
  readonly params: ReadonlyMap<string, Value>;
  /** The script and its arguments, as python was given them. */
  readonly args: readonly string[];
  readonly seed: number;
  readonly gpu: string;
  readonly steps?: number;
  readonly parent?: string;
}

/** Throws when root already holds runs: the demo writes a new store, never into one in use. */
export function checkDemoTarget(root: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (!isDirectory) throw new Error(`${root} exists and is not a directory`);
  let runs: string[];
  try {
    runs = readdirSync(join(root, 'runs'));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (runs.length > 0) {
    throw new Error(
      `${root} already holds runs (${join(root, 'runs')} is not empty); give the demo a new or empty directory`,
    );
  }
}

/** Writes the demo store at root (created when missing) and tells what it wrote. */
export function writeDemoStore(root: string, options: DemoOptions = {}): DemoReport {
  checkDemoTarget(root);
  mkdirSync(root, { recursive: true });
  const scratch = mkdtempSync(join(os.tmpdir(), 'munin-demo-'));
  try {
    const demo = new DemoStoreWriter(
      root,
      scratch,
      new SeededRandom(options.seed ?? 1),
      Math.floor(options.now ?? Date.now() / 1000),
    );
    return demo.write();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Sets the log's modification time to its last record's time: the demo writes days of runs in
 * a second, and a run's last write is its log's modification time.
 */
function backdateLog(path: string): void {
  const bytes = readFileSync(path);
  const end = bytes.lastIndexOf(0x0a);
  const start = bytes.lastIndexOf(0x0a, end - 1) + 1;
  const record = parseLogLine(bytes, start, end);
  if (record !== undefined && record.type !== 'foreign-start')
    utimesSync(path, record.time, record.time);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

class DemoStoreWriter {
  private readonly runs: DemoRun[] = [];
  private readonly commit: string;
  private scratchFiles = 0;
  private checkpointVersions: number[] = [];
  /** The sweep winner's checkpoints: at its halfway step, and at its end. */
  private halfwayVersion = 0;
  private bestVersion = 0;
  private datasetVersion = 1;

  constructor(
    private readonly root: string,
    private readonly scratch: string,
    private readonly random: SeededRandom,
    private readonly now: number,
  ) {
    this.commit = random.hex(40);
  }

  write(): DemoReport {
    this.prepareData(this.now - 4 * DAY - 2 * HOUR);
    const { bestId, end: sweepEnd } = this.sweep(this.now - 3 * DAY - 20 * HOUR);
    const cleanup = new SimulatedClock(sweepEnd + 3 * HOUR);
    const superseded = this.halfwayVersion;
    const best = this.bestVersion;
    setAlias(this.root, 'cifar-resnet', 'best', best);
    setAlias(this.root, 'cifar-resnet', 'latest', best);
    // The sweep's winner goes to production; the fine-tune's checkpoint replaces it later, so the
    // fine-tune's own use of the winner is one that `prod` has since left.
    setAlias(this.root, 'cifar-resnet', 'prod', best);
    deleteVersion(this.root, 'cifar-resnet', superseded, { clock: cleanup.read });
    this.outOfMemory(this.now - 2 * DAY - 5 * HOUR);
    this.killed(this.now - 2 * DAY - 3 * HOUR);
    this.diverged(this.now - 1 * DAY - 22 * HOUR);
    this.resumedFineTune(this.now - 1 * DAY - 6 * HOUR, bestId);
    this.voiceAgent(this.now - 14 * HOUR);
    this.crashed(this.now - 9 * HOUR);
    for (const run of this.runs) backdateLog(join(this.root, 'runs', run.id, 'events.jsonl'));
    return {
      root: this.root,
      runs: [...this.runs].sort((a, b) => (a.id < b.id ? -1 : 1)),
      artifacts: [
        {
          name: 'cifar10',
          versions: [this.datasetVersion],
          deleted: [],
          aliases: new Map([['latest', this.datasetVersion]]),
        },
        {
          name: 'cifar-resnet',
          versions: this.checkpointVersions.filter((n) => n !== superseded),
          deleted: [superseded],
          aliases: new Map([
            ['best', best],
            ['latest', this.checkpointVersions.at(-1)!],
            ['prod', this.checkpointVersions.at(-1)!],
          ]),
        },
      ],
    };
  }

  private provenance(plan: RunPlan): JsonObject {
    return new Map<string, JsonValue>([
      ['command', ['python', ...plan.args]],
      ['cwd', '/home/demo/cifar-resnet'],
      ['hostname', 'gpu-box-07'],
      ['pid', BigInt(this.random.integer(2000, 90000))],
      ['os', 'Linux 6.8.0-49-generic'],
      ['arch', 'x64'],
      ['cpu', 'AMD EPYC 7763 64-Core Processor'],
      [
        'git',
        new Map<string, JsonValue>([
          ['commit', this.commit],
          ['dirty', false],
        ]),
      ],
      ['seeds', new Map<string, JsonValue>([['seed', BigInt(plan.seed)]])],
      ['env', new Map<string, JsonValue>([['CUDA_VISIBLE_DEVICES', plan.gpu]])],
    ]);
  }

  private startRun(plan: RunPlan): { writer: RunWriter; clock: SimulatedClock } {
    const clock = new SimulatedClock(plan.start);
    const writer = RunWriter.create(this.root, {
      experiment: plan.experiment,
      name: plan.name,
      ...(plan.parent !== undefined ? { parent: plan.parent } : {}),
      ...(plan.steps !== undefined ? { steps: plan.steps } : {}),
      params: plan.params,
      provenance: this.provenance(plan),
      clock: clock.read,
      randomBits: () => this.random.bits(),
    });
    return { writer, clock };
  }

  private record(
    writer: RunWriter,
    plan: RunPlan,
    status: DemoStatus,
    lastStep: number,
    feature: string,
  ): void {
    this.runs.push({
      id: writer.id,
      experiment: plan.experiment,
      name: plan.name,
      status,
      lastStep,
      feature,
    });
  }

  private startTraining(plan: RunPlan, setup: TrainingSetup): Training {
    const { writer, clock } = this.startRun(plan);
    const random = this.random.fork();
    const sim = new SimulatedTraining(setup, random);
    declareTrainingMetrics(writer);
    writer.use('cifar10', this.datasetVersion);
    return {
      writer,
      clock,
      random,
      sim,
      stepSeconds: setup.batch > 128 ? 0.55 : 0.31,
      cpuLoad: random.between(30, 55),
      lastEval: { loss: Math.log(10), acc: 0.1 },
      bestEval: { step: 0, acc: 0 },
    };
  }

  private machineReading(training: Training, step: number): Map<string, number> {
    const { random, sim } = training;
    const progress = step / sim.setup.steps;
    return new Map([
      ['sys/cpu', round(Math.min(100, Math.max(1, training.cpuLoad + 6 * random.normal())), 1)],
      ['sys/mem', round(21 + 9 * progress + 0.4 * random.normal(), 2)],
    ]);
  }

  private scratchFile(name: string, bytes: Uint8Array): string {
    const path = join(this.scratch, `${this.scratchFiles++}-${name}`);
    writeFileSync(path, bytes);
    return path;
  }

  /** The files a training run logs every IMAGE_EVERY steps: two images and a short report. */
  private logStepFiles(training: Training, step: number): void {
    const { writer, random, sim, lastEval, bestEval } = training;
    const progress = step / sim.setup.steps;
    const grid = predictionGrid(random, lastEval.acc, progress);
    writer.file('samples/predictions', step, this.scratchFile('grid.png', grid));
    const attention = attentionMap(random, step, progress);
    writer.file('attention/head0', step, this.scratchFile('attention.png', attention));
    const report = [
      `# Evaluation at step ${step}`,
      '',
      '| metric | value |',
      '| --- | --- |',
      `| eval/loss | ${lastEval.loss.toFixed(4)} |`,
      `| eval/acc | ${lastEval.acc.toFixed(4)} |`,
      `| best eval/acc | ${bestEval.acc.toFixed(4)} (step ${bestEval.step}) |`,
      '',
    ].join('\n');
    writer.file('eval/report', step, this.scratchFile('report.md', Buffer.from(report, 'utf8')));
  }

  /** Trains from step `from` to `to`: train metrics each step, eval, readings and images between. */
  private trainSteps(training: Training, from: number, to: number): void {
    const { writer, clock, random, sim } = training;
    for (let step = from; step <= to; step++) {
      clock.advance(Math.max(0.05, training.stepSeconds * (1 + 0.08 * random.normal())));
      writer.log(step, trainValues(sim, step));
      if (step % READING_EVERY === 0) writer.reading(this.machineReading(training, step));
      if (step % EVAL_EVERY === 0) {
        clock.advance(6 + random.uniform());
        const evaluation = sim.evaluate(step);
        training.lastEval = evaluation;
        if (evaluation.acc > training.bestEval.acc)
          training.bestEval = { step, acc: evaluation.acc };
        writer.log(step, evalValues(sim, step, evaluation));
      }
      if (step % IMAGE_EVERY === 0) this.logStepFiles(training, step);
    }
  }

  /** The test set's headline accuracy and its breakdown by class, once, at the last step. */
  private finalEvaluation(training: Training, step: number): number {
    const { writer, clock, random, sim } = training;
    clock.advance(14 + random.uniform());
    const testAcc = Math.min(1, training.lastEval.acc - 0.004 + 0.003 * random.normal());
    const perClass = sim.perClass(testAcc);
    writer.metric('test/acc', { goal: 'maximize' });
    for (const name of CIFAR_CLASSES)
      writer.metric(`eval/acc_by_class/${name}`, { goal: 'maximize' });
    const values = new Map<string, number>([['test/acc', testAcc]]);
    CIFAR_CLASSES.forEach((name, i) => values.set(`eval/acc_by_class/${name}`, perClass[i]!));
    writer.log(step, values);
    const png = confusionMatrix(random, perClass);
    writer.file('eval/confusion', step, this.scratchFile('confusion.png', png));
    return testAcc;
  }

  private checkpoint(training: Training, step: number, note: string): number {
    const { writer, clock, random } = training;
    clock.advance(2 + random.uniform());
    const header = Buffer.from(`DEMO-CHECKPOINT resnet18 step ${step}\n`, 'utf8');
    const bytes = Buffer.concat([header, random.bytes(48 * 1024)]);
    const published = publishVersion(
      this.root,
      'cifar-resnet',
      this.scratchFile('model.pt', bytes),
      {
        run: writer.id,
        step,
        metadata: new Map<string, Value>([
          ['framework', 'torch'],
          ['arch', 'resnet18'],
          ['parameters', 11_173_962n],
          ['eval_acc', round(training.lastEval.acc, 4)],
          ['note', note],
        ]),
        clock: clock.read,
      },
    );
    this.checkpointVersions.push(published.version);
    return published.version;
  }

  private summarize(training: Training, testAcc: number, started: number): void {
    training.writer.summary(
      new Map<string, Value>([
        ['best_eval_acc', training.bestEval.acc],
        ['best_step', BigInt(training.bestEval.step)],
        ['test_acc', testAcc],
        ['wall_time_s', round(training.clock.now - started, 1)],
      ]),
    );
  }

  private prepareData(start: number): void {
    const plan: RunPlan = {
      experiment: 'cifar-data',
      name: 'prepare-cifar10',
      start,
      params: new Map<string, Value>([
        ['source', 'cifar-10-binary.tar.gz'],
        ['shuffle_seed', 0n],
        ['normalize', true],
      ]),
      args: ['prepare.py', '--dataset', 'cifar10'],
      seed: 0,
      gpu: '',
      steps: 5,
    };
    const { writer, clock } = this.startRun(plan);
    const dataset = join(this.scratch, 'cifar10');
    mkdirSync(join(dataset, 'train'), { recursive: true });
    mkdirSync(join(dataset, 'test'));
    writer.metric('data/images', { goal: 'maximize' });
    for (let batch = 1; batch <= 5; batch++) {
      clock.advance(20 + 5 * this.random.uniform());
      writeFileSync(
        join(dataset, 'train', `data_batch_${batch}.bin`),
        this.random.bytes(16 * 1024),
      );
      writer.log(batch, { 'data/images': batch * 10_000 });
      writer.reading({ 'sys/cpu': round(this.random.between(80, 98), 1), 'sys/mem': 12.5 });
    }
    writeFileSync(join(dataset, 'test', 'test_batch.bin'), this.random.bytes(16 * 1024));
    writeFileSync(join(dataset, 'batches.meta.txt'), `${CIFAR_CLASSES.join('\n')}\n`);
    writeFileSync(
      join(dataset, 'README.md'),
      '# CIFAR-10 (demo)\n\n60,000 32x32 colour images in 10 classes: 50,000 to train, 10,000 to test.\n' +
        'The bytes here are random stand-ins; the layout is that of the binary version.\n',
    );
    clock.advance(4);
    this.datasetVersion = publishVersion(this.root, 'cifar10', dataset, {
      run: writer.id,
      metadata: new Map<string, Value>([
        ['format', 'binary'],
        ['classes', 10n],
        ['train_images', 50_000n],
        ['test_images', 10_000n],
      ]),
      clock: clock.read,
    }).version;
    setAlias(this.root, 'cifar10', 'latest', this.datasetVersion);
    writer.summary(
      new Map<string, Value>([
        ['train_images', 50_000n],
        ['test_images', 10_000n],
        ['classes', 10n],
      ]),
    );
    clock.advance(1);
    writer.end('finished');
    addTag(writer.dir, storeRootOf(writer.dir), 'data');
    this.record(
      writer,
      plan,
      'finished',
      5,
      'publishes the cifar10 dataset artifact (a directory)',
    );
  }

  /**
   * The sweep: lr 0.1 and 0.03, each on seeds 1 to 3, all else the same. Seeds differ in their
   * noise and in how well they train (SWEEP_SEED_SCALE); lr0.1-s3 fails at step 1400, so from
   * there a band of lr 0.1 stands on 2 of its 3 seeds.
   */
  private sweep(start: number): { bestId: string; end: number } {
    const configs = [0.1, 0.03].flatMap((lr) =>
      [1, 2, 3].map((seed) => ({
        lr,
        seed,
        tags: [
          'sweep',
          ...(lr === 0.1 && seed === 1 ? ['baseline'] : []),
          ...(lr === 0.1 && seed === 2 ? ['best'] : []),
        ],
        failsAt: lr === 0.1 && seed === 3 ? SWEEP_FAILS_AT : null,
      })),
    );
    let next = start;
    let bestId = '';
    const results: { name: string; testAcc: number | null }[] = [];
    for (const config of configs) {
      const { lr, seed } = config;
      const plan: RunPlan = {
        experiment: 'cifar-sweep',
        name: `resnet18-lr${lr}-s${seed}`,
        start: next,
        params: new Map<string, Value>([
          ['lr', lr],
          ['batch', 128n],
          ['seed', BigInt(seed)],
          ['model', 'resnet18'],
          ['optimizer', 'sgd'],
          ['momentum', 0.9],
          ['weight_decay', 5e-4],
          ['augment', true],
        ]),
        args: ['train.py', '--lr', String(lr), '--batch', '128', '--seed', String(seed)],
        seed,
        gpu: '0',
        steps: SWEEP_STEPS,
      };
      const training = this.startTraining(plan, {
        lr,
        batch: 128,
        steps: SWEEP_STEPS,
        floorScale: SWEEP_SEED_SCALE[seed - 1],
      });
      const { writer } = training;
      const isBest = config.tags.includes('best');
      const isBaseline = config.tags.includes('baseline');
      this.trainSteps(training, 0, 1000);
      if (isBest) this.halfwayVersion = this.checkpoint(training, 1000, 'halfway');
      if (config.failsAt !== null) {
        this.trainSteps(training, 1001, config.failsAt);
        training.clock.advance(0.4);
        writer.end('failed', SWEEP_FAILURE);
        for (const tag of config.tags) addTag(writer.dir, storeRootOf(writer.dir), tag);
        results.push({ name: plan.name, testAcc: null });
        this.record(writer, plan, 'failed', config.failsAt, `failed at step ${config.failsAt}`);
        next = training.clock.now + 90 + 60 * this.random.uniform();
        continue;
      }
      this.trainSteps(training, 1001, SWEEP_STEPS);
      const testAcc = this.finalEvaluation(training, SWEEP_STEPS);
      if (isBaseline) this.checkpoint(training, SWEEP_STEPS, 'baseline');
      if (isBest) this.bestVersion = this.checkpoint(training, SWEEP_STEPS, 'sweep winner');
      this.summarize(training, testAcc, plan.start);
      training.clock.advance(1.5);
      writer.end('finished');
      for (const tag of config.tags) addTag(writer.dir, storeRootOf(writer.dir), tag);
      results.push({ name: plan.name, testAcc });
      if (isBest) bestId = writer.id;
      if (isBaseline) {
        writeNotes(
          writer.dir,
          storeRootOf(writer.dir),
          '# Baseline\n\nThe recipe from the paper: SGD with momentum 0.9, lr 0.1, cosine decay, ' +
            'batch 128.\nThe sweep tries lr 0.03 beside it, each lr on seeds 1 to 3.\n',
        );
      }
      this.record(
        writer,
        plan,
        'finished',
        SWEEP_STEPS,
        isBest ? 'best of the sweep; checkpoints, notes' : `lr ${lr} seed ${seed} of the sweep`,
      );
      next = training.clock.now + 90 + 60 * this.random.uniform();
    }
    const ranking = [...results]
      .sort((a, b) => (b.testAcc ?? -1) - (a.testAcc ?? -1))
      .map((r) => `| ${r.name} | ${r.testAcc === null ? 'failed' : r.testAcc.toFixed(4)} |`)
      .join('\n');
    writeNotes(
      join(this.root, 'runs', bestId),
      realStoreRoot(this.root),
      '# Best of the lr sweep\n\n' +
        '| run | test/acc |\n| --- | --- |\n' +
        `${ranking}\n\n` +
        '- lr 0.1 beats lr 0.03 on each seed that finished: 0.03 is still converging at 2000.\n' +
        `- lr0.1-s3 failed at step ${SWEEP_FAILS_AT}: from there the lr 0.1 band stands on 2 seeds.\n` +
        '- Checkpoint published as **cifar-resnet** `best`.\n\n' +
        'Next: fine-tune at lr 0.01 (resnet18-finetune).\n',
    );
    return { bestId, end: next };
  }

  /** A run of another kind of model, whose files are audio, video, tables and a report. */
  private voiceAgent(start: number): void {
    const plan: RunPlan = {
      experiment: 'voice-agent',
      name: 'gridworld-commands',
      start,
      params: new Map<string, Value>([
        ['lr', 3e-4],
        ['policy', 'ppo'],
        ['listener', 'conformer-s'],
        ['sample_rate', 16_000n],
      ]),
      args: ['agent.py', '--policy', 'ppo', '--listener', 'conformer-s'],
      seed: 11,
      gpu: '1',
    };
    const { writer, clock } = this.startRun(plan);
    const lastStep = trainMediaRun({
      writer,
      random: this.random.fork(),
      advance: (seconds) => clock.advance(seconds),
      scratchFile: (name, bytes) => this.scratchFile(name, bytes),
    });
    clock.advance(2);
    writer.end('finished');
    addTag(writer.dir, storeRootOf(writer.dir), 'media');
    this.record(
      writer,
      plan,
      'finished',
      lastStep,
      'logs audio, episode videos, a table of commands heard and a report',
    );
  }

  private outOfMemory(start: number): void {
    const plan: RunPlan = {
      experiment: 'cifar-resnet',
      name: 'resnet50-b4096',
      start,
      params: new Map<string, Value>([
        ['lr', 0.4],
        ['batch', 4096n],
        ['seed', 7n],
        ['model', 'resnet50'],
        ['optimizer', 'lars'],
      ]),
      args: ['train.py', '--model', 'resnet50', '--batch', '4096', '--lr', '0.4', '--seed', '7'],
      seed: 7,
      gpu: '0',
      steps: 1200,
    };
    const training = this.startTraining(plan, { lr: 0.4, batch: 4096, steps: 1200 });
    const lastStep = 99;
    this.trainSteps(training, 0, lastStep);
    training.clock.advance(3.2);
    training.writer.end(
      'failed',
      [
        'Traceback (most recent call last):',
        '  File "/home/demo/cifar-resnet/train.py", line 214, in <module>',
        '    main()',
        '  File "/home/demo/cifar-resnet/train.py", line 187, in main',
        '    metrics = evaluate(model, test_loader)',
        '  File "/home/demo/cifar-resnet/train.py", line 96, in evaluate',
        '    logits = model(images)',
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.06 GiB. GPU 0 has a ' +
          'total capacity of 23.64 GiB of which 1.12 GiB is free. Of the allocated memory 21.87 ' +
          'GiB is allocated by PyTorch, and 402.56 MiB is reserved by PyTorch but unallocated.',
      ].join('\n'),
    );
    addTag(training.writer.dir, storeRootOf(training.writer.dir), 'oom');
    writeNotes(
      training.writer.dir,
      storeRootOf(training.writer.dir),
      'Batch 4096 with resnet50 does not fit on a 24 GB card at eval time.\n' +
        'Try gradient accumulation (4 x 1024) or eval with a smaller batch.\n',
    );
    this.record(training.writer, plan, 'failed', lastStep, 'CUDA out of memory traceback');
  }

  private killed(start: number): void {
    const plan: RunPlan = {
      experiment: 'cifar-resnet',
      name: 'resnet18-mixup',
      start,
      params: new Map<string, Value>([
        ['lr', 0.05],
        ['batch', 128n],
        ['seed', 8n],
        ['model', 'resnet18'],
        ['mixup_alpha', 0.2],
      ]),
      args: ['train.py', '--lr', '0.05', '--mixup', '0.2', '--seed', '8'],
      seed: 8,
      gpu: '1',
      steps: SWEEP_STEPS,
    };
    const training = this.startTraining(plan, { lr: 0.05, batch: 128, steps: SWEEP_STEPS });
    const lastStep = 730;
    this.trainSteps(training, 0, lastStep);
    training.clock.advance(0.8);
    training.writer.end('killed');
    writeNotes(
      training.writer.dir,
      storeRootOf(training.writer.dir),
      'Stopped by hand: mixup was left on for evaluation.\n',
    );
    this.record(training.writer, plan, 'killed', lastStep, 'stopped by hand at step 730');
  }

  private diverged(start: number): void {
    const steps = 400;
    const plan: RunPlan = {
      experiment: 'cifar-resnet',
      name: 'resnet18-lr3',
      start,
      params: new Map<string, Value>([
        ['lr', 3.0],
        ['batch', 128n],
        ['seed', 9n],
        ['model', 'resnet18'],
        ['grad_clip', NaN],
      ]),
      args: ['train.py', '--lr', '3.0', '--seed', '9', '--no-grad-clip'],
      seed: 9,
      gpu: '1',
      steps,
    };
    const training = this.startTraining(plan, { lr: 3.0, batch: 128, steps });
    const { writer, clock, random, sim } = training;
    const divergesAt = 90;
    const infiniteAt = 140;
    let loss = 0;
    for (let step = 0; step <= steps; step++) {
      clock.advance(0.31 * (1 + 0.08 * random.normal()));
      const healthy = step < divergesAt ? sim.train(step) : null;
      if (healthy !== null) loss = healthy.loss;
      else if (step < infiniteAt) loss = loss * (1.15 + 0.1 * random.uniform()) + 0.5;
      else loss = step < infiniteAt + 2 ? Infinity : NaN;
      const acc = healthy?.acc ?? (Number.isNaN(loss) ? NaN : 0.1);
      writer.log(
        step,
        new Map([
          ['train/loss', loss],
          ['train/acc', acc],
          ['train/lr', sim.learningRate(step)],
        ]),
      );
      if (step % READING_EVERY === 0) writer.reading(this.machineReading(training, step));
      if (step % EVAL_EVERY === 0) {
        clock.advance(6.5);
        const evaluation = step < divergesAt ? sim.evaluate(step) : { loss: NaN, acc: 0.1 };
        writer.log(step, evalValues(sim, step, evaluation));
      }
    }
    writer.summary(
      new Map<string, Value>([
        ['diverged_at_step', BigInt(infiniteAt)],
        ['final_loss', NaN],
        ['peak_loss', Infinity],
      ]),
    );
    clock.advance(1);
    writer.end('finished');
    addTag(writer.dir, storeRootOf(writer.dir), 'diverged');
    this.record(writer, plan, 'finished', steps, 'loss diverges to +Inf then NaN');
  }

  private resumedFineTune(start: number, parent: string): void {
    const steps = 1000;
    const plan: RunPlan = {
      experiment: 'cifar-resnet',
      name: 'resnet18-finetune',
      start,
      parent,
      params: new Map<string, Value>([
        ['lr', 0.01],
        ['batch', 128n],
        ['seed', 11n],
        ['model', 'resnet18'],
        ['init_from', 'cifar-resnet:best'],
      ]),
      args: ['train.py', '--lr', '0.01', '--init', 'cifar-resnet:best', '--seed', '11'],
      seed: 11,
      gpu: '0',
      steps,
    };
    const setup = { lr: 0.01, batch: 128, steps, initialLoss: 0.3, quality: 1 };
    const training = this.startTraining(plan, setup);
    training.lastEval = { loss: 0.3, acc: 0.92 };
    training.writer.use('cifar-resnet', this.bestVersion);
    this.trainSteps(training, 0, 400);
    const restoredFrom = this.checkpoint(training, 400, 'fine-tune, before preemption');
    this.trainSteps(training, 401, 600);
    // The node is preempted: the writer goes without an end, and a new one resumes later from
    // the checkpoint of step 400, so steps 401 to 600 of the first attempt become orphans.
    training.writer.abandon();
    const clock = new SimulatedClock(training.clock.now + 35 * MINUTE);
    const writer = RunWriter.resume(this.root, training.writer.id, {
      step: 400,
      provenance: this.provenance(plan),
      clock: clock.read,
    });
    const resumed: Training = { ...training, writer, clock };
    writer.use('cifar-resnet', restoredFrom);
    writer.reading(this.machineReading(resumed, 400));
    this.trainSteps(resumed, 401, steps);
    const testAcc = this.finalEvaluation(resumed, steps);
    this.summarize(resumed, testAcc, start);
    clock.advance(1);
    writer.end('finished');
    setAlias(this.root, 'cifar-resnet', 'latest', restoredFrom);
    setAlias(this.root, 'cifar-resnet', 'prod', restoredFrom);
    addTag(writer.dir, storeRootOf(writer.dir), 'fine-tune');
    addTag(writer.dir, storeRootOf(writer.dir), 'preempted');
    writeNotes(
      writer.dir,
      storeRootOf(writer.dir),
      'Preempted at step 600; resumed from the step-400 checkpoint (cifar-resnet `latest`).\n' +
        'Steps 401-600 of the first attempt stay in the log as orphans.\n',
    );
    this.record(writer, plan, 'finished', steps, 'resumed at 400 after logging to 600: orphans');
  }

  private crashed(start: number): void {
    const plan: RunPlan = {
      experiment: 'cifar-resnet',
      name: 'resnet18-cutout',
      start,
      params: new Map<string, Value>([
        ['lr', 0.05],
        ['batch', 128n],
        ['seed', 12n],
        ['model', 'resnet18'],
        ['cutout', 16n],
      ]),
      args: ['train.py', '--lr', '0.05', '--cutout', '16', '--seed', '12'],
      seed: 12,
      gpu: '1',
      steps: SWEEP_STEPS,
    };
    const training = this.startTraining(plan, { lr: 0.05, batch: 128, steps: SWEEP_STEPS });
    const lastStep = 1240;
    this.trainSteps(training, 0, lastStep);
    // The process dies: no end, and its lock is gone with it.
    training.writer.abandon();
    addTag(training.writer.dir, storeRootOf(training.writer.dir), 'needs-look');
    this.record(training.writer, plan, 'crashed', lastStep, 'writer gone without an end');
  }
}
