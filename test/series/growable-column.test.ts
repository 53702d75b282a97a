// shared/series/growable-column: appends keep every value in order across growth, the element type stays, views see the filled part only, and cuts and bad lengths are refused or kept exact.

import { describe, expect, it } from 'vitest';
import {
  float64Column,
  Float64Column,
  uint32Column,
  Uint32Column,
} from '../../shared/series/growable-column.js';

describe('GrowableColumn', () => {
  it('keeps every pushed value in order as it grows past its capacity', () => {
    const column = float64Column(4);
    const expected: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const value = i % 7 === 0 ? NaN : Math.sin(i) * 1e300;
      column.push(value);
      expected.push(value);
    }
    expect(column.length).toBe(1000);
    expect(Array.from(column.view())).toEqual(expected);
    expect(column.data.length).toBeGreaterThanOrEqual(1000);
  });

  it('grows by at least doubling, so n pushes copy O(n) values', () => {
    const column = float64Column(4);
    const capacities = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      column.push(i);
      capacities.add(column.data.length);
    }
    const sorted = [...capacities].sort((a, b) => a - b);
    for (let k = 1; k < sorted.length; k++)
      expect(sorted[k]!).toBeGreaterThanOrEqual(2 * sorted[k - 1]!);
  });

  it('grows from no capacity at all', () => {
    const column = float64Column(0);
    column.push(1.5);
    column.push(-0);
    expect(Array.from(column.view())).toEqual([1.5, -0]);
    expect(Object.is(column.view()[1], -0)).toBe(true);
  });

  it('keeps its element type as it grows', () => {
    const column = uint32Column(2);
    for (let i = 0; i < 100; i++) column.push(0xffffffff - i);
    expect(column.data).toBeInstanceOf(Uint32Array);
    expect(column.view()).toBeInstanceOf(Uint32Array);
    expect(column.view()[99]).toBe(0xffffffff - 99);
    const floats = float64Column(2);
    for (let i = 0; i < 100; i++) floats.push(i + 0.5);
    expect(floats.data).toBeInstanceOf(Float64Array);
  });

  it('appends many values at once, growing once to fit them', () => {
    const column = float64Column(4);
    column.push(1);
    column.pushAll(Float64Array.from({ length: 100 }, (_, i) => i * 2));
    expect(column.length).toBe(101);
    expect(column.data.length).toBe(101);
    expect(column.view()[0]).toBe(1);
    expect(column.view()[100]).toBe(198);
    column.pushAll([]);
    expect(column.length).toBe(101);
  });

  it('reserves room without changing what it holds, and never shrinks', () => {
    const column = float64Column(4);
    column.pushAll([1, 2, 3]);
    column.reserve(500);
    expect(column.data.length).toBeGreaterThanOrEqual(500);
    expect(Array.from(column.view())).toEqual([1, 2, 3]);
    const storage = column.data;
    column.reserve(10);
    expect(column.data).toBe(storage);
    for (let i = 0; i < 497; i++) column.push(i);
    expect(column.data).toBe(storage);
  });

  it('gives a view of the filled part, sharing the storage', () => {
    const column = float64Column(16);
    column.pushAll([1, 2, 3]);
    const view = column.view();
    expect(view).toHaveLength(3);
    column.data[1] = 20;
    expect(view[1]).toBe(20);
  });

  it('starts from filled storage, and refuses a length beyond it', () => {
    const column = new Uint32Column(Uint32Array.of(5, 6, 7, 8), 3);
    expect(Array.from(column.view())).toEqual([5, 6, 7]);
    column.push(9);
    expect(Array.from(column.view())).toEqual([5, 6, 7, 9]);
    column.push(10);
    expect(Array.from(column.view())).toEqual([5, 6, 7, 9, 10]);
    expect(() => new Float64Column(new Float64Array(2), 3)).toThrow(RangeError);
    expect(() => new Float64Column(new Float64Array(2), -1)).toThrow(RangeError);
    expect(() => new Float64Column(new Float64Array(2), 1.5)).toThrow(RangeError);
  });

  it('cuts to a shorter length, keeping its capacity for later appends', () => {
    const column = float64Column(8);
    column.pushAll([1, 2, 3, 4, 5]);
    const storage = column.data;
    column.truncate(2);
    expect(Array.from(column.view())).toEqual([1, 2]);
    column.push(30);
    expect(Array.from(column.view())).toEqual([1, 2, 30]);
    expect(column.data).toBe(storage);
    expect(() => column.truncate(4)).toThrow(RangeError);
    expect(() => column.truncate(-1)).toThrow(RangeError);
    column.truncate(0);
    expect(column.length).toBe(0);
  });
});
