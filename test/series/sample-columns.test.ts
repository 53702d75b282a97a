// SampleColumns: exact steps from 0 to 2^53 in 4-byte chunks that widen when they must, through
// growth, slices and orphan cuts; about 20 bytes a sample.

import { describe, expect, it } from 'vitest';
import { SampleColumns } from '../../shared/series/sample-columns.js';

function filled(
  n: number,
  stepOf: (i: number) => number,
): { columns: SampleColumns; rows: [number, number, number][] } {
  const columns = new SampleColumns();
  const rows: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    const row: [number, number, number] = [
      stepOf(i),
      1_793_541_787.25 + i * 0.125,
      Math.sin(i) * 1e-3,
    ];
    columns.push(...row);
    rows.push(row);
  }
  return { columns, rows };
}

describe('SampleColumns', () => {
  it('keeps steps past 32 bits exactly, up to 2^53, beside narrow ones', () => {
    const wide = (i: number): number => (i === 50_000 ? 2 ** 53 : i % 7 === 0 ? 2 ** 40 + i : i);
    const { columns, rows } = filled(100_000, wide);
    rows.forEach(([step, time, value], i) => {
      expect(columns.step(i)).toBe(step);
      expect(columns.time(i)).toBe(time);
      expect(columns.value(i)).toBe(value);
    });
    const slice = columns.slice(10, 99_990);
    expect(Array.from(slice.steps)).toEqual(rows.slice(10, 99_990).map((row) => row[0]));
  });

  it('cuts orphans in place, a wide step moving into a narrow chunk included', () => {
    const { columns, rows } = filled(40_000, (i) => (i < 20_000 ? 2 ** 33 + i : i));
    const removed = columns.keepStepsUpTo(2 ** 33 + 5);
    const kept = rows.filter((row) => row[0] <= 2 ** 33 + 5);
    expect(removed).toBe(rows.length - kept.length);
    expect(columns.length).toBe(kept.length);
    kept.forEach(([step, , value], i) => {
      expect(columns.step(i)).toBe(step);
      expect(columns.value(i)).toBe(value);
    });
  });

  it('holds about 20 bytes a sample when steps fit 32 bits', () => {
    const { columns } = filled(1_000_000, (i) => i);
    expect(columns.byteSize / columns.length).toBeLessThan(20.5);
  });
});
