// A fast path for the log's most common lines, metrics and reading records in munin's own member
// order. It takes a line only when it can read it exactly; anything else goes to the general
// parser, so both paths give the same record for every line.

import { decimalToDouble } from '../../../shared/format/decimal-to-double.js';

const MAX_STEP_DIGITS = 15;
// Typed arrays, which the optimizing compiler reads without checking what kind of array they are.
const POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
/** The bound below which an integer significand is an exact double (Clinger's fast path). */
const EXACT_INTEGER_LIMIT = 2 ** 53;
/** The bound below which a significand, of up to 18 digits, goes through decimalToDouble. */
const DECIMAL_TO_DOUBLE_LIMIT = 10 ** 18;
/** What a reader returns for what it cannot read exactly, in place of the offset past it. */
const NOT_READ = -1;

/**
 * A byte string compared four bytes at a time, as little-endian 32-bit words: one word for each
 * whole four bytes from its start, and a last one that ends with it, overlapping the word before
 * when the length is not a multiple of four. At least four bytes long.
 */
export class Literal {
  readonly words: Int32Array;

  constructor(readonly bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const whole = Math.ceil(bytes.length / 4) - 1;
    this.words = new Int32Array(whole + 1);
    for (let k = 0; k < whole; k++) this.words[k] = view.getInt32(4 * k, true);
    this.words[whole] = view.getInt32(bytes.length - 4, true);
  }

  get length(): number {
    return this.bytes.length;
  }
}

export function literal(text: string): Literal {
  return new Literal(Uint8Array.from(text, (c) => c.charCodeAt(0)));
}

const METRICS_HEAD = literal('{"type":"metrics","time":');
const READING_HEAD = literal('{"type":"reading","time":');
/** Where the two heads differ: the first letter of the type. */
const TYPE_LETTER_AT = '{"type":"'.length;
const STEP_MEMBER = literal(',"step":');
const VALUES_MEMBER = literal(',"values":{');
const LINE_FEED = 0x0a;

/**
 * A DataView over the bytes last read, for reading them a word at a time. Readers are given the
 * same buffer for many lines, so the view is made again only when the bytes are other ones.
 */
const EMPTY_BYTES = new Uint8Array(0);
const EMPTY_VIEW = new DataView(EMPTY_BYTES.buffer);

class WordView {
  private bytes: Uint8Array = EMPTY_BYTES;
  private view: DataView = EMPTY_VIEW;

  of(bytes: Uint8Array): DataView {
    return bytes === this.bytes ? this.view : this.remake(bytes);
  }

  private remake(bytes: Uint8Array): DataView {
    const view = this.view;
    if (
      bytes.buffer !== view.buffer ||
      bytes.byteOffset !== view.byteOffset ||
      bytes.byteLength !== view.byteLength
    ) {
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.bytes = bytes;
    return this.view;
  }

  /** Lets go of the bytes last read: a reader's buffer is no longer held once its read is done. */
  release(): void {
    this.bytes = EMPTY_BYTES;
    this.view = EMPTY_VIEW;
  }
}

export interface ScannedSamples {
  type: 'metrics' | 'reading';
  time: number;
  step: number;
  count: number;
  keys: string[];
  values: Float64Array;
}

/**
 * One remembered key of a position in the values object: the member's opening as it appears on
 * the line, quotes and colon included, and its checked string.
 */
interface KeySlot {
  member: Literal;
  key: string;
}

export class SamplesLineScanner {
  private readonly result: ScannedSamples = {
    type: 'metrics',
    time: 0,
    step: 0,
    count: 0,
    keys: [],
    values: new Float64Array(16),
  };
  private readonly words = new WordView();
  private readonly slots: (KeySlot | undefined)[] = [];
  /**
   * How many leading slots hold keys known to differ from each other. Lines repeat their keys,
   * so a line whose keys all come from those slots needs no check for a key named twice.
   */
  private distinctSlots = 0;
  /** Keys of the line being scanned, to refuse a key named twice (the general parser decides). */
  private readonly seen = new Set<string>();
  /** How many of the line's first keys `seen` holds. */
  private seenCount = 0;
  private readonly digitCodes: number[] = [];
  /** The value of the last number read, kept in an array since a returned double is boxed. */
  private readonly numberValue = new Float64Array(1);

