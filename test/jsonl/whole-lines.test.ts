// The whole-line and NUL-stop rules of "Reading a log", unchanged for a stream: a torn last line
// is read once its line feed arrives, a NUL hole stops reading until it is filled.

import { describe, expect, it } from 'vitest';
import { metricLine, openLine, START_MS } from '../support/event-writer.js';
import { stepsOf, stream, tempFolders } from './stream-fixture.js';

const folder = tempFolders();
const T = START_MS;

describe('whole lines', () => {
  it('does not read a torn last line until its line feed arrives', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1.5);
    const torn = metricLine(T + 50, 1, 'loss', 0.75);
    writer.raw(torn.slice(0, 30));
    run.refresh();
    expect(stepsOf(run, 'loss')).toEqual([0]);
    writer.raw(torn.slice(30));
    run.refresh();
    // Whole but for its line feed: still not read, and not damaged.
    expect(stepsOf(run, 'loss')).toEqual([0]);
    expect(run.summary().damaged).toBe(0);
    writer.raw('\n');
    const result = run.refresh();
    expect(stepsOf(run, 'loss')).toEqual([0, 1]);
    expect(run.summary().damaged).toBe(0);
    expect(result).toMatchObject({
      state: 'read',
      changes: [{ kind: 'samples', key: 'loss', from: 1, to: 2 }],
    });
  });

  it('stops at a NUL hole, says it waits on it, and reads on once it is filled', () => {
    const { writer, run } = stream(folder());
    writer.open().metric(0, 'loss', 1.5);
    const hidden = metricLine(T + 10, 1, 'loss', 0.5);
    const holeAt = Buffer.byteLength(`${openLine(T)}\n${metricLine(T + 1, 0, 'loss', 1.5)}\n`);
    writer.raw(Buffer.alloc(hidden.length + 1, 0));
    writer.line(metricLine(T + 11, 2, 'loss', 0.25));
    run.refresh();
    expect(stepsOf(run, 'loss')).toEqual([0]);
    expect(run.detail().waitingOnHole).toBe(true);
    expect(run.summary().damaged).toBe(0);
    writer.writeAt(holeAt, `${hidden}\n`);
    run.refresh();
    expect(stepsOf(run, 'loss')).toEqual([0, 1, 2]);
    expect(run.detail().waitingOnHole).toBe(false);
    expect(run.summary().damaged).toBe(0);
  });

  it('stops at a NUL inside a line that has its line feed', () => {
    const { writer, run } = stream(folder());
    writer.open();
    writer.raw(
      `${metricLine(T + 1, 0, 'loss', 1).slice(0, 10)}\u0000${metricLine(T + 1, 0, 'loss', 1).slice(11)}\n`,
    );
    writer.metric(1, 'loss', 2);
    run.refresh();
    expect(run.summary().keys).toEqual([]);
    expect(run.detail().waitingOnHole).toBe(true);
  });

  it('reads a file replaced under its name afresh', () => {
    const dir = folder();
    const { writer, run } = stream(dir);
    writer.open().metric(0, 'loss', 1).metric(1, 'loss', 2);
    run.refresh();
    const { writer: again } = stream(dir);
    again.open('other').metric(5, 'acc', 0.5);
    expect(run.refresh()).toEqual({ state: 'reset' });
    expect(run.summary().experiment).toBe('other');
    expect(run.summary().keys).toEqual([{ key: 'acc', kind: 'metric', count: 1, goal: null }]);
  });
});
