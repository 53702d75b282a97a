// "Reading a log": whole lines, NUL stops, damaged lines, unknown members, kinds, latest sample.

import { describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { forEachWholeLine } from '../../shared/format/whole-lines.js';
import { exportRun, NO_HOST } from '../support/export.js';
import { allSeries, foldLines, samplesOf } from '../support/fold.js';
import {
  endLine,
  logText,
  metricLine,
  metricsLine,
  readingLine,
  startLine,
  summaryLine,
} from '../support/lines.js';
import { tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();

const LINES = [
  startLine(),
  metricLine('loss', 'minimize'),
  metricsLine(0, { loss: 2.5, acc: 0.1 }),
  readingLine(0, { 'sys/cpu': 0.25 }),
  metricsLine(1, { loss: 1.25, acc: 0.2 }),
  summaryLine('{"best":0.2}'),
];

describe('a line is whole once its line feed is written, if it holds no NUL byte', () => {
  it('a reader reads whole lines in order and stops at the first line without its line feed', () => {
    const root = newStore();
    const text = logText(LINES);
    const partial = metricsLine(2, { loss: 0.5 }).slice(0, 20);
    const path = writeLog(root, 'r', text + partial);
    const log = new RunLog();
    const read = readLogInto(path, root, log);
    expect(read.offset).toBe(Buffer.byteLength(text));
    expect(read.size).toBe(Buffer.byteLength(text + partial));
    expect(read.stoppedAtNul).toBe(false);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'loss')).toHaveLength(2);
  });

  it('reads the rest once it forms whole lines, from where it stopped', () => {
    const root = newStore();
    const line = metricsLine(2, { loss: 0.5 });
    const path = writeLog(root, 'r', logText(LINES) + line.slice(0, 20));
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    appendFileSync(path, line.slice(20));
    const second = readLogInto(path, root, log, first.offset);
    expect(second.offset).toBe(first.offset);
    expect(samplesOf(log, 'loss')).toHaveLength(2);
    appendFileSync(path, `\n${metricsLine(3, { loss: 0.25 })}\n`);
    const third = readLogInto(path, root, log, second.offset);
    expect(third.offset).toBe(third.size);
    expect(samplesOf(log, 'loss')!.map(([step]) => step)).toEqual([0, 1, 2, 3]);
    expect(log.damaged).toBe(0);
  });

  it('reading in pieces at any line boundary gives what one read gives', () => {
    const root = newStore();
    const lines = [...LINES, metricsLine(2, { loss: 1 }), '{broken', endLine('finished')];
    const whole = foldLines(lines);
    let prefix = '';
    const path = writeLog(root, 'r', '');
    const log = new RunLog();
    let offset = 0;
    for (const line of lines) {
      prefix += `${line}\n`;
      appendFileSync(path, `${line}\n`);
      offset = readLogInto(path, root, log, offset).offset;
      expect(offset).toBe(Buffer.byteLength(prefix));
    }
    expect(allSeries(log)).toEqual(allSeries(whole));
    expect(log.damaged).toBe(1);
    expect(log.end?.status).toBe('finished');
  });

  it('a line holding a NUL byte is not whole: the reader stops there, even with whole lines after it', () => {
    const root = newStore();
    const text = logText(LINES);
    const hole = `{"type":"metrics","time":5.0,"st\u0000\u0000\u0000":2,"values":{"loss":0.5}}\n`;
    const after = logText([metricsLine(3, { loss: 0.125 }), endLine('finished')]);
    const path = writeLog(root, 'r', text + hole + after);
    const log = new RunLog();
    const read = readLogInto(path, root, log);
    expect(read.stoppedAtNul).toBe(true);
    expect(read.offset).toBe(Buffer.byteLength(text));
    expect(samplesOf(log, 'loss')).toHaveLength(2);
    expect(log.end).toBeNull();
    expect(log.damaged).toBe(0);
  });

  it('the whole-line scan stops before a NUL in a line without its line feed too', () => {
    const bytes = Buffer.from(`ab\ncd\u0000e`);
    const seen: string[] = [];
    const result = forEachWholeLine(bytes, 0, bytes.length, (s, e) =>
      seen.push(bytes.toString('utf8', s, e)),
    );
    expect(seen).toEqual(['ab']);
    expect(result).toEqual({ consumed: 3, stoppedAtNul: true });
    const clean = Buffer.from('ab\ncd');
    expect(forEachWholeLine(clean, 0, clean.length, () => {})).toEqual({
      consumed: 3,
      stoppedAtNul: false,
    });
  });

  it('a log longer than a read chunk is read whole, lines across chunk boundaries included', () => {
    const root = newStore();
    const lines = [startLine()];
    let bytes = 0;
    for (let s = 0; bytes < (4 << 20) + (1 << 16); s++) {
      const line = `{"type":"metrics","time":1793541790.5,"step":${s},"values":{"train/loss":${s}.5}}`;
      lines.push(line);
      bytes += line.length + 1;
    }
    const path = writeLog(root, 'r', lines);
    const log = new RunLog();
    const read = readLogInto(path, root, log);
    expect(read.offset).toBe(read.size);
    expect(log.damaged).toBe(0);
    const { samples } = log.series.get('train/loss')!;
    expect(samples.length).toBe(lines.length - 1);
    let ordered = true;
    for (let i = 0; i < samples.length; i++) {
      ordered &&= samples.step(i) === i && samples.value(i) === i + 0.5;
    }
    expect(ordered).toBe(true);
  });

  it('a record longer than a read chunk is read whole', () => {
    const root = newStore();
    const long = 'x'.repeat(5 << 20);
    const path = writeLog(root, 'r', [
      startLine(),
      summaryLine(`{"long":"${long}"}`),
      metricsLine(0, { a: 1 }),
    ]);
    const log = new RunLog();
    const read = readLogInto(path, root, log);
    expect(read.offset).toBe(read.size);
    expect(log.damaged).toBe(0);
    expect((log.summary.get('long') as string).length).toBe(5 << 20);
    expect(samplesOf(log, 'a')).toHaveLength(1);
  });
});

