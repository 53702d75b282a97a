// renderer/src/charts/column-align: envelopes over one layout aligned by (column, order there): slots bounded by the columns, every point kept in its column, drawn as with its own x.

import { describe, expect, it } from 'vitest';
import type { Trace } from '../../renderer/src/charts/curve-data.js';
import { alignTraces, buildTrace } from '../../renderer/src/charts/curve-data.js';
import type { ColumnLayout } from '../../renderer/src/charts/column-path.js';
import { columnOf, drawByColumns } from '../../renderer/src/charts/column-path.js';
import { commonLayout } from '../../renderer/src/charts/column-align.js';

const layout: ColumnLayout = { x0: 0, x1: 1000, columns: 50 };

function envelope(x: readonly number[], y: readonly number[], at = layout): Trace {
  const trace = buildTrace(
    {
      runId: 'r',
      label: 'r',
      color: '#000',
      series: {
        steps: Float64Array.from(x),
        times: Float64Array.from(x),
        values: Float64Array.from(y),
        length: x.length,
      },
      stepMetric: null,
      stepMetricName: null,
      startTime: 0,
      goal: null,
    },
    { mode: 'step', smoothing: 0.5, logY: false },
  );
  return { ...trace, columns: at };
}

type PathPen = Parameters<typeof drawByColumns>[7];

/** The pen's moves and lines, as text, to compare two drawings. */
function recorded(draw: (pen: PathPen) => void): string[] {
  const calls: string[] = [];
  draw({
    moveTo: (x, y) => calls.push(`M${x},${y}`),
    lineTo: (x, y) => calls.push(`L${x},${y}`),
  });
  return calls;
}

/** Random envelopes: up to 4 distinct x a column (M4), different in every run. */
function randomEnvelopes(count: number, seed: number): Trace[] {
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const x: number[] = [];
    for (let c = 0; c < layout.columns; c++) {
      const picks = Math.floor(random() * 5);
      const width = (layout.x1 - layout.x0) / layout.columns;
      const within = Array.from({ length: picks }, () => c * width + random() * width);
      x.push(...within.sort((p, q) => p - q));
    }
    return envelope(
      x,
      x.map(() => (random() < 0.05 ? NaN : random())),
    );
  });
}

describe('aligning envelopes by column', () => {
  it('bounds the slots by the columns, not by the union of the runs’ x', () => {
    const traces = randomEnvelopes(200, 11);
    const union = new Set(traces.flatMap((t) => [...t.x])).size;
    const data = alignTraces(traces, false);
    // At most 4 points a column in any one run: 4 slots a column, where the union had thousands.
    expect(data[0]!.length).toBeLessThanOrEqual(4 * layout.columns);
    expect(union).toBeGreaterThan(20 * layout.columns);
    for (const column of data) expect(column).toHaveLength(data[0]!.length);
  });

  it('keeps every point, in order, in a slot of its own column, x ascending over the range', () => {
    for (let seed = 1; seed < 40; seed++) {
      const traces = randomEnvelopes(1 + (seed % 7), seed);
      const [xs, ...lines] = alignTraces(traces, false).map((c) => Array.from(c));
      for (let i = 1; i < xs!.length; i++) expect(xs![i]!).toBeGreaterThanOrEqual(xs![i - 1]!);
      const all = traces.flatMap((t) => [...t.x]);
      if (all.length > 0) {
        expect(xs![0]).toBe(Math.min(...all));
        expect(xs![xs!.length - 1]).toBe(Math.max(...all));
      }
      traces.forEach((trace, t) => {
        const raw = lines[2 * t]!;
        const slots = raw.flatMap((v, s) => (v === undefined ? [] : [s]));
        expect(slots).toHaveLength(trace.x.length);
        slots.forEach((s, i) => {
          expect(columnOf(layout, xs![s]!)).toBe(columnOf(layout, trace.x[i]!));
          const want = trace.y[i]!;
          expect(raw[s]).toBe(Number.isFinite(want) ? want : null);
          const smoothed = trace.smoothed![i]!;
          expect(lines[2 * t + 1]![s]).toBe(Number.isFinite(smoothed) ? smoothed : null);
        });
      });
    }
  });

  it('draws every line as it draws alone on its own x', () => {
    const traces = randomEnvelopes(30, 5);
    const [slotX, ...lines] = alignTraces(traces, false);
    const xs = slotX as ArrayLike<number>;
    const xPos = (x: number): number => Math.floor(x * 0.8);
    const yPos = (y: number): number => y * 100;
    traces.forEach((trace, t) => {
      const alone = alignTraces([trace], false);
      for (const line of [0, 1]) {
        const together = recorded((pen) =>
          drawByColumns(xs, lines[2 * t + line]!, 0, xs.length - 1, layout, xPos, yPos, pen),
        );
        const own = recorded((pen) =>
          drawByColumns(trace.x, alone[1 + line]!, 0, trace.x.length - 1, layout, xPos, yPos, pen),
        );
        expect(together.length).toBeGreaterThan(0);
        expect(together).toEqual(own);
      }
    });
  });

  it('merges by exact x when the runs were divided into different columns', () => {
    const a = envelope([1, 30], [1, 2]);
    const b = envelope([2, 40], [3, 4], { x0: 0, x1: 500, columns: 50 });
    expect(commonLayout([a, b])).toBeNull();
    expect(Array.from(alignTraces([a, b], false)[0]!)).toEqual([1, 2, 30, 40]);
    expect(commonLayout([a, envelope([5], [1])])).toBe(layout);
  });
});
