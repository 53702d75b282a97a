// Simulated CIFAR-10 training curves: loss and accuracy that depend on the learning rate as a
// real sweep's do (too high is noisy and plateaus, too low is slow), with per-step noise.

import type { SeededRandom } from './seeded-random.js';
import type { RunWriter } from './writer/run-writer.js';

export const CIFAR_CLASSES = [
  'airplane',
  'automobile',
  'bird',
  'cat',
  'deer',
  'dog',
  'frog',
  'horse',
  'ship',
  'truck',
] as const;

/** How much harder or easier each class is than the average, as on real CIFAR-10 models. */
const CLASS_OFFSETS = [0.03, 0.05, -0.06, -0.13, -0.02, -0.08, 0.04, 0.03, 0.05, 0.04];

const CHANCE_LOSS = Math.log(10);
const BEST_LR = 0.05;

export interface TrainingSetup {
  readonly lr: number;
  readonly batch: number;
  /** The steps the schedule spans. */
  readonly steps: number;
  /** The loss the model starts from: chance for a fresh model, lower for a fine-tune. */
  readonly initialLoss?: number;
  /** How good the learning rate is, from 0 to 1; derived from lr when not given. */
  readonly quality?: number;
  /** Scales the loss floors: a seed that trains a little better (< 1) or worse (> 1). */
  readonly floorScale?: number;
}

export interface TrainSample {
  readonly loss: number;
  readonly acc: number;
  readonly lr: number;
}

export interface EvalSample {
  readonly loss: number;
  readonly acc: number;
}

/** Accuracy that goes with a cross-entropy loss over ten classes, roughly as trained models show. */
function accuracyOf(loss: number): number {
  const scaled = Math.min(1, Math.max(0, loss / CHANCE_LOSS));
  return 1 - 0.9 * scaled ** 1.2;
}

export class SimulatedTraining {
  readonly stepsPerEpoch: number;
  /** 1 at the best learning rate, falling off on a log scale either side. */
  private readonly quality: number;
  private readonly timescale: number;
  private readonly trainFloor: number;
  private readonly evalFloor: number;
  private readonly noise: number;
  private readonly initialLoss: number;

  constructor(
    readonly setup: TrainingSetup,
    private readonly random: SeededRandom,
  ) {
    this.stepsPerEpoch = Math.ceil(50_000 / setup.batch);
    const distance = Math.log10(setup.lr / BEST_LR) / 0.55;
    this.quality = setup.quality ?? Math.exp(-distance * distance) * (setup.batch > 128 ? 0.97 : 1);
    const slowness = Math.min(10, Math.max(0.3, BEST_LR / setup.lr));
    this.timescale = 160 + 520 * Math.sqrt(slowness);
    const scale = setup.floorScale ?? 1;
    this.trainFloor = (0.03 + 0.5 * (1 - this.quality)) * scale;
    this.evalFloor = (0.22 + 0.55 * (1 - this.quality)) * scale;
    this.noise = 0.05 + 0.22 * Math.max(0, Math.log10(setup.lr / BEST_LR));
    this.initialLoss = setup.initialLoss ?? CHANCE_LOSS;
  }

  /** The learning rate at step: linear warmup over 100 steps, then cosine decay. */
  learningRate(step: number): number {
    const warmup = Math.min(1, (step + 1) / 100);
    return this.setup.lr * warmup * 0.5 * (1 + Math.cos((Math.PI * step) / this.setup.steps));
  }

  epoch(step: number): number {
    return step / this.stepsPerEpoch;
  }

  private smoothLoss(floor: number, step: number): number {
    const decay = Math.exp(-step / this.timescale);
    // The cosine schedule's last stretch anneals the loss a little further.
    const remaining = 0.5 * (1 + Math.cos((Math.PI * step) / this.setup.steps));
    const anneal = 1 - 0.15 * (1 - remaining) * (1 - decay);
    return (floor + (this.initialLoss - floor) * decay) * anneal;
  }

  train(step: number): TrainSample {
    const loss =
      this.smoothLoss(this.trainFloor, step) * Math.exp(this.noise * this.random.normal());
    const acc = accuracyOf(loss) + 0.012 * this.random.normal();
    return { loss, acc: Math.min(1, Math.max(0, acc)), lr: this.learningRate(step) };
  }

  evaluate(step: number): EvalSample {
    const loss = this.smoothLoss(this.evalFloor, step) * Math.exp(0.015 * this.random.normal());
    const acc = accuracyOf(loss) + 0.004 * this.random.normal();
    return { loss, acc: Math.min(1, Math.max(0, acc)) };
  }

  /** Each class's accuracy around an overall accuracy. */
  perClass(overall: number): number[] {
    return CLASS_OFFSETS.map((offset) =>
      Math.min(0.995, Math.max(0, overall + offset + 0.01 * this.random.normal())),
    );
  }
}

/** Declares a simulated run's metrics: goals, and epoch as the axis of the eval keys. */
export function declareTrainingMetrics(writer: Pick<RunWriter, 'metric'>): void {
  writer.metric('train/loss', { goal: 'minimize' });
  writer.metric('train/acc', { goal: 'maximize' });
  writer.metric('train/lr');
  writer.metric('epoch');
  writer.metric('eval/loss', { goal: 'minimize', stepMetric: 'epoch' });
  writer.metric('eval/acc', { goal: 'maximize', stepMetric: 'epoch' });
}

/** The train samples of a step, as one metrics record holds them. */
export function trainValues(sim: SimulatedTraining, step: number): Map<string, number> {
  const train = sim.train(step);
  return new Map([
    ['train/loss', train.loss],
    ['train/acc', train.acc],
    ['train/lr', train.lr],
  ]);
}

/** An evaluation's samples at a step, with the epoch its keys are drawn against. */
export function evalValues(
  sim: SimulatedTraining,
  step: number,
  evaluation: EvalSample,
): Map<string, number> {
  return new Map([
    ['epoch', sim.epoch(step)],
    ['eval/loss', evaluation.loss],
    ['eval/acc', evaluation.acc],
  ]);
}
