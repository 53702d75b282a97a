// Reading a big log in segments on several threads gives the very RunLog a read from start to end
// gives: over resumes, ends, kind conflicts, damaged and unwhole lines, NUL holes and wide steps,
// wherever the cuts fall, and whether or not a segment's thread delivers.

import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import type { LogReadResult } from '../../electron/store/log/read-types.js';
import { logSegments } from '../../electron/store/log/segment-scan.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import {
  evenCuts,
  plannedCuts,
  segmentCuts,
  MIN_SEGMENT_BYTES,
} from '../../electron/store/log/segmented-read.js';
import { readLogInWorker } from '../../electron/store/log/threaded-read.js';
import { allSeries } from '../support/fold.js';
import {
  endLine,
  fileLine,
  metricLine,
  metricsLine,
  readingLine,
  resumeLine,
  startLine,
  summaryLine,
  useLine,
} from '../support/lines.js';
import { Prng } from '../support/prng.js';
import type { HelpHere } from '../support/segments-here.js';
import { randomCuts, readSegmentedHere, stateText } from '../support/segments-here.js';
import { tempStores } from '../support/store-fixture.js';

const newStore = tempStores();
const CHUNK = 1 << 14;

/** Everything a fold holds, in its order, to compare two folds whole. */
function stateOf(log: RunLog, read: LogReadResult): unknown {
  return {
    read: { offset: read.offset, size: read.size, stoppedAtNul: read.stoppedAtNul },
    start: log.start,
    unreadable: log.unreadable,
    damaged: log.damaged,
    lines: log.lines,
    kinds: [...log.kinds],
    series: Object.entries(allSeries(log)).map(([key, { kind, samples }]) => ({
      key,
      kind,
      // Object.is tells -0 from 0 and NaN from NaN where toEqual would not.
      samples: samples.map((triple) => triple.map((x) => (Object.is(x, -0) ? '-0' : x))),
      maxStep: log.series.get(key)!.maxStep,
    })),
    declarations: [...log.metricDeclarations],
    summary: [...log.summary],
    uses: log.uses,
    files: log.files,
    resumes: log.resumes,
    end: log.end,
    currentStep: log.currentStep,
    otherRecords: log.otherRecords,
  };
}

interface LogShape {
  lines: number;
  /** Most lines carry every key of the main set; the rest a few. */
  keys: readonly string[];
  extras: (prng: Prng, i: number) => string | undefined;
}

function buildLog(prng: Prng, shape: LogShape): string {
  const out = [startLine(), metricLine(shape.keys[0]!, 'minimize'), metricLine('sys/gpu')];
  let step = 0;
  for (let i = 0; i < shape.lines; i++) {
    const extra = shape.extras(prng, i);
    if (extra !== undefined) {
      out.push(extra);
      continue;
    }
    const keys = prng.chance(0.97) ? shape.keys : shape.keys.filter(() => prng.chance(0.5));
    const values = Object.fromEntries(keys.map((k) => [k, prng.next() * 10 - 3]));
    out.push(
      prng.chance(0.9) ? metricsLine(step, values) : readingLine(step, { 'sys/cpu': prng.next() }),
    );
    step++;
  }
  return out.map((line) => `${line}\n`).join('');
}

/** Cuts `count` even segments of the log at path, moved to line starts. */
const evenly = (path: string, count: number): number[] =>
  segmentCuts(path, dirname(path), (size) => evenCuts(size, count));

async function expectSegmentedEqualsWhole(path: string, cuts: readonly number[]): Promise<void> {
  const whole = new RunLog();
  const wholeState = stateText(stateOf(whole, readLogInto(path, dirname(path), whole)));
  // The fold alone, a helper with the first segments, a helper with all, one that loses some.
  const helps: HelpHere[] = [
    {},
    { helperTakes: 1 },
    { helperTakes: cuts.length },
    { helperTakes: 2, lost: new Set([1, 2]) },
  ];
  for (const help of helps) {
    const segmented = new RunLog();
    const progress: number[] = [];
    const read = await readSegmentedHere(
      cuts,
      logSegments(path, dirname(path), segmented),
      help,
      (bytes) => progress.push(bytes),
    );
    expect(stateText(stateOf(segmented, read))).toBe(wholeState);
    expect(progress.every((bytes, i) => i === 0 || bytes > progress[i - 1]!)).toBe(true);
  }
}

const KEYS = ['train/loss', 'train/acc', 'train/lr'];