  /**
   * Reads bytes[start, end), a metrics or reading line without its line feed, whose shape it
   * knows, or returns undefined so that the general parser decides. The result is reused by the
   * next call.
   */
  scan(bytes: Uint8Array, start: number, end: number): ScannedSamples | undefined {
    return this.record(bytes, start, end) === end ? this.result : undefined;
  }

  /**
   * Reads the line at start, within bytes[start, limit), when it is a metrics or reading line
   * this path knows, whole: ended by a line feed before limit. Returns the line feed's offset,
   * or -1 so that the caller finds the line's end and the general parser decides. Every byte up
   * to the line feed is one the record's grammar allows, so the line holds no NUL byte.
   */
  scanWholeLine(bytes: Uint8Array, start: number, limit: number): number {
    const end = this.record(bytes, start, limit);
    return end >= 0 && end < limit && bytes[end] === LINE_FEED ? end : -1;
  }

  /**
   * Lets go of the bytes last scanned. A fold outlives its read, and the read's buffer (4 MiB for
   * a big log) would otherwise stay reachable through the view kept for the next line.
   */
  releaseBytes(): void {
    this.words.release();
  }

  /** The scanned record of the last successful scan. */
  get scanned(): ScannedSamples {
    return this.result;
  }

  /**
   * For other lines' fast paths, read as a samples line's are: the number literal at pos within
   * bytes[pos, limit), its value left in lastNumber; returns the offset past it, or -1.
   */
  numberAt(bytes: Uint8Array, pos: number, limit: number): number {
    return this.number(this.words.of(bytes), bytes, pos, Math.min(limit, bytes.length));
  }

  /** As numberAt, for a step: an integer literal of up to 15 digits. */
  stepAt(bytes: Uint8Array, pos: number, limit: number): number {
    return this.step(this.words.of(bytes), bytes, pos, Math.min(limit, bytes.length));
  }

  /** The value numberAt or stepAt read last. */
  get lastNumber(): number {
    return this.numberValue[0]!;
  }

  /** True when the literal is at `at`, within bytes[at, limit). */
  literalAt(bytes: Uint8Array, at: number, limit: number, text: Literal): boolean {
    return matches(this.words.of(bytes), at, Math.min(limit, bytes.length), text);
  }

  /** Reads one record from start; returns the offset just past its closing brace, or -1. */
  private record(bytes: Uint8Array, start: number, end: number): number {
    // Words are read through a DataView, which throws past the bytes where an index reads nothing.
    const limit = Math.min(end, bytes.length);
    const view = this.words.of(bytes);
    let type: 'metrics' | 'reading';
    let head: Literal;
    if (start + TYPE_LETTER_AT >= limit) return -1;
    const letter = bytes[start + TYPE_LETTER_AT];
    if (letter === 0x6d) {
      type = 'metrics';
      head = METRICS_HEAD;
    } else if (letter === 0x72) {
      type = 'reading';
      head = READING_HEAD;
    } else {
      return -1;
    }
    if (!matches(view, start, limit, head)) return -1;
    const number = this.numberValue;
    let pos = this.number(view, bytes, start + head.length, limit);
    if (pos < 0) return -1;
    const time = number[0]!;
    if (!matches(view, pos, limit, STEP_MEMBER)) return -1;
    pos = this.step(view, bytes, pos + STEP_MEMBER.length, limit);
    if (pos < 0) return -1;
    const step = number[0]!;
    if (!matches(view, pos, limit, VALUES_MEMBER)) return -1;
    pos += VALUES_MEMBER.length;
    const out = this.result;
    this.seenCount = 0;
    out.type = type;
    out.time = time;
    out.step = step;
    let count = 0;
    if (pos < limit && bytes[pos] === 0x7d) {
      pos++;
    } else {
      for (;;) {
        pos = this.key(view, bytes, pos, limit, count);
        if (pos < 0) return -1;
        pos = this.number(view, bytes, pos, limit);
        if (pos < 0) return -1;
        const key = this.slots[count]!.key;
        // A line names a key twice only if a slot outside the checked ones says so.
        if (count >= this.distinctSlots) {
          if (this.repeats(key, count)) return -1;
          if (count === this.distinctSlots) this.distinctSlots = count + 1;
        }
        if (count === out.values.length) {
          const grown = new Float64Array(out.values.length * 2);
          grown.set(out.values);
          out.values = grown;
        }
        out.keys[count] = key;
        out.values[count] = number[0]!;
        count++;
        if (pos >= limit) return -1;
        const b = bytes[pos++];
        if (b === 0x7d) break;
        if (b !== 0x2c) return -1;
      }
    }
    out.count = count;
    if (pos >= limit || bytes[pos] !== 0x7d) return -1;
    return pos + 1;
  }

