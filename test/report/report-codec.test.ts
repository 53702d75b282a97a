// The report's number arrays read back exactly: every double bit for bit (NaN, -0, the
// infinities, subnormals), steps of any size as varint deltas, and damaged data refused.

import { describe, expect, it } from 'vitest';
import {
  isAscendingIntegers,
  readReport,
  ReportFormatError,
  ReportWriter,
} from '../../shared/report/report-codec.js';
import { Prng } from '../support/prng.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function roundTrip(arrays: readonly number[][]): Float64Array[] {
  const writer = new ReportWriter();
  const refs = arrays.map((values) => writer.add(values));
  const bytes = writer.finish({ refs }, encode);
  const { document, array } = readReport(bytes, decode);
  expect(document).toEqual({ refs });
  return refs.map((ref) => array(ref));
}

describe('report arrays', () => {
  it('keep every double exactly, whatever its bits', () => {
    const prng = new Prng(7);
    const noisy = Array.from({ length: 5_000 }, () => (prng.next() - 0.5) * 1e6);
    const odd = [NaN, -0, 0, Infinity, -Infinity, 5e-324, -Number.MAX_VALUE, 0.1 + 0.2, 1 / 3];
    const [a, b] = roundTrip([noisy, odd]);
    noisy.forEach((x, i) => expect(Object.is(a![i], x)).toBe(true));
    odd.forEach((x, i) => expect(Object.is(b![i], x)).toBe(true));
  });

  it('keep steps as varint deltas, to the largest safe integer', () => {
    const steps = [0, 1, 2, 127, 128, 16_383, 16_384, 2 ** 31, 2 ** 32 + 5, 2 ** 53 - 1];
    expect(isAscendingIntegers(steps)).toBe(true);
    const writer = new ReportWriter();
    const ref = writer.add(steps);
    expect(ref.layout).toBe('ascending-integers');
    const [back] = roundTrip([steps]);
    expect([...back!]).toEqual(steps);
  });

  it('lay out steps that go back, or are not whole, as doubles', () => {
    for (const values of [
      [3, 2, 1],
      [0, 0.5, 1],
      [-1, 0, 1],
    ]) {
      expect(isAscendingIntegers(values)).toBe(false);
      expect([...roundTrip([values])[0]!]).toEqual(values);
    }
  });

  it('take up few bytes for a run of steps one apart', () => {
    const writer = new ReportWriter();
    const ref = writer.add(Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i));
    // The first delta takes 3 bytes, every later one 1.
    expect(ref.bytes).toBe(3 + 9_999);
  });

  it('refuse data that was cut or changed, saying so', () => {
    const writer = new ReportWriter();
    const ref = writer.add([1.5, 2.5, 3.5]);
    const bytes = writer.finish({ ref }, encode);
    expect(() => readReport(bytes.subarray(0, 3), decode)).toThrow(ReportFormatError);
    expect(() => readReport(bytes.subarray(0, 10), decode)).toThrow(/ends early/);
    const cut = readReport(bytes.subarray(0, bytes.length - 4), decode);
    expect(() => cut.array(ref)).toThrow(/past the report/);
    const damaged = bytes.slice();
    damaged[5] = 0xff;
    expect(() => readReport(damaged, decode)).toThrow(/damaged/);
  });
});
