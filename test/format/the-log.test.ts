// "The log": one record a line, type and time, each kind's members, start first, end last, kinds.

import { describe, expect, it } from 'vitest';
import { parseLogLine, encodeRecord } from '../../shared/format/records.js';
import type { LogRecord, ParsedLine } from '../../shared/format/records.js';
import { exportRun } from '../support/export.js';
import { foldLines, samplesOf } from '../support/fold.js';
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
import { tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();

function parse(line: string): ParsedLine {
  const bytes = Buffer.from(`${line}\n`);
  return parseLogLine(bytes, 0, bytes.length - 1);
}

function runOf(lines: string[]): Record<string, unknown> {
  const root = newStore();
  writeLog(root, 'r', lines);
  return exportRun(root);
}

describe('events.jsonl holds one JSON object per line', () => {
  it.each([
    '[1,2]',
    '"start"',
    '1',
    'null',
    '',
    ' ',
    '{"type":"summary","time":1.0,"values":{}} {}',
  ])('a line holding %j is no record', (line) => {
    expect(parse(line)).toBeUndefined();
    expect(foldLines([startLine(), line]).damaged).toBe(1);
  });

  it('whitespace inside and around the object is JSON whitespace', () => {
    const log = foldLines([
      startLine(),
      ' { "type" : "metrics" ,\t"time" : 1.0 , "step" : 2 , "values" : { "a" : 0.5 } } \r',
    ]);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'a')).toEqual([[2, 1, 0.5]]);
  });
});

describe('every record has a type and a time', () => {
  it.each([
    ['no type', '{"time":1.0,"step":0,"values":{"a":1.0}}'],
    ['an unknown type', '{"type":"metricz","time":1.0,"step":0,"values":{"a":1.0}}'],
    ['a type that is not a string', '{"type":1,"time":1.0}'],
    ['no time', '{"type":"summary","values":{"a":1}}'],
    ['a null time', '{"type":"summary","time":null,"values":{"a":1}}'],
  ])('a line with %s is damaged', (_what, line) => {
    expect(parse(line)).toBeUndefined();
    const log = foldLines([startLine(), line]);
    expect(log.damaged).toBe(1);
    expect(log.series.size + log.summary.size).toBe(0);
  });
});

describe('start', () => {
  it('gives the run its experiment, name, parent, steps, params and provenance', () => {
    const run = runOf([
      '{"type":"start","time":1793541787.25,"format":1,"experiment":"mnist","name":"baseline","parent":"20261101T140307Z-00000000","steps":999,"params":{"lr":0.001,"batch":64,"init":{"float":"NaN"}},"provenance":{"command":["./train.exe"],"cwd":"/home/u/p","pid":12,"git":{"commit":"abc","dirty":true},"seeds":{"main":42},"env":{"X":"1"}}}',
    ]);
    expect(run).toMatchObject({
      experiment: 'mnist',
      name: 'baseline',
      parent: '20261101T140307Z-00000000',
      steps: 999n,
      params: { lr: 0.001, batch: 64n, init: { float: 'NaN' } },
      provenance: {
        command: ['./train.exe'],
        cwd: '/home/u/p',
        pid: 12n,
        git: { commit: 'abc', dirty: true },
        seeds: { main: 42n },
        env: { X: '1' },
      },
    });
  });

  it('name, parent, steps and provenance are optional', () => {
    const run = runOf(['{"type":"start","time":1.0,"format":1,"experiment":"e","params":{}}']);
    expect(run).toMatchObject({
      name: null,
      parent: null,
      steps: null,
      provenance: null,
      params: {},
    });
  });

  it.each([
    ['no experiment', '{"type":"start","time":1.0,"format":1}'],
    ['an experiment that is a number', '{"type":"start","time":1.0,"format":1,"experiment":1}'],
    [
      'params that are no object of values',
      '{"type":"start","time":1.0,"format":1,"experiment":"e","params":[1]}',
    ],
    [
      'a provenance that is no object',
      '{"type":"start","time":1.0,"format":1,"experiment":"e","provenance":"x"}',
    ],
    [
      'a parent that is no text',
      '{"type":"start","time":1.0,"format":1,"experiment":"e","parent":3}',
    ],
    ['no format', '{"type":"start","time":1.0,"experiment":"e"}'],
    ['a format written as a float', '{"type":"start","time":1.0,"format":1.0,"experiment":"e"}'],
  ])('a start with %s is no start', (_what, line) => {
    expect(parse(line)).toBeUndefined();
  });

  it('is the first record: a log whose first record is another kind is no run of this format', () => {
    const run = runOf([metricsLine(0, { a: 1 }), startLine()]);
    expect(run).toEqual({ id: 'r', status: 'unreadable', error: expect.any(String) });
  });

  it('comes once: a second start is damaged', () => {
    const log = foldLines([startLine(), metricsLine(0, { a: 1 }), startLine('', 'other')]);
    expect(log.damaged).toBe(1);
    expect(log.start?.experiment).toBe('exp');
  });
});

