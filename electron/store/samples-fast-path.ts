// A fast path for the log's most common lines, metrics and reading records in munin's own member
// order. It takes a line only when it can read it exactly; anything else goes to the general
// parser, so both paths give the same record for every line.

import { decimalToDouble } from '../../shared/format/decimal-to-double.js';

const MAX_FAST_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const METRICS_HEAD = bytesOf('{"type":"metrics","time":');
const READING_HEAD = bytesOf('{"type":"reading","time":');
const STEP_MEMBER = bytesOf(',"step":');
const VALUES_MEMBER = bytesOf(',"values":{');

export interface ScannedSamples {
  type: 'metrics' | 'reading';
  time: number;
  step: number;
  count: number;
  keys: string[];
  values: Float64Array;
}

/** One remembered key of a position in the values object: its bytes and its checked string. */
interface KeySlot {
  bytes: Uint8Array;
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
  private readonly slots: (KeySlot | undefined)[] = [];
  /** Keys of the line being scanned, to refuse a key named twice (the general parser decides). */
  private readonly seen = new Set<string>();
  private readonly digitCodes: number[] = [];
  private pos = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private end = 0;

  /**
   * Reads a metrics or reading line whose shape it knows, or returns undefined so that the
   * general parser decides. The result is reused by the next call.
   */
  scan(bytes: Uint8Array, start: number, end: number): ScannedSamples | undefined {
    let type: 'metrics' | 'reading';
    if (matches(bytes, start, end, METRICS_HEAD)) type = 'metrics';
    else if (matches(bytes, start, end, READING_HEAD)) type = 'reading';
    else return undefined;
    this.bytes = bytes;
    this.end = end;
    this.pos = start + METRICS_HEAD.length;
    const time = this.number();
    if (time === undefined || !this.expect(STEP_MEMBER)) return undefined;
    const step = this.step();
    if (step === undefined || !this.expect(VALUES_MEMBER)) return undefined;
    const out = this.result;
    out.type = type;
    out.time = time;
    out.step = step;
    out.count = 0;
    if (bytes[this.pos] === 0x7d) {
      this.pos++;
    } else {
      for (;;) {
        const key = this.key(out.count);
        if (key === undefined || bytes[this.pos] !== 0x3a) return undefined;
        this.pos++;
        const value = this.number();
        if (value === undefined) return undefined;
        // A slot's key differs from every earlier slot's unless the line names one twice.
        if (out.count > 0 && this.repeats(key, out)) return undefined;
        if (out.count === out.values.length) {
          const grown = new Float64Array(out.values.length * 2);
          grown.set(out.values);
          out.values = grown;
        }
        out.keys[out.count] = key;
        out.values[out.count] = value;
        out.count++;
        const b = bytes[this.pos++];
        if (b === 0x7d) break;
        if (b !== 0x2c || bytes[this.pos] !== 0x22) return undefined;
      }
    }
    if (bytes[this.pos] !== 0x7d || this.pos + 1 !== end) return undefined;
    return out;
  }

  private repeats(key: string, out: ScannedSamples): boolean {
    if (out.count < 8) {
      for (let k = 0; k < out.count; k++) if (out.keys[k] === key) return true;
      return false;
    }
    if (out.count === 8) {
      this.seen.clear();
      for (let k = 0; k < out.count; k++) this.seen.add(out.keys[k]!);
    }
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }

  private expect(literal: Uint8Array): boolean {
    if (!matches(this.bytes, this.pos, this.end, literal)) return false;
    this.pos += literal.length;
    return true;
  }

  /** A key made of printable ASCII without escapes, checked once per new spelling. */
  private key(index: number): string | undefined {
    const { bytes, end } = this;
    if (bytes[this.pos] !== 0x22) return undefined;
    const start = this.pos + 1;
    let i = start;
    while (i < end) {
      const b = bytes[i]!;
      if (b === 0x22) break;
      if (b === 0x5c || b < 0x20 || b >= 0x7f) return undefined;
      i++;
    }
    if (i >= end) return undefined;
    this.pos = i + 1;
    const slot = this.slots[index];
    const length = i - start;
    if (slot !== undefined && slot.bytes.length === length) {
      let same = true;
      for (let k = 0; k < length; k++) {
        if (slot.bytes[k] !== bytes[start + k]) {
          same = false;
          break;
        }
      }
      if (same) return slot.key;
    }
    const key = String.fromCharCode.apply(null, bytes.subarray(start, i) as unknown as number[]);
    if (!isPrintableAsciiKey(key)) return undefined;
    this.slots[index] = { bytes: bytes.slice(start, i), key };
    return key;
  }

