// SampleColumns.pushBeside: series of one line share steps and times, and every series still
// reads back exactly what it was given through divergence, widening, cuts and transfer.

import { describe, expect, it } from 'vitest';
import { SampleColumns } from '../../shared/series/sample-columns.js';
import { Prng } from '../support/prng.js';

type Row = [step: number, time: number, value: number];

/** A series and the rows it was given, to compare the columns against. */
class Model {
  columns = new SampleColumns();
  rows: Row[] = [];

  cut(maxStep: number): void {
    this.columns.keepStepsUpTo(maxStep);
    this.rows = this.rows.filter(([step]) => step <= maxStep);
  }
}

function expectSame(model: Model, label: string): void {
  const { columns, rows } = model;
  expect(columns.length, label).toBe(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const [step, time, value] = rows[i]!;
    if (
      columns.step(i) !== step ||
      !Object.is(columns.time(i), time) ||
      !Object.is(columns.value(i), value)
    ) {
      expect([columns.step(i), columns.time(i), columns.value(i)], `${label} at ${i}`).toEqual([
        step,
        time,
        value,
      ]);
    }
  }
}

/** Appends one line of `models` (the first leads), as RunLog does with a line's keys. */
function line(models: Model[], step: number, time: number, value: (k: number) => number): void {
  models.forEach((model, k) => {
    const v = value(k);
    if (k === 0) model.columns.push(step, time, v);
    else model.columns.pushBeside(models[0]!.columns, step, time, v);
    model.rows.push([step, time, v]);
  });
}

const CHUNK = 1 << 14;

describe('SampleColumns.pushBeside', () => {
  it('shares steps and times past the first chunk, at about 8 bytes a sample', () => {
    const [a, b, c] = [new Model(), new Model(), new Model()];
    for (let step = 0; step < 5 * CHUNK; step++)
      line([a, b, c], step, 1e9 + step / 100, (k) => k + step);
    for (const model of [a, b, c]) expectSame(model, 'aligned');
    const ownBytes = a.columns.byteSize;
    expect(b.columns.byteSize).toBeLessThan(ownBytes * 0.6);
    expect(c.columns.byteSize).toBeLessThan(ownBytes * 0.6);
  });

  it('reads back exactly through random divergence, widening, -0 times and cuts', () => {
    const prng = new Prng(0xc01);
    for (let round = 0; round < 4; round++) {
      const models = [new Model(), new Model(), new Model()];
      let step = 0;
      for (let i = 0; i < 6 * CHUNK; i++) {
        step++;
        // A spike past 32 bits that a later cut removes from the middle, moving what follows.
        const lineStep = prng.chance(0.002) ? 2 ** 33 + i : step;
        const time = prng.chance(0.01) ? (prng.chance(0.5) ? 0 : -0) : 1e9 + i;
        const roll = prng.next();
        if (roll < 0.002) {
          // A line of the second key alone: it leads, or diverges from the first key's series.
          line([models[1]!], lineStep, time, () => prng.next());
        } else if (roll < 0.004) {
          line([models[2]!, models[0]!], lineStep, time, () => prng.next());
        } else {
          line(models, lineStep, time, () => prng.next());
        }
        if (prng.chance(0.0002)) {
          const cutAt = Math.floor(step * prng.next());
          for (const model of models) if (prng.chance(0.7)) model.cut(cutAt);
          step = cutAt;
        }
      }
      models.forEach((model, k) => expectSame(model, `round ${round} series ${k}`));
    }
  });

  it("a leader's cut moves its samples without moving a borrower's", () => {
    const [a, b] = [new Model(), new Model()];
    for (let i = 0; i < 3 * CHUNK; i++) {
      const step = i === CHUNK + 10 ? 2 ** 20 : i;
      line([a, b], step, 1e9 + i, (k) => k * 1e6 + i);
    }
    a.cut(CHUNK + 100);
    expectSame(a, 'leader');
    expectSame(b, 'borrower');
    line([a, b], CHUNK + 101, 7, () => 8);
    expectSame(a, 'leader after');
    expectSame(b, 'borrower after');
  });

  it('a borrowed time of -0 where the leader has 0 is not shared', () => {
    const [a, b] = [new Model(), new Model()];
    for (let step = 0; step < CHUNK + 4; step++) line([a, b], step, 5, () => 1);
    a.columns.push(CHUNK + 4, 0, 1);
    a.rows.push([CHUNK + 4, 0, 1]);
    b.columns.pushBeside(a.columns, CHUNK + 4, -0, 2);
    b.rows.push([CHUNK + 4, -0, 2]);
    expectSame(a, 'leader');
    expectSame(b, 'borrower');
  });

  it('keeps sharing right after moving to another thread', () => {
    const [a, b] = [new Model(), new Model()];
    for (let step = 0; step < 3 * CHUNK; step++) line([a, b], step, step * 0.5, (k) => k - step);
    const movedA = a.columns.toTransfer();
    const movedB = b.columns.toTransfer();
    const buffers = [...new Set([...movedA.buffers, ...movedB.buffers])];
    const [stateA, stateB] = structuredClone([movedA.state, movedB.state], { transfer: buffers });
    a.columns = SampleColumns.fromTransfer(stateA!);
    b.columns = SampleColumns.fromTransfer(stateB!);
    for (let step = 3 * CHUNK; step < 4 * CHUNK; step++) {
      line([a, b], step, step * 0.5, (k) => k + step);
      if (step % 1000 === 0) line([b], step, step, () => 7);
    }
    a.cut(2 * CHUNK + 5);
    expectSame(a, 'leader');
    expectSame(b, 'borrower');
  });
});
