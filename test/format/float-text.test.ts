// formatFloat: fewest digits that read back, nearest first, in C's %g layout at max(15, digits).

import { describe, expect, it } from 'vitest';
import { formatFloat } from '../../shared/format/float-text.js';
import { Prng } from '../support/prng.js';

/** The significant digits and decimal exponent of a float text such as -1.25e-07 or 0.0012. */
function digitsOf(text: string): { digits: string; exponent: number } {
  const unsigned = text.replace(/^-/, '');
  const [mantissa, exp] = unsigned.split('e') as [string, string | undefined];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string | undefined];
  const all = `${whole}${fraction}`;
  const lead = all.search(/[1-9]/);
  if (lead < 0) return { digits: '0', exponent: 0 };
  const digits = all.slice(lead).replace(/0+$/, '') || '0';
  const exponent = (exp === undefined ? 0 : Number(exp)) + whole.length - 1 - lead;
  return { digits, exponent };
}

type Rational = [numerator: bigint, denominator: bigint];

/** The exact value of a finite double. */
function exactDouble(x: number): Rational {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n === 1n ? -1n : 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  return exponent >= 0
    ? [sign * mantissa * 2n ** BigInt(exponent), 1n]
    : [sign * mantissa, 2n ** BigInt(-exponent)];
}

/** The exact value of a decimal text such as -1.25e-07. */
function exactDecimal(text: string): Rational {
  const [mantissa, exp = '0'] = text.split('e') as [string, string | undefined];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string | undefined];
  const scale = Number(exp) - fraction.length;
  const digits = BigInt(`${whole}${fraction}`);
  return scale >= 0 ? [digits * 10n ** BigInt(scale), 1n] : [digits, 10n ** BigInt(-scale)];
}

/** |a - x| compared with |b - x|: negative, zero or positive. */
function compareDistance(x: number, a: string, b: string): number {
  const [xn, xd] = exactDouble(x);
  const distance = ([n, d]: Rational): Rational => {
    const diff = n * xd - xn * d;
    return [diff < 0n ? -diff : diff, d * xd];
  };
  const [an, ad] = distance(exactDecimal(a));
  const [bn, bd] = distance(exactDecimal(b));
  const lhs = an * bd;
  const rhs = bn * ad;
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

describe('formatFloat: the examples the format gives', () => {
  it.each([
    [0.1, '0.1'],
    [1, '1.0'],
    [-0, '-0.0'],
    [0, '0.0'],
    [1e16, '1e+16'],
    [5e-324, '5e-324'],
    [1e-5, '1e-05'],
  ])('%s is written %s', (x, text) => {
    expect(formatFloat(x)).toBe(text);
  });
});

describe('formatFloat: the %g layout at precision max(15, digits)', () => {
  it.each([
    // Fixed notation while -4 <= exponent < precision.
    [1e14, '100000000000000.0'],
    [123456789012345, '123456789012345.0'],
    [1e15, '1e+15'],
    // 16 and 17 digits raise the precision, so these stay fixed.
    [1234567890123456, '1234567890123456.0'],
    [2 ** 53, '9007199254740992.0'],
    [12345678901234568, '12345678901234568.0'],
    [999999999999999.9, '999999999999999.9'],
    [1e21, '1e+21'],
    [1e100, '1e+100'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [2.2250738585072014e-308, '2.2250738585072014e-308'],
    [0.0001, '0.0001'],
    [0.00012345, '0.00012345'],
    [-2.5e-7, '-2.5e-07'],
    [0.30000000000000004, '0.30000000000000004'],
    [0.1 + 0.7, '0.7999999999999999'],
    [1 / 3, '0.3333333333333333'],
    [100, '100.0'],
    [-123.456, '-123.456'],
    [4.35, '4.35'],
  ])('%s is written %s', (x, text) => {
    expect(formatFloat(x)).toBe(text);
  });
});

describe('formatFloat: property over random doubles', () => {
  it('measures distances exactly: a double halfway between two decimals is a tie', () => {
    const x = -919098981175241.25; // a double: halfway between .2 and .3
    expect(compareDistance(x, '-919098981175241.2', '-919098981175241.3')).toBe(0);
    expect(compareDistance(0.1, '0.1', '0.2')).toBeLessThan(0);
    expect(compareDistance(0.1, '1e-1', '0.09')).toBeLessThan(0);
  });

  const prng = new Prng(0x5eed_f10a);
  const samples: number[] = [];
  for (let i = 0; i < 6000; i++) samples.push(prng.finiteDouble());
  for (let i = 0; i < 3000; i++) {
    // Decimals of a few digits, the common case of metrics.
    const digits = prng.range(1, 17);
    const mantissa = Math.floor(prng.next() * 10 ** digits);
    samples.push((prng.chance(0.5) ? -1 : 1) * mantissa * 10 ** prng.range(-30, 30));
  }
  for (let i = 0; i < 1000; i++) samples.push(prng.range(-(2 ** 31), 2 ** 31));
  for (let i = 0; i < 1000; i++) samples.push(prng.u32() * 2 ** -1074); // subnormals

  it('reads back, has a fraction or exponent, and uses the fewest digits, nearest first', () => {
    const failures: string[] = [];
    const check = (ok: boolean, what: string): void => {
      if (!ok && failures.length < 10) failures.push(what);
    };
    for (const x of samples) {
      const text = formatFloat(x);
      const context = `${x} -> ${text}`;
      check(Object.is(Number(text), x), `${context}: does not read back`);
      check(/[.e]/.test(text), `${context}: no fraction or exponent`);
      check(
        /^-?(0|[1-9][0-9]*)(\.[0-9]+)?(e[+-][0-9]{2,3})?$/.test(text),
        `${context}: not a %g layout`,
      );
      const { digits, exponent } = digitsOf(text);
      if (x !== 0) {
        for (let k = 1; k < digits.length; k++) {
          check(Number(x.toPrecision(k)) !== x, `${context}: ${k} digits read back`);
        }
        // No decimal of as many digits that reads back is nearer to x than the one written.
        const nearest = x.toPrecision(digits.length);
        if (Number(nearest) === x && digitsOf(nearest).digits !== digits) {
          check(compareDistance(x, text, nearest) === 0, `${context}: ${nearest} is nearer`);
        }
      }
      const precision = Math.max(15, digits.length);
      const exponential = exponent < -4 || exponent >= precision;
      check(text.includes('e') === exponential, `${context}: exponent at ${exponent}`);
      if (exponential) {
        // %g drops the point when one digit remains: 1e+16, 5e-324.
        check(text.includes('.') === digits.length > 1, `${context}: point`);
      } else if (Number.isInteger(x)) {
        check(text.endsWith('.0'), `${context}: integral without .0`);
      }
    }
    expect(failures).toEqual([]);
  });
});
