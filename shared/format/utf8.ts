// Strict UTF-8 decoding and encoding over byte ranges, with no platform dependency.

/** Decodes bytes[start, end) as UTF-8; undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string | undefined {
  let out = '';
  let runStart = start;
  let i = start;
  while (i < end) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      i++;
      continue;
    }
    if (i > runStart) out += asciiRun(bytes, runStart, i);
    let codePoint: number;
    let width: number;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      width = 2;
      codePoint = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      width = 3;
      codePoint = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      width = 4;
      codePoint = b0 & 0x07;
    } else {
      return undefined;
    }
    if (i + width > end) return undefined;
    for (let k = 1; k < width; k++) {
      const b = bytes[i + k]!;
      if ((b & 0xc0) !== 0x80) return undefined;
      codePoint = (codePoint << 6) | (b & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if (width === 3 && (codePoint < 0x800 || (codePoint >= 0xd800 && codePoint <= 0xdfff))) {
      return undefined;
    }
    if (width === 4 && (codePoint < 0x10000 || codePoint > 0x10ffff)) return undefined;
    out += String.fromCodePoint(codePoint);
    i += width;
    runStart = i;
  }
  if (end > runStart) out += asciiRun(bytes, runStart, end);
  return out;
}

/**
 * The offset of the first byte of bytes[start, end) that begins no valid UTF-8 sequence, or -1
 * when they are all valid UTF-8: where a decoder would first show U+FFFD.
 */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let i = start;
  while (i < end) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      i++;
      continue;
    }
    const width =
      b0 >= 0xc2 && b0 <= 0xdf
        ? 2
        : b0 >= 0xe0 && b0 <= 0xef
          ? 3
          : b0 >= 0xf0 && b0 <= 0xf4
            ? 4
            : 0;
    if (width === 0 || i + width > end) return i;
    let codePoint = b0 & (width === 2 ? 0x1f : width === 3 ? 0x0f : 0x07);
    for (let k = 1; k < width; k++) {
      const b = bytes[i + k]!;
      if ((b & 0xc0) !== 0x80) return i;
      codePoint = (codePoint << 6) | (b & 0x3f);
    }
    if (width === 3 && (codePoint < 0x800 || (codePoint >= 0xd800 && codePoint <= 0xdfff)))
      return i;
    if (width === 4 && (codePoint < 0x10000 || codePoint > 0x10ffff)) return i;
    i += width;
  }
  return -1;
}

const CHUNK = 4096;

function asciiRun(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= CHUNK) {
    return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  }
  let out = '';
  for (let at = start; at < end; at += CHUNK) {
    out += asciiRun(bytes, at, Math.min(end, at + CHUNK));
  }
  return out;
}

/** True when the string has no lone surrogate, so that it has a UTF-8 form. */
export function isWellFormedUnicode(text: string): boolean {
  // In a u-mode pattern a pair is one code point: only a lone surrogate is of category Cs.
  return !/\p{Cs}/u.test(text);
}

/** Encodes a well-formed string as UTF-8 bytes. */
export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000)
      out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else {
      out.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
    }
  }
  return Uint8Array.from(out);
}

/** Compares two strings by the byte order of their UTF-8 forms (the format's order of ids and tags). */
export function compareUtf8(a: string, b: string): number {
  // UTF-16 unit order is code point order (which is UTF-8 byte order) where neither unit is a
  // surrogate; a store's 100,000 ids sort by units, with no iterator object per character.
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (!isSurrogate(x) && !isSurrogate(y)) return x - y;
    // A code point past U+FFFF, or a lone half: by code points from the character's start.
    return compareCodePoints(a, b, i > 0 && isSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i);
  }
  return a.length - b.length;
}

function isSurrogate(unit: number): boolean {
  return (unit & 0xf800) === 0xd800;
}

/** Compares a and b by code points from unit `from`, where both hold the same units before. */
function compareCodePoints(a: string, b: string, from: number): number {
  let i = from;
  for (;;) {
    if (i >= a.length) return i >= b.length ? 0 : -1;
    if (i >= b.length) return 1;
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
}

/** A unit of a surrogate pair, or a lone one: where UTF-16 order and UTF-8 order part. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * Sorts names in place by the byte order of their UTF-8 forms, as compareUtf8 orders them. Where
 * no name holds a surrogate every unit is its code point, so the engine's own order is the same
 * and much faster: a store's 100,000 ids sort before its first rows are shown.
 */
export function sortUtf8(names: string[]): string[] {
  return names.some((name) => SURROGATE.test(name)) ? names.sort(compareUtf8) : names.sort();
}
