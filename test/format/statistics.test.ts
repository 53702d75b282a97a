// "Statistics of an ended run": each key's statistics, and when the stats.json hint is used.

import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { readRun } from '../../electron/store/log/read-run.js';
import { FORMAT_VERSION, STATS_RULES } from '../../shared/format/records.js';
import { decodeStatsHint, encodeStatsHint } from '../../shared/format/stats-hint.js';
import { exportRun, NO_HOST } from '../support/export.js';
import { foldLines } from '../support/fold.js';
import {
  endLine,
  metricLine,
  metricsLine,
  readingLine,
  resumeLine,
  startLine,
} from '../support/lines.js';
import { tempStores, writeLog, writeStats } from '../support/store-fixture.js';

const newStore = tempStores();

function statsOf(lines: string[]): Record<string, unknown> {
  const root = newStore();
  writeLog(root, 'r', lines);
  return exportRun(root)['stats'] as Record<string, unknown>;
}

describe('the statistics of a key', () => {
  it('count, latest sample, and least, greatest and mean of the finite samples', () => {
    const stats = statsOf([
      startLine(),
      metricLine('loss', 'minimize'),
      metricsLine(0, { loss: 3 }, 10.5),
      metricsLine(1, { loss: 1 }, 11.5),
      metricsLine(2, { loss: 2 }, 12.5),
    ]);
    expect(stats).toEqual({
      loss: {
        kind: 'metric',
        goal: 'minimize',
        count: 3n,
        last: { step: 2n, time: 12.5, value: 2 },
        finite: { least: 1, greatest: 3, mean: 2 },
      },
    });
  });

  it('the mean is the plain sequential sum of the finite samples over their count', () => {
    const acc = [
      0.05, 0.14, 0.22999999999999998, 0.32, 0.41, 0.49999999999999994, 0.5900000000000001, 0.68,
      0.77, 0.86,
    ];
    const stats = statsOf([startLine(), ...acc.map((v, s) => metricsLine(s, { acc: v }))]);
    expect((stats['acc'] as { finite: { mean: number } }).finite.mean).toBe(0.45500000000000007);
    // A compensated sum would give 1/3 here; the sequential one loses the 1.
    const lossy = statsOf([
      startLine(),
      ...[1e16, 1, -1e16].map((v, s) => metricsLine(s, { x: v })),
    ]);
    expect((lossy['x'] as { finite: { mean: number } }).finite.mean).toBe(0);
  });

  it('non-finite samples are counted apart, with the first of them', () => {
    const stats = statsOf([
      startLine(),
      '{"type":"metrics","time":1.0,"step":0,"values":{"a":1.0,"n":{"float":"NaN"}}}',
      '{"type":"metrics","time":2.0,"step":1,"values":{"a":{"float":"Infinity"},"n":{"float":"-Infinity"}}}',
      '{"type":"metrics","time":3.0,"step":2,"values":{"a":3.0,"n":{"float":"NaN"}}}',
    ]);
    expect(stats).toEqual({
      a: {
        kind: 'metric',
        count: 3n,
        last: { step: 2n, time: 3, value: 3 },
        finite: { least: 1, greatest: 3, mean: 2 },
        non_finite: { count: 1n, first: { step: 1n, time: 2, value: { float: 'Infinity' } } },
      },
      n: {
        kind: 'metric',
        count: 3n,
        last: { step: 2n, time: 3, value: { float: 'NaN' } },
        non_finite: { count: 3n, first: { step: 0n, time: 1, value: { float: 'NaN' } } },
      },
    });
  });

  it("goal comes from the key's latest metric record, and readings have none", () => {
    const stats = statsOf([
      startLine(),
      metricLine('a', 'minimize'),
      metricLine('b', 'minimize'),
      metricsLine(0, { a: 1, b: 1, c: 1 }),
      metricLine('a', 'maximize'),
      metricLine('b'),
      readingLine(0, { r: 0.5 }),
    ]);
    expect(stats['a']).toMatchObject({ kind: 'metric', goal: 'maximize' });
    expect(stats['b']).not.toHaveProperty('goal');
    expect(stats['c']).not.toHaveProperty('goal');
    expect(stats['r']).toEqual({
      kind: 'reading',
      count: 1n,
      last: { step: 0n, time: expect.any(Number), value: 0.5 },
      finite: { least: 0.5, greatest: 0.5, mean: 0.5 },
    });
  });

  it('keys without a sample have no statistics, and orphans are left out', () => {
    const stats = statsOf([
      startLine(),
      metricLine('declared', 'minimize'),
      metricsLine(0, { a: 1 }),
      metricsLine(4, { a: 100 }),
      resumeLine(0),
      metricsLine(1, { a: 3 }),
    ]);
    expect(Object.keys(stats)).toEqual(['a']);
    expect(stats['a']).toMatchObject({ count: 2n, finite: { least: 1, greatest: 3, mean: 2 } });
  });
});

