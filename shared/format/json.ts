// Exact JSON (RFC 8259) over bytes: integer literals stay exact integers (bigint), literals with
// a fraction or exponent are floats (number), objects keep member order and refuse duplicates.

import { decodeUtf8, isWellFormedUnicode } from './utf8.js';
import { formatFloat } from './float-text.js';

export type JsonValue = null | boolean | string | number | bigint | JsonArray | JsonObject;
export type JsonArray = readonly JsonValue[];
export type JsonObject = ReadonlyMap<string, JsonValue>;

const MAX_DEPTH = 64;

export interface ParseJsonOptions {
  /**
   * Reads the bare tokens NaN, Infinity and -Infinity as those floats, as Python's json module
   * writes them (an event stream's non-finite metric values). Off by default: munin's own files
   * are strict JSON, and such a token there is no JSON.
   */
  readonly nonFiniteTokens?: boolean;
}

/**
 * Parses bytes[start, end) as one JSON text. Returns undefined for anything that is not valid
 * JSON, for an object naming a member twice, for nesting past 64 levels and for a number literal
 * that no float holds (such as 1e400): none of these can be read without guessing.
 */
export function parseJson(
  bytes: Uint8Array,
  start = 0,
  end = bytes.length,
  options: ParseJsonOptions = {},
): JsonValue | undefined {
  const parser = new JsonParser(bytes, start, end, options.nonFiniteTokens === true);
  const value = parser.value(0);
  if (value === undefined) return undefined;
  parser.skipSpace();
  return parser.pos === end ? value : undefined;
}

class JsonParser {
  pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly end: number,
    private readonly nonFiniteTokens: boolean,
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    const { bytes, end } = this;
    while (this.pos < end) {
      const b = bytes[this.pos];
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) this.pos++;
      else break;
    }
  }

  value(depth: number): JsonValue | undefined {
    this.skipSpace();
    if (this.pos >= this.end) return undefined;
    const b = this.bytes[this.pos]!;
    switch (b) {
      case 0x7b:
        return depth >= MAX_DEPTH ? undefined : this.object(depth + 1);
      case 0x5b:
        return depth >= MAX_DEPTH ? undefined : this.array(depth + 1);
      case 0x22:
        return this.string();
      case 0x74:
        return this.literal('true', true);
      case 0x66:
        return this.literal('false', false);
      case 0x6e:
        return this.literal('null', null);
      case 0x4e:
        return this.nonFiniteTokens ? this.literal('NaN', NaN) : undefined;
      case 0x49:
        return this.nonFiniteTokens ? this.literal('Infinity', Infinity) : undefined;
      case 0x2d:
        if (this.bytes[this.pos + 1] === 0x49) {
          if (!this.nonFiniteTokens) return undefined;
          this.pos++;
          return this.literal('Infinity', -Infinity);
        }
        return this.number();
      default:
        return b >= 0x30 && b <= 0x39 ? this.number() : undefined;
    }
  }

  private literal<T extends JsonValue>(word: string, value: T): T | undefined {
    if (this.pos + word.length > this.end) return undefined;
    for (let k = 0; k < word.length; k++) {
      if (this.bytes[this.pos + k] !== word.charCodeAt(k)) return undefined;
    }
    this.pos += word.length;
    return value;
  }

  private object(depth: number): JsonObject | undefined {
    this.pos++;
    const members = new Map<string, JsonValue>();
    this.skipSpace();
    if (this.bytes[this.pos] === 0x7d) {
      this.pos++;
      return members;
    }
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.pos] !== 0x22) return undefined;
      const name = this.string();
      if (name === undefined || members.has(name)) return undefined;
      this.skipSpace();
      if (this.bytes[this.pos] !== 0x3a) return undefined;
      this.pos++;
      const member = this.value(depth);
      if (member === undefined) return undefined;
      members.set(name, member);
      this.skipSpace();
      const b = this.bytes[this.pos];
      this.pos++;
      if (b === 0x7d) return members;
      if (b !== 0x2c) return undefined;
    }
  }

  private array(depth: number): JsonArray | undefined {
    this.pos++;
    const items: JsonValue[] = [];
    this.skipSpace();
    if (this.bytes[this.pos] === 0x5d) {
      this.pos++;
      return items;
    }
    for (;;) {
      const item = this.value(depth);
      if (item === undefined) return undefined;
      items.push(item);
      this.skipSpace();
      const b = this.bytes[this.pos];
      this.pos++;
      if (b === 0x5d) return items;
      if (b !== 0x2c) return undefined;
    }
  }

  string(): string | undefined {
    const { bytes, end } = this;
    let i = this.pos + 1;
    const runStart = i;
    // Common case: no escapes. Scan to the closing quote, checking for control bytes.
    while (i < end) {
      const b = bytes[i]!;
      if (b === 0x22) {
        const text = decodeUtf8(bytes, runStart, i);
        this.pos = i + 1;
        return text;
      }
      if (b === 0x5c) break;
      if (b < 0x20) return undefined;
      i++;
    }
    if (i >= end) return undefined;
    let out = decodeUtf8(bytes, runStart, i);
    if (out === undefined) return undefined;
    let segmentStart = i;
    while (i < end) {
      const b = bytes[i]!;
      if (b === 0x22) {
        const tail = decodeUtf8(bytes, segmentStart, i);
        if (tail === undefined) return undefined;
        this.pos = i + 1;
        return out + tail;
      }
      if (b < 0x20) return undefined;
      if (b !== 0x5c) {
        i++;
        continue;
      }
      const before = decodeUtf8(bytes, segmentStart, i);
      if (before === undefined || i + 1 >= end) return undefined;
      out += before;
      const escape = bytes[i + 1]!;
      i += 2;
      switch (escape) {
        case 0x22:
          out += '"';
          break;
        case 0x5c:
          out += '\\';
          break;
        case 0x2f:
          out += '/';
          break;
        case 0x62:
          out += '\b';
          break;
        case 0x66:
          out += '\f';
          break;
        case 0x6e:
          out += '\n';
          break;
        case 0x72:
          out += '\r';
          break;
        case 0x74:
          out += '\t';
          break;
        case 0x75: {
          const unit = this.hex4(i);
          if (unit === undefined) return undefined;
          i += 4;
          if (unit >= 0xd800 && unit <= 0xdbff) {
            // A high surrogate must pair with an escaped low one: a lone half has no UTF-8 form.
            if (bytes[i] !== 0x5c || bytes[i + 1] !== 0x75) return undefined;
            const low = this.hex4(i + 2);
            if (low === undefined || low < 0xdc00 || low > 0xdfff) return undefined;
            i += 6;
            out += String.fromCharCode(unit, low);
          } else if (unit >= 0xdc00 && unit <= 0xdfff) {
            return undefined;
          } else {
            out += String.fromCharCode(unit);
          }
          break;
        }
        default:
          return undefined;
      }
      segmentStart = i;
    }
    return undefined;
  }

  private hex4(at: number): number | undefined {
    if (at + 4 > this.end) return undefined;
    let unit = 0;
    for (let k = 0; k < 4; k++) {
      const b = this.bytes[at + k]!;
      let digit: number;
      if (b >= 0x30 && b <= 0x39) digit = b - 0x30;
      else if (b >= 0x61 && b <= 0x66) digit = b - 0x57;
      else if (b >= 0x41 && b <= 0x46) digit = b - 0x37;
      else return undefined;
      unit = unit * 16 + digit;
    }
    return unit;
  }

  private number(): number | bigint | undefined {
    const scan = scanNumber(this.bytes, this.pos, this.end);
    if (scan === undefined) return undefined;
    const text = latin1(this.bytes, this.pos, scan.end);
    this.pos = scan.end;
    if (!scan.isFloat) return BigInt(text);
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
}

