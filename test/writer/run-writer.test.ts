// The writer against the reader: what RunWriter writes reads back exactly, line by line as
// munin writes it, with statistics that match the reader's own fold.

import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../../shared/format/json.js';
import { encodeStatsHint, encodeKeyStatisticsMap } from '../../shared/format/stats-hint.js';
import { hostIdentities } from '../../electron/store/identities.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import { at, exportOf, scratchDirs, steppingClock } from './scratch.js';

const newRoot = scratchDirs();
const T0 = 1793541787.25;

function logLines(root: string, id: string): string[] {
  const text = readFileSync(join(root, 'runs', id, 'events.jsonl'), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

function freshFold(root: string, id: string): { log: RunLog; size: number } {
  const log = new RunLog();
  const read = readLogInto(join(root, 'runs', id, 'events.jsonl'), root, log);
  return { log, size: read.size };
}

describe('RunWriter.create', () => {
  it('draws the id from the start time and claims runs/<id>', () => {
    const root = newRoot();
    const writer = RunWriter.create(root, {
      experiment: 'mnist',
      params: {},
      provenance: { cwd: root },
      clock: steppingClock(T0),
      randomBits: () => 0xa1f3c9e2,
    });
    writer.end('finished');
    expect(writer.id).toBe('20261101T140307Z-a1f3c9e2');
    expect(readdirSync(join(root, 'runs'))).toEqual([writer.id]);
  });

  it('draws a new id when the first is taken', () => {
    const root = newRoot();
    const bits = [7, 7, 8];
    const options = {
      experiment: 'mnist',
      params: {},
      provenance: { cwd: root },
      clock: () => T0,
      randomBits: () => bits.shift()!,
    };
    const first = RunWriter.create(root, options);
    const second = RunWriter.create(root, options);
    first.end('finished');
    second.end('finished');
    expect(first.id).toBe('20261101T140307Z-00000007');
    expect(second.id).toBe('20261101T140307Z-00000008');
  });

  it('writes the writer file, then the start, and leaves no work in progress', () => {
    const root = newRoot();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: root },
      clock: () => T0,
    });
    const { machine, boot } = hostIdentities();
    const members = [
      ...(machine !== null ? [`"machine":"${machine}"`] : []),
      ...(boot !== null ? [`"boot":"${boot}"`] : []),
    ];
    expect(readFileSync(join(writer.dir, 'writer'), 'utf8')).toBe(`{${members.join(',')}}`);
    expect(readdirSync(writer.dir).sort()).toEqual(['events.jsonl', 'writer']);
    writer.end('finished');
    expect(readdirSync(writer.dir).sort()).toEqual(['events.jsonl', 'stats.json', 'writer']);
  });
});