  private step(): number | undefined {
    const { bytes, end } = this;
    let i = this.pos;
    let n = 0;
    const start = i;
    while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) {
      n = n * 10 + (bytes[i]! - 0x30);
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > MAX_FAST_DIGITS || (digits > 1 && bytes[start] === 0x30))
      return undefined;
    this.pos = i;
    return n;
  }

  /**
   * A number literal read exactly. Up to 15 significant digits with a power of ten of at most
   * 22 are two exact doubles, and one multiplication or division of them is correctly rounded
   * (Clinger's fast path); up to 19 digits go through decimalToDouble; anything else, and the
   * rare case decimalToDouble cannot decide, through Number(), which is correctly rounded too.
   */
  private number(): number | undefined {
    const { bytes, end } = this;
    const start = this.pos;
    let i = start;
    const negative = bytes[i] === 0x2d;
    if (negative) i++;
    // The digits go to high (the first 15 significant ones) and low (up to 4 more); leading
    // zeros only move the point, and a literal with more digits is read as text.
    let high = 0;
    let highDigits = 0;
    let low = 0;
    let lowDigits = 0;
    let extraDigits = 0;
    const intStart = i;
    let intEnd = -1;
    // One loop over the whole part and the fraction, the point between them taken in passing.
    while (i < end) {
      const byte = bytes[i]!;
      if (byte === 0x2e && intEnd < 0) {
        intEnd = i++;
        continue;
      }
      const digit = byte - 0x30;
      if (digit < 0 || digit > 9) break;
      if (highDigits < MAX_FAST_DIGITS) {
        if (high !== 0 || digit !== 0) {
          high = high * 10 + digit;
          highDigits++;
        }
      } else if (lowDigits < 4) {
        low = low * 10 + digit;
        lowDigits++;
      } else {
        extraDigits++;
      }
      i++;
    }
    const hasFraction = intEnd >= 0;
    if (!hasFraction) intEnd = i;
    const intDigits = intEnd - intStart;
    if (intDigits === 0 || (intDigits > 1 && bytes[intStart] === 0x30)) return undefined;
    // A point must have digits after it.
    if (hasFraction && i === intEnd + 1) return undefined;
    let scale = hasFraction ? -(i - intEnd - 1) : 0;
    if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
      i++;
      let expNegative = false;
      if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) {
        expNegative = bytes[i] === 0x2d;
        i++;
      }
      const expStart = i;
      let exponent = 0;
      while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) {
        if (exponent < 100000) exponent = exponent * 10 + (bytes[i]! - 0x30);
        i++;
      }
      if (i === expStart) return undefined;
      scale += expNegative ? -exponent : exponent;
    }
    this.pos = i;
    let value: number | undefined;
    if (extraDigits === 0 && scale >= -22 && scale <= 22) {
      if (lowDigits === 0) {
        value = scale < 0 ? high / POWERS_OF_TEN[-scale]! : high * POWERS_OF_TEN[scale]!;
      } else if (scale <= 0) {
        value = decimalToDouble(high, low, lowDigits, -scale);
      }
    }
    if (value !== undefined) {
      // An integer literal -0 in a float slot is 0, as the general parser reads it; -0.0 is -0.
      return negative && (value !== 0 || i !== intEnd) ? -value : value;
    }
    const codes = this.digitCodes;
    codes.length = i - start;
    for (let k = start; k < i; k++) codes[k - start] = bytes[k]!;
    value = Number(String.fromCharCode.apply(null, codes));
    // A literal past the float range names no float; the general parser declares it damaged.
    return Number.isFinite(value) ? value : undefined;
  }
}

function matches(bytes: Uint8Array, at: number, end: number, literal: Uint8Array): boolean {
  if (at + literal.length > end) return false;
  for (let k = 0; k < literal.length; k++) if (bytes[at + k] !== literal[k]) return false;
  return true;
}

/** A key checked on the fast path: segments of printable ASCII, none empty, none starting with ".". */
function isPrintableAsciiKey(key: string): boolean {
  if (key.length === 0) return false;
  for (const segment of key.split('/')) {
    if (segment.length === 0 || segment.startsWith('.')) return false;
  }
  return true;
}
