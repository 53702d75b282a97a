// renderer/src/charts/column-path: an M4 envelope drawn by columns reaches, in every column, the
// least and greatest sample that falls in it (a one-sample spike included), at one x per column,
// whatever the zoom; gaps break the line.

import { describe, expect, it } from 'vitest';
import { EnvelopeIndex } from '../../shared/series/envelope.js';
import type { ColumnLayout } from '../../renderer/src/charts/column-path.js';
import { columnCenter, columnOf, drawByColumns } from '../../renderer/src/charts/column-path.js';
import { Prng } from '../support/prng.js';

interface Vertex {
  readonly x: number;
  readonly y: number;
  readonly move: boolean;
}

function draw(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  layout: ColumnLayout,
): Vertex[] {
  const out: Vertex[] = [];
  drawByColumns(
    xs,
    ys,
    0,
    xs.length - 1,
    layout,
    (x) => x,
    (y) => y,
    {
      moveTo: (x, y) => out.push({ x, y, move: true }),
      lineTo: (x, y) => out.push({ x, y, move: false }),
    },
  );
  return out;
}

/** A calm random walk with spikes one sample wide, some samples non-finite, x steps with gaps. */
function series(prng: Prng, n: number): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let at = prng.range(0, 1000);
  let level = 0;
  for (let i = 0; i < n; i++) {
    at += prng.chance(0.05) ? prng.range(2, 40) : 1;
    x[i] = at;
    level += (prng.next() - 0.5) * 0.1;
    y[i] = prng.chance(0.003) ? level + (prng.chance(0.5) ? 50 : -50) : level;
    if (prng.chance(0.002)) y[i] = prng.pick([NaN, Infinity, -Infinity]);
  }
  return { x, y };
}

describe('drawing an envelope by columns', () => {
  it('reaches every column’s least and greatest sample, at any zoom, over random spiky series', () => {
    const prng = new Prng(4);
    for (let trial = 0; trial < 60; trial++) {
      const { x, y } = series(prng, prng.range(200, 40_000));
      const index = new EnvelopeIndex({ length: x.length, x: (i) => x[i]!, y: (i) => y[i]! });
      const first = x[0]!;
      const last = x[x.length - 1]!;
      // The whole series, or a zoom into some part of it, at a plot's width in pixels.
      const zoomed = prng.chance(0.7);
      const a = zoomed ? first + (last - first) * prng.next() * 0.8 : -Infinity;
      const b = zoomed ? a + (last - a) * (0.01 + prng.next() * 0.5) : Infinity;
      const width = prng.range(40, 1600);
      const envelope = index.query(a, b, width);
      const layout: ColumnLayout = {
        x0: envelope.layout.x0,
        x1: envelope.layout.x1,
        columns: envelope.layout.columns,
      };
      const vertices = draw(envelope.x, Array.from(envelope.y), layout);
      // What each column holds, by the samples themselves.
      const least = new Map<number, number>();
      const greatest = new Map<number, number>();
      for (let i = 0; i < x.length; i++) {
        if (x[i]! < layout.x0 || x[i]! > layout.x1 || !Number.isFinite(y[i]!)) continue;
        const c = columnOf(layout, x[i]!);
        least.set(c, Math.min(least.get(c) ?? Infinity, y[i]!));
        greatest.set(c, Math.max(greatest.get(c) ?? -Infinity, y[i]!));
      }
      const drawnLeast = new Map<number, number>();
      const drawnGreatest = new Map<number, number>();
      const perColumn = new Map<number, number>();
      for (const v of vertices) {
        const c = columnOf(layout, v.x);
        // Each point stands at its column's middle: a column is one vertical span.
        expect(v.x).toBe(columnCenter(layout, c));
        drawnLeast.set(c, Math.min(drawnLeast.get(c) ?? Infinity, v.y));
        drawnGreatest.set(c, Math.max(drawnGreatest.get(c) ?? -Infinity, v.y));
        perColumn.set(c, (perColumn.get(c) ?? 0) + 1);
      }
      expect(drawnLeast, `trial ${trial}, ${width} columns`).toEqual(least);
      expect(drawnGreatest).toEqual(greatest);
      // Where the view holds few samples the host sends them all; else at most 4 a column.
      if (envelope.inView > 4 * width)
        for (const count of perColumn.values()) expect(count).toBeLessThanOrEqual(4);
      else expect(vertices.length).toBe(envelope.x.length);
    }
  });

  it('puts a one-sample spike in one column, straight up and down', () => {
    const n = 20_000;
    const x = Float64Array.from({ length: n }, (_, i) => 990_000 + i);
    const y = Float64Array.from(x, (step) => (step === 1_000_000 ? 50 : 0.2));
    const index = new EnvelopeIndex({ length: n, x: (i) => x[i]!, y: (i) => y[i]! });
    const envelope = index.query(995_000, 1_004_700, 600);
    const layout = { x0: envelope.layout.x0, x1: envelope.layout.x1, columns: 600 };
    const vertices = draw(envelope.x, Array.from(envelope.y), layout);
    const high = vertices.filter((v) => v.y === 50);
    expect(high).toHaveLength(1);
    const at = vertices.indexOf(high[0]!);
    // Up from the baseline and back down to it within the spike's own column.
    expect(vertices[at - 1]!.x).toBe(high[0]!.x);
    expect(vertices[at + 1]!.x).toBe(high[0]!.x);
    expect([vertices[at - 1]!.y, vertices[at + 1]!.y]).toEqual([0.2, 0.2]);
  });

  it('breaks the line at a null and passes over undefined', () => {
    const layout = { x0: 0, x1: 10, columns: 10 };
    const vertices = draw([0.5, 1.5, 2.5, 3.5, 4.5], [1, undefined, null, 2, 3], layout);
    expect(vertices).toEqual([
      { x: 0.5, y: 1, move: true },
      { x: 3.5, y: 2, move: true },
      { x: 4.5, y: 3, move: false },
    ]);
  });
});
