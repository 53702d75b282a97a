// Whole lines that are no event of the stream are damaged: counted, never read. A first line
// that is not an open makes the file no stream at all, and it is not read on.

import { describe, expect, it } from 'vitest';
import { EventFold, NOT_A_STREAM } from '../../electron/sources/jsonl/event-fold.js';
import {
  annotationLine,
  doneLine,
  metricLine,
  openLine,
  Raw,
  START_MS,
} from '../support/event-writer.js';
import { exportText, readLines, samplesOf, stream, tempFolders } from './stream-fixture.js';

const folder = tempFolders();
const T = START_MS;

/** A stream of an open, the line under test, and a good metric after it. */
function withLine(line: string) {
  return readLines(folder(), [openLine(T), line, metricLine(T + 2, 1, 'train/loss', 0.5)]);
}

describe('damaged lines', () => {
  it.each([
    ['not JSON', '{"ts_ms":1,"kind":"metric"'],
    ['not an object', '[1,2,3]'],
    ['a string', '"metric"'],
    ['no ts_ms', '{"kind":"done","slug":"s"}'],
    ['a string ts_ms', '{"ts_ms":"1790189597000","kind":"done","slug":"s"}'],
    ['a null ts_ms', '{"ts_ms":null,"kind":"done","slug":"s"}'],
    ['a NaN ts_ms', '{"ts_ms":NaN,"kind":"done","slug":"s"}'],
    ['no kind', '{"ts_ms":1,"slug":"s"}'],
    ['an unknown kind', '{"ts_ms":1,"kind":"start","slug":"s"}'],
    ['a kind of another case', '{"ts_ms":1,"kind":"Done","slug":"s"}'],
    ['a member named twice', '{"ts_ms":1,"kind":"done","slug":"s","slug":"t"}'],
    ['open without slug', '{"ts_ms":1,"kind":"open","description":"d","metadata":{}}'],
    ['open without description', '{"ts_ms":1,"kind":"open","slug":"s","metadata":{}}'],
    ['open without metadata', '{"ts_ms":1,"kind":"open","slug":"s","description":"d"}'],
    [
      'open with array metadata',
      '{"ts_ms":1,"kind":"open","slug":"s","description":"d","metadata":[]}',
    ],
    [
      'open with a number slug',
      '{"ts_ms":1,"kind":"open","slug":1,"description":"d","metadata":{}}',
    ],
    ['metric without step', '{"ts_ms":1,"kind":"metric","name":"a","value":1.0,"metadata":{}}'],
    ['metric without name', '{"ts_ms":1,"kind":"metric","step":1,"value":1.0,"metadata":{}}'],
    ['metric without value', '{"ts_ms":1,"kind":"metric","step":1,"name":"a","metadata":{}}'],
    ['metric without metadata', '{"ts_ms":1,"kind":"metric","step":1,"name":"a","value":1.0}'],
    ['metric with a negative step', metricLine(T, -1, 'a', 1)],
    ['metric with a float step', metricLine(T, 1.5, 'a', 1)],
    ['metric with a step written 2.0', metricLine(T, 2, 'a', 1).replace('"step":2', '"step":2.0')],
    [
      'metric with a step past 2^53',
      metricLine(T, 1, 'a', 1).replace('"step":1', '"step":9007199254740992'),
    ],
    ['metric with a string step', metricLine(T, 1, 'a', 1).replace('"step":1', '"step":"1"')],
    ['metric with a string value', metricLine(T, 1, 'a', new Raw('"1.5"'))],
    ['metric with a null value', metricLine(T, 1, 'a', new Raw('null'))],
    ['metric with a boolean value', metricLine(T, 1, 'a', new Raw('true'))],
    ['metric with an unknown float spelling', metricLine(T, 1, 'a', new Raw('{"float":"nan"}'))],
    ['metric with a lowercase nan', metricLine(T, 1, 'a', new Raw('nan'))],
    ['metric with a value past the float range', metricLine(T, 1, 'a', new Raw('1e400'))],
    ['metric with an empty name', metricLine(T, 1, '', 1)],
    ['metric with an empty segment', metricLine(T, 1, 'train//loss', 1)],
    ['metric with a dot segment', metricLine(T, 1, 'train/.loss', 1)],
    ['metric with a number name', metricLine(T, 1, 'a', 1).replace('"name":"a"', '"name":7')],
    ['metric with a string metadata', metricLine(T, 1, 'a', 1, 'train')],
    ['annotation without step', '{"ts_ms":1,"kind":"annotation","annotation":"x","metadata":{}}'],
    ['annotation without text', '{"ts_ms":1,"kind":"annotation","step":1,"metadata":{}}'],
    ['annotation without metadata', '{"ts_ms":1,"kind":"annotation","step":1,"annotation":"x"}'],
    ['annotation with null metadata', annotationLine(T, 1, 'x', null)],
    ['done without slug', '{"ts_ms":1,"kind":"done"}'],
    ['done with a null slug', '{"ts_ms":1,"kind":"done","slug":null}'],
  ])('counts %s as damaged and reads nothing from it', (_, line) => {
    const run = withLine(line);
    expect(run.summary().damaged).toBe(1);
    expect(run.status).toBe('silent');
    expect(run.summary().keys).toEqual([
      { key: 'train/loss', kind: 'metric', count: 1, goal: null },
    ]);
    expect(run.detail().annotations).toEqual([]);
    expect(run.detail().resumes).toEqual([]);
  });

  it('reads a good line of each kind, members it does not define ignored', () => {
    const run = withLine(
      metricLine(T + 1, 0, 'a', 1.5).replace('"kind"', '"extra":[1,{"x":2}],"kind"'),
    );
    expect(run.summary().damaged).toBe(0);
    expect(samplesOf(run, 'a')).toEqual([[0, (T + 1) / 1000, 1.5]]);
    const finished = readLines(folder(), [
      openLine(T),
      annotationLine(T + 1, 0, 'checkpoint /c', { checkpoint: '/c' }),
      doneLine(T + 2),
    ]);
    expect(finished.summary().damaged).toBe(0);
    expect(finished.status).toBe('finished');
  });

  it('takes a float ts_ms and an integer value', () => {
    const run = withLine(metricLine(T, 0, 'a', 3).replace(`"ts_ms":${T}`, `"ts_ms":${T}.5`));
    expect(samplesOf(run, 'a')).toEqual([[0, (T + 0.5) / 1000, 3]]);
  });

  it('exports its damaged count', () => {
    const run = readLines(folder(), [openLine(T), 'garbage', '{}', metricLine(T + 1, 0, 'a', 1)]);
    expect((JSON.parse(exportText(run)) as { damaged: number }).damaged).toBe(2);
  });
});

