// A stream followed as its writer appends: each refresh tells the samples it brought and the
// orphan cuts, in the order that turns what a subscriber held into the series as read now.

import { mkdirSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FollowChange, FollowResult } from '../../electron/follow/run-follower.js';
import type { StreamRun } from '../../electron/sources/jsonl/stream-run.js';
import { metricLine } from '../support/event-writer.js';
import { stepsOf, stream, tempFolders } from './stream-fixture.js';

const folder = tempFolders();

/** A subscriber's model of the run's series, kept by applying the changes as told. */
class Model {
  readonly steps = new Map<string, number[]>();
  constructor(private readonly run: StreamRun) {}

  apply(result: FollowResult): readonly FollowChange[] {
    expect(result.state).toBe('read');
    if (result.state !== 'read') return [];
    for (const change of result.changes) {
      if (change.kind === 'orphans-cut') {
        for (const [key, steps] of this.steps)
          this.steps.set(
            key,
            steps.filter((s) => s <= change.step),
          );
      } else {
        const columns = this.run.columns(change.key, change.from, change.to)!;
        const held = this.steps.get(change.key) ?? [];
        expect(held.length).toBe(change.from);
        this.steps.set(change.key, [...held, ...columns.steps]);
      }
    }
    for (const [key, steps] of this.steps) expect(steps).toEqual(stepsOf(this.run, key));
    return result.changes;
  }
}

describe('a stream followed live', () => {
  it('tells samples, then an orphans-cut at the resume`s step, as lines arrive', () => {
    const { writer, run } = stream(folder());
    const model = new Model(run);
    writer.open();
    expect(model.apply(run.refresh())).toEqual([]);
    expect(run.status).toBe('silent');

    for (let step = 0; step < 6; step++)
      writer.metric(step, 'loss', step).metric(step, 'acc', step);
    expect(model.apply(run.refresh())).toEqual([
      { kind: 'samples', key: 'loss', from: 0, to: 6 },
      { kind: 'samples', key: 'acc', from: 0, to: 6 },
    ]);

    // A resume whose step is not known yet: nothing to tell until the process says it.
    writer.annotation(3, 'checkpoint /c/3', {}).open();
    const pending = run.refresh();
    expect(model.apply(pending)).toEqual([]);
    expect(pending).toMatchObject({ recordsChanged: true });
    expect(run.detail().resumes.map((r) => r.step)).toEqual([5]);

    writer.annotation(3, 'resumed from /c/3', {});
    expect(model.apply(run.refresh())).toEqual([{ kind: 'orphans-cut', step: 3 }]);
    expect(run.detail().resumes.map((r) => r.step)).toEqual([3]);
    expect(run.detail().orphans).toEqual([
      { key: 'loss', count: 2 },
      { key: 'acc', count: 2 },
    ]);

    writer.metric(4, 'loss', 40);
    expect(model.apply(run.refresh())).toEqual([{ kind: 'samples', key: 'loss', from: 4, to: 5 }]);

    // Started over without an annotation: the cut comes with the first metric, before it.
    writer.open().metric(2, 'loss', 20).metric(2, 'acc', 20);
    expect(model.apply(run.refresh())).toEqual([
      { kind: 'orphans-cut', step: 1 },
      { kind: 'samples', key: 'loss', from: 2, to: 3 },
      { kind: 'samples', key: 'acc', from: 2, to: 3 },
    ]);
    expect(run.detail().resumes.map((r) => r.step)).toEqual([3, 2]);
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2]);
  });

  it('tells a cut and the samples around it in order within one read', () => {
    const { writer, run } = stream(folder());
    const model = new Model(run);
    writer.open();
    for (let step = 0; step < 4; step++) writer.metric(step, 'loss', step);
    model.apply(run.refresh());
    // Samples that come before the cut in the same read, one of them orphaned by it.
    writer.metric(4, 'loss', 4).metric(5, 'loss', 5);
    writer.open().annotation(4, 'resumed from /c/4', {}).metric(5, 'loss', 50);
    expect(model.apply(run.refresh())).toEqual([
      { kind: 'orphans-cut', step: 4 },
      { kind: 'samples', key: 'loss', from: 4, to: 6 },
    ]);
    expect(run.columns('loss')!.values).toEqual(new Float64Array([0, 1, 2, 3, 4, 50]));
  });

  it('changes status as lines arrive, and a finished stream resumes', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1);
    run.refresh();
    expect(run.status).toBe('silent');
    writer.annotation(0, 'interrupted by SIGTERM at step 0', {});
    run.refresh();
    expect(run.status).toBe('killed');
    writer.open().annotation(0, 'resumed from /c/0', {});
    run.refresh();
    expect(run.status).toBe('silent');
    writer.metric(1, 'loss', 0.5).done();
    const ended = run.refresh();
    expect(ended).toMatchObject({ state: 'read', recordsChanged: true });
    expect(run.status).toBe('finished');
    // A torn line of the next process: still finished until it is whole.
    const torn = metricLine(writer.ms, 2, 'loss', 0.25);
    writer.open().raw(torn.slice(0, 12));
    run.refresh();
    expect(run.status).toBe('silent');
    expect(stepsOf(run, 'loss')).toEqual([0, 1]);
    writer.raw(`${torn.slice(12)}\n`).annotation(2, 'failed: out of memory', {});
    run.refresh();
    expect(run.status).toBe('failed');
    expect(run.summary().error).toBe('out of memory');
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2]);
  });

  it('tells a vanished file, and an unreadable one', () => {
    const { writer, run } = stream(folder());
    writer.open();
    run.refresh();
    rmSync(writer.path);
    expect(run.refresh()).toEqual({ state: 'vanished' });
    mkdirSync(writer.path);
    expect(run.refresh()).toMatchObject({ state: 'unreadable' });
    expect(run.status).toBe('unreadable');
    expect(run.summary().error).toMatch(/^train\.jsonl /);
    expect(run.detail().fileProblems).toHaveLength(1);
  });
});
