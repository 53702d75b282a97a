// Run colours: a palette whose colours stay apart (CIEDE2000, also under colour-vision
// deficiencies) and read on both themes, and a session registry that keeps a run's colour across
// pages while no two runs of a page share both colour and dash.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PALETTE,
  RunColorRegistry,
  categoryStyle,
  dashPattern,
} from '../../renderer/src/charts/run-colors.js';
import type { RunStyle } from '../../renderer/src/charts/run-colors.js';
import type { Deficiency } from '../support/colour-difference.js';
import {
  ciede2000,
  contrastRatio,
  hexToRgb,
  rgbToLab,
  simulate,
} from '../support/colour-difference.js';
import { Prng } from '../support/prng.js';

/** The smallest CIEDE2000 difference between two of the colours, as seen normally or not. */
function closest(colours: readonly string[], deficiency?: Deficiency): number {
  const labs = colours.map((hex) => {
    const rgb = hexToRgb(hex);
    return rgbToLab(deficiency === undefined ? rgb : simulate(rgb, deficiency));
  });
  let least = Infinity;
  for (let i = 0; i < labs.length; i++)
    for (let j = i + 1; j < labs.length; j++)
      least = Math.min(least, ciede2000(labs[i]!, labs[j]!));
  return least;
}

/** A theme's value of a CSS variable, from the stylesheet the app ships. */
function themeColour(theme: 'light' | 'dark', name: string): string {
  const css = readFileSync(join(import.meta.dirname, '../../renderer/src/styles.css'), 'utf8');
  const block = theme === 'light' ? /:root \{([^}]*)\}/ : /:root\[data-theme='dark'\] \{([^}]*)\}/;
  const found = new RegExp(`${name}: (#[0-9a-f]{6});`).exec(block.exec(css)![1]!);
  return found![1]!;
}

const styleKey = (style: RunStyle): string => `${style.color}|${style.dash?.join(',') ?? ''}`;

describe('the palette', () => {
  it("measures differences as CIEDE2000 does (Sharma et al.'s test pairs)", () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(ciede2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });

  it('has ten colours at least 13 apart, and apart under colour-vision deficiencies', () => {
    expect(PALETTE.length).toBeGreaterThanOrEqual(10);
    expect(closest(PALETTE)).toBeGreaterThan(13);
    for (const deficiency of ['deuteranopia', 'protanopia', 'tritanopia'] as const) {
      expect(closest(PALETTE, deficiency), deficiency).toBeGreaterThan(7.5);
      // A small comparison takes the first colours: they stay well apart for everyone.
      expect(closest(PALETTE.slice(0, 4), deficiency), deficiency).toBeGreaterThan(12);
    }
    expect(closest(PALETTE.slice(0, 4))).toBeGreaterThan(30);
  });

  it('reads on the panels of both themes, at a contrast of 3:1 at least', () => {
    for (const theme of ['light', 'dark'] as const) {
      const panel = hexToRgb(themeColour(theme, '--panel'));
      for (const colour of PALETTE)
        expect(contrastRatio(hexToRgb(colour), panel), `${colour} on ${theme}`).toBeGreaterThan(3);
    }
  });

  it('gives distinct dashes however many runs share a colour', () => {
    const dashes = Array.from({ length: 30 }, (_, i) => dashPattern(i)?.join(',') ?? 'solid');
    expect(dashes[0]).toBe('solid');
    expect(new Set(dashes).size).toBe(30);
    const overlay = Array.from({ length: 25 }, (_, i) => styleKey(categoryStyle(i)));
    expect(new Set(overlay).size).toBe(25);
  });
});

describe('the session registry', () => {
  it("keeps a run's colour from its page to a Compare, the others' colours unlike it", () => {
    const registry = new RunColorRegistry();
    const alone = registry.stylesFor(['a']).get('a')!;
    const compare = registry.stylesFor(['b', 'a', 'c']);
    expect(compare.get('a')).toEqual(alone);
    const colours = ['b', 'a', 'c'].map((id) => compare.get(id)!.color);
    expect(new Set(colours).size).toBe(3);
    expect(closest(colours)).toBeGreaterThan(30);
    // Back on b's page, and in another Compare, every run keeps its colour.
    expect(registry.stylesFor(['b']).get('b')).toEqual(compare.get('b'));
    const again = registry.stylesFor(['c', 'd', 'a', 'e', 'b']);
    for (const id of ['a', 'b', 'c']) expect(again.get(id)!.color).toBe(compare.get(id)!.color);
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map((id) => again.get(id)!.color)).size).toBe(5);
    expect(registry.colorOf('d')).toBe(again.get('d')!.color);
  });

  it('gives a page of new runs distinct colours, dashing only past the palette', () => {
    const registry = new RunColorRegistry();
    const ids = Array.from({ length: 23 }, (_, i) => `run-${i}`);
    const styles = ids.map((id) => registry.stylesFor(ids).get(id)!);
    expect(styles.slice(0, PALETTE.length).map((s) => s.color)).toEqual(PALETTE);
    expect(styles.slice(0, PALETTE.length).every((s) => s.dash === undefined)).toBe(true);
    expect(styles.slice(PALETTE.length).every((s) => s.dash !== undefined)).toBe(true);
    expect(new Set(styles.map(styleKey)).size).toBe(ids.length);
  });

  it('never shows two runs of a page in one colour and dash, nor changes a colour', () => {
    const registry = new RunColorRegistry();
    const prng = new Prng(7);
    const pool = Array.from({ length: 40 }, (_, i) => `run-${i}`);
    const colourOf = new Map<string, string>();
    for (let visit = 0; visit < 500; visit++) {
      const size = 1 + Math.floor(prng.next() * (visit % 5 === 0 ? 25 : 6));
      const page = [
        ...new Set(
          Array.from({ length: size }, () => pool[Math.floor(prng.next() * pool.length)]!),
        ),
      ];
      const fresh = page.filter((id) => !colourOf.has(id));
      const styles = registry.stylesFor(page);
      expect(new Set(page.map((id) => styleKey(styles.get(id)!))).size).toBe(page.length);
      for (const id of page) {
        const colour = styles.get(id)!.color;
        expect(colourOf.get(id) ?? colour).toBe(colour);
        colourOf.set(id, colour);
      }
      // A run first shown on a page with room for all takes a colour no other run there has.
      if (page.length > PALETTE.length) continue;
      for (const id of fresh) {
        const colour = styles.get(id)!.color;
        expect(page.filter((other) => styles.get(other)!.color === colour)).toEqual([id]);
      }
    }
  });
});
