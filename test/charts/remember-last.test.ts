// rememberLast: a result is reused only for the same object and the same other arguments.

import { describe, expect, it } from 'vitest';
import { rememberLast } from '../../renderer/src/state/remember-last.js';

describe('rememberLast', () => {
  it('reuses the result for the same object and arguments, and only then', () => {
    let calls = 0;
    const sum = rememberLast((values: number[], offset: number) => {
      calls++;
      return { total: values.reduce((a, b) => a + b, offset) };
    });
    const values = [1, 2, 3];
    const first = sum(values, 0);
    expect(sum(values, 0)).toBe(first);
    expect(calls).toBe(1);
    expect(sum(values, 10).total).toBe(16);
    expect(calls).toBe(2);
    // An equal but different object is not the same runs: it is derived again.
    expect(sum([1, 2, 3], 10).total).toBe(16);
    expect(calls).toBe(3);
    // Only the last arguments are kept for an object.
    expect(sum(values, 0)).not.toBe(first);
    expect(sum(values, 0).total).toBe(6);
    expect(calls).toBe(4);
  });

  it('tells NaN arguments apart from none, as Object.is does', () => {
    let calls = 0;
    const f = rememberLast((_of: object, n: number) => (calls++, n));
    const of = {};
    f(of, Number.NaN);
    f(of, Number.NaN);
    expect(calls).toBe(1);
    f(of, 0);
    f(of, -0);
    expect(calls).toBe(3);
  });
});
