// The run's status from its last process, its identity from the newest open, and what a
// stream does not take: tags and notes.

import { describe, expect, it } from 'vitest';
import { STREAM_READ_ONLY } from '../../electron/sources/jsonl/stream-run.js';
import { METADATA } from '../support/event-writer.js';
import { exportText, stream, tempFolders } from './stream-fixture.js';

const folder = tempFolders();

describe('status', () => {
  it('is silent while the last process has said nothing of its end', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1);
    run.refresh();
    expect(run.status).toBe('silent');
    expect(run.summary().endTime).toBeNull();
    expect(run.open).toBe(true);
  });

  it('is finished with a done', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1);
    const doneMs = writer.ms;
    writer.done();
    run.refresh();
    expect(run.status).toBe('finished');
    expect(run.summary().error).toBeNull();
    expect(run.summary().endTime).toBe(doneMs / 1000);
    // A finished stream may be resumed by an open appended: it stays followed.
    expect(run.open).toBe(true);
  });

  it('is killed when interrupted by a signal', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(3, 'loss', 1).annotation(3, 'interrupted by SIGTERM at step 3', {
      signal: 'SIGTERM',
    });
    run.refresh();
    expect(run.status).toBe('killed');
    expect(run.summary().error).toBeNull();
  });

  it('is failed with the error when a failure comes before the done', () => {
    const { writer, run } = stream(folder());
    writer
      .open()
      .metric(0, 'loss', 1)
      .annotation(0, 'failed: CUDA out of memory: 2 GiB', { error: 'CUDA out of memory: 2 GiB' })
      .done();
    run.refresh();
    expect(run.status).toBe('failed');
    expect(run.summary().error).toBe('CUDA out of memory: 2 GiB');
    const exported = JSON.parse(exportText(run)) as { status: string; error: string };
    expect([exported.status, exported.error]).toEqual(['failed', 'CUDA out of memory: 2 GiB']);
  });

  it('is the last process`s: a resume after a done or a failure reads silent again', () => {
    const { writer, run } = stream(folder());
    writer.open().annotation(0, 'failed: boom', {}).done();
    run.refresh();
    expect(run.status).toBe('failed');
    writer.open();
    run.refresh();
    expect(run.status).toBe('silent');
    expect(run.summary().error).toBeNull();
    writer.annotation(0, 'interrupted by SIGINT at step 0', {});
    run.refresh();
    expect(run.status).toBe('killed');
    writer.open().done();
    run.refresh();
    expect(run.status).toBe('finished');
  });
});

describe('identity', () => {
  it('takes params, steps and provenance from the newest open', () => {
    const { writer, run } = stream(folder());
    const startMs = writer.ms;
    writer.open('tiny-lm', METADATA).metric(0, 'loss', 1);
    writer.open(
      'tiny-lm',
      {
        entry: 'exp/train.sx',
        knobs: {
          lr: 0.001,
          batch: 64,
          opt: { name: 'adamw', betas: [0.9, 0.99], wd: { decay: 0.1 } },
          none: null,
          empty: {},
          on: true,
        },
        run: { steps: 24 },
        device: 'cuda',
        devices: [0, 1],
        extra: 'kept',
      },
      'tiny-lm: 24 steps of exp/train.sx',
    );
    run.refresh();
    const summary = run.summary();
    expect(summary.experiment).toBe('tiny-lm');
    expect(summary.name).toBe('tiny-lm: 24 steps of exp/train.sx');
    expect(summary.startTime).toBe(startMs / 1000);
    expect(summary.steps).toBe(24);
    expect([...summary.params]).toEqual([
      ['lr', 0.001],
      ['batch', 64n],
      ['opt/name', 'adamw'],
      ['opt/betas', '[0.9,0.99]'],
      ['opt/wd/decay', 0.1],
      ['none', 'null'],
      ['empty', '{}'],
      ['on', true],
    ]);
    const provenance = run.detail().provenance!;
    expect([...provenance.keys()]).toEqual(['entry', 'run', 'device', 'devices', 'extra']);
    const exported = JSON.parse(exportText(run)) as Record<string, unknown>;
    expect(exported.params).toEqual({
      lr: 0.001,
      batch: 64,
      'opt/name': 'adamw',
      'opt/betas': '[0.9,0.99]',
      'opt/wd/decay': 0.1,
      none: 'null',
      empty: '{}',
      on: true,
    });
    expect(exported.steps).toBe(24);
    expect(exported.provenance).toEqual({
      entry: 'exp/train.sx',
      run: { steps: 24 },
      device: 'cuda',
      devices: [0, 1],
      extra: 'kept',
    });
  });

  it('has no steps when run.steps is not a count', () => {
    const { writer, run } = stream(folder());
    writer.open('s', { run: { steps: 'many' } });
    run.refresh();
    expect(run.summary().steps).toBeNull();
    expect(run.summary().params.size).toBe(0);
  });
});

describe('read only', () => {
  it('takes no tags and no notes, and says why', () => {
    const { writer, run } = stream(folder());
    writer.open();
    run.refresh();
    expect(run.capabilities).toEqual({ tags: false, notes: false });
    expect(run.summary().readOnly).toBe(STREAM_READ_ONLY);
    expect(run.summary().source).toBe('jsonl-events');
    expect(run.detail().notesInfo.readOnly).toBe(STREAM_READ_ONLY);
    expect(() => run.addTag('x')).toThrow(STREAM_READ_ONLY);
    expect(() => run.removeTag('x')).toThrow(STREAM_READ_ONLY);
    expect(() => run.writeNotes('x')).toThrow(STREAM_READ_ONLY);
    expect(run.listFiles()).toEqual([]);
    expect(run.gitDiff()).toBeNull();
    expect(() => run.openFile('files/x')).toThrow(/logged no files/);
  });
});