describe('metric', () => {
  it('declares a key with its goal and step_metric', () => {
    const run = runOf([
      startLine(),
      metricLine('train/loss', 'minimize'),
      metricLine('val/acc', 'maximize', 'epoch'),
      metricLine('epoch'),
    ]);
    expect(run['metrics']).toEqual({
      'train/loss': { goal: 'minimize', step_metric: null },
      'val/acc': { goal: 'maximize', step_metric: 'epoch' },
      epoch: { goal: null, step_metric: null },
    });
  });

  it('a later metric record of the same key replaces the earlier one', () => {
    const run = runOf([
      startLine(),
      metricLine('loss', 'minimize', 'epoch'),
      metricsLine(0, { loss: 1 }),
      metricLine('loss', 'maximize'),
    ]);
    expect(run['metrics']).toEqual({ loss: { goal: 'maximize', step_metric: null } });
  });

  it.each([
    '{"type":"metric","time":1.0,"key":"a","goal":"min"}',
    '{"type":"metric","time":1.0,"key":"a","goal":null}',
    '{"type":"metric","time":1.0,"goal":"minimize"}',
    '{"type":"metric","time":1.0,"key":"a","step_metric":1}',
  ])('%s is damaged', (line) => {
    expect(parse(line)).toBeUndefined();
  });
});

describe('metrics and reading', () => {
  it('each member of values is a sample of its key at step and time', () => {
    const run = runOf([
      startLine(),
      '{"type":"metrics","time":10.5,"step":3,"values":{"a":0.25,"b/c":-1.5}}',
      '{"type":"reading","time":11.5,"step":3,"values":{"sys/load":0.5}}',
      '{"type":"metrics","time":12.5,"step":4,"values":{}}',
    ]);
    expect(run['series']).toEqual({
      a: { kind: 'metric', samples: [[3n, 10.5, 0.25]] },
      'b/c': { kind: 'metric', samples: [[3n, 10.5, -1.5]] },
      'sys/load': { kind: 'reading', samples: [[3n, 11.5, 0.5]] },
    });
    expect(run['damaged']).toBe(0n);
  });

  it('a metrics record may give a time earlier than the records before it', () => {
    const log = foldLines([
      startLine(),
      metricsLine(5, { a: 1 }, 100.5),
      metricsLine(6, { a: 2 }, 50.5),
    ]);
    expect(samplesOf(log, 'a')).toEqual([
      [5, 100.5, 1],
      [6, 50.5, 2],
    ]);
  });

  it.each([
    '{"type":"metrics","time":1.0,"values":{"a":1.0}}',
    '{"type":"metrics","time":1.0,"step":0}',
    '{"type":"metrics","time":1.0,"step":0,"values":[1.0]}',
    '{"type":"reading","time":1.0,"step":0,"values":{"a":"x"}}',
  ])('%s is damaged', (line) => {
    expect(parse(line)).toBeUndefined();
  });
});

