// Full chunks whose steps go up by one stride share an array of offsets: every series reads back
// exactly what it was given through borrowing, cuts, slices, joins and moves between threads,
// and holds 4 bytes a line less for it.

import { describe, expect, it } from 'vitest';
import { SampleColumns } from '../../shared/series/sample-columns.js';
import { progressionOf } from '../../shared/series/step-progressions.js';
import { Prng } from '../support/prng.js';

const CHUNK = 1 << 14;
type Row = [step: number, time: number, value: number];

/** Series of one line each (the first leads) and the rows each was given. */
function lines(
  count: number,
  keys: number,
  stepOf: (i: number) => number,
): { columns: SampleColumns[]; rows: Row[][] } {
  const columns = Array.from({ length: keys }, () => new SampleColumns());
  const rows: Row[][] = columns.map(() => []);
  for (let i = 0; i < count; i++) {
    const step = stepOf(i);
    const time = 1e9 + i / 8;
    columns.forEach((c, k) => {
      const value = k * 1e6 + i;
      if (k === 0) c.push(step, time, value);
      else c.pushBeside(columns[0]!, step, time, value);
      rows[k]!.push([step, time, value]);
    });
  }
  return { columns, rows };
}

function expectRows(columns: SampleColumns, rows: readonly Row[], label: string): void {
  expect(columns.length, label).toBe(rows.length);
  const slice = columns.slice();
  for (let i = 0; i < rows.length; i++) {
    const [step, time, value] = rows[i]!;
    if (columns.step(i) !== step || slice.steps[i] !== step || !Object.is(columns.time(i), time))
      expect([columns.step(i), slice.steps[i], columns.time(i)], `${label} at ${i}`).toEqual([
        step,
        step,
        time,
      ]);
    if (!Object.is(columns.value(i), value)) expect(columns.value(i)).toBe(value);
  }
  // The stored blocks, with their offsets, give the same steps.
  const stored = columns.storedColumn('steps');
  for (let i = 0; i < rows.length; i += 997) {
    const step = stored.block(i)[i % CHUNK]! + (stored.blockOffset?.(i) ?? 0);
    if (step !== rows[i]![0]) expect(step, `${label} stored at ${i}`).toBe(rows[i]![0]);
  }
}

describe('progressionOf', () => {
  it('takes steps that go up by one stride, 0 included, and nothing else', () => {
    const of = (steps: number[]) => progressionOf(Uint32Array.from(steps));
    expect(of([5, 8, 11, 14])).toMatchObject({ first: 5, stride: 3 });
    expect(of([7, 7, 7])).toMatchObject({ first: 7, stride: 0 });
    expect(of([5, 8, 11, 15])).toBeUndefined();
    expect(of([9, 8, 7])).toBeUndefined();
    // Past 32 bits in a wide chunk, the offsets still fit.
    expect(progressionOf(Float64Array.from([2 ** 52, 2 ** 52 + 2]))).toMatchObject({ stride: 2 });
    // An offset past 32 bits does not.
    expect(progressionOf(Float64Array.from([0, 2 ** 32, 2 ** 33]))).toBeUndefined();
  });
});

describe('SampleColumns.shareStepProgressions', () => {
  it('lets full chunks of one stride, and their borrowers, share their steps', () => {
    const { columns, rows } = lines(6 * CHUNK + 5, 3, (i) => 100 + 10 * i);
    const before = columns.map((c) => c.byteSize);
    SampleColumns.shareStepProgressions(columns);
    columns.forEach((c, k) => expectRows(c, rows[k]!, `key ${k}`));
    // Six full chunks of the leader lose their 4-byte steps; a borrower, only its first chunk
    // (the first chunk grows by replacement, and so is never borrowed).
    expect(before[0]! - columns[0]!.byteSize).toBe(6 * CHUNK * 4);
    expect(before[1]! - columns[1]!.byteSize).toBe(CHUNK * 4);
    // Every full chunk, the borrowers' too, reads one shared array: the old ones are let go.
    const blocks = columns.flatMap((c) =>
      [1, 2, 5].map((j) => c.storedColumn('steps').block(j * CHUNK)),
    );
    expect(new Set(blocks).size).toBe(1);
  });

  it('leaves chunks whose steps break the stride, go back or widen as they are', () => {
    const step = (i: number): number =>
      i === CHUNK + 7 ? 3 : i === 3 * CHUNK + 1 ? 2 ** 40 : i >= 4 * CHUNK ? 2 ** 40 + i : i;
    const { columns, rows } = lines(5 * CHUNK, 2, step);
    SampleColumns.shareStepProgressions(columns);
    columns.forEach((c, k) => expectRows(c, rows[k]!, `key ${k}`));
    // Chunks 0, 2 (4-byte steps) and 4 (8-byte, past 32 bits) are progressions; 1 and 3 not.
    const whole = (16 * 5 + 4 * 3 + 8 * 2) * CHUNK;
    expect(columns[0]!.byteSize).toBe(whole - (4 + 4 + 8) * CHUNK);
  });

  it('reads back exactly through pushes, cuts, joins and moves after sharing', () => {
    const prng = new Prng(0x57e9);
    for (let round = 0; round < 6; round++) {
      const stride = prng.int(3);
      const { columns, rows } = lines(3 * CHUNK + prng.int(CHUNK), 2, (i) => 50 + stride * i);
      SampleColumns.shareStepProgressions(columns);
      // A join of more lines of the same stride, shared before they are joined.
      const first = rows[0]!.length;
      const more = lines(2 * CHUNK + prng.int(CHUNK), 2, (i) => 50 + stride * (first + i));
      SampleColumns.shareStepProgressions(more.columns);
      SampleColumns.appendMoving(
        columns.map((target, k) => ({ target, source: more.columns[k]! })),
      );
      rows.forEach((r, k) => r.push(...more.rows[k]!));
      SampleColumns.shareStepProgressions(columns);
      columns.forEach((c, k) => expectRows(c, rows[k]!, `round ${round} joined ${k}`));
      // Moved to another thread and back.
      const moved = columns.map((c) => c.toTransfer());
      const buffers = [...new Set(moved.flatMap((m) => m.buffers))];
      const states = structuredClone(
        moved.map((m) => m.state),
        { transfer: buffers },
      );
      const back = states.map((state) => SampleColumns.fromTransfer(state));
      back.forEach((c, k) => expectRows(c, rows[k]!, `round ${round} moved ${k}`));
      // A cut into shared chunks, then lines after it.
      const cutAt = 50 + stride * prng.int(rows[0]!.length);
      back[0]!.keepStepsUpTo(cutAt);
      rows[0] = rows[0]!.filter(([step]) => step <= cutAt);
      for (let i = 0; i < CHUNK + 3; i++) {
        const row: Row = [cutAt + 1 + i, i, -i];
        back[0]!.push(...row);
        rows[0].push(row);
      }
      SampleColumns.shareStepProgressions(back);
      back.forEach((c, k) => expectRows(c, rows[k]!, `round ${round} cut ${k}`));
    }
  });
});
