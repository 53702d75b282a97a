// renderer/src/charts/axis-ticks: tick labels distinct and exact to their spacing on linear, log
// and time-since-start axes, in the forms the issue names (1e-4, 7.5e-4, 1.25M), and log ticks no
// denser than their room.

import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  linearSplits,
  linearTickLabels,
  logSplits,
  logTickLabels,
  niceIncrement,
  timeTickLabels,
  timeUnitFor,
} from '../../renderer/src/charts/axis-ticks.js';
import { Prng } from '../support/prng.js';

/** What a label says, as a number: fixed, exponent, or SI with its suffix. */
function readLabel(label: string): number {
  const si = /^(-?[\d.]+)([kMGT])$/.exec(label);
  if (si !== null) return Number(si[1]) * { k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[si[2] as 'k'];
  return Number(label);
}

function ticks(min: number, max: number, count: number): { splits: number[]; increment: number } {
  const increment = niceIncrement((max - min) / count);
  return { splits: linearSplits(min, max, increment), increment };
}

describe('linear tick labels', () => {
  it('tells apart the ticks the tester saw repeat', () => {
    // lr from 0.001 to 0: 0.001, 0.001, 0.001, 0, 0 before.
    expect(linearTickLabels([0, 0.0002, 0.0004, 0.0006, 0.0008, 0.001], 0.0002)).toEqual([
      '0',
      '2e-4',
      '4e-4',
      '6e-4',
      '8e-4',
      '1e-3',
    ]);
    expect(linearTickLabels([0.00025, 0.0005, 0.00075, 0.001], 0.00025)).toEqual([
      '2.5e-4',
      '5e-4',
      '7.5e-4',
      '1e-3',
    ]);
    // eval/acc near 0.95: 0.95 five times before.
    expect(linearTickLabels([0.949, 0.9495, 0.95, 0.9505, 0.951], 0.0005)).toEqual([
      '0.9490',
      '0.9495',
      '0.9500',
      '0.9505',
      '0.9510',
    ]);
    // eval/loss 0.101, 0.101 before.
    expect(linearTickLabels([0.1008, 0.101, 0.1012], 0.0002)).toEqual([
      '0.1008',
      '0.1010',
      '0.1012',
    ]);
  });

  it('writes long steps compactly: 1.2M, 1.25M, not 1,200,0001,250,000', () => {
    expect(linearTickLabels([1.2e6, 1.25e6, 1.3e6, 1.35e6], 50_000)).toEqual([
      '1.2M',
      '1.25M',
      '1.3M',
      '1.35M',
    ]);
    expect(linearTickLabels([994_000, 996_000, 998_000, 1_000_000, 1_002_000], 2000)).toEqual([
      '994k',
      '996k',
      '998k',
      '1000k',
      '1002k',
    ]);
    expect(linearTickLabels([0, 500_000, 1_000_000, 1_500_000], 500_000)).toEqual([
      '0',
      '0.5M',
      '1M',
      '1.5M',
    ]);
    // Short ones stay as they are.
    expect(linearTickLabels([0, 500, 1000, 1500, 2000], 500)).toEqual([
      '0',
      '500',
      '1000',
      '1500',
      '2000',
    ]);
    expect(linearTickLabels([0, 10, 20, 30, 40], 10)).toEqual(['0', '10', '20', '30', '40']);
    expect(linearTickLabels([-0.5, 0, 0.5], 0.5)).toEqual(['-0.5', '0.0', '0.5']);
  });

  it('keeps every label distinct and within half a spacing of its tick, over random axes', () => {
    const prng = new Prng(14);
    for (let trial = 0; trial < 3000; trial++) {
      const scale = 10 ** prng.range(-12, 13);
      const center = (prng.next() - 0.5) * 2 * scale * 10 ** prng.range(0, 4);
      const span = scale * (0.1 + prng.next() * 10);
      const { splits, increment } = ticks(center - span / 2, center + span / 2, prng.range(2, 12));
      const labels = linearTickLabels(splits, increment);
      expect(new Set(labels).size, `${labels.join(' ')} over ${increment}`).toBe(labels.length);
      for (const [i, label] of labels.entries()) {
        expect(label.length).toBeLessThanOrEqual(14);
        expect(Math.abs(readLabel(label) - splits[i]!), `${label} for ${splits[i]}`).toBeLessThan(
          increment / 2,
        );
      }
    }
  });

  it('counts the decimals a spacing needs', () => {
    expect([decimalsOf(1), decimalsOf(0.5), decimalsOf(0.025), decimalsOf(2.5e-4)]).toEqual([
      0, 1, 3, 5,
    ]);
    expect(decimalsOf(0.1 + 0.2)).toBe(1);
  });
});

describe('log axes', () => {
  it('ticks decades, never the dense band of 1..9 in each, and labels them apart', () => {
    const splits = logSplits(1e-7, 1e-3, 200, 30);
    expect(splits).toEqual([1e-7, 1e-6, 1e-5, 1e-4, 1e-3]);
    expect(logTickLabels(splits)).toEqual(['1e-7', '1e-6', '1e-5', '1e-4', '0.001']);
  });

  it('adds 2 and 5 within decades where there is room, and thins decades where there is not', () => {
    expect(logSplits(1, 100, 240, 30)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(logSplits(1, 100, 160, 30)).toEqual([1, 3, 10, 30, 100]);
    expect(logSplits(1, 100, 400, 30)).toEqual([1, 1.5, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100]);
    expect(logSplits(1e-12, 1e3, 150, 30)).toEqual([1e-10, 1e-5, 1]);
  });

  it('ticks within less than a decade, evenly where decade ticks are too few', () => {
    expect(logTickLabels(logSplits(2.1e-4, 8.7e-4, 200, 30))).toEqual(['3e-4', '5e-4', '7e-4']);
    const narrow = logSplits(0.931, 0.952, 200, 30);
    expect(narrow.length).toBeGreaterThanOrEqual(3);
    expect(new Set(logTickLabels(narrow)).size).toBe(narrow.length);
  });

  it('never repeats a label, over random ranges', () => {
    const prng = new Prng(41);
    for (let trial = 0; trial < 2000; trial++) {
      const low = 10 ** (prng.next() * 30 - 15);
      const high = low * 10 ** (prng.next() * 12 + 0.01);
      const splits = logSplits(low, high, prng.range(80, 900), 30);
      const labels = logTickLabels(splits);
      expect(splits.length, `${low}..${high}`).toBeGreaterThanOrEqual(1);
      expect(new Set(labels).size, labels.join(' ')).toBe(labels.length);
      for (const [i, label] of labels.entries())
        expect(
          Math.abs(readLabel(label) / splits[i]! - 1),
          `${label} for ${splits[i]}`,
        ).toBeLessThan(0.05);
    }
  });
});

describe('time since start', () => {
  it('picks a unit from the span and labels ticks in it', () => {
    expect(timeUnitFor(90).name).toBe('s');
    expect(timeUnitFor(45 * 60).name).toBe('min');
    expect(timeUnitFor(20 * 3600).name).toBe('h');
    expect(timeUnitFor(5 * 86400).name).toBe('d');
    const hours = timeUnitFor(6 * 3600);
    expect(timeTickLabels([0, 1800, 3600, 5400], hours, 1800)).toEqual([
      '0.0',
      '0.5',
      '1.0',
      '1.5',
    ]);
  });
});
