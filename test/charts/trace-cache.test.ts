// renderer/src/charts/trace-cache: a trace is built once per version and look of its series, and
// an array of the same traces is the same array, so an unchanged panel is not drawn again.

import { describe, expect, it } from 'vitest';
import type { Trace } from '../../renderer/src/charts/curve-data.js';
import { TraceCache, sameItems } from '../../renderer/src/charts/trace-cache.js';

const fakeTrace = (label: string): Trace => ({ label }) as unknown as Trace;

describe('TraceCache', () => {
  it('builds once per version and look, again when either changes', () => {
    const cache = new TraceCache();
    const series = {};
    let builds = 0;
    const build = (): Trace => fakeTrace(`built ${++builds}`);
    const first = cache.get(series, 'v1', 'step', build);
    expect(cache.get(series, 'v1', 'step', build)).toBe(first);
    expect(builds).toBe(1);
    const grown = cache.get(series, 'v2', 'step', build);
    expect(grown).not.toBe(first);
    expect(builds).toBe(2);
    // Another look of the same series is a trace of its own; the first is still held.
    const byTime = cache.get(series, 'v2', 'wall', build);
    expect(byTime).not.toBe(grown);
    expect(cache.get(series, 'v2', 'step', build)).toBe(grown);
    expect(builds).toBe(3);
  });

  it('keeps series apart and holds no trace that could not be built', () => {
    const cache = new TraceCache();
    const a = {};
    const b = {};
    const ta = cache.get(a, 'v', 'step', () => fakeTrace('a'));
    const tb = cache.get(b, 'v', 'step', () => fakeTrace('b'));
    expect(ta).not.toBe(tb);
    expect(cache.get(a, 'v', 'none', () => null)).toBeNull();
    let asked = 0;
    cache.get(a, 'v', 'none', () => (asked++, null));
    expect(asked).toBe(1);
  });
});

describe('sameItems', () => {
  it('gives the previous array while every item is the same object', () => {
    const x = fakeTrace('x');
    const y = fakeTrace('y');
    const previous = [x, y];
    expect(sameItems(previous, [x, y])).toBe(previous);
    const swapped = [y, x];
    expect(sameItems(previous, swapped)).toBe(swapped);
    const shorter = [x];
    expect(sameItems(previous, shorter)).toBe(shorter);
    const fresh = [x, fakeTrace('y')];
    expect(sameItems(previous, fresh)).toBe(fresh);
    const first = [x];
    expect(sameItems(null, first)).toBe(first);
  });
});
