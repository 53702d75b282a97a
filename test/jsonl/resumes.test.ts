// Processes and resumes: each open after the first is a resume, at the step its `resumed from`
// annotation names (orphans above it), else at its first metric's step (orphans from it on), else
// at the last step logged before it. Orphans leave the series and statistics but are kept.

import { describe, expect, it } from 'vitest';
import { tempFolders, envelopeOf, samplesOf, stepsOf, stream } from './stream-fixture.js';
import type { EventWriter } from '../support/event-writer.js';

const folder = tempFolders();

function steps(writer: EventWriter, from: number, to: number, tag = 'a'): void {
  for (let step = from; step <= to; step++)
    writer.metric(step, 'loss', step + (tag === 'a' ? 0.5 : 0.25), { copy: tag });
}

describe('a resume with a `resumed from` annotation', () => {
  it('is at its step, and earlier samples above it are orphans, kept', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 9);
    writer.annotation(6, 'checkpoint /c/6', { checkpoint: '/c/6' });
    const openMs = writer.ms;
    writer.open();
    writer.annotation(6, 'resumed from /c/6', { checkpoint: '/c/6', changed: [] });
    steps(writer, 7, 11, 'b');
    run.refresh();
    expect(run.detail().resumes).toEqual([{ step: 6, time: openMs / 1000, provenance: null }]);
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(samplesOf(run, 'loss').map((s) => s[2])).toEqual([
      0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.25, 8.25, 9.25, 10.25, 11.25,
    ]);
    expect(run.detail().orphans).toEqual([{ key: 'loss', count: 3 }]);
    expect(envelopeOf(run, 'loss', { copy: 'orphans' })).toEqual({
      steps: [7, 8, 9],
      values: [7.5, 8.5, 9.5],
      total: 3,
    });
    // The abandoned copy keeps its labels.
    expect(
      envelopeOf(run, 'loss', { copy: 'orphans', filter: { label: 'copy', value: 'a' } }),
    ).toMatchObject({
      steps: [7, 8, 9],
    });
    const stats = run.detail().statistics[0]!;
    expect(stats.count).toBe(12);
    expect(stats.finite!.greatest).toBe(11.25);
  });

  it('killed outright with repeated steps: one curve, the newer copy', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 5);
    writer.annotation(3, 'checkpoint /c/3', {});
    writer.open();
    writer.annotation(3, 'resumed from /c/3', {});
    steps(writer, 4, 7, 'b');
    run.refresh();
    const samples = samplesOf(run, 'loss');
    expect(samples.map((s) => s[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(samples.map((s) => s[2])).toEqual([0.5, 1.5, 2.5, 3.5, 4.25, 5.25, 6.25, 7.25]);
    expect(envelopeOf(run, 'loss')).toMatchObject({ steps: [0, 1, 2, 3, 4, 5, 6, 7], total: 8 });
    expect(envelopeOf(run, 'loss', { copy: 'orphans' })).toMatchObject({
      steps: [4, 5],
      values: [4.5, 5.5],
    });
  });

  it('is only a resume when it comes before the process`s first metric', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 4);
    writer.open();
    steps(writer, 5, 6, 'b');
    writer.annotation(1, 'resumed from /c/1', {});
    run.refresh();
    expect(run.detail().resumes.map((r) => r.step)).toEqual([5]);
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(run.detail().orphans).toEqual([]);
  });
});

describe('a resume without one', () => {
  it('started over: at its first metric step, earlier samples from that step on orphans', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 9);
    writer.open();
    steps(writer, 5, 8, 'b');
    run.refresh();
    expect(run.detail().resumes.map((r) => r.step)).toEqual([5]);
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(
      samplesOf(run, 'loss')
        .slice(5)
        .map((s) => s[2]),
    ).toEqual([5.25, 6.25, 7.25, 8.25]);
    expect(envelopeOf(run, 'loss', { copy: 'orphans' })).toMatchObject({ steps: [5, 6, 7, 8, 9] });
  });

  it('started over from step 0: every earlier sample is an orphan', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 3);
    writer.open();
    steps(writer, 0, 1, 'b');
    run.refresh();
    expect(run.detail().resumes.map((r) => r.step)).toEqual([0]);
    expect(samplesOf(run, 'loss').map((s) => s[2])).toEqual([0.25, 1.25]);
    expect(run.detail().orphans).toEqual([{ key: 'loss', count: 4 }]);
  });

  it('logged nothing: at the last step logged before it, nothing cut', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 4);
    writer.metric(2, 'eval/loss', 0.1);
    writer.open();
    run.refresh();
    // Pending until the process says more: at the last metric line's step for now.
    expect(run.detail().resumes.map((r) => r.step)).toEqual([2]);
    writer.open();
    writer.annotation(3, 'resumed from /c/3', {});
    writer.metric(4, 'loss', 40);
    run.refresh();
    expect(run.detail().resumes.map((r) => r.step)).toEqual([2, 3]);
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2, 3, 4]);
    expect(samplesOf(run, 'loss').at(-1)![2]).toBe(40);
  });

  it('before any metric at all: at step 0', () => {
    const { writer, run } = stream(folder());
    writer.open().open();
    run.refresh();
    expect(run.detail().resumes.map((r) => r.step)).toEqual([0]);
  });

  it('a key no resume cut has an empty abandoned copy, and a key it never had none', () => {
    const { writer, run } = stream(folder());
    writer.open();
    steps(writer, 0, 2);
    run.refresh();
    expect(envelopeOf(run, 'loss', { copy: 'orphans' })).toMatchObject({ steps: [], total: 0 });
    expect(envelopeOf(run, 'nope', { copy: 'orphans' })).toEqual({
      refused: 'run train.jsonl has no key nope',
    });
  });
});
