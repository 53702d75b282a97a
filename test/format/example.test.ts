// The example store exports exactly export.json, compared exactly (1 vs 1.0, big integers).

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hostIdentities } from '../../electron/store/identities.js';
import { exportText, NO_HOST, parseExact } from '../support/export.js';
import type { Plain } from '../support/export.js';

const EXAMPLE = fileURLToPath(new URL('../../../shared/examples/basic/', import.meta.url));

/** The first difference between two exact JSON values, or undefined when they are the same. */
function difference(actual: Plain, expected: Plain, path = '$'): string | undefined {
  if (typeof expected === 'number' || typeof expected === 'bigint') {
    return typeof actual === typeof expected && Object.is(actual, expected)
      ? undefined
      : `${path}: ${String(actual)} (${typeof actual}) vs ${String(expected)} (${typeof expected})`;
  }
  if (expected === null || typeof expected !== 'object') {
    return actual === expected ? undefined : `${path}: ${String(actual)} vs ${String(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${path}: array length`;
    for (let i = 0; i < expected.length; i++) {
      const d = difference(actual[i]!, expected[i]!, `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return `${path}: not an object`;
  const names = Object.keys(expected);
  const actualNames = Object.keys(actual);
  if (names.length !== actualNames.length || names.some((n) => !(n in actual))) {
    return `${path}: members ${actualNames.sort().join(',')} vs ${names.sort().join(',')}`;
  }
  for (const name of names) {
    const d = difference(actual[name]!, expected[name]!, `${path}.${name}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

describe('the example store', () => {
  const expected = parseExact(readFileSync(`${EXAMPLE}export.json`));

  it('exports exactly export.json', () => {
    const actual = parseExact(exportText(`${EXAMPLE}store`, hostIdentities()));
    expect(difference(actual, expected)).toBeUndefined();
    expect(actual).toEqual(expected);
  });

  it('exports the same for a reader with no identities', () => {
    expect(
      difference(parseExact(exportText(`${EXAMPLE}store`, NO_HOST)), expected),
    ).toBeUndefined();
  });

  it('the comparison tells 1 from 1.0 and big integers apart', () => {
    expect(difference(parseExact('{"a":1}'), parseExact('{"a":1.0}'))).toBeDefined();
    expect(
      difference(parseExact('{"a":9007199254740993}'), parseExact('{"a":9007199254740992}')),
    ).toBeDefined();
    expect(
      difference(parseExact('{"a":1,"b":[2.5]}'), parseExact('{"b":[2.5],"a":1}')),
    ).toBeUndefined();
  });
});
