// The format's values and numbers: floats are JS numbers, integers are bigints, so the two
// kinds a reader tells apart by their text (1 versus 1.0) stay apart in memory too.

import type { JsonObject, JsonValue } from './json.js';
import { encodeInteger, encodeJsonString, nonFiniteJson } from './json.js';
import { formatFloat } from './float-text.js';
import { isText } from './names.js';

/** A value: a boolean, an integer (bigint), a float (number) or a string. */
export type Value = boolean | bigint | number | string;
/** An object of values: texts to values, each text once, in the order written. */
export type ValueMap = ReadonlyMap<string, Value>;

export const MAX_STEP = 2 ** 53;

/**
 * Reads a float slot: a literal with a fraction or exponent, or {"float":"NaN"|"Infinity"|
 * "-Infinity"}. An integer literal is also read as its float: it names one number exactly the
 * same, and refusing it would throw away a sample a hand-written log meant plainly.
 */
export function decodeFloat(json: JsonValue | undefined): number | undefined {
  if (typeof json === 'number') return json;
  if (typeof json === 'bigint') {
    // An integer literal past the float range names no float, as 1e400 does not.
    const x = Number(json);
    return Number.isFinite(x) ? x : undefined;
  }
  if (json instanceof Map && json.size === 1) {
    switch (json.get('float')) {
      case 'NaN':
        return NaN;
      case 'Infinity':
        return Infinity;
      case '-Infinity':
        return -Infinity;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Reads an integer slot: a literal without fraction or exponent, or {"int":"<decimal>"}. */
export function decodeInteger(json: JsonValue | undefined): bigint | undefined {
  if (typeof json === 'bigint') return json;
  if (json instanceof Map && json.size === 1) {
    const digits = json.get('int');
    if (typeof digits === 'string' && /^-?(0|[1-9][0-9]*)$/.test(digits)) return BigInt(digits);
  }
  return undefined;
}

/** Reads a step: an integer from 0 to 2^53. */
export function decodeStep(json: JsonValue | undefined): number | undefined {
  const n = decodeInteger(json);
  return n !== undefined && n >= 0n && n <= BigInt(MAX_STEP) ? Number(n) : undefined;
}

export function decodeValue(json: JsonValue | undefined): Value | undefined {
  switch (typeof json) {
    case 'boolean':
    case 'string':
    case 'bigint':
    case 'number':
      return json;
    default:
      break;
  }
  if (json instanceof Map) return json.has('int') ? decodeInteger(json) : decodeFloat(json);
  return undefined;
}

/** Reads an object of values; undefined when a member's name is not a text or its value no value. */
export function decodeValueMap(json: JsonValue | undefined): ValueMap | undefined {
  if (!(json instanceof Map)) return undefined;
  const out = new Map<string, Value>();
  for (const [name, member] of json as JsonObject) {
    const value = decodeValue(member);
    if (value === undefined || !isText(name)) return undefined;
    out.set(name, value);
  }
  return out;
}

export function encodeFloat(x: number): string {
  return Number.isFinite(x) ? formatFloat(x) : nonFiniteJson(x);
}

export function encodeValue(value: Value): string {
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return encodeInteger(value);
    case 'number':
      return encodeFloat(value);
    default:
      return encodeJsonString(value);
  }
}

export function encodeValueMap(values: ValueMap): string {
  const parts: string[] = [];
  for (const [name, value] of values) parts.push(`${encodeJsonString(name)}:${encodeValue(value)}`);
  return `{${parts.join(',')}}`;
}
