// The format's order of ids and tags: compareUtf8 against the bytes of the strings' UTF-8 forms,
// and against code points where a lone surrogate has no UTF-8 form, over random strings rich in
// the units where UTF-16 order and code point order part (surrogates, U+E000 to U+FFFF).

import { describe, expect, it } from 'vitest';
import { compareUtf8, sortUtf8 } from '../../shared/format/utf8.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** By code points, a lone surrogate as its own unit's value: what compareUtf8 promises. */
function byCodePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function byUtf8Bytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// A small alphabet, so that random strings share long prefixes and meet at every kind of unit.
const UNITS = ['a', 'b', '\u00e9', '\ud7ff', '\ue000', '\uffff', '\ud83d', '\ude00', '\ude01'];

function randomString(next: () => number): string {
  let text = '';
  const length = Math.floor(next() * 6);
  for (let i = 0; i < length; i++) text += UNITS[Math.floor(next() * UNITS.length)];
  return text;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// A unicode-mode pattern matches a surrogate only where it pairs with none.
const wellFormed = (text: string): boolean => !/\p{Cs}/u.test(text);

describe('compareUtf8', () => {
  it('orders well-formed strings as their UTF-8 bytes, pairs after U+FFFF', () => {
    expect(sign(compareUtf8('\uffff', '\ud83d\ude00'))).toBe(-1);
    expect(sign(compareUtf8('\ue000', '\ud7ff'))).toBe(1);
    expect(sign(compareUtf8('ab', 'a'))).toBe(1);
    expect(compareUtf8('20261101T000001Z-1', '20261101T000001Z-1')).toBe(0);
    const next = seeded(41);
    let compared = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = randomString(next);
      const b = randomString(next);
      if (!wellFormed(a) || !wellFormed(b)) continue;
      compared++;
      expect(sign(compareUtf8(a, b)), `${escape(a)} vs ${escape(b)}`).toBe(sign(byUtf8Bytes(a, b)));
    }
    expect(compared).toBeGreaterThan(2_000);
  });

  it('orders any strings by code points, a lone surrogate as its unit', () => {
    expect(sign(compareUtf8('\ud83d', '\ue000'))).toBe(-1);
    expect(sign(compareUtf8('\ud83d\ude00', '\ud83d'))).toBe(1);
    expect(sign(compareUtf8('x\ude00', 'x\ud83d\ude00'))).toBe(-1);
    const next = seeded(7);
    for (let i = 0; i < 20_000; i++) {
      const a = randomString(next);
      const b = next() < 0.3 ? a + randomString(next) : randomString(next);
      expect(sign(compareUtf8(a, b)), `${escape(a)} vs ${escape(b)}`).toBe(
        sign(byCodePoints(a, b)),
      );
      expect(sign(compareUtf8(b, a)) + sign(compareUtf8(a, b))).toBe(0);
    }
  });

  it('sorts as it compares, with surrogates among the names or none', () => {
    const next = seeded(11);
    for (let round = 0; round < 200; round++) {
      const names = Array.from({ length: 30 }, () => randomString(next));
      // Half the rounds without a surrogate, where the engine's own order serves.
      const listed = round % 2 === 0 ? names.map((n) => n.replace(/\p{Cs}/gu, 'z')) : names;
      const wanted = [...listed].sort((a, b) => byCodePoints(a, b));
      expect(sortUtf8([...listed]).map(escape)).toEqual(wanted.map(escape));
    }
    // Past U+FFFF after U+FFFF, which UTF-16 order puts before it.
    expect(sortUtf8(['\ud83d\ude00', '\uffff', 'a'])).toEqual(['a', '\uffff', '\ud83d\ude00']);
  });
});