describe('file, summary, use, resume and end', () => {
  it('file gives key, step and path', () => {
    const run = runOf([startLine(), fileLine('images/sample', 3, 'files/images/sample/3.png')]);
    expect(run['files']).toEqual([
      { key: 'images/sample', step: 3n, path: 'files/images/sample/3.png' },
    ]);
    expect(parse('{"type":"file","time":1.0,"key":"a","step":0,"path":""}')).toBeUndefined();
    expect(parse('{"type":"file","time":1.0,"key":"a","step":0}')).toBeUndefined();
  });

  it('each member of a summary replaces the earlier value of its key', () => {
    const run = runOf([
      startLine(),
      summaryLine('{"best":0.5,"epochs":3,"note":"x"}'),
      summaryLine('{"best":0.75,"done":true}'),
    ]);
    expect(run['summary']).toEqual({ best: 0.75, epochs: 3n, note: 'x', done: true });
  });

  it('use names an artifact version the run used', () => {
    const run = runOf([startLine(), useLine('dataset', 3), useLine('model', 12)]);
    expect(run['uses']).toEqual([
      { name: 'dataset', version: 3n },
      { name: 'model', version: 12n },
    ]);
    expect(parse('{"type":"use","time":1.0,"name":"d","version":0}')).toBeUndefined();
    expect(parse('{"type":"use","time":1.0,"name":"d","version":1.0}')).toBeUndefined();
    expect(parse('{"type":"use","time":1.0,"name":"d"}')).toBeUndefined();
  });

  it('resume gives step and provenance', () => {
    const run = runOf([startLine(), metricsLine(0, { a: 1 }), resumeLine(0, 77.5)]);
    expect(run['resumes']).toEqual([{ step: 0n, time: 77.5 }]);
  });

  it.each([
    ['finished', undefined, null],
    ['killed', undefined, null],
    ['failed', 'CUDA out of memory', 'CUDA out of memory'],
  ] as const)('end with status %s', (status, error, exported) => {
    const run = runOf([startLine(), endLine(status, error)]);
    expect(run['status']).toBe(status);
    expect(run['error']).toBe(exported);
  });

  it.each([
    '{"type":"end","time":1.0,"status":"crashed"}',
    '{"type":"end","time":1.0,"status":"running"}',
    '{"type":"end","time":1.0}',
    '{"type":"end","time":1.0,"status":"failed","error":3}',
  ])('%s is damaged', (line) => {
    expect(parse(line)).toBeUndefined();
  });

  it('an end is the last record: records after it are damaged and change nothing', () => {
    const run = runOf([
      startLine(),
      metricsLine(0, { a: 1 }),
      endLine('finished'),
      metricsLine(1, { a: 2 }),
      summaryLine('{"x":1}'),
      endLine('failed', 'late'),
      resumeLine(0),
    ]);
    expect(run['status']).toBe('finished');
    expect(run['error']).toBeNull();
    expect(run['damaged']).toBe(4n);
    expect(run['series']).toEqual({
      a: { kind: 'metric', samples: [[0n, expect.any(Number), 1]] },
    });
    expect(run['summary']).toEqual({});
    expect(run['resumes']).toEqual([]);
  });
});

