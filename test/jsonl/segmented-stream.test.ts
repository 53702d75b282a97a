// Reading a big event stream in segments, here or on threads, gives the very fold a read from
// start to end gives: over resumes (restarts and `resumed from`), orphans, labels that come and
// go, annotations of every kind, damaged and unwhole lines, NUL holes, done and failed ends,
// wherever the cuts fall, and whether or not a helper thread delivers.

import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EventFold } from '../../electron/sources/jsonl/event-fold.js';
import { readStreamInWorker } from '../../electron/sources/jsonl/threaded-stream-read.js';
import { streamSegments } from '../../electron/sources/jsonl/stream-segments.js';
import type { LabeledSeries } from '../../electron/sources/jsonl/labeled-series.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import type { LogReadResult } from '../../electron/store/log/read-types.js';
import { evenCuts, segmentCuts } from '../../electron/store/log/segmented-read.js';
import {
  annotationLine,
  doneLine,
  metricLine,
  openLine,
  Raw,
  START_MS,
} from '../support/event-writer.js';
import { Prng } from '../support/prng.js';
import type { HelpHere } from '../support/segments-here.js';
import { randomCuts, readSegmentedHere, stateText } from '../support/segments-here.js';
import { tempFolders } from './stream-fixture.js';

const folder = tempFolders();
const CHUNK = 1 << 12;
const NAMES = ['train/loss', 'train/acc', 'eval/loss', 'rate/tokens'];

/** Object.is tells -0 from 0 and NaN from NaN where toEqual would not. */
const exact = (x: number): number | string => (Object.is(x, -0) ? '-0' : x);

/** A labeled series whole: its samples, and each sample's value of each label, in order. */
function labeledState(labeled: LabeledSeries): unknown {
  const { samples } = labeled.series;
  const rows: (number | string)[][] = [];
  for (let i = 0; i < samples.length; i++)
    rows.push([samples.step(i), samples.time(i), exact(samples.value(i))]);
  return {
    rows,
    maxStep: labeled.series.maxStep,
    labels: [...labeled.labels].map(([name, column]) => ({
      name,
      values: [...column.values],
      at: rows.map((_, i) => column.at(i)),
    })),
  };
}

/** Everything a fold holds, in its order, to compare two folds whole. */
function stateOf(fold: EventFold, read: LogReadResult): unknown {
  return {
    read: { offset: read.offset, size: read.size, stoppedAtNul: read.stoppedAtNul },
    unreadable: fold.unreadable,
    damaged: fold.damaged,
    lines: fold.lines,
    otherRecords: fold.otherRecords,
    status: fold.status,
    error: fold.error,
    endTime: fold.endTime,
    series: [...fold.series.keys()],
    labeled: [...fold.labeled].map(([key, labeled]) => [key, labeledState(labeled)]),
    orphans: [...fold.orphans].map(([key, labeled]) => [key, labeledState(labeled)]),
    annotations: fold.annotations,
    resumes: fold.resumes,
    processes: fold.processes,
    lastMetricStep: fold.lastMetricStep,
    pendingResume: fold.pendingResume,
  };
}

/** A stream: an open, then metric lines with labels, and `extras` where it gives a line. */
function buildStream(
  prng: Prng,
  lines: number,
  extras: (prng: Prng, i: number, step: number) => string | undefined,
): string {
  const out = [openLine(START_MS)];
  let step = 0;
  for (let i = 0; i < lines; i++) {
    const ms = START_MS + i;
    const extra = extras(prng, i, step);
    if (extra !== undefined) {
      out.push(extra);
      continue;
    }
    if (prng.chance(0.3)) step++;
    const name = prng.pick(NAMES);
    const stage = prng.chance(0.999) ? (i < lines / 2 ? 'easy' : 'hard') : 'odd "stage"';
    const metadata: Record<string, string | number> = prng.chance(0.95)
      ? { split: name.split('/')[0]!, stage }
      : prng.pick<Record<string, string | number>>([
          {},
          { stage },
          { pass: 'eval', split: 'eval' },
          { n: 3 },
        ]);
    const value = prng.chance(0.99)
      ? prng.next() * 10 - 3
      : prng.pick([
          new Raw('NaN'),
          new Raw('-0.0'),
          new Raw('1e3'),
          new Raw('{"float":"-Infinity"}'),
          7,
        ]);
    out.push(metricLine(ms, step, name, value, metadata));
  }
  return out.map((line) => `${line}\n`).join('');
}

