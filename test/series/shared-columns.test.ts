// SampleColumns.pushBeside: series of one line share steps and times, and every series still
// reads back exactly what it was given through divergence, widening, cuts, transfer and steps
// shared as progressions.

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
        // Full chunks of steps one apart share them, as a fold has them do after each read.
        if (prng.chance(0.0005)) SampleColumns.shareStepProgressions(models.map((m) => m.columns));
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

/** Models filled with `lines` random lines, the first model leading each line it is on. */
function filled(prng: Prng, models: Model[], lines: number, firstStep: number, share: number) {
  for (let i = 0; i < lines; i++) {
    const step = firstStep + i;
    // Most lines carry every key, so the series share; the rest carry a random few.
    const on = prng.chance(share) ? models : models.filter(() => prng.chance(0.5));
    if (on.length > 0) line(on, step, 1e9 + step / 8, () => prng.next());
  }
}

describe('SampleColumns.appendMoving', () => {
  it('joins each source to its target as pushing its samples in order would', () => {
    const prng = new Prng(0xa99e);
    // Target lengths on and around chunk boundaries, where the shift is 0, 1 or all but one.
    const lengths = [0, 1, 5, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK, 3 * CHUNK - 7];
    for (let round = 0; round < 24; round++) {
      const keys = 1 + prng.int(4);
      const share = prng.chance(0.5) ? 1 : 0.9;
      const targets = Array.from({ length: keys }, () => new Model());
      filled(prng, targets, lengths[prng.int(lengths.length)]!, 0, share);
      const sources = Array.from({ length: keys }, () => new Model());
      const sourceLines = prng.chance(0.3) ? prng.int(2 * CHUNK) : CHUNK + prng.int(4 * CHUNK);
      filled(prng, sources, sourceLines, 10 * CHUNK, share);
      if (prng.chance(0.5)) SampleColumns.shareStepProgressions(targets.map((t) => t.columns));
      if (prng.chance(0.5)) SampleColumns.shareStepProgressions(sources.map((t) => t.columns));
      SampleColumns.appendMoving(
        targets.map((target, k) => ({ target: target.columns, source: sources[k]!.columns })),
      );
      targets.forEach((target, k) => (target.rows = target.rows.concat(sources[k]!.rows)));
      targets.forEach((target, k) => expectSame(target, `round ${round} key ${k}`));
      // Lines after the join, and a cut into the joined samples, read back exactly too.
      filled(prng, targets, CHUNK + prng.int(CHUNK), 20 * CHUNK, share);
      if (prng.chance(0.5)) for (const target of targets) target.cut(10 * CHUNK + prng.int(CHUNK));
      targets.forEach((target, k) => expectSame(target, `round ${round} key ${k}, after`));
    }
  });

  it("takes the sources' arrays instead of copying them, and keeps their sharing", () => {
    const prng = new Prng(7);
    const targets = [new Model(), new Model(), new Model()];
    filled(prng, targets, CHUNK + 123, 0, 1);
    const sources = [new Model(), new Model(), new Model()];
    filled(prng, sources, 12 * CHUNK, CHUNK + 123, 1);
    const sourceBuffers = new Set(sources.flatMap((s) => s.columns.toTransfer().buffers));
    SampleColumns.appendMoving(
      targets.map((target, k) => ({ target: target.columns, source: sources[k]!.columns })),
    );
    targets.forEach((target, k) => (target.rows = target.rows.concat(sources[k]!.rows)));
    targets.forEach((target, k) => expectSame(target, `key ${k}`));
    const joined = new Set(targets.flatMap((t) => t.columns.toTransfer().buffers));
    // All but the last source chunk's arrays, which the shift empties, are the targets' now.
    const taken = [...sourceBuffers].filter((buffer) => joined.has(buffer));
    expect(taken.length).toBeGreaterThanOrEqual(sourceBuffers.size - 6);
    // A borrower holds its own steps and times in three chunks of thirteen: the first chunks of
    // the target and of the source, which grew by replacement, and the one the join filled.
    expect(targets[1]!.columns.byteSize).toBeLessThan(targets[0]!.columns.byteSize * 0.6);
  });

  it('copies a source whose shared steps two targets would shift apart, or whose steps widen', () => {
    const prng = new Prng(11);
    const targets = [new Model(), new Model()];
    // The two targets end at different places in their last chunks.
    filled(prng, [targets[0]!], CHUNK + 10, 0, 1);
    filled(prng, [targets[1]!], CHUNK + 20, 0, 1);
    const sources = [new Model(), new Model()];
    filled(prng, sources, 4 * CHUNK, 2 * CHUNK, 1);
    line(sources, 2 ** 40, 5, () => 1);
    filled(prng, sources, CHUNK, 2 ** 40 + 1, 1);
    SampleColumns.appendMoving(
      targets.map((target, k) => ({ target: target.columns, source: sources[k]!.columns })),
    );
    targets.forEach((target, k) => (target.rows = target.rows.concat(sources[k]!.rows)));
    targets.forEach((target, k) => expectSame(target, `key ${k}`));
  });

  it('copies a source whose shared chunk is followed by chunks of its own', () => {
    const prng = new Prng(13);
    const targets = [new Model(), new Model()];
    filled(prng, targets, CHUNK + 10, 0, 1);
    const [a, b] = [new Model(), new Model()];
    // Shared for two chunks, then a line of the first alone: the second's next chunks are its own.
    filled(prng, [a, b], 2 * CHUNK, 2 * CHUNK, 1);
    line([a], 4 * CHUNK, 1, () => 2);
    filled(prng, [a, b], 2 * CHUNK, 4 * CHUNK + 1, 1);
    SampleColumns.appendMoving([
      { target: targets[0]!.columns, source: a.columns },
      { target: targets[1]!.columns, source: b.columns },
    ]);
    targets[0]!.rows = targets[0]!.rows.concat(a.rows);
    targets[1]!.rows = targets[1]!.rows.concat(b.rows);
    targets.forEach((target, k) => expectSame(target, `key ${k}`));
  });
});