describe('reading a log in segments', () => {
  it('equals a whole read of plain metrics, at random cuts and at the cuts it makes', async () => {
    const prng = new Prng(0x5e6);
    const text = buildLog(prng, { lines: 4 * CHUNK + 999, keys: KEYS, extras: () => undefined });
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, text);
    for (const count of [2, 3, 5]) await expectSegmentedEqualsWhole(path, evenly(path, count));
    for (let round = 0; round < 2; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(6)));
  });

  it('equals a whole read over resumes, files, summaries, uses, damage and wide steps', async () => {
    const prng = new Prng(0xd1ce);
    const text = buildLog(prng, {
      lines: 3 * CHUNK,
      keys: KEYS,
      extras: (p, i) => {
        if (i === 2 * CHUNK) return resumeLine(CHUNK);
        if (i === CHUNK + 77) return metricsLine(2 ** 40, { 'train/loss': -0 });
        if (!p.chance(0.0005)) return undefined;
        return p.pick([
          fileLine('media/img', i, `files/${i}.png`),
          summaryLine(`{"best":${i}}`),
          useLine('data', 1),
          '{"type":"metrics","time":1,"step":',
          '{not json at all}',
          metricsLine(i, { 'train/loss': 1, 'train/loss ': 2 }).replace(
            '"train/loss ":',
            '"train/loss":',
          ),
        ]);
      },
    });
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, text);
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(5)));
  });

  it('equals a whole read when a key changes kind or a later segment follows an end', async () => {
    const prng = new Prng(0xbad);
    // sys/gpu is declared a metric: logged as a reading, its lines are damaged. late/key is
    // logged as a metric first, then as a reading in a later segment.
    const text = buildLog(prng, {
      lines: 3 * CHUNK,
      keys: KEYS,
      extras: (_, i) =>
        i === CHUNK + 5
          ? readingLine(i, { 'sys/gpu': 1 })
          : i === CHUNK / 2
            ? metricsLine(i, { 'late/key': 1 })
            : i === 2 * CHUNK + 9
              ? readingLine(i, { 'late/key': 2 })
              : i === 2 * CHUNK + 20
                ? endLine('finished')
                : undefined,
    });
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, text);
    for (let round = 0; round < 3; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(5)));
  });

  it('stops where a whole read stops: at a NUL hole or an unwhole last line', async () => {
    const prng = new Prng(0x0);
    const text = buildLog(prng, { lines: 2 * CHUNK, keys: KEYS, extras: () => undefined });
    const holeAt = text.indexOf('\n', Math.floor(text.length * 0.6)) + 1;
    const withHole = `${text.slice(0, holeAt)}\0\0\0\0${text.slice(holeAt + 4)}`;
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, withHole);
    for (let round = 0; round < 2; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, withHole, 1 + prng.int(4)));
    writeFileSync(path, text + metricsLine(9, { 'train/loss': 1 }).slice(0, 30));
    for (let round = 0; round < 2; round++)
      await expectSegmentedEqualsWhole(path, randomCuts(prng, text, 1 + prng.int(4)));
  });

  it('reads a segment itself when its thread does not deliver, and a log with no start', async () => {
    const prng = new Prng(0x1057);
    const text = buildLog(prng, { lines: 2 * CHUNK, keys: KEYS, extras: () => undefined });
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, text);
    await expectSegmentedEqualsWhole(path, evenly(path, 4));
    writeFileSync(path, text.slice(text.indexOf('\n') + 1));
    await expectSegmentedEqualsWhole(path, evenly(path, 3));
  });

  it('plans segments that shrink towards the end, none below the least worth a thread', () => {
    const size = 1.1e9;
    const cuts = plannedCuts(size, 2);
    expect(cuts[0]).toBe(0);
    expect(cuts.at(-1)).toBe(size);
    const lengths = cuts.slice(1).map((cut, k) => cut - cuts[k]!);
    // The last takes what is left below two of the least, so may be longer than the one before.
    const last = lengths.pop()!;
    expect(lengths.every((length, k) => k === 0 || length <= lengths[k - 1]!)).toBe(true);
    expect(Math.min(...lengths, last)).toBeGreaterThanOrEqual(MIN_SEGMENT_BYTES);
    expect(last).toBeLessThan(3 * MIN_SEGMENT_BYTES);
    expect(lengths[0]).toBeLessThan(size / 2);
    // One thread, or a file too small to share out, is read whole, however long it grows.
    expect(plannedCuts(size, 1)).toEqual([0, Infinity]);
    expect(plannedCuts(3 * MIN_SEGMENT_BYTES, 2)).toEqual([0, Infinity]);
  });

  it('gives the same on threads: a log read in worker segments equals a whole read', async () => {
    const prng = new Prng(0x7);
    const text = buildLog(prng, { lines: 3 * CHUNK, keys: KEYS, extras: () => undefined });
    const path = join(newStore(), 'events.jsonl');
    writeFileSync(path, text);
    const { log, read } = await readLogInWorker(path, dirname(path), () => undefined, 3);
    const whole = new RunLog();
    expect(stateText(stateOf(log, read))).toBe(
      stateText(stateOf(whole, readLogInto(path, dirname(path), whole))),
    );
  });
});
