// renderer/src/charts/dash-by-x: a dashed line hides no sample. Wherever a one-sample spike falls
// against the pattern, and over random spiky series drawn by columns, every column's least and
// greatest point is drawn; yet a calm line has its gaps, so the dash still tells runs apart.

import { describe, expect, it } from 'vitest';
import type { ColumnLayout } from '../../renderer/src/charts/column-path.js';
import { drawByColumns } from '../../renderer/src/charts/column-path.js';
import { DashByXPen, dashOn, dashPen } from '../../renderer/src/charts/dash-by-x.js';
import type { PathPen } from '../../renderer/src/charts/path-pen.js';
import { Prng } from '../support/prng.js';

interface Segment {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * The segments a dashed pen draws of points given as [x, y | null] (null: a gap): a pen of its
 * own, or the shared one the charts draw through.
 */
function dashed(
  points: readonly (readonly [number, number | null])[],
  pattern: number[],
  pen: (out: PathPen, pattern: readonly number[]) => DashByXPen = (out, p) =>
    new DashByXPen(out, p),
) {
  const segments: Segment[] = [];
  let from: [number, number] | null = null;
  const out: PathPen = {
    moveTo: (x, y) => void (from = [x, y]),
    lineTo: (x, y) => {
      segments.push({ x0: from![0], y0: from![1], x1: x, y1: y });
      from = [x, y];
    },
  };
  const drawing = pen(out, pattern);
  let down = false;
  for (const [x, y] of points) {
    if (y === null) {
      down = false;
      continue;
    }
    if (down) drawing.lineTo(x, y);
    else drawing.moveTo(x, y);
    down = true;
  }
  drawing.finish();
  return segments;
}

/** Whether a drawn segment passes through (x, y): a vertical one spanning y, or an end there. */
function covered(segments: readonly Segment[], x: number, y: number): boolean {
  return segments.some((s) => {
    if (s.x0 === x && s.x1 === x)
      return Math.min(s.y0, s.y1) - 0.5 <= y && y <= Math.max(s.y0, s.y1) + 0.5;
    return (s.x0 === x && Math.abs(s.y0 - y) <= 0.5) || (s.x1 === x && Math.abs(s.y1 - y) <= 0.5);
  });
}

const PATTERNS = [
  [7, 4],
  [2, 3],
  [10, 3, 2, 3],
  [12, 4],
  [6, 3, 2, 3, 2, 3],
];

describe('dashing a line along x', () => {
  it('draws a one-sample spike wherever it falls against the pattern, up or down', () => {
    for (const pattern of PATTERNS) {
      const period = pattern.reduce((a, b) => a + b, 0);
      for (let at = 10; at < 10 + 2 * period; at++) {
        for (const spike of [40, -40]) {
          // A calm dense line: each pixel column holds a first, least, greatest and last point.
          const points: [number, number][] = [];
          for (let x = 0; x < 60; x++) {
            const ys = x === at ? [100, 100 + spike, 100.2, 100] : [100, 99.8, 100.2, 100];
            for (const y of ys) points.push([x, y]);
          }
          const segments = dashed(points, pattern);
          expect(covered(segments, at, 100 + spike), `${pattern} spike ${spike} at ${at}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('draws a spike several samples wide, across columns, wherever it falls', () => {
    for (const pattern of PATTERNS) {
      const period = pattern.reduce((a, b) => a + b, 0);
      for (const wide of [2, 3, 5]) {
        for (let at = 40; at < 40 + 4 * period; at++) {
          // Four samples a pixel column; the spike's samples straddle column boundaries.
          const points: [number, number][] = [];
          for (let i = 0; i < 400; i++) {
            const inSpike = i >= at && i < at + wide;
            points.push([Math.floor(i / 4), inSpike ? 20 : 100 + (i % 2) * 0.3]);
          }
          const segments = dashed(points, pattern);
          const columns = [...new Set(points.filter(([, y]) => y === 20).map(([x]) => x))];
          expect(
            columns.some((x) => covered(segments, x, 20)),
            `${pattern} ${wide} wide at ${at}`,
          ).toBe(true);
        }
      }
    }
  });

  it('leaves the gaps of a noisy band mostly empty, its outliers drawn', () => {
    const prng = new Prng(3);
    const points: [number, number][] = [];
    for (let x = 0; x < 400; x++)
      for (let k = 0; k < 6; k++) points.push([x, 50 + (prng.next() - 0.5) * 6]);
    const pattern = [7, 4];
    const segments = dashed(points, pattern);
    let offColumns = 0;
    let drawnOff = 0;
    for (let x = 1; x < 399; x++) {
      if (dashOn(pattern, x)) continue;
      offColumns++;
      if (segments.some((s) => s.x0 === x && s.x1 === x)) drawnOff++;
    }
    expect(drawnOff / offColumns).toBeLessThan(0.5);
  });

  it('keeps the spike of a sparse line, a point in a gap reaching beyond both neighbours', () => {
    // One point every 5 pixels; the spike is a lone point, not a column of several.
    for (let at = 0; at < 11; at++) {
      const points: [number, number][] = [];
      for (let k = 0; k < 30; k++) points.push([k * 5, k === 10 ? 10 : 80 + (k % 2)]);
      const segments = dashed(
        points.map(([x, y]) => [x + at, y]),
        [7, 4],
      );
      expect(covered(segments, 50 + at, 10)).toBe(true);
    }
  });

  it('draws every column’s least and greatest point of random spiky series drawn by columns', () => {
    const prng = new Prng(7);
    let spikes = 0;
    for (let trial = 0; trial < 40; trial++) {
      const n = prng.range(500, 20_000);
      const layout: ColumnLayout = { x0: 0, x1: n - 1, columns: prng.range(100, 900) };
      // Spikes of one sample (sometimes a few), two dash periods apart at least: a spike beside
      // a gap and another as tall in the drawn column next to it show as one (see dash-by-x).
      const apart = Math.ceil((n / layout.columns) * 40);
      const xs = new Float64Array(n);
      const ys: (number | null)[] = [];
      let level = 0;
      let lastSpike = -apart;
      let spikeLeft = 0;
      let spikeSign = 1;
      for (let i = 0; i < n; i++) {
        xs[i] = i;
        level += (prng.next() - 0.5) * 0.2;
        if (spikeLeft === 0 && i - lastSpike >= apart && prng.chance(0.002)) {
          spikeLeft = prng.pick([1, 1, 1, 2, 3]);
          spikeSign = prng.chance(0.5) ? 1 : -1;
          lastSpike = i;
        }
        const spike = spikeLeft > 0 ? 30 * spikeSign : 0;
        if (spikeLeft > 0) spikeLeft--;
        ys.push(prng.chance(0.001) ? null : level + spike);
      }
      const xPos = (x: number): number => Math.floor((x / (n - 1)) * layout.columns);
      const yPos = (y: number): number => 200 - y * 3;
      // The line as drawn undashed: each column's points, to know its least and greatest.
      const points: [number, number | null][] = [];
      drawByColumns(xs, ys, 0, n - 1, layout, xPos, yPos, {
        moveTo: (x, y) => points.push([x, null], [x, y]),
        lineTo: (x, y) => points.push([x, y]),
      });
      // Each column's points, in order, and where each stretch between gaps breaks.
      const columns: { x: number; ys: number[]; stretch: number }[] = [];
      let stretch = 0;
      for (const [x, y] of points) {
        if (y === null) {
          stretch++;
          continue;
        }
        const last = columns.at(-1);
        if (last !== undefined && last.x === x && last.stretch === stretch) last.ys.push(y);
        else columns.push({ x, ys: [y], stretch });
      }
      const pattern = prng.pick(PATTERNS);
      const segments = dashed(points, pattern);
      const period = pattern.reduce((sum, d) => sum + d, 0);
      const span = (column: { ys: number[] }): [number, number] => [
        Math.min(...column.ys),
        Math.max(...column.ys),
      ];
      columns.forEach((column, c) => {
        // What a gap may hide of an off column: its part within the spans of the drawn columns
        // either side of its gap (those within a period, in its stretch).
        const around: [number, number][] = [];
        if (!dashOn(pattern, column.x))
          for (const step of [-1, 1]) {
            let k = c + step;
            while (columns[k]?.stretch === column.stretch && !dashOn(pattern, columns[k]!.x))
              k += step;
            const edge = columns[k];
            if (edge?.stretch === column.stretch && Math.abs(edge.x - column.x) <= period)
              around.push(span(edge));
          }
        const hidden = (y: number): boolean =>
          around.length > 0 &&
          Math.min(...around.map((a) => a[0])) - 0.5 <= y &&
          y <= Math.max(...around.map((a) => a[1])) + 0.5;
        for (const y of span(column))
          expect(
            covered(segments, column.x, y) || hidden(y),
            `trial ${trial} column ${column.x} y ${y}`,
          ).toBe(true);
      });
      // The spikes themselves are never merely in line: they stand out of their neighbours.
      columns.forEach((column, c) => {
        const around = [columns[c - 1], columns[c + 1]].filter((n) => n !== undefined);
        for (const y of column.ys)
          if (around.every((n) => n.ys.every((v) => Math.abs(v - y) > 60))) {
            spikes++;
            expect(covered(segments, column.x, y), `trial ${trial} spike at ${column.x}`).toBe(
              true,
            );
          }
      });
    }
    expect(spikes).toBeGreaterThan(20);
  });

  it('leaves the gaps of a calm line empty, so that the dash shows', () => {
    const points: [number, number][] = [];
    for (let x = 0; x < 200; x++) for (const dy of [0, 0.1, -0.1, 0]) points.push([x, 50 + dy]);
    const pattern = [7, 4];
    const segments = dashed(points, pattern);
    for (let x = 1; x < 199; x++) {
      const drawn = segments.some((s) => Math.min(s.x0, s.x1) <= x && x < Math.max(s.x0, s.x1));
      const vertical = segments.some((s) => s.x0 === x && s.x1 === x);
      if (dashOn(pattern, x)) expect(drawn, `x ${x} on`).toBe(true);
      else expect(drawn || vertical, `x ${x} off`).toBe(false);
    }
  });

  it('draws each stretch of a broken line as a pen of its own would, its columns reused', () => {
    // Spiky stretches split by gaps: each after the first is drawn with columns let go of by
    // the one before, which must start afresh.
    const random = new Prng(7);
    const stretches: [number, number][][] = [];
    for (let s = 0; s < 6; s++) {
      const stretch: [number, number][] = [];
      for (let x = s * 60; x < s * 60 + 50; x++)
        for (let k = 0; k < 3; k++)
          stretch.push([x, 100 + (random.next() < 0.1 ? 80 : 5) * random.next()]);
      stretches.push(stretch);
    }
    const pattern = [7, 4];
    const broken: (readonly [number, number | null])[] = stretches.flatMap((stretch) => [
      ...stretch,
      [stretch.at(-1)![0] + 1, null] as const,
    ]);
    const apart = stretches.flatMap((stretch) => dashed(stretch, pattern));
    expect(dashed(broken, pattern)).toEqual(apart);
  });

  it('draws through the shared pen as through a pen of its own, line after line', () => {
    // The charts draw every dashed line through one pen, begun again each time: a line left
    // unfinished must not reach into the next, and columns let go of are taken afresh.
    const random = new Prng(11);
    const lines = Array.from({ length: 4 }, (_, l) =>
      Array.from({ length: 400 }, (_, i) => {
        const x = Math.floor(i / 3);
        return [x, 50 + (random.next() < 0.05 ? 60 : 4) * random.next() + l] as const;
      }),
    );
    const patterns = [
      [7, 4],
      [2, 3],
      [10, 3, 2, 3],
      [12, 4],
    ];
    const ink = (segments: Segment[]): string[] => segments.map((s) => JSON.stringify(s));
    // A line left half drawn, as a throw in the middle of a path would leave it.
    const abandoned = dashPen({ moveTo: () => undefined, lineTo: () => undefined }, [5, 5]);
    for (let i = 0; i < 200; i++) abandoned[i === 0 ? 'moveTo' : 'lineTo'](i >> 1, i % 7);
    lines.forEach((line, l) =>
      expect(ink(dashed(line, patterns[l]!, dashPen))).toEqual(ink(dashed(line, patterns[l]!))),
    );
    expect(dashPen({ moveTo: () => undefined, lineTo: () => undefined }, [3, 1])).toBe(abandoned);
  });
});