describe('a run written and read back', () => {
  const root = newRoot();
  const source = join(root, 'grid.png');
  writeFileSync(source, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  const params = new Map<string, boolean | bigint | number | string>([
    ['lr', 0.001],
    ['batch', 64n],
    ['init', NaN],
    ['big', 2n ** 60n],
    ['one', 1.0],
    ['neg', -0],
    ['tiny', 5e-324],
    ['huge', 1e16],
    ['flag', true],
    ['label', 'a "quoted"\nline ✓'],
  ]);
  const writer = RunWriter.create(root, {
    experiment: 'mnist',
    name: 'first try',
    steps: 999,
    params,
    provenance: { cwd: root, seeds: { init: 42 }, env: ['MUNIN_WRITER_TEST'] },
    clock: steppingClock(T0),
  });
  writer.metric('train/loss', { goal: 'minimize' });
  writer.metric('epoch');
  writer.metric('eval/acc', { goal: 'maximize', stepMetric: 'epoch' });
  writer.log(0, { 'train/loss': 2.3 });
  writer.reading({ 'sys/cpu': 0.5, 'sys/mem': 41.0 });
  writer.log(1, new Map([['train/loss', 1.0]]), 1793541700.5);
  writer.log(2, { 'train/loss': NaN, epoch: 0.5, 'eval/acc': 0.75 });
  writer.log(3, { 'train/loss': Infinity });
  writer.log(4, { 'train/loss': -Infinity, 'eval/acc': 0.8, epoch: 1.0 });
  writer.reading({ 'sys/cpu': 0.25 });
  const firstFile = writer.file('samples/grid', 3, source);
  const secondFile = writer.file('samples/grid', 3, source);
  writer.summary({ best: 0.8, note: 'ok', epochs: 2n });
  writer.summary({ best: 0.81 });
  writer.use('mnist', 1);
  writer.end('finished');

  it('writes each record as munin does', () => {
    const lines = logLines(root, writer.id);
    expect(lines[0]).toMatch(
      /^\{"type":"start","time":1793541787\.25,"format":1,"experiment":"mnist","name":"first try","steps":999,"params":\{"lr":0\.001,"batch":64,"init":\{"float":"NaN"\},"big":\{"int":"1152921504606846976"\},"one":1\.0,"neg":-0\.0,"tiny":5e-324,"huge":1e\+16,"flag":true,"label":"a \\"quoted\\"\\nline ✓"\},"provenance":\{"command":\[/,
    );
    expect(lines.slice(1, 5)).toEqual([
      '{"type":"metric","time":1793541787.5,"key":"train/loss","goal":"minimize"}',
      '{"type":"metric","time":1793541787.75,"key":"epoch"}',
      '{"type":"metric","time":1793541788.0,"key":"eval/acc","goal":"maximize","step_metric":"epoch"}',
      '{"type":"metrics","time":1793541788.25,"step":0,"values":{"train/loss":2.3}}',
    ]);
    expect(lines[5]).toBe(
      '{"type":"reading","time":1793541788.5,"step":0,"values":{"sys/cpu":0.5,"sys/mem":41.0}}',
    );
    expect(lines[6]).toBe(
      '{"type":"metrics","time":1793541700.5,"step":1,"values":{"train/loss":1.0}}',
    );
    expect(lines[7]).toContain(
      '"values":{"train/loss":{"float":"NaN"},"epoch":0.5,"eval/acc":0.75}',
    );
    expect(lines[8]).toContain('{"train/loss":{"float":"Infinity"}}');
    expect(lines[9]).toContain('"train/loss":{"float":"-Infinity"}');
    expect(lines[10]).toContain('"type":"reading","time":1793541789.5,"step":4,');
    expect(lines.at(-1)).toMatch(/^\{"type":"end","time":[0-9.]+,"status":"finished"\}$/);
  });

  it('reads back the start exactly: integers as bigint, floats as numbers', () => {
    const run = readRun(root, writer.id);
    expect(run.status).toBe('finished');
    expect(run.log.damaged).toBe(0);
    const start = run.log.start!;
    expect(start.experiment).toBe('mnist');
    expect(start.name).toBe('first try');
    expect(start.steps).toBe(999);
    expect([...start.params.keys()]).toEqual([...params.keys()]);
    for (const [name, value] of params) {
      const read = start.params.get(name);
      expect(typeof read).toBe(typeof value);
      expect(Object.is(read, value)).toBe(true);
    }
  });

  it('records a provenance of this process', () => {
    const provenance = readRun(root, writer.id).log.start!.provenance!;
    expect(provenance.get('command')).toEqual(process.argv);
    expect(provenance.get('cwd')).toBe(root);
    expect(provenance.has('git')).toBe(false);
    expect(provenance.get('pid')).toBe(BigInt(process.pid));
    expect(typeof provenance.get('os')).toBe('string');
    expect(provenance.get('arch')).toBe(process.arch);
    expect(provenance.get('seeds')).toEqual(new Map([['init', 42n]]));
    expect(provenance.get('env')).toBeInstanceOf(Map);
  });

  it('reads back series, files, summary and uses', () => {
    const run = readRun(root, writer.id);
    const loss = run.log.series.get('train/loss')!.samples;
    const values = Array.from({ length: loss.length }, (_, i) => loss.value(i));
    expect(values).toEqual([2.3, 1.0, NaN, Infinity, -Infinity]);
    expect(loss.time(1)).toBe(1793541700.5);
    expect(run.log.series.get('sys/cpu')!.kind).toBe('reading');
    expect(run.log.series.get('sys/cpu')!.samples.step(1)).toBe(4);
    expect(firstFile).toBe('files/samples/grid/3.png');
    expect(secondFile).toBe('files/samples/grid/3-1.png');
    expect(run.log.files.map((f) => f.path)).toEqual([firstFile, secondFile]);
    expect(readFileSync(join(run.dir, secondFile))).toEqual(readFileSync(source));
    expect(readdirSync(join(run.dir, 'files/samples/grid')).sort()).toEqual(['3-1.png', '3.png']);
    expect(run.log.summary).toEqual(
      new Map<string, unknown>([
        ['best', 0.81],
        ['note', 'ok'],
        ['epochs', 2n],
      ]),
    );
    expect(run.log.uses.map((u) => [u.name, u.version])).toEqual([['mnist', 1]]);
    expect(run.log.declaration('eval/acc')?.stepMetric).toBe('epoch');
  });

  it('writes stats.json that the reader uses, equal to its own fold', () => {
    const run = readRun(root, writer.id);
    expect(run.statisticsFromHint).toBe(true);
    const { log, size } = freshFold(root, writer.id);
    const fold = log.foldStatistics();
    expect(readFileSync(join(run.dir, 'stats.json'), 'utf8')).toBe(encodeStatsHint(size, fold));
    expect(encodeKeyStatisticsMap(run.statistics)).toBe(encodeKeyStatisticsMap(fold));
    const loss = fold.get('train/loss')!;
    expect(loss.nonFinite).toEqual({
      count: 3,
      first: { step: 2, time: 1793541788.75, value: NaN },
    });
    expect(loss.goal).toBe('minimize');
    expect(fold.get('sys/cpu')!.goal).toBeNull();
  });

  it('exports the run as written', () => {
    const exported = exportOf(root);
    const run = at(exported, 'runs', 0);
    expect(at(run, 'status')).toBe('finished');
    expect(at(run, 'params', 'batch')).toBe(64n);
    expect(at(run, 'params', 'one')).toBe(1);
    expect(typeof at(run, 'params', 'one')).toBe('number');
    expect(at(run, 'params', 'big')).toEqual(new Map([['int', String(2n ** 60n)]]));
    expect(Number.isNaN(at(run, 'params', 'init') as number)).toBe(false);
    expect(at(run, 'params', 'init')).toEqual(new Map([['float', 'NaN']]));
    expect(at(run, 'series', 'train/loss', 'samples', 1)).toEqual([1n, 1793541700.5, 1.0]);
    expect(at(run, 'files', 1, 'path')).toBe('files/samples/grid/3-1.png');
  });

  it('lets the lock go and writes no more once ended', () => {
    expect(writer.closed).toBe(true);
    expect(() => writer.log(5, { 'train/loss': 1 })).toThrow(/has ended \(finished\)/);
  });
});

describe("the writer's refusals", () => {
  const root = newRoot();
  const writer = RunWriter.create(root, {
    experiment: 'e',
    params: {},
    provenance: { cwd: root },
    clock: () => T0,
  });
  writer.log(0, { 'train/loss': 1 });
  writer.reading({ 'sys/cpu': 1 });
  const logPath = join(writer.dir, 'events.jsonl');
  const sizeBefore = readFileSync(logPath).length;

  const refusals: [string, () => void, RegExp][] = [
    [
      'a reading key in metrics',
      () => writer.log(1, { 'sys/cpu': 1 }),
      /is a reading's in this run/,
    ],
    ['a metric key in a reading', () => writer.reading({ 'train/loss': 1 }), /is a metric's/],
    ['a metric record of a reading key', () => writer.metric('sys/cpu'), /is a reading's/],
    [
      'a reading key as step_metric',
      () => writer.metric('x', { stepMetric: 'sys/cpu' }),
      /is a reading's/,
    ],
    ['its own step_metric', () => writer.metric('x', { stepMetric: 'x' }), /its own step_metric/],
    ['an empty segment', () => writer.log(1, { 'a//b': 1 }), /is not a key/],
    ['a segment starting with .', () => writer.log(1, { 'a/.b': 1 }), /is not a key/],
    ['an empty key', () => writer.log(1, { '': 1 }), /is not a key/],
    ['a control character', () => writer.log(1, { 'a\tb': 1 }), /is not a key/],
    ['a lone surrogate key', () => writer.log(1, { 'a\ud800': 1 }), /is not a key/],
    ['a negative step', () => writer.log(-1, { y: 1 }), /is not a step/],
    ['a fractional step', () => writer.log(1.5, { y: 1 }), /is not a step/],
    ['a step past 2^53', () => writer.log(2 ** 53 + 2, { y: 1 }), /is not a step/],
    ['a non-finite time', () => writer.log(1, { y: 1 }, NaN), /is not a time/],
    ['a bigint sample', () => writer.log(1, { y: 1n as unknown as number }), /is not a float/],
    ['a lone surrogate string', () => writer.summary({ s: 'x\udc00' }), /lone surrogate/],
    ['a summary name that is no text', () => writer.summary({ 'a\n': 1 }), /is not a text/],
    ['an object value', () => writer.summary({ o: {} as unknown as string }), /is not a value/],
    ['an artifact name with /', () => writer.use('a/b', 1), /is not one segment/],
    ['version 0', () => writer.use('a', 0), /is not a version number/],
    ['a bad goal', () => writer.metric('z', { goal: 'max' as 'maximize' }), /neither/],
    [
      'an error on a finished end',
      () => (writer.end as (s: string, e: string) => void)('finished', 'x'),
      /only a failed end/,
    ],
    [
      'a failed end without error',
      () => (writer.end as (s: string) => void)('failed'),
      /states its error/,
    ],
    ['an unknown status', () => (writer.end as (s: string) => void)('done'), /is not "finished"/],
  ];
  for (const [what, write, message] of refusals) {
    it(`refuses ${what}, writing nothing`, () => {
      expect(write).toThrow(message);
      expect(readFileSync(logPath).length).toBe(sizeBefore);
    });
  }

  it('accepts step 2^53 and a key logged again as its own kind', () => {
    writer.log(2 ** 53, { 'train/loss': 2 });
    writer.reading({ 'sys/cpu': 2 });
    expect(writer.currentStep).toBe(2 ** 53);
    writer.end('failed', 'bad \ud800 bytes');
    const run = readRun(root, writer.id);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('bad \ufffd bytes');
    expect(run.log.series.get('sys/cpu')!.samples.step(1)).toBe(2 ** 53);
  });

  it('refuses texts that are not texts at the start', () => {
    const other = newRoot();
    expect(() => RunWriter.create(other, { experiment: '', params: {} })).toThrow(
      /experiment "" is not a text/,
    );
    expect(() => RunWriter.create(other, { experiment: 'e\u0007', params: {} })).toThrow(
      /is not a text/,
    );
    expect(() => RunWriter.create(other, { experiment: 'e', name: 'n\ud801', params: {} })).toThrow(
      /run name/,
    );
    expect(() => RunWriter.create(other, { experiment: 'e', params: { 'x\u007f': 1 } })).toThrow(
      /is not a text/,
    );
    expect(() => RunWriter.create(other, { experiment: 'e', params: {}, parent: 'nope' })).toThrow(
      /is not a run of the store/,
    );
    expect(existsSync(join(other, 'runs'))).toBe(false);
  });

  it('names a parent that is a run of the store', () => {
    const child = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      parent: writer.id,
      provenance: { cwd: root },
    });
    child.end('finished');
    expect(readRun(root, child.id).log.start!.parent).toBe(writer.id);
  });
});

describe('a provenance given whole', () => {
  it('is written as given, made well-formed', () => {
    const root = newRoot();
    const provenance = new Map<string, JsonValue>([
      ['command', ['python', 'train.py', 'bad\udfff']],
      ['pid', 7n],
    ]);
    const writer = RunWriter.create(root, { experiment: 'e', params: {}, provenance });
    writer.end('killed');
    const read = readRun(root, writer.id);
    expect(read.status).toBe('killed');
    expect(read.log.start!.provenance).toEqual(
      new Map<string, JsonValue>([
        ['command', ['python', 'train.py', 'bad\ufffd']],
        ['pid', 7n],
      ]),
    );
  });
});