describe('stats.json, the hint', () => {
  const lines = [
    startLine(),
    metricLine('a', 'minimize'),
    metricsLine(0, { a: 1 }),
    metricsLine(1, { a: 3 }),
    endLine('finished'),
  ];
  /** A hint that differs from the folded statistics, so the test sees which one was used. */
  const hint = (
    length: number | string,
    format: number | string = 1,
    rules: number | string = 2,
  ): string =>
    `{"format":${format},"rules":${rules},"length":${length},"keys":{"a":{"kind":"metric","goal":"minimize","count":7,"last":{"step":9,"time":1.5,"value":0.25},"finite":{"least":0.25,"greatest":4.0,"mean":1.5}}}}`;

  function ended(statsText?: string, logLines = lines): { root: string; length: number } {
    const root = newStore();
    const path = writeLog(root, 'r', logLines);
    if (statsText !== undefined) writeStats(root, 'r', statsText);
    return { root, length: statSync(path).size };
  }

  it('is used when it parses and its format, rules and length match', () => {
    const { root, length } = ended();
    writeStats(root, 'r', hint(length));
    const read = readRun(root, 'r', NO_HOST);
    expect(read.statisticsFromHint).toBe(true);
    expect(exportRun(root)['stats']).toEqual({
      a: {
        kind: 'metric',
        goal: 'minimize',
        count: 7n,
        last: { step: 9n, time: 1.5, value: 0.25 },
        finite: { least: 0.25, greatest: 4, mean: 1.5 },
      },
    });
  });

  it.each([
    ['a length one byte short', (n: number) => hint(n - 1)],
    ['a length one byte long', (n: number) => hint(n + 1)],
    ['another format', (n: number) => hint(n, 2)],
    ['the format written as a float', (n: number) => hint(n, '1.0')],
    ['other rules', (n: number) => hint(n, 1, 1)],
    ['rules 3', (n: number) => hint(n, 1, 3)],
    ['no format', (n: number) => hint(n).replace('"format":1,', '')],
    ['text that does not parse', (n: number) => hint(n).slice(0, -1)],
    ['a member named twice', (n: number) => hint(n).replace('"rules":2', '"rules":2,"rules":2')],
    ['a key that is not a key', (n: number) => hint(n).replace('"a":{', '".a":{')],
    ['a count that is a float', (n: number) => hint(n).replace('"count":7', '"count":7.0')],
    ['a length that is a string', (n: number) => hint(`"${n}"`)],
  ])('is ignored, and the log folded, with %s', (_what, make) => {
    const { root, length } = ended();
    writeStats(root, 'r', make(length));
    const read = readRun(root, 'r', NO_HOST);
    expect(read.statisticsFromHint).toBe(false);
    expect(exportRun(root)['stats']).toEqual({
      a: {
        kind: 'metric',
        goal: 'minimize',
        count: 2n,
        last: { step: 1n, time: expect.any(Number), value: 3 },
        finite: { least: 1, greatest: 3, mean: 2 },
      },
    });
  });

  it('is the statistics of an ended run: a run without an end is folded', () => {
    const unended = lines.slice(0, -1);
    const { root, length } = ended(undefined, unended);
    writeStats(root, 'r', hint(length));
    expect(readRun(root, 'r', NO_HOST).statisticsFromHint).toBe(false);
  });

  it('an ended run without stats.json has its log folded', () => {
    const { root } = ended();
    const read = readRun(root, 'r', NO_HOST);
    expect(read.statisticsFromHint).toBe(false);
    expect(read.statistics.get('a')).toMatchObject({ count: 2 });
  });

  it('as a writer writes it, reads back to the statistics folded from the log', () => {
    expect(FORMAT_VERSION).toBe(1);
    expect(STATS_RULES).toBe(2);
    const log = foldLines([
      startLine(),
      metricLine('a', 'maximize'),
      '{"type":"metrics","time":1.0,"step":0,"values":{"a":0.1,"b":{"float":"NaN"}}}',
      '{"type":"metrics","time":2.0,"step":1,"values":{"a":-0.0,"b":1e+16}}',
      readingLine(1, { r: 5e-324 }),
    ]);
    const folded = log.foldStatistics();
    const text = encodeStatsHint(1234, folded);
    expect(text.startsWith('{"format":1,"rules":2,"length":1234,"keys":{')).toBe(true);
    const back = decodeStatsHint(Buffer.from(text), 1234);
    expect(back).toEqual(folded);
    expect(decodeStatsHint(Buffer.from(text), 1235)).toBeUndefined();
  });
});