describe('a first line that is not an open', () => {
  it.each([
    ['a metric', metricLine(T, 0, 'a', 1)],
    ['a damaged open', '{"ts_ms":1,"kind":"open","slug":"s","description":"d"}'],
    ['no JSON', 'hello'],
    ['an empty line', ''],
  ])('makes %s an unreadable run, and nothing after it is read', (_, first) => {
    const run = readLines(folder(), [first, openLine(T), metricLine(T + 1, 0, 'a', 1)]);
    expect(run.status).toBe('unreadable');
    expect(run.summary().error).toBe(NOT_A_STREAM);
    expect(run.summary().keys).toEqual([]);
    expect(run.fold.lines).toBe(1);
    expect(run.open).toBe(false);
    expect(run.detail().waitingOnHole).toBe(false);
    expect(JSON.parse(exportText(run))).toEqual({
      id: 'train.jsonl',
      status: 'unreadable',
      error: NOT_A_STREAM,
    });
  });

  it('reads no further than its first chunk however the file grows', () => {
    const { writer, run } = stream(folder());
    writer.line('{"something":"else"}');
    for (let i = 0; i < 2000; i++) writer.line(openLine(T + i));
    run.refresh();
    expect(run.fold.lines).toBe(1);
    writer.line(openLine(T));
    run.refresh();
    expect(run.fold.lines).toBe(1);
    expect(run.status).toBe('unreadable');
  });

  it('is not an unreadable run while the first line is not whole', () => {
    const { writer, run } = stream(folder());
    writer.raw(openLine(T).slice(0, 20));
    run.refresh();
    expect(run.status).toBe('silent');
    expect(run.summary().experiment).toBeNull();
    writer.raw(`${openLine(T).slice(20)}\n`);
    run.refresh();
    expect(run.summary().experiment).toBe('tiny-lm');
  });
});

describe('a line too long to hold', () => {
  const apply = (fold: EventFold, line: string) => {
    const bytes = Buffer.from(`${line}\n`);
    fold.applyWholeLines(bytes, 0, bytes.length);
  };

  it('is damaged after the open, as in munin', () => {
    const fold = new EventFold();
    apply(fold, openLine(T));
    fold.skipLongLine();
    apply(fold, metricLine(T + 1, 0, 'a', 1));
    expect([fold.damaged, fold.lines, fold.series.get('a')?.samples.length]).toEqual([1, 3, 1]);
  });

  it('makes the file no stream when it is the first line', () => {
    const fold = new EventFold();
    fold.skipLongLine();
    const bytes = Buffer.from(`${openLine(T)}\n`);
    expect(fold.applyWholeLines(bytes, 0, bytes.length)).toEqual({
      consumed: 0,
      stoppedAtNul: true,
    });
    expect(fold.unreadable).toBe(NOT_A_STREAM);
    expect(fold.first).toBeNull();
  });
});