/** The lines a stream's extras draw from: every event kind, and damage. */
function trickyLine(prng: Prng, i: number, step: number): string {
  const ms = START_MS + i;
  return prng.pick([
    openLine(ms),
    annotationLine(ms, step, 'checkpoint /tmp/ckpt', { checkpoint: '/tmp/ckpt', seconds: 0.1 }),
    annotationLine(ms, Math.max(0, step - 50), 'resumed from /tmp/ckpt', {
      checkpoint: '/tmp/ckpt',
    }),
    annotationLine(ms, step, 'stage easy -> hard', { from: 'easy', to: 'hard' }),
    annotationLine(ms, step, `interrupted by SIGTERM at step ${step}`, { signal: 'SIGTERM' }),
    annotationLine(ms, step, 'failed: out of memory', { error: 'oom' }),
    doneLine(ms),
    '{"ts_ms":1,"kind":"metric"',
    '{not json}',
    metricLine(ms, step, 'bad name/', 1),
    metricLine(ms, step, 'train/loss', 1, { split: 'a', split2: 'b' }).replace('split2', 'split'),
    `${metricLine(ms, step, 'train/loss', 2)} `,
  ]);
}

async function expectSegmentedEqualsWhole(path: string, cuts: readonly number[]): Promise<void> {
  const root = dirname(path);
  const whole = new EventFold();
  const wholeState = stateText(stateOf(whole, readLogInto(path, root, whole)));
  const helps: HelpHere[] = [
    {},
    { helperTakes: 1 },
    { helperTakes: cuts.length },
    { helperTakes: 2, lost: new Set([1]) },
  ];
  for (const help of helps) {
    const segmented = new EventFold();
    const read = await readSegmentedHere(cuts, streamSegments(path, root, segmented), help);
    expect(stateText(stateOf(segmented, read))).toBe(wholeState);
  }
}

function writeStream(text: string): string {
  const path = join(folder(), 'train.jsonl');
  writeFileSync(path, text);
  return path;
}

describe('reading a stream in segments', () => {
  it('equals a whole read of plain metrics, at random cuts and at even ones', async () => {
    const prng = new Prng(0x57e);
    const text = buildStream(prng, 4 * CHUNK, () => undefined);
    const path = writeStream(text);
    for (const count of [2, 3, 5])
      await expectSegmentedEqualsWhole(
        path,
        segmentCuts(path, dirname(path), (size) => evenCuts(size, count)),
      );
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(6)));
  });

  it('equals a whole read over resumes, orphans, annotations, ends and damage', async () => {
    const prng = new Prng(0xd00d);
    const text = buildStream(prng, 4 * CHUNK, (p, i, step) =>
      p.chance(0.004) ? trickyLine(p, i, step) : undefined,
    );
    const path = writeStream(text);
    for (let round = 0; round < 5; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(8)));
  });

  it('equals a whole read where a resume falls just before a cut, its first metric after', async () => {
    const prng = new Prng(0xc0de);
    const text = buildStream(prng, 2 * CHUNK, (_, i) =>
      i === CHUNK ? openLine(START_MS + i) : undefined,
    );
    const path = writeStream(text);
    const openEnd = text.indexOf('\n', text.indexOf('"kind":"open"', 100)) + 1;
    await expectSegmentedEqualsWhole(path, [0, openEnd, Buffer.byteLength(text)]);
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(4)));
  });

  it('stops where a whole read stops: a NUL hole, an unwhole last line, no open first', async () => {
    const prng = new Prng(0x0);
    const text = buildStream(prng, 2 * CHUNK, () => undefined);
    const holeAt = text.indexOf('\n', Math.floor(text.length * 0.6)) + 1;
    const path = writeStream(`${text.slice(0, holeAt)}\0\0\0\0${text.slice(holeAt + 4)}`);
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(4)));
    writeFileSync(path, text + metricLine(START_MS, 9, 'train/loss', 1).slice(0, 30));
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(4)));
    const noOpen = text.slice(text.indexOf('\n') + 1);
    writeFileSync(path, noOpen);
    await expectSegmentedEqualsWhole(path, randomCuts(prng, noOpen, 3));
  });

  it('gives the same on threads: a stream read in worker segments equals a whole read', async () => {
    const prng = new Prng(0x7);
    const text = buildStream(prng, 4 * CHUNK, (p, i, step) =>
      p.chance(0.003) ? trickyLine(p, i, step) : undefined,
    );
    const path = writeStream(text);
    const root = dirname(path);
    const whole = new EventFold();
    const wholeState = stateText(stateOf(whole, readLogInto(path, root, whole)));
    for (const segments of [1, 3, 6]) {
      const progress: number[] = [];
      const { fold, read } = await readStreamInWorker(
        path,
        root,
        (b) => progress.push(b),
        segments,
      );
      expect(stateText(stateOf(fold, read))).toBe(wholeState);
      expect(progress.every((bytes, i) => i === 0 || bytes > progress[i - 1]!)).toBe(true);
    }
  });
});