/** The extent of a JSON number literal at `start`, and whether it has a fraction or exponent. */
export function scanNumber(
  bytes: Uint8Array,
  start: number,
  end: number,
): { end: number; isFloat: boolean } | undefined {
  let i = start;
  if (bytes[i] === 0x2d) i++;
  if (i >= end) return undefined;
  if (bytes[i] === 0x30) {
    i++;
  } else if (bytes[i]! >= 0x31 && bytes[i]! <= 0x39) {
    while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
  } else {
    return undefined;
  }
  let isFloat = false;
  if (i < end && bytes[i] === 0x2e) {
    i++;
    const digitsStart = i;
    while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
    if (i === digitsStart) return undefined;
    isFloat = true;
  }
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    i++;
    if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
    const digitsStart = i;
    while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
    if (i === digitsStart) return undefined;
    isFloat = true;
  }
  return { end: i, isFloat };
}

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
}

/** JSON text of a string: quotes, backslashes and control characters escaped, the rest as is. */
export function encodeJsonString(text: string): string {
  // JSON.stringify escapes exactly these characters, in these forms, and is a hundred times
  // faster on long text (notes); it differs only on lone surrogates, which it writes as \u
  // escapes where the format keeps the code unit as it is.
  if (isWellFormedUnicode(text)) return JSON.stringify(text);
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else if (c < 0x20) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += text[i];
  }
  return out + '"';
}

/**
 * Writes a JsonValue as compact JSON by the format's rules: floats in the format's text,
 * non-finite floats as {"float":"NaN"} and the like, integers past ±2^53 as {"int":"…"}.
 */
export function encodeJson(value: JsonValue): string {
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return encodeJsonString(value);
    case 'bigint':
      return encodeInteger(value);
    case 'number':
      return Number.isFinite(value) ? formatFloat(value) : nonFiniteJson(value);
    default:
      break;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${(value as JsonArray).map(encodeJson).join(',')}]`;
  const parts: string[] = [];
  for (const [name, member] of value as JsonObject) {
    parts.push(`${encodeJsonString(name)}:${encodeJson(member)}`);
  }
  return `{${parts.join(',')}}`;
}

const MAX_PLAIN_INTEGER = 2n ** 53n;

/** An integer as the format writes it: its decimal within ±2^53, {"int":"<decimal>"} beyond. */
export function encodeInteger(n: bigint): string {
  return n >= -MAX_PLAIN_INTEGER && n <= MAX_PLAIN_INTEGER ? n.toString() : `{"int":"${n}"}`;
}

export function nonFiniteJson(x: number): string {
  return Number.isNaN(x)
    ? '{"float":"NaN"}'
    : x > 0
      ? '{"float":"Infinity"}'
      : '{"float":"-Infinity"}';
}
