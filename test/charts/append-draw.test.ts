// renderer/src/charts/append-draw: which new data is the drawn data with points appended (and
// from where each line goes on), whether those points fall in view, and the x range a growing
// chart holds still.

import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import {
  GrowingRange,
  appendedFrom,
  appendedInView,
} from '../../renderer/src/charts/append-draw.js';

type Data = (number | null | undefined)[][];

describe('appended points', () => {
  const drawn: Data = [
    [0, 1, 2, 3],
    [5, 4, 3, 2],
    [1, 1, undefined, undefined],
  ];

  it('starts each line from its last point drawn', () => {
    const next: Data = [
      [0, 1, 2, 3, 4],
      [5, 4, 3, 2, 1],
      [1, 1, 2, 2, 3],
    ];
    expect(appendedFrom(drawn, next)).toEqual({ starts: [3, 1], grown: true });
  });

  it('takes a gap as drawn: a line after it starts from the gap', () => {
    const withGap: Data = [
      [0, 1, 2],
      [1, null, undefined],
    ];
    expect(
      appendedFrom(withGap, [
        [0, 1, 2, 3],
        [1, null, 4, 5],
      ]),
    ).toEqual({ starts: [1], grown: true });
  });

  it('tells a line that grew from a line read whole', () => {
    const read: Data = [
      [0, 1, 2],
      [undefined, undefined, undefined],
    ];
    // Another run's series arrived: no line drawn before grew.
    expect(
      appendedFrom(read, [
        [0, 1, 2],
        [4, 5, 6],
      ]),
    ).toEqual({ starts: [-1], grown: false });
    // Slots filled behind the last point drawn are no growth either.
    expect(
      appendedFrom(
        [
          [0, 1, 2],
          [1, 2, undefined],
        ],
        [
          [0, 1, 2],
          [1, 2, undefined],
        ],
      ),
    ).toEqual({ starts: [1], grown: false });
  });

  it('refuses data where a point drawn changed, x moved, or a column came or went', () => {
    const grown = (change: (d: Data) => void): Data => {
      const next = drawn.map((c) => [...c, 9]);
      change(next);
      return next;
    };
    expect(
      appendedFrom(
        drawn,
        grown(() => undefined),
      )?.starts,
    ).toEqual([3, 1]);
    expect(
      appendedFrom(
        drawn,
        grown((d) => (d[1]![0] = 6)),
      ),
    ).toBeNull();
    expect(
      appendedFrom(
        drawn,
        grown((d) => (d[2]![1] = null)),
      ),
    ).toBeNull();
    // A step between two drawn moves every slot after it.
    expect(
      appendedFrom(
        drawn,
        grown((d) => d[0]!.splice(1, 0, 0.5)),
      ),
    ).toBeNull();
    expect(
      appendedFrom(
        drawn,
        grown((d) => d.pop()),
      ),
    ).toBeNull();
    expect(
      appendedFrom(drawn, [
        [0, 1, 2],
        [5, 4, 3],
        [1, 1, undefined],
      ]),
    ).toBeNull();
  });

  it('tells whether the points from each start fall inside the scales', () => {
    const chart = (x: [number, number], y: [number, number]): uPlot =>
      ({
        scales: { x: { min: x[0], max: x[1] }, y: { min: y[0], max: y[1] } },
      }) as unknown as uPlot;
    const next: Data = [
      [0, 1, 2, 3, 4],
      [5, 4, 3, 2, 2],
      [1, 1, 2, 2, 3],
    ];
    expect(appendedInView(chart([0, 10], [0, 6]), next, [3, 1])).toBe(true);
    expect(appendedInView(chart([0, 3.5], [0, 6]), next, [3, 1])).toBe(false);
    expect(appendedInView(chart([0, 10], [1.5, 6]), next, [3, 1])).toBe(false);
    // The 1 before the second line's start was drawn already: it need not be in view again.
    expect(appendedInView(chart([0, 10], [1.5, 6]), next, [3, 2])).toBe(true);
  });
});

describe('the x range of a growing chart', () => {
  const chart = (xs: number[]): uPlot => ({ data: [xs] }) as unknown as uPlot;
  const range = (held: GrowingRange, xs: number[], min: number, max: number): number[] =>
    held.range(chart(xs), min, max, 'x') as number[];

  it("is the data's span until the chart grows", () => {
    const held = new GrowingRange();
    expect(range(held, [0, 50, 100], 0, 100)).toEqual([0, 100]);
  });

  it('holds room ahead to a round x while growing, until the data passes it', () => {
    const held = new GrowingRange();
    held.growing = true;
    const first = range(held, [0, 50, 100], 0, 100);
    expect(first[0]).toBe(0);
    expect(first[1]).toBeGreaterThan(100);
    expect(first[1]).toBeLessThanOrEqual(115);
    expect(first[1]! % 5).toBe(0);
    expect(range(held, [0, 50, 100, 101, 104], 0, 104)).toEqual(first);
    const passed = range(held, [0, 50, 100, first[1]!], 0, first[1]!);
    expect(passed[1]).toBeGreaterThan(first[1]!);
    held.reset();
    expect(range(held, [0, 50, 100], 0, 100)).toEqual([0, 100]);
  });

  it('never widens a range the user zoomed to', () => {
    const held = new GrowingRange();
    held.growing = true;
    expect(range(held, [0, 50, 100], 20, 60)).toEqual([20, 60]);
    expect(range(held, [0, 50, 100], 0, 60)).toEqual([0, 60]);
  });
});
