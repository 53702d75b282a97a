// The value axis of bar charts: round steps from zero that hold every bar, with short labels
// that are all different and read back as the ticks' values.

import { describe, expect, it } from 'vitest';
import { barScale } from '../../renderer/src/charts/bar-scale.js';
import { Prng } from '../support/prng.js';

/** What a tick's text says, as a number: fixed, exponent, or SI with its suffix. */
function readBack(text: string): number {
  const plain = text.replace(/\u2212/g, '-');
  const si = /^(-?[\d.]+)([kMGT])$/.exec(plain);
  if (si === null) return Number(plain);
  return Number(si[1]) * { k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[si[2] as 'k'];
}

describe('barScale', () => {
  it('cuts per-class accuracies at quarters from zero', () => {
    const scale = barScale([0.8150000000000001, 0.9409483346998335, 0.6295648351674386]);
    expect(scale.ticks.map((t) => t.text)).toEqual(['0', '0.25', '0.50', '0.75', '1.00']);
    expect([scale.min, scale.max]).toEqual([0, 1]);
  });

  it('reaches below zero for negative bars, and ignores non-finite values', () => {
    const scale = barScale([-3, 7, NaN, Infinity]);
    expect(scale.ticks.map((t) => t.text)).toEqual(['−5.0', '−2.5', '0', '2.5', '5.0', '7.5']);
    expect(barScale([]).ticks.map((t) => t.text)).toEqual(['0', '0.25', '0.50', '0.75', '1.00']);
  });

  it('labels every range with distinct short texts that read back as the ticks', () => {
    const prng = new Prng(11);
    for (let trial = 0; trial < 2000; trial++) {
      const power = Math.floor(prng.next() * 24) - 12;
      const values = Array.from({ length: 1 + Math.floor(prng.next() * 10) }, () => {
        const sign = prng.next() < 0.2 ? -1 : 1;
        return sign * (0.05 + prng.next()) * 10 ** power;
      });
      const scale = barScale(values);
      const texts = scale.ticks.map((t) => t.text);
      const context = `${values.join(', ')} → ${texts.join(' ')}`;
      expect(new Set(texts).size, context).toBe(texts.length);
      expect(texts.length, context).toBeGreaterThanOrEqual(2);
      expect(texts.length, context).toBeLessThanOrEqual(10);
      expect(Math.max(...texts.map((t) => t.length)), context).toBeLessThanOrEqual(8);
      expect(texts, context).toContain('0');
      for (const value of values) {
        expect(value, context).toBeGreaterThanOrEqual(scale.min);
        expect(value, context).toBeLessThanOrEqual(scale.max);
      }
      const step = scale.ticks[1]!.value - scale.ticks[0]!.value;
      scale.ticks.forEach((tick, i) => {
        expect(Math.abs(readBack(tick.text) - tick.value), context).toBeLessThan(step * 1e-6);
        if (i > 0) expect(tick.value - scale.ticks[i - 1]!.value).toBeCloseTo(step, 12 - power);
      });
    }
  });
});
