// The Range parser of RFC 9110 §14 against a file's size: each form of range-spec, the list
// syntax, what is ignored (whole file) and what is unsatisfiable (416); then seeded fuzzing:
// never a throw, never a byte outside the file, never more than the file.

import { describe, expect, it } from 'vitest';
import type { RangeVerdict } from '../../electron/host/byte-ranges.js';
import { MAX_RANGES, parseByteRanges, rangeOfRequest } from '../../electron/host/byte-ranges.js';
import { Prng } from '../support/prng.js';

const whole: RangeVerdict = { kind: 'whole' };
const none: RangeVerdict = { kind: 'unsatisfiable' };
const part = (start: number, end: number): RangeVerdict => ({ kind: 'part', start, end });
const of = (header: string | undefined, size: number, ifRange?: string) =>
  rangeOfRequest(header, ifRange, size);

describe('rangeOfRequest', () => {
  it('answers first-last, first- and -suffix, clamped to the file', () => {
    expect(of('bytes=0-99', 1000)).toEqual(part(0, 99));
    expect(of('bytes=10-10', 1000)).toEqual(part(10, 10));
    expect(of('bytes=990-5000', 1000)).toEqual(part(990, 999));
    expect(of('bytes=500-', 1000)).toEqual(part(500, 999));
    expect(of('bytes=0-', 1000)).toEqual(part(0, 999));
    expect(of('bytes=-1', 1000)).toEqual(part(999, 999));
    expect(of('bytes=-300', 1000)).toEqual(part(700, 999));
    expect(of('bytes=-5000', 1000)).toEqual(part(0, 999));
  });

  it('reads the unit case-insensitively and the list with spaces and empty elements', () => {
    expect(of('BYTES=1-2', 10)).toEqual(part(1, 2));
    expect(of('Bytes= 1-2 ', 10)).toEqual(part(1, 2));
    expect(of('bytes=,, 3-4', 10)).toEqual(part(3, 4));
    expect(of('bytes=\t5-6\t,', 10)).toEqual(part(5, 6));
  });

  it('answers several ranges with the first satisfiable one alone', () => {
    expect(of('bytes=0-1,5-9', 10)).toEqual(part(0, 1));
    expect(of('bytes=50-60, 2-3', 10)).toEqual(part(2, 3));
    expect(of('bytes=0-9,0-9,0-9,0-9', 10)).toEqual(part(0, 9));
    expect(of('bytes=-0, -2', 10)).toEqual(part(8, 9));
  });

  it('sends the whole file for no Range, another unit, a syntax error or If-Range', () => {
    for (const header of [
      undefined,
      'items=0-1',
      'bytes 0-1',
      'bytes=',
      'bytes=,',
      'bytes=1',
      'bytes=a-b',
      'bytes=5-1',
      'bytes=-',
      'bytes=--1',
      'bytes=-5-10',
      'bytes=1-2-3',
      'bytes=+1-2',
      'bytes=0x10-20',
      'bytes=1 -2',
      'bytes=1.5-2',
      'bytes = 1-2',
      'bytes=0-1,x',
      'bytes=0-1;q=1',
      '=0-1',
      '',
    ]) {
      expect(of(header, 100), String(header)).toEqual(whole);
    }
    expect(of('bytes=0-1', 100, '"etag"')).toEqual(whole);
  });

  it('answers 416 when no range has a byte in the file, an empty file included', () => {
    expect(of('bytes=100-', 100)).toEqual(none);
    expect(of('bytes=100-200', 100)).toEqual(none);
    expect(of('bytes=-0', 100)).toEqual(none);
    expect(of('bytes=200-300, 150-', 100)).toEqual(none);
    expect(of('bytes=0-', 0)).toEqual(none);
    expect(of('bytes=-5', 0)).toEqual(none);
  });

  it('compares positions of any length exactly against the size', () => {
    const huge = '9'.repeat(400);
    expect(of(`bytes=${huge}-`, 100)).toEqual(none);
    expect(of(`bytes=0-${huge}`, 100)).toEqual(part(0, 99));
    expect(of(`bytes=-${huge}`, 100)).toEqual(part(0, 99));
    expect(of(`bytes=${huge}-1`, 100)).toEqual(whole);
    // 2^53 + 1 as first-pos of a file of 2^53 bytes: past its end, not rounded onto it.
    expect(of('bytes=9007199254740993-', 2 ** 53)).toEqual(none);
    expect(of('bytes=9007199254740991-', 2 ** 53)).toEqual(part(2 ** 53 - 1, 2 ** 53 - 1));
  });

  it('ignores a header of more ranges than it parses, or longer than it reads', () => {
    const many = Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i}-${i}`).join(',');
    expect(of(`bytes=${many}`, 1000)).toEqual(whole);
    const enough = Array.from({ length: MAX_RANGES }, (_, i) => `${i}-${i}`).join(',');
    expect(of(`bytes=${enough}`, 1000)).toEqual(part(0, 0));
    expect(of(`bytes=0-1${' '.repeat(5000)}`, 1000)).toEqual(whole);
  });

  it('parses the specs as written, first-pos and last-pos exact', () => {
    expect(parseByteRanges('bytes=1-2,3-,-4')).toEqual([
      { first: 1n, last: 2n },
      { first: 3n, last: null },
      { first: null, last: 4n },
    ]);
    expect(parseByteRanges('bytes=2-1')).toBeNull();
  });
});

/** A Range header drawn from pieces a fuzzer or a hostile client would send. */
function fuzzedHeader(prng: Prng): string {
  const number = (): string =>
    prng.pick([
      () => String(prng.int(2000)),
      () => String(prng.int(10)),
      () => '9'.repeat(prng.range(15, 40)),
      () => `-${prng.int(100)}`,
      () => String(2 ** 53 + prng.int(5)),
      () => '',
      () => '0'.repeat(prng.range(1, 5)) + String(prng.int(100)),
    ])();
  const spec = (): string =>
    prng.pick([
      () => `${number()}-${number()}`,
      () => `${number()}-`,
      () => `-${number()}`,
      () => number(),
      () => ' '.repeat(prng.int(3)) + `${number()}-${number()}` + '\t'.repeat(prng.int(2)),
      () => prng.pick(['x', '=', ';', '--', '', ' ', '\u0000', 'é']),
    ])();
  const unit = prng.pick(['bytes', 'bytes', 'bytes', 'BYTES', 'bits', '', 'bytes ']);
  const count = prng.chance(0.1) ? prng.range(50, 300) : prng.range(1, 6);
  return `${unit}${prng.chance(0.95) ? '=' : ''}${Array.from({ length: count }, spec).join(prng.pick([',', ', ', ',,']))}`;
}

describe('rangeOfRequest, fuzzed', () => {
  it('never throws, never names a byte outside the file, never more than the file', () => {
    const prng = new Prng(0x2a6e);
    const counts = { whole: 0, part: 0, unsatisfiable: 0 };
    for (let i = 0; i < 20_000; i++) {
      const size = prng.pick([0, 1, 2, 10, 1000, prng.int(5000), 2 ** 40]);
      const header = fuzzedHeader(prng);
      const verdict = of(header, size);
      counts[verdict.kind]++;
      if (verdict.kind === 'part') {
        expect(Number.isSafeInteger(verdict.start), header).toBe(true);
        expect(Number.isSafeInteger(verdict.end), header).toBe(true);
        expect(verdict.start, header).toBeGreaterThanOrEqual(0);
        expect(verdict.end, header).toBeGreaterThanOrEqual(verdict.start);
        expect(verdict.end, header).toBeLessThan(size);
      }
      // A parse that found specs agrees with the verdict: ignored exactly when it found none.
      expect(parseByteRanges(header) === null, header).toBe(verdict.kind === 'whole');
    }
    // The fuzzer reaches every verdict, so the checks above were not vacuous.
    expect(counts.whole).toBeGreaterThan(1000);
    expect(counts.part).toBeGreaterThan(500);
    expect(counts.unsatisfiable).toBeGreaterThan(100);
  });

  it('agrees with a reference reading of single well-formed ranges', () => {
    const prng = new Prng(77);
    for (let i = 0; i < 5000; i++) {
      const size = prng.int(300);
      const first = prng.int(400);
      const last = first + prng.int(400);
      const suffix = prng.int(400);
      const form = prng.int(3);
      const header =
        form === 0 ? `bytes=${first}-${last}` : form === 1 ? `bytes=${first}-` : `bytes=-${suffix}`;
      const expected: RangeVerdict =
        form === 2
          ? suffix === 0 || size === 0
            ? none
            : part(Math.max(0, size - suffix), size - 1)
          : first >= size
            ? none
            : part(first, form === 0 ? Math.min(last, size - 1) : size - 1);
      expect(of(header, size), `${header} of ${size}`).toEqual(expected);
    }
  });
});