describe("a key is a metric's or a reading's, never both", () => {
  it('a reading of a metric key is damaged, the whole record with it', () => {
    const log = foldLines([
      startLine(),
      metricsLine(0, { loss: 1 }),
      readingLine(0, { 'sys/cpu': 0.5, loss: 2 }),
    ]);
    expect(log.damaged).toBe(1);
    expect(samplesOf(log, 'sys/cpu')).toBeUndefined();
    expect(samplesOf(log, 'loss')).toEqual([[0, expect.any(Number), 1]]);
  });

  it('a metrics record naming a reading key is damaged, none of its samples taken', () => {
    const log = foldLines([
      startLine(),
      readingLine(0, { 'sys/cpu': 0.5 }),
      metricsLine(1, { loss: 1, 'sys/cpu': 2 }),
    ]);
    expect(log.damaged).toBe(1);
    expect(samplesOf(log, 'loss')).toBeUndefined();
    expect(samplesOf(log, 'sys/cpu')).toHaveLength(1);
  });

  it('a metric record for a key readings named is damaged', () => {
    const log = foldLines([
      startLine(),
      readingLine(0, { gpu: 0.5 }),
      metricLine('gpu', 'minimize'),
    ]);
    expect(log.damaged).toBe(1);
    expect(log.declaration('gpu')).toBeUndefined();
  });

  it("a key declared by a metric record, before any sample, is a metric's", () => {
    const log = foldLines([startLine(), metricLine('loss'), readingLine(0, { loss: 0.5 })]);
    expect(log.damaged).toBe(1);
    expect(log.series.size).toBe(0);
  });

  it('a rejected record does not give its keys a kind', () => {
    const log = foldLines([
      startLine(),
      readingLine(0, { r: 0.5 }),
      metricsLine(1, { fresh: 1, r: 2 }),
      readingLine(1, { fresh: 3 }),
    ]);
    expect(log.damaged).toBe(1);
    expect(log.series.get('fresh')?.kind).toBe('reading');
  });
});

describe('members that a kind does not define are ignored', () => {
  it('extra members change nothing, whatever they hold', () => {
    const run = runOf([
      '{"type":"start","time":1.0,"format":1,"experiment":"e","params":{},"future":[1,{"x":null}]}',
      '{"type":"metrics","time":2.0,"step":0,"values":{"a":1.0},"note":"x","weird":{"float":"bad"}}',
      '{"type":"summary","time":3.0,"values":{"k":1},"extra":null}',
      '{"type":"end","time":4.0,"status":"finished","error":"ignored unless failed"}',
    ]);
    expect(run['damaged']).toBe(0n);
    expect(run['series']).toEqual({ a: { kind: 'metric', samples: [[0n, 2, 1]] } });
    expect(run['summary']).toEqual({ k: 1n });
    expect(run['status']).toBe('finished');
    expect(run['error']).toBeNull();
  });
});

describe('the log the format shows as its example', () => {
  it('reads as the records it holds', () => {
    const lines = [
      '{"type":"start","time":1793541787.25,"format":1,"experiment":"mnist","steps":999,"params":{"lr":0.001,"batch":64,"init":{"float":"NaN"}},"provenance":{"command":["./train.exe"],"cwd":"/home/u/p"}}',
      '{"type":"metric","time":1793541787.5,"key":"train/loss","goal":"minimize"}',
      '{"type":"metrics","time":1793541788.25,"step":0,"values":{"train/loss":2.3}}',
      '{"type":"reading","time":1793541802.5,"step":7,"values":{"sys/load_per_core":0.5}}',
      '{"type":"resume","time":1793545000.5,"step":400,"provenance":{"command":["./train.exe"]}}',
      '{"type":"end","time":1793549000.25,"status":"finished"}',
    ];
    const run = runOf(lines);
    expect(run).toMatchObject({
      status: 'finished',
      experiment: 'mnist',
      steps: 999n,
      damaged: 0n,
      resumes: [{ step: 400n, time: 1793545000.5 }],
      series: {
        'train/loss': { kind: 'metric', samples: [[0n, 1793541788.25, 2.3]] },
        'sys/load_per_core': { kind: 'reading', samples: [[7n, 1793541802.5, 0.5]] },
      },
    });
  });

  it('encodeRecord writes each record as a line that parses back to it', () => {
    const records: LogRecord[] = [
      { type: 'metric', time: 1.5, key: 'a/b', goal: 'minimize', stepMetric: 'c' },
      { type: 'metrics', time: 2.5, step: 3, values: new Map([['a/b', -0]]) },
      { type: 'reading', time: 2.5, step: 3, values: new Map([['r', NaN]]) },
      { type: 'file', time: 3.0, key: 'k', step: 4, path: 'files/k/4.png' },
      { type: 'use', time: 1.0, name: 'm', version: 2 },
      { type: 'end', time: 9.0, status: 'failed', error: 'boom' },
    ];
    for (const record of records) expect(parse(encodeRecord(record))).toEqual(record);
  });
});
