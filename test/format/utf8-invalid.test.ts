// Where bytes stop being UTF-8, as a decoder would first show U+FFFD: stray continuation bytes,
// overlong forms, surrogates, code points past U+10FFFF, and a sequence cut at the end; the
// first offset agrees with the strict decoder's verdict on every prefix.

import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8 } from '../../shared/format/utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('firstInvalidUtf8', () => {
  it('is -1 for valid UTF-8 of every width', () => {
    expect(firstInvalidUtf8(text('a é € 🎉'))).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array(0))).toBe(-1);
  });

  it('points at the first byte that begins no valid sequence', () => {
    expect(firstInvalidUtf8(bytes(0x61, 0x80))).toBe(1); // a stray continuation
    expect(firstInvalidUtf8(bytes(0x4d, 0xfc, 0x6e))).toBe(1); // Latin-1 ü
    expect(firstInvalidUtf8(bytes(0xc0, 0xaf))).toBe(0); // overlong /
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0); // overlong
    expect(firstInvalidUtf8(bytes(0x61, 0xed, 0xa0, 0x80))).toBe(1); // a surrogate
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // past U+10FFFF
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe2, 0x82))).toBe(2); // cut at the end
    expect(firstInvalidUtf8(bytes(0xff))).toBe(0);
  });

  it('reads only the range it is given', () => {
    expect(firstInvalidUtf8(bytes(0xff, 0x61, 0x62, 0xff), 1, 3)).toBe(-1);
  });

  it('agrees with the strict decoder on every prefix of mixed bytes', () => {
    const mixed = bytes(0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x8e, 0x89, 0x80, 0x62);
    for (let end = 0; end <= mixed.length; end++) {
      const valid = decodeUtf8(mixed, 0, end) !== undefined;
      expect(firstInvalidUtf8(mixed, 0, end) === -1, String(end)).toBe(valid);
    }
  });
});
