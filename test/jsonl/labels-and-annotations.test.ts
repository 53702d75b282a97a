// A sample's metadata are its labels: a curve narrowed to one label's value, the stretches over
// which a label keeps a value, and the kinds read from annotations' texts.

import { describe, expect, it } from 'vitest';
import { annotationKind } from '../../electron/sources/jsonl/stream-run.js';
import { envelopeOf, stream, tempFolders } from './stream-fixture.js';

const folder = tempFolders();

function labelled() {
  const { writer, run } = stream(folder());
  writer.open();
  writer.metric(0, 'loss', 1, { split: 'train', stage: 'easy' });
  writer.metric(1, 'loss', 2, { split: 'train', stage: 'easy' });
  writer.metric(1, 'loss', 2.5, { split: 'eval', stage: 'easy', pass: 'eval' });
  writer.metric(2, 'loss', 3, { split: 'train', stage: 'hard', n: 3 });
  writer.metric(3, 'loss', 4, { split: 'train' });
  writer.metric(4, 'loss', 5, { split: 'train', stage: 'hard' });
  writer.metric(4, 'other', 5, {});
  return { writer, run };
}

describe('labels', () => {
  it('lists each key`s labels with their values as text, in the order first seen', () => {
    const { run } = labelled();
    run.refresh();
    expect(run.detail().labels).toEqual([
      {
        key: 'loss',
        labels: [
          { name: 'split', values: ['train', 'eval'] },
          { name: 'stage', values: ['easy', 'hard'] },
          { name: 'pass', values: ['eval'] },
          { name: 'n', values: ['3'] },
        ],
      },
    ]);
  });

  it('narrows a curve to the samples whose label has a value, extended as samples come', () => {
    const { writer, run } = labelled();
    run.refresh();
    expect(envelopeOf(run, 'loss', { filter: { label: 'split', value: 'eval' } })).toEqual({
      steps: [1],
      values: [2.5],
      total: 1,
    });
    expect(envelopeOf(run, 'loss', { filter: { label: 'stage', value: 'hard' } })).toMatchObject({
      steps: [2, 4],
    });
    expect(envelopeOf(run, 'loss', { filter: { label: 'n', value: '3' } })).toMatchObject({
      steps: [2],
    });
    expect(envelopeOf(run, 'loss', { filter: { label: 'split', value: 'test' } })).toMatchObject({
      total: 0,
    });
    writer.metric(5, 'loss', 6, { split: 'eval' });
    run.refresh();
    expect(envelopeOf(run, 'loss', { filter: { label: 'split', value: 'eval' } })).toEqual({
      steps: [1, 5],
      values: [2.5, 6],
      total: 2,
    });
    // A cut changes the generation: the narrowed series is built again without the orphans.
    writer.open().annotation(2, 'resumed from /c/2', {}).metric(3, 'loss', 7, { split: 'eval' });
    run.refresh();
    expect(envelopeOf(run, 'loss', { filter: { label: 'split', value: 'eval' } })).toEqual({
      steps: [1, 3],
      values: [2.5, 7],
      total: 2,
    });
    const at = run.sampleAt({
      op: 'sampleAt',
      runId: run.id,
      key: 'loss',
      x: 'step',
      at: 10,
      filter: { label: 'split', value: 'eval' },
    });
    expect(at).toMatchObject({ step: 3, value: 7 });
  });

  it('refuses a label no sample of the key carries', () => {
    const { run } = labelled();
    run.refresh();
    expect(envelopeOf(run, 'other', { filter: { label: 'split', value: 'train' } })).toEqual({
      refused: 'the samples of other in run train.jsonl carry no label split',
    });
  });

  it('cuts a series into stretches of one label value, by step or time', () => {
    const { run } = labelled();
    run.refresh();
    const segments = (label: string, x: 'step' | 'time' = 'step') =>
      run.labelSegments({ op: 'labelSegments', runId: run.id, key: 'loss', label, x });
    expect(segments('stage')).toEqual([
      { x0: 0, x1: 1, value: 'easy' },
      { x0: 2, x1: 2, value: 'hard' },
      { x0: 3, x1: 3, value: null },
      { x0: 4, x1: 4, value: 'hard' },
    ]);
    expect(segments('split')).toEqual([
      { x0: 0, x1: 1, value: 'train' },
      { x0: 1, x1: 1, value: 'eval' },
      { x0: 2, x1: 4, value: 'train' },
    ]);
    const times = run.columns('loss')!.times;
    expect(segments('pass', 'time')).toEqual([
      { x0: times[0], x1: times[1], value: null },
      { x0: times[2], x1: times[2], value: 'eval' },
      { x0: times[3], x1: times[5], value: null },
    ]);
    expect(segments('nothing')).toEqual([]);
    expect(
      run.labelSegments({
        op: 'labelSegments',
        runId: run.id,
        key: 'x',
        label: 'split',
        x: 'step',
      }),
    ).toEqual({
      refused: 'run train.jsonl has no key x',
    });
  });
});

describe('annotations', () => {
  it.each([
    ['lowering: cuda:0 (sm_90)\n  graph 1\n  ... 3 more lines', 'lowering'],
    ['memory: 3.1 GiB planned, stacking 4', 'memory'],
    ['memory: allocation failed at step 7; retried', 'memory'],
    ['stage easy -> hard', 'stage'],
    ['checkpoint /tmp/ckpt/step-00000008', 'checkpoint'],
    ['resumed from /tmp/ckpt/step-00000008', 'resumed'],
    ['resumed from /tmp/ckpt/8\nknob lr 0.1 -> 0.2', 'resumed'],
    ['interrupted by SIGTERM at step 12', 'interrupted'],
    ['failed: division by zero', 'failed'],
    ['a note of its own', 'other'],
    ['stage easy', 'other'],
    ['interrupted by SIGTERM', 'other'],
    ['failed:no space', 'other'],
    ['checkpoint', 'other'],
  ])('reads %j as %s', (text, kind) => {
    expect(annotationKind(text)).toBe(kind);
  });

  it('keeps every annotation in file order with its step, time and metadata', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1);
    const ms = writer.ms;
    writer.annotation(0, 'stage easy -> hard', { from: 'easy', to: 'hard' });
    writer.metric(1, 'loss', 1).metric(2, 'loss', 1);
    writer.open().annotation(1, 'resumed from /c', { changed: ['knob lr 1 -> 2'] });
    run.refresh();
    const annotations = run.detail().annotations;
    expect(annotations.map((a) => [a.step, a.kind, a.text])).toEqual([
      [0, 'stage', 'stage easy -> hard'],
      [1, 'resumed', 'resumed from /c'],
    ]);
    expect(annotations[0]!.time).toBe(ms / 1000);
    expect([...annotations[0]!.metadata]).toEqual([
      ['from', 'easy'],
      ['to', 'hard'],
    ]);
    // The cut to step 1 removes samples, never annotations.
    expect(run.columns('loss')!.steps).toEqual(new Float64Array([0, 1]));
  });
});
