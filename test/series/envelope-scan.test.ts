// The one-pass envelope of a view read from stored blocks against the column-by-column envelope
// of the same points read through accessors: equal point for point, where columns span blocks,
// x repeats or skips columns, and samples are NaN or infinite.

import { describe, expect, it } from 'vitest';
import type { EnvelopeSource } from '../../shared/series/envelope.js';
import { EnvelopeIndex } from '../../shared/series/envelope.js';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Points whose x never decreases: runs of equal x, small steps, and jumps over many columns. */
function points(r: () => number, n: number): { xs: Float64Array; ys: Float64Array } {
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let x = r() * 10;
  let y = 0;
  for (let i = 0; i < n; i++) {
    const roll = r();
    x += roll < 0.2 ? 0 : roll < 0.97 ? r() : r() * 400;
    y += r() - 0.5;
    const odd = r();
    xs[i] = x;
    ys[i] = odd < 0.02 ? NaN : odd < 0.025 ? Infinity : odd < 0.03 ? -Infinity : y;
    // Equal values, so that the first of equals counts.
    if (r() < 0.05 && i > 0) ys[i] = ys[i - 1]!;
  }
  return { xs, ys };
}

/** The points in blocks of `size`, stored as the host's sample chunks are, x as offsets. */
function storedSource(xs: Float64Array, ys: Float64Array, size: number): EnvelopeSource {
  const blockOf = (column: Float64Array, index: number): Float64Array => {
    const start = index - (index % size);
    return column.subarray(start, start + size);
  };
  const offsets = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) offsets[i] = xs[i]! - xs[i - (i % size)]!;
  return {
    length: xs.length,
    x: (i) => xs[i]!,
    y: (i) => ys[i]!,
    xColumn: {
      blockSize: size,
      block: (i) => blockOf(offsets, i),
      blockOffset: (i) => xs[i - (i % size)]!,
    },
    yColumn: { blockSize: size, block: (i) => blockOf(ys, i) },
  };
}

describe('envelope of a view read in one pass', () => {
  for (const size of [7, 64, 1000]) {
    it(`picks what the column-by-column envelope picks (blocks of ${size})`, () => {
      const r = random(size);
      const { xs, ys } = points(r, 6000);
      const stored = new EnvelopeIndex(storedSource(xs, ys, size));
      const plain = new EnvelopeIndex({ length: xs.length, x: (i) => xs[i]!, y: (i) => ys[i]! });
      for (let view = 0; view < 60; view++) {
        const whole = view < 10;
        const a = xs[Math.floor(r() * xs.length)]!;
        const b = xs[Math.floor(r() * xs.length)]!;
        const [x0, x1] = whole
          ? [-Number.MAX_VALUE, Number.MAX_VALUE]
          : [Math.min(a, b), Math.max(a, b)];
        // From a few samples a column to a hundred: where the one pass is taken.
        const width = 1 + Math.floor(r() * 600);
        const expected = plain.query(x0, x1, width);
        const actual = stored.query(x0, x1, width);
        expect({ view, width, indices: [...actual.indices] }).toEqual({
          view,
          width,
          indices: [...expected.indices],
        });
        expect([...actual.x]).toEqual([...expected.x]);
        expect([...actual.y]).toEqual([...expected.y]);
        expect([...actual.nonFinite]).toEqual([...expected.nonFinite]);
        expect(actual.inView).toBe(expected.inView);
        expect(actual.layout).toEqual(expected.layout);
      }
    });
  }
});
