// The writer's refusals: every name, step, value and string a program hands the writer is checked
// against the format before anything is written, with an error that says what is wrong.

import type { JsonArray, JsonObject, JsonValue } from '../../../shared/format/json.js';
import { isKey, isSegment, isText } from '../../../shared/format/names.js';
import { isWellFormedUnicode } from '../../../shared/format/utf8.js';
import type { Value, ValueMap } from '../../../shared/format/values.js';
import { MAX_STEP } from '../../../shared/format/values.js';
import { quoted, requireUtf8String } from '../../store/writer/text-checks.js';

/** An object of values as a program may give it: a Map, or a plain object. */
export type Values = ValueMap | Readonly<Record<string, Value>>;
/** Samples as a program may give them: keys to floats. */
export type SampleValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

function entriesOf<T>(values: ReadonlyMap<string, T> | Readonly<Record<string, T>>): [string, T][] {
  return values instanceof Map ? [...values] : Object.entries(values as Record<string, T>);
}

const TEXT_RULE =
  'a text is a non-empty, well-formed UTF-8 string with no control character (U+0000 to U+001F, U+007F)';

export function requireText(text: unknown, what: string): string {
  if (typeof text !== 'string' || !isText(text)) {
    throw new Error(
      `${what} ${typeof text === 'string' ? quoted(text) : String(text)} is not a text: ${TEXT_RULE}`,
    );
  }
  return text;
}

export function requireKey(key: unknown, what = 'key'): string {
  if (typeof key !== 'string' || !isKey(key)) {
    throw new Error(
      `${what} ${typeof key === 'string' ? quoted(key) : String(key)} is not a key: segments joined by "/", each a text with no "/" that does not start with "."`,
    );
  }
  return key;
}

export function requireSegment(name: unknown, what: string): string {
  if (typeof name !== 'string' || !isSegment(name)) {
    throw new Error(
      `${what} ${typeof name === 'string' ? quoted(name) : String(name)} is not one segment: a text with no "/" that does not start with "."`,
    );
  }
  return name;
}

export function requireStep(step: unknown, what = 'step'): number {
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > MAX_STEP) {
    throw new Error(`${what} ${String(step)} is not a step: an integer from 0 to 2^53`);
  }
  return step;
}

export function requireTime(time: unknown, what = 'time'): number {
  if (typeof time !== 'number' || !Number.isFinite(time)) {
    throw new Error(
      `${what} ${String(time)} is not a time: a finite float of seconds since the epoch`,
    );
  }
  return time;
}

/** A version number: an integer from 1. */
export function requireVersionNumber(version: unknown, what = 'version'): number {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new Error(`${what} ${String(version)} is not a version number: an integer from 1`);
  }
  return version;
}

function requireValue(value: unknown, what: string): Value {
  switch (typeof value) {
    case 'boolean':
    case 'bigint':
    case 'number':
      return value;
    case 'string':
      return requireUtf8String(value, what);
    default:
      throw new Error(
        `${what} is not a value: a boolean, an integer (bigint), a float (number) or a string`,
      );
  }
}

/** An object of values: texts to values, checked and copied in order. */
export function checkValues(values: Values, what: string): ValueMap {
  const out = new Map<string, Value>();
  for (const [name, value] of entriesOf(values)) {
    requireText(name, `a name in ${what}`);
    out.set(name, requireValue(value, `${what} ${quoted(name)}`));
  }
  return out;
}

/** Samples: keys to floats, checked and copied in order. */
export function checkSamples(values: SampleValues, what: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of entriesOf(values)) {
    requireKey(key, `a key in ${what}`);
    if (typeof value !== 'number') {
      throw new Error(`${what} ${quoted(key)} is not a float (a number): ${String(value)}`);
    }
    out.set(key, value);
  }
  return out;
}

/** The integers a program named as its seeds, as bigints. */
export function checkSeeds(seeds: Readonly<Record<string, bigint | number>>): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [name, seed] of Object.entries(seeds)) {
    requireText(name, 'a seed name');
    if (typeof seed === 'bigint') out.set(name, seed);
    else if (Number.isSafeInteger(seed)) out.set(name, BigInt(seed));
    else throw new Error(`seed ${quoted(name)} is not an integer: ${String(seed)}`);
  }
  return out;
}

/** The string with each lone surrogate replaced by U+FFFD, for text that comes from the system. */
export function wellFormed(text: string): string {
  if (isWellFormedUnicode(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
      } else {
        out += '\ufffd';
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      out += '\ufffd';
    } else {
      out += text[i]!;
    }
  }
  return out;
}

/** A JSON value with every string (names too) made well-formed, for a provenance from the system. */
export function wellFormedJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return (value as JsonArray).map(wellFormedJson);
  const out = new Map<string, JsonValue>();
  for (const [name, member] of value as JsonObject)
    out.set(wellFormed(name), wellFormedJson(member));
  return out;
}
