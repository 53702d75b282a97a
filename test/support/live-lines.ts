// Log lines for live tests as a munin writer encodes them, and a seeded source of every kind.

import type { JsonObject, JsonValue } from '../../shared/format/json.js';
import type { Goal, LogRecord } from '../../shared/format/records.js';
import { encodeRecord } from '../../shared/format/records.js';
import type { Value } from '../../shared/format/values.js';
import type { Prng } from './prng.js';

export const T0 = 1_800_000_000.125;

const provenance = (pid: number): JsonObject =>
  new Map<string, JsonValue>([
    ['command', ['./train.exe', '--live']],
    ['cwd', '/home/u/p'],
    ['pid', BigInt(pid)],
  ]);

export function line(record: LogRecord): string {
  return `${encodeRecord(record)}\n`;
}

export function startLine(experiment = 'live', params: ReadonlyMap<string, Value> = new Map()) {
  return line({
    type: 'start',
    time: T0,
    experiment,
    name: null,
    parent: null,
    steps: null,
    params,
    provenance: provenance(1),
  });
}

export function metricsLine(step: number, values: Record<string, number>, time = T0 + step) {
  return line({ type: 'metrics', time, step, values: new Map(Object.entries(values)) });
}

export function readingLine(step: number, values: Record<string, number>, time = T0 + step) {
  return line({ type: 'reading', time, step, values: new Map(Object.entries(values)) });
}

export function resumeLine(step: number, time = T0 + 10_000) {
  return line({ type: 'resume', time, step, provenance: provenance(2) });
}

export function summaryLine(values: ReadonlyMap<string, Value>, time = T0 + 1) {
  return line({ type: 'summary', time, values });
}

export function endLine(status: 'finished' | 'failed' | 'killed' = 'finished', time = T0 + 20_000) {
  return line({ type: 'end', time, status, error: status === 'failed' ? 'it broke' : null });
}

const METRIC_KEYS = ['train/loss', 'train/acc', 'val/loss', 'opt/lr', 'über/λ'];
const READING_KEYS = ['sys/cpu', 'sys/gpu0/mem'];
const SPECIAL = [
  NaN,
  Infinity,
  -Infinity,
  -0,
  0,
  5e-324,
  -5e-324,
  Number.MAX_VALUE,
  2.2250738585072014e-308,
  0.1,
  1e21,
  123456789.125,
  2 ** 53 + 2,
];
const DAMAGED = [
  'not a record {',
  '[1,2,3]',
  '{"type":"metrics","time":1.5,"values":{"train/loss":1.0}}',
  '{"type":"metrics","time":1.5,"step":-1,"values":{"train/loss":1.0}}',
  '{"type":"metrics","time":1.5,"step":1,"values":{"bad\\u0001key":1.0}}',
  '{"type":"metrics","time":1.5,"step":1,"values":{"train/loss":"1.0"}}',
  '{"type":"bogus","time":1.5}',
  '{"type":"start","time":1.5,"format":1,"experiment":"again","params":{}}',
  '{"type":"reading","time":1.5,"step":1,"values":{"train/loss":1.0}}',
  '{"type":"metrics","time":1.5,"step":1,"values":{"sys/cpu":1.0}}',
  '{"type":"end","time":1.5,"status":"paused"}',
  '',
];

/** A seeded source of log lines as a training run writes them, with damage now and then. */
export class LineSource {
  /** The step of the last metrics or resume line made. */
  step = 0;
  /** The greatest step of a metrics line made. */
  maxStep = 0;
  private time = T0;

  constructor(private readonly prng: Prng) {}

  private nextTime(): number {
    this.time += this.prng.next() * 2;
    return this.time;
  }

  private value(): number {
    const { prng } = this;
    if (prng.chance(0.15)) return prng.pick(SPECIAL);
    if (prng.chance(0.35)) return prng.finiteDouble();
    return prng.next() * 4 - 2;
  }