  /** True when key, at index of the line, was named before it on the same line. */
  private repeats(key: string, index: number): boolean {
    const keys = this.result.keys;
    if (index < 8) {
      for (let k = 0; k < index; k++) if (keys[k] === key) return true;
      return false;
    }
    if (this.seenCount !== index) {
      this.seen.clear();
      for (let k = 0; k < index; k++) this.seen.add(keys[k]!);
    }
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    this.seenCount = index + 1;
    return false;
  }

  /**
   * A member's key, made of printable ASCII without escapes and checked once per new spelling,
   * and its colon: leaves the key in slots[index] and returns the offset past the colon, or -1.
   */
  private key(
    view: DataView,
    bytes: Uint8Array,
    pos: number,
    limit: number,
    index: number,
  ): number {
    const slot = this.slots[index];
    // The common case: the same key as the last line's at this position.
    if (slot !== undefined && matches(view, pos, limit, slot.member))
      return pos + slot.member.length;
    return this.newKey(bytes, pos, limit, index);
  }

  /** key() for a key other than the last line's at its position. */
  private newKey(bytes: Uint8Array, pos: number, limit: number, index: number): number {
    if (pos >= limit || bytes[pos] !== 0x22) return -1;
    const start = pos + 1;
    let i = start;
    while (i < limit) {
      const b = bytes[i]!;
      if (b === 0x22) break;
      if (b === 0x5c || b < 0x20 || b >= 0x7f) return -1;
      i++;
    }
    if (i >= limit) return -1;
    const key = String.fromCharCode.apply(null, bytes.subarray(start, i) as unknown as number[]);
    if (!isPrintableAsciiKey(key)) return -1;
    this.slots[index] = { member: literal(`"${key}":`), key };
    if (this.distinctSlots > index) this.distinctSlots = index;
    return i + 1 < limit && bytes[i + 1] === 0x3a ? i + 2 : -1;
  }

  /** A step: an integer literal of up to 15 digits. Leaves it in numberValue; returns the end. */
  private step(view: DataView, bytes: Uint8Array, pos: number, limit: number): number {
    let i = pos;
    let n = 0;
    for (;;) {
      const word = wordAt(view, bytes, i, limit);
      const run = leadingDigits(word);
      if (run === 0) break;
      n = n * POWERS_OF_TEN[run]! + digitsValue(word, run);
      i += run;
      if (run < 4) break;
    }
    const digits = i - pos;
    if (digits === 0 || digits > MAX_STEP_DIGITS || (digits > 1 && bytes[pos] === 0x30))
      return NOT_READ;
    this.numberValue[0] = n;
    return i;
  }

