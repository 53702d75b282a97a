// What a subscriber holds of a run, and exact comparisons of it and a RunLog with a fresh read.

import { join } from 'node:path';
import type { FollowResult } from '../../electron/follow/run-follower.js';
import type { LogReadResult } from '../../electron/store/log/read-types.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import type { LogRecord, SeriesKind } from '../../shared/format/records.js';
import { encodeRecord } from '../../shared/format/records.js';
import { encodeValueMap } from '../../shared/format/values.js';

class Column {
  private data = new Float64Array(16);
  length = 0;

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }

  at(i: number): number {
    return this.data[i]!;
  }

  set(i: number, x: number): void {
    this.data[i] = x;
  }
}

/** One series as a subscriber holds it. */
export class HeldSeries {
  readonly steps = new Column();
  readonly times = new Column();
  readonly values = new Column();

  constructor(readonly kind: SeriesKind) {}

  get length(): number {
    return this.steps.length;
  }

  append(steps: ArrayLike<number>, times: ArrayLike<number>, values: ArrayLike<number>): void {
    for (let i = 0; i < steps.length; i++) {
      this.steps.push(steps[i]!);
      this.times.push(times[i]!);
      this.values.push(values[i]!);
    }
  }

  /** Drops the samples whose step is above `step`, keeping the others in order. */
  keepStepsUpTo(step: number): void {
    let write = 0;
    for (let read = 0; read < this.length; read++) {
      if (this.steps.at(read) > step) continue;
      this.steps.set(write, this.steps.at(read));
      this.times.set(write, this.times.at(read));
      this.values.set(write, this.values.at(read));
      write++;
    }
    this.steps.length = this.times.length = this.values.length = write;
  }
}

/** What a subscriber holds of one run: its series, key by key. */
export class HeldRun {
  readonly series = new Map<string, HeldSeries>();

  append(
    key: string,
    kind: SeriesKind,
    steps: ArrayLike<number>,
    times: ArrayLike<number>,
    values: ArrayLike<number>,
  ): void {
    let series = this.series.get(key);
    if (series === undefined) this.series.set(key, (series = new HeldSeries(kind)));
    if (series.kind !== kind) throw new Error(`${key} was told as a ${series.kind}, now a ${kind}`);
    series.append(steps, times, values);
  }

  /** A resume to `step`: metric samples above it go; readings stay. */
  cut(step: number): void {
    for (const series of this.series.values())
      if (series.kind === 'metric') series.keepStepsUpTo(step);
  }

  clear(): void {
    this.series.clear();
  }

  /** Takes every series of log whole, as a subscriber does after a reset. */
  takeAll(log: RunLog): void {
    this.clear();
    for (const [key, series] of log.series) {
      const { steps, times, values } = series.samples.slice();
      this.append(key, series.kind, steps, times, values);
    }
  }

  count(key: string): number {
    return this.series.get(key)?.length ?? 0;
  }

  get totalSamples(): number {
    let total = 0;
    for (const series of this.series.values()) total += series.length;
    return total;
  }
}

/**
 * Applies what a follower's poll returned to held, reading the samples it names from the
 * follower's log. Throws when a change does not continue what held holds.
 */
export function applyFollow(held: HeldRun, result: FollowResult, log: RunLog): void {
  if (result.state === 'vanished' || result.state === 'unreadable') return;
  if (result.state === 'reset') {
    held.takeAll(log);
    return;
  }
  for (const change of result.changes) {
    if (change.kind === 'orphans-cut') {
      held.cut(change.step);
      continue;
    }
    const series = log.series.get(change.key);
    if (series === undefined) throw new Error(`told samples of ${change.key}, which has no series`);
    const holds = held.count(change.key);
    if (change.from !== holds || change.to < change.from || change.to > series.samples.length) {
      throw new Error(
        `told samples [${change.from}, ${change.to}) of ${change.key}, holding ${holds} of a series of ${series.samples.length}`,
      );
    }
    const { steps, times, values } = series.samples.slice(change.from, change.to);
    held.append(change.key, series.kind, steps, times, values);
  }
}