  private samples(keys: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    const count = this.prng.range(1, keys.length);
    const start = this.prng.int(keys.length);
    for (let i = 0; i < count; i++) out.set(keys[(start + i) % keys.length]!, this.value());
    return out;
  }

  private summaryValue(): Value {
    const { prng } = this;
    switch (prng.int(6)) {
      case 0:
        return BigInt(prng.range(-1000, 1000));
      case 1:
        return 2n ** 60n + BigInt(prng.u32());
      case 2:
        return this.value();
      case 3:
        return prng.chance(0.5);
      case 4:
        return `best "${prng.u32()}" ✓`;
      default:
        return 'line\nfeed\ttab';
    }
  }

  start(): string {
    return line({
      type: 'start',
      time: this.nextTime(),
      experiment: 'follow',
      name: 'live run',
      parent: null,
      steps: 1_000_000,
      params: new Map<string, Value>([
        ['lr', 0.001],
        ['batch', 64n],
        ['init', NaN],
      ]),
      provenance: provenance(1),
    });
  }

  /** The next line, with its line feed. */
  next(): string {
    const { prng } = this;
    const roll = prng.next();
    if (roll < 0.6) {
      this.step += prng.chance(0.85) ? 1 : prng.range(0, 5);
      this.maxStep = Math.max(this.maxStep, this.step);
      return line({
        type: 'metrics',
        time: prng.chance(0.1) ? this.time - 100 : this.nextTime(),
        step: this.step,
        values: this.samples(METRIC_KEYS),
      });
    }
    if (roll < 0.74) {
      return line({
        type: 'reading',
        time: this.nextTime(),
        step: this.step,
        values: this.samples(READING_KEYS),
      });
    }
    if (roll < 0.78) {
      const goals: (Goal | null)[] = ['minimize', 'maximize', null];
      return line({
        type: 'metric',
        time: this.nextTime(),
        key: prng.pick(METRIC_KEYS),
        goal: prng.pick(goals),
        stepMetric: prng.chance(0.3) ? 'train/loss' : null,
      });
    }
    if (roll < 0.82) {
      const values = new Map<string, Value>();
      for (let i = prng.range(1, 3); i > 0; i--)
        values.set(prng.pick(['best', 'epoch', 'note', 'ok']), this.summaryValue());
      return line({ type: 'summary', time: this.nextTime(), values });
    }
    if (roll < 0.86) {
      const step = prng.range(0, this.step + 2);
      return line({
        type: 'file',
        time: this.nextTime(),
        key: 'images/sample',
        step,
        path: `files/images/sample/${step}.png`,
      });
    }
    if (roll < 0.88) {
      return line({
        type: 'use',
        time: this.nextTime(),
        name: 'dataset',
        version: prng.range(1, 9),
      });
    }
    if (roll < 0.95) return `${prng.pick(DAMAGED)}\n`;
    // A line long enough to span many writes.
    const values = new Map<string, number>();
    for (let i = prng.range(20, 80); i > 0; i--) values.set(`layer${i}/grad_norm`, this.value());
    this.step++;
    this.maxStep = Math.max(this.maxStep, this.step);
    return line({ type: 'metrics', time: this.nextTime(), step: this.step, values });
  }

  /** A resume to `step`; later metrics lines go on from it. */
  resume(step: number): string {
    this.step = step;
    return line({ type: 'resume', time: this.nextTime(), step, provenance: provenance(3) });
  }

  /** A metrics line of every metric key at the current step, such as an evaluation on resuming. */
  metricsHere(): string {
    const values = new Map<string, number>();
    for (const key of METRIC_KEYS) values.set(key, this.value());
    return line({ type: 'metrics', time: this.nextTime(), step: this.step, values });
  }

  end(): string {
    const status = this.prng.pick(['finished', 'failed', 'killed'] as const);
    return line({
      type: 'end',
      time: this.nextTime(),
      status,
      error: status === 'failed' ? 'CUDA error: out of memory' : null,
    });
  }
}