  /**
   * A number literal read exactly; leaves it in numberValue and returns the offset past it, or
   * -1. Its digits, the point left out, make an integer significand S. Below 2^53, with a power
   * of ten of at most 22, S and the power are two exact doubles, and one multiplication or
   * division of them is correctly rounded (Clinger's fast path); up to 18 digits with a fraction
   * go through decimalToDouble; anything else, and the rare case decimalToDouble cannot decide,
   * through Number(), which is correctly rounded too.
   */
  private number(view: DataView, bytes: Uint8Array, pos: number, limit: number): number {
    let i = pos;
    const negative = i < limit && bytes[i] === 0x2d;
    if (negative) i++;
    const intStart = i;
    let point = -1;
    // S as read so far: exact below 2^53, and within a few thousand of S below 10^18, the error
    // of a few roundings; and S's low 32 bits, exact, which give that error.
    let significand = 0;
    let lowBits = 0;
    let after = 0;
    // Reads the whole part and the fraction eight digits at a time while eight follow, then what
    // digits are left in the next four bytes, the point between the two in passing. i goes on by
    // 8 or 4 in branches, which the processor guesses and runs ahead on, and by a count read from
    // the bytes only where the digits end.
    for (;;) {
      let word = wordAt(view, bytes, i, limit);
      let notDigits = notDigitBytes(word);
      if (notDigits === 0) {
        const next = wordAt(view, bytes, i + 4, limit);
        const notNext = notDigitBytes(next);
        const value = digitsValue(word, 4);
        if (notNext === 0) {
          const eight = value * 1e4 + digitsValue(next, 4);
          significand = significand * 1e8 + eight;
          lowBits = (Math.imul(lowBits, 1e8) + eight) | 0;
          i += 8;
          continue;
        }
        significand = significand * 1e4 + value;
        lowBits = (Math.imul(lowBits, 1e4) + value) | 0;
        i += 4;
        word = next;
        notDigits = notNext;
      }
      const run = firstNonDigit(notDigits);
      if (run > 0) {
        const value = digitsValue(word, run);
        significand = significand * POWERS_OF_TEN[run]! + value;
        lowBits = (Math.imul(lowBits, POWERS_OF_TEN[run]!) + value) | 0;
        i += run;
      }
      // The byte after the digits (0 at limit): the point, the first time, or what ends them.
      after = (word >>> (8 * run)) & 0xff;
      if (after !== 0x2e || point >= 0) break;
      point = i++;
    }
    const hasFraction = point >= 0;
    const intEnd = hasFraction ? point : i;
    const intDigits = intEnd - intStart;
    if (intDigits === 0 || (intDigits > 1 && bytes[intStart] === 0x30)) return NOT_READ;
    // A point must have digits after it.
    if (hasFraction && i === point + 1) return NOT_READ;
    let scale = hasFraction ? point + 1 - i : 0;
    let hasExponent = false;
    if ((after | 0x20) === 0x65) {
      hasExponent = true;
      i++;
      let expNegative = false;
      if (i < limit && (bytes[i] === 0x2b || bytes[i] === 0x2d)) {
        expNegative = bytes[i] === 0x2d;
        i++;
      }
      const expStart = i;
      let exponent = 0;
      while (i < limit) {
        const digit = bytes[i]! - 0x30;
        if (digit < 0 || digit > 9) break;
        if (exponent < 100000) exponent = exponent * 10 + digit;
        i++;
      }
      if (i === expStart) return NOT_READ;
      scale += expNegative ? -exponent : exponent;
    }
    let value = NaN;
    if (scale >= -22 && scale <= 22) {
      if (significand < EXACT_INTEGER_LIMIT) {
        value =
          scale < 0 ? significand / POWERS_OF_TEN[-scale]! : significand * POWERS_OF_TEN[scale]!;
      } else if (scale < 0) {
        // S - significand is small, and known modulo 2^32 from S's low bits and significand's,
        // which the subtraction of its multiples of 2^32 leaves exactly.
        const significandLowBits = significand - Math.floor(significand * 2 ** -32) * 2 ** 32;
        const difference = (lowBits - significandLowBits) | 0;
        // S as the double nearest it and what that one lacks (Fast2Sum).
        const nearest = significand + difference;
        const nearestError = difference - (nearest - significand);
        if (nearest < DECIMAL_TO_DOUBLE_LIMIT)
          value = decimalToDouble(nearest, nearestError, -scale);
      }
    }
    if (value === value) {
      // An integer literal -0 in a float slot is 0, as the general parser reads it; -0.0 is -0.
      this.numberValue[0] =
        negative && (value !== 0 || hasFraction || hasExponent) ? -value : value;
      return i;
    }
    return this.numberFromText(bytes, pos, i);
  }

