// The demo's live run: one run of "cifar-live" that keeps writing, about ten metrics samples a
// second and a reading of this machine each second, holding its lock until it is stopped.

import os from 'node:os';
import type { JsonValue } from '../../shared/format/json.js';
import type { Clock } from './writer/clock.js';
import { RunWriter } from './writer/run-writer.js';
import { SeededRandom } from './seeded-random.js';
import {
  declareTrainingMetrics,
  evalValues,
  SimulatedTraining,
  trainValues,
} from './simulated-training.js';

export interface LiveRunOptions {
  readonly samplesPerSecond?: number;
  readonly evalEvery?: number;
  readonly clock?: Clock;
  readonly seed?: number;
}

export interface LiveRun {
  readonly id: string;
  readonly dir: string;
  /** Steps logged so far. */
  readonly steps: () => number;
  /** Stops writing and ends the run with status "killed". */
  stop(): void;
}

/** This machine's load and memory in use, in percent: real readings for the live run. */
function machineReading(): Map<string, number> {
  const cores = os.cpus().length || 1;
  const load = Math.min(100, (os.loadavg()[0]! / cores) * 100);
  const memory = (1 - os.freemem() / os.totalmem()) * 100;
  return new Map([
    ['sys/cpu', Math.round(load * 10) / 10],
    ['sys/mem', Math.round(memory * 100) / 100],
  ]);
}

export function startLiveRun(root: string, options: LiveRunOptions = {}): LiveRun {
  const samplesPerSecond = options.samplesPerSecond ?? 10;
  const evalEvery = options.evalEvery ?? 50;
  const random = new SeededRandom(options.seed ?? Date.now() >>> 0);
  const writer = RunWriter.create(root, {
    experiment: 'cifar-live',
    name: 'resnet18-live',
    params: new Map<string, boolean | bigint | number | string>([
      ['lr', 0.05],
      ['batch', 128n],
      ['seed', 21n],
      ['model', 'resnet18'],
    ]),
    // This process as it is, but no git state: the directory the demo is started from is not
    // the demo's source, and its uncommitted changes do not belong in the demo store.
    provenance: new Map<string, JsonValue>([
      ['command', [...process.argv]],
      ['cwd', process.cwd()],
      ['hostname', os.hostname()],
      ['pid', BigInt(process.pid)],
      ['node', process.versions.node],
      ['os', `${os.type()} ${os.release()}`],
      ['arch', os.arch()],
      ['seeds', new Map<string, JsonValue>([['seed', 21n]])],
      ['env', new Map<string, JsonValue>()],
    ]),
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
  });
  const sim = new SimulatedTraining({ lr: 0.05, batch: 128, steps: 36_000 }, random);
  declareTrainingMetrics(writer);
  writer.reading(machineReading());
  let step = 0;
  const tick = (): void => {
    writer.log(step, trainValues(sim, step));
    if (step % evalEvery === 0) {
      const evaluation = sim.evaluate(step);
      writer.log(step, evalValues(sim, step, evaluation));
    }
    step++;
  };
  tick();
  const samples = setInterval(tick, 1000 / samplesPerSecond);
  const readings = setInterval(() => writer.reading(machineReading()), 1000);
  let stopped = false;
  return {
    id: writer.id,
    dir: writer.dir,
    steps: () => step,
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(samples);
      clearInterval(readings);
      writer.end('killed');
    },
  };
}