/** The store that the log at <root>/runs/<id>/events.jsonl belongs to. */
export function storeRootOf(logPath: string): string {
  return join(logPath, '..', '..', '..');
}

/** A fresh full read of the log at path: the oracle. */
export function freshRead(path: string): { log: RunLog; read: LogReadResult } {
  const log = new RunLog();
  const read = readLogInto(path, storeRootOf(path), log);
  return { log, read };
}

function sameNumber(a: number, b: number): boolean {
  return Object.is(a, b);
}

/** The first difference between held's non-empty series and the log's, or null. */
export function heldDifference(held: HeldRun, log: RunLog): string | null {
  const expected = [...log.series].filter(([, s]) => s.samples.length > 0);
  const actual = [...held.series].filter(([, s]) => s.length > 0);
  const expectedKeys = expected.map(([key]) => key).sort();
  const actualKeys = actual.map(([key]) => key).sort();
  if (expectedKeys.join('\n') !== actualKeys.join('\n'))
    return `keys held [${actualKeys.join(', ')}], read [${expectedKeys.join(', ')}]`;
  for (const [key, series] of expected) {
    const mine = held.series.get(key)!;
    if (mine.kind !== series.kind) return `${key}: held as ${mine.kind}, read as ${series.kind}`;
    const { samples } = series;
    if (mine.length !== samples.length)
      return `${key}: ${mine.length} samples held, ${samples.length} read`;
    for (let i = 0; i < samples.length; i++) {
      if (
        !sameNumber(mine.steps.at(i), samples.step(i)) ||
        !sameNumber(mine.times.at(i), samples.time(i)) ||
        !sameNumber(mine.values.at(i), samples.value(i))
      ) {
        return (
          `${key}[${i}]: held (${mine.steps.at(i)}, ${mine.times.at(i)}, ${mine.values.at(i)}), ` +
          `read (${samples.step(i)}, ${samples.time(i)}, ${samples.value(i)})`
        );
      }
    }
  }
  return null;
}

const records = (list: readonly LogRecord[]): string => list.map(encodeRecord).join('\n');
const optional = (record: LogRecord | null): string =>
  record === null ? 'null' : encodeRecord(record);

/** The first difference between two folds of a log, in everything a reader shows, or null. */
export function logDifference(actual: RunLog, expected: RunLog): string | null {
  const fields: [string, (log: RunLog) => unknown][] = [
    ['start', (log) => optional(log.start)],
    ['unreadable', (log) => JSON.stringify(log.unreadable)],
    ['damaged', (log) => log.damaged],
    ['lines', (log) => log.lines],
    ['currentStep', (log) => log.currentStep],
    ['kinds', (log) => JSON.stringify([...log.kinds])],
    ['metric declarations', (log) => records([...log.metricDeclarations.values()])],
    ['summary', (log) => encodeValueMap(log.summary)],
    ['uses', (log) => records(log.uses)],
    ['files', (log) => records(log.files)],
    ['resumes', (log) => records(log.resumes)],
    ['end', (log) => optional(log.end)],
    ['series keys', (log) => JSON.stringify([...log.series.keys()])],
  ];
  for (const [name, get] of fields) {
    const a = get(actual);
    const b = get(expected);
    if (a !== b) return `${name}: ${String(a)} but a fresh read gives ${String(b)}`;
  }
  const held = new HeldRun();
  held.takeAll(actual);
  const series = heldDifference(held, expected);
  if (series !== null) return series;
  for (const [key, s] of actual.series) {
    if (s.maxStep !== expected.series.get(key)!.maxStep)
      return `${key}: greatest step ${s.maxStep}, a fresh read gives ${expected.series.get(key)!.maxStep}`;
  }
  return null;
}