  /** The number literal bytes[pos, end) read by Number(), for what the fast reading leaves. */
  private numberFromText(bytes: Uint8Array, pos: number, end: number): number {
    const codes = this.digitCodes;
    codes.length = end - pos;
    for (let k = pos; k < end; k++) codes[k - pos] = bytes[k]!;
    const value = Number(String.fromCharCode.apply(null, codes));
    // A literal past the float range names no float; the general parser declares it damaged.
    if (!Number.isFinite(value)) return NOT_READ;
    this.numberValue[0] = value;
    return end;
  }
}

// The helpers below that the hot paths call are constants: a function declaration is a binding
// the module could reassign, so optimized code would load and check it at every call it inlines.

/**
 * The four bytes at `at` as a little-endian word, the first byte lowest. Fewer remain before
 * limit near its end: those, the missing ones read as 0, which is neither a digit nor a point.
 */
const wordAt = (view: DataView, bytes: Uint8Array, at: number, limit: number): number => {
  if (at + 4 <= limit) return view.getInt32(at, true);
  // Read without a loop or a call: either in the digit loop, once a chunk's end has led here,
  // would make the optimizing compiler keep the loop's values in memory rather than registers.
  let word = 0;
  if (at < limit) word = bytes[at]!;
  if (at + 1 < limit) word |= bytes[at + 1]! << 8;
  if (at + 2 < limit) word |= bytes[at + 2]! << 16;
  return word;
};

/** A word with a high nibble set in each byte that is no ASCII digit, and in no digit. */
const notDigitBytes = (word: number): number =>
  // A byte is a digit when its high nibble is 3 and stays 3 with 6 added (0x3a + 6 is 0x40). A
  // carry out of a byte past 0xf9 spoils only the bytes after it, and that byte is no digit.
  ((word & 0xf0f0f0f0) ^ 0x30303030) | (((word + 0x06060606) & 0xf0f0f0f0) ^ 0x30303030);

/** Which byte, 0 to 3, is a word's first that is no digit, given its notDigitBytes, not 0. */
const firstNonDigit = (notDigits: number): number =>
  // The byte that holds the lowest bit set.
  (31 - Math.clz32(notDigits & -notDigits)) >> 3;

/** How many of a word's bytes, from its first, are ASCII digits: 0 to 4. */
const leadingDigits = (word: number): number => {
  const notDigits = notDigitBytes(word);
  return notDigits === 0 ? 4 : firstNonDigit(notDigits);
};

/** The value of a word's first `count` bytes, 1 to 4 digits. */
const digitsValue = (word: number, count: number): number => {
  // Shifted to the word's high end the digits come last, led by the zero bytes shifted in;
  // subtracting '0' from each byte borrows from none of them, since each is a digit.
  const digits = (word - 0x30303030) << (32 - 8 * count);
  // Adjacent digits make pairs, and the pairs the value, the first byte the most significant.
  const pairs = (digits * 10 + (digits >>> 8)) & 0x00ff00ff;
  return (pairs * 100 + (pairs >>> 16)) & 0xffff;
};

/** True when the literal is at `at`, before limit. */
const matches = (view: DataView, at: number, limit: number, literal: Literal): boolean => {
  const length = literal.length;
  if (at + length > limit) return false;
  const words = literal.words;
  const last = words.length - 1;
  for (let k = 0; k < last; k++) if (view.getInt32(at + 4 * k, true) !== words[k]) return false;
  return view.getInt32(at + length - 4, true) === words[last];
};

// munin writes type first: these open every metrics and reading line it writes.
const METRICS_TYPE = literal('{"type":"metrics",');
const READING_TYPE = literal('{"type":"reading",');
const openingWords = new WordView();

/**
 * True when the line opens as munin writes a metrics or reading record, whether or not it then
 * reads as one: what a reader that wants no samples may skip unparsed.
 */
export function opensAsSamplesLine(bytes: Uint8Array, start: number, end: number): boolean {
  const view = openingWords.of(bytes);
  const limit = Math.min(end, bytes.length);
  return matches(view, start, limit, METRICS_TYPE) || matches(view, start, limit, READING_TYPE);
}

/** A key checked on the fast path: segments of printable ASCII, none empty, none starting with ".". */
function isPrintableAsciiKey(key: string): boolean {
  if (key.length === 0) return false;
  for (const segment of key.split('/')) {
    if (segment.length === 0 || segment.startsWith('.')) return false;
  }
  return true;
}
