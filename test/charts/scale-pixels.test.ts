// renderer/src/charts/scale-pixels: the unrolled value-to-pixel map places every value where
// uPlot's own valToPos does, on linear and log scales, and defers to it where it cannot.

import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { canvasPixels } from '../../renderer/src/charts/scale-pixels.js';
import { Prng } from '../support/prng.js';

interface FakeScale {
  min: number | null;
  max: number | null;
  distr: number;
  log: number;
}

/** A chart whose valToPos is uPlot's for a vertical scale: top + height * (1 - pct). */
function chart(scale: FakeScale, top: number, height: number): { u: uPlot; calls: () => number } {
  let calls = 0;
  const pct = (v: number): number =>
    scale.distr === 3
      ? (Math.log10(v) - Math.log10(scale.min!)) / (Math.log10(scale.max!) - Math.log10(scale.min!))
      : scale.distr === 4
        ? (Math.asinh(v) - Math.asinh(scale.min!)) /
          (Math.asinh(scale.max!) - Math.asinh(scale.min!))
        : (v - scale.min!) / (scale.max! - scale.min!);
  const u = {
    scales: { y: scale },
    valToPos: (v: number) => {
      calls++;
      return top + height * (1 - pct(v));
    },
  } as unknown as uPlot;
  return { u, calls: () => calls };
}

describe('canvasPixels', () => {
  it('places values as valToPos does on a linear scale, asking it only for the ends', () => {
    const random = new Prng(3);
    for (let round = 0; round < 50; round++) {
      const min = (random.next() - 0.5) * 10 ** Math.floor(random.next() * 12 - 6);
      const max = min + random.next() * 10 ** Math.floor(random.next() * 12 - 6) + 1e-9;
      const { u, calls } = chart({ min, max, distr: 1, log: 10 }, 7, 400);
      const pixels = canvasPixels(u, 'y');
      const asked = calls();
      for (let i = 0; i < 100; i++) {
        const v = min + (max - min) * (random.next() * 1.4 - 0.2);
        expect(pixels(v)).toBeCloseTo(u.valToPos(v, 'y', true), 6);
      }
      expect(asked).toBe(2);
      expect(pixels(max)).toBeCloseTo(7, 9);
      expect(pixels(min)).toBeCloseTo(407, 9);
    }
  });

  it('places values by their log on a base-10 log scale', () => {
    const { u } = chart({ min: 1e-4, max: 30, distr: 3, log: 10 }, 0, 300);
    const pixels = canvasPixels(u, 'y');
    for (const v of [1e-4, 3e-3, 0.5, 1, 29.9, 30])
      expect(pixels(v)).toBeCloseTo(u.valToPos(v, 'y', true), 9);
  });

  it('leaves other scales, and scales not yet ranged, to valToPos itself', () => {
    for (const scale of [
      { min: -5, max: 5, distr: 4, log: 10 },
      { min: 1, max: 100, distr: 3, log: 2 },
      { min: null, max: null, distr: 1, log: 10 },
      { min: 2, max: 2, distr: 1, log: 10 },
    ]) {
      const { u, calls } = chart(scale, 0, 100);
      const pixels = canvasPixels(u, 'y');
      const before = calls();
      pixels(1.5);
      expect(calls()).toBe(before + 1);
    }
  });
});