describe('a whole line that is not a record of this format is damaged', () => {
  it('is skipped and counted, and no value is taken from it', () => {
    const log = foldLines([
      startLine(),
      metricsLine(0, { a: 1 }),
      '{"type":"metrics","time":1.0,"step":1,"values":{"a":2.0,"b":3.0}',
      '{"type":"metrics","time":1.0,"step":1,"values":{"a":2.0,"b":"x"}}',
      '{"type":"summary","time":1.0,"values":{"s":1,"t":null}}',
      'garbage',
      '',
      metricsLine(2, { a: 3 }),
    ]);
    expect(log.damaged).toBe(5);
    expect(samplesOf(log, 'a')!.map(([step]) => step)).toEqual([0, 2]);
    expect(samplesOf(log, 'b')).toBeUndefined();
    expect(log.summary.size).toBe(0);
  });

  it('is counted in the export', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      'not json',
      '{"type":"nope","time":1.0}',
      endLine('finished'),
    ]);
    expect(exportRun(root)['damaged']).toBe(2n);
  });

  it('a record that a kind conflict makes damaged counts as damaged', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), readingLine(0, { k: 1 }), metricsLine(0, { k: 2, j: 3 })]);
    const run = exportRun(root);
    expect(run['damaged']).toBe(1n);
    expect(run['series']).toEqual({
      k: { kind: 'reading', samples: [[0n, expect.any(Number), 1]] },
    });
  });
});

describe("members that a record's kind does not define are ignored", () => {
  it('a record with extra members is taken as its kind defines it', () => {
    const log = foldLines([
      startLine(),
      '{"type":"reading","time":1.0,"step":0,"values":{"r":1.0},"device":"gpu0","extra":{"nested":[1,2]}}',
      '{"type":"resume","time":2.0,"step":0,"provenance":{},"why":"test"}',
    ]);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'r')).toEqual([[0, 1, 1]]);
    expect(log.resumes).toHaveLength(1);
  });
});

describe('a run whose start holds another format is unreadable', () => {
  it.each([
    ['2', '{"type":"start","time":1.0,"format":2,"experiment":"e","params":{}}'],
    ['0', '{"type":"start","time":1.0,"format":0}'],
    ['a big one', '{"type":"start","format":123456789012345678901}'],
  ])('format %s', (_what, line) => {
    const root = newStore();
    writeLog(root, 'r', [line, metricsLine(0, { a: 1 })]);
    const run = exportRun(root);
    expect(run).toEqual({
      id: 'r',
      status: 'unreadable',
      error: expect.stringContaining('format'),
    });
    const format = /"format":(\d+)/.exec(line)![1]!;
    expect(run['error']).toContain(format);
  });

  it('a first line that is no start record makes the run unreadable, saying so', () => {
    const root = newStore();
    writeLog(root, 'a', ['{"type":"start","time":1.0,"format":1}', startLine()]);
    writeLog(root, 'b', ['not json']);
    for (const id of ['a', 'b']) {
      const read = readRun(root, id, NO_HOST);
      expect(read.status).toBe('unreadable');
      expect(read.error).toMatch(/start/);
    }
  });
});

describe('the latest sample and step_metric', () => {
  it("a key's latest sample is its last in log order, not the one with the greatest step", () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      metricsLine(5, { a: 5 }, 100.0),
      metricsLine(3, { a: 3 }, 101.0),
      readingLine(9, { r: 9 }, 102.0),
      readingLine(2, { r: 2 }, 103.0),
    ]);
    const stats = exportRun(root)['stats'] as Record<string, { last: unknown }>;
    expect(stats['a']!.last).toEqual({ step: 3n, time: 101, value: 3 });
    expect(stats['r']!.last).toEqual({ step: 2n, time: 103, value: 2 });
  });

  it("the step_metric that counts is the latest metric record's", () => {
    const log = foldLines([
      startLine(),
      metricLine('acc', 'maximize', 'epoch'),
      metricLine('acc', 'maximize', 'samples_seen'),
    ]);
    expect(log.declaration('acc')?.stepMetric).toBe('samples_seen');
    const plain = foldLines([
      startLine(),
      metricLine('acc', 'maximize', 'epoch'),
      metricLine('acc'),
    ]);
    expect(plain.declaration('acc')?.stepMetric).toBeNull();
  });
});
