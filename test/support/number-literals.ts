// Number literals for the fast read paths' tests: the edges of their word reads and of exact
// conversion, and random literals whose digits end anywhere in a word.

import type { Prng } from './prng.js';

/** A decimal digit string of `count` digits, the first not 0. */
export function digitString(prng: Prng, count: number): string {
  let text = String(prng.range(1, 9));
  for (let k = 1; k < count; k++) text += String(prng.int(10));
  return text;
}

/** A decimal digit string of `count` digits, any of them 0. */
export const anyDigits = (prng: Prng, count: number): string =>
  Array.from({ length: count }, () => String(prng.int(10))).join('');

/** A number literal whose digits end anywhere in a word, read four and eight bytes at a time. */
export function numberLiteral(prng: Prng): string {
  let text = prng.chance(0.2) ? '-' : '';
  text += prng.chance(0.3) ? '0' : digitString(prng, prng.range(1, 20));
  if (prng.chance(0.7)) {
    const zeros = prng.chance(0.5) ? 0 : prng.range(0, 20);
    text += `.${'0'.repeat(zeros)}${anyDigits(prng, prng.range(zeros === 0 ? 1 : 0, 20))}`;
  }
  if (prng.chance(0.15)) {
    text += `${prng.pick(['e', 'E'])}${prng.pick(['', '+', '-'])}${anyDigits(prng, prng.range(1, 3))}`;
  }
  return text;
}

/** Literals at the edges of word reads, exact conversion and the grammar, valid or not. */
export const NUMBER_EDGES: readonly string[] = [
  ['0', '-0', '0.0', '-0.0', '-0e0', '0e5', '00', '01', '1.', '.5', '-', '1e', '1e+', '--1'],
  ['1', '12', '123', '1234', '12345', '1234567', '12345678', '123456789', '1234.5678'],
  ['1234567890123456', '12345678901234567', '123456789012345678', '1234567890123456789'],
  ['9007199254740993', '9007199254740993.0', '900719925474099.3', '9007199254740994.99'],
  ['999999999999999999', '99999999999999999.9', '0.999999999999999999', '1000000000000000000'],
  ['0.0001234', '0.000000000000000000001234', '0.00000000000000000000000000001234'],
  ['0.0012240667292484524', '2.650275937980041', '3.6120726397493854', '4.7131164483726025'],
  ['1793541787.25', '1732912345.6789124', '1732912345.678912', '17329123456.789124'],
  ['1e22', '1e23', '1.5e-7', '12345678901234567e-3', '1E+2', '1e-0', '1e-22', '1.2e-21'],
  ['5e-324', '1.7976931348623157e308', '1e400', '-1e400', '2.2250738585072014e-308'],
  ['1.2.3', '1..2', '12345678.12345678.1', '1.5e5e5', '1.5e5.5', '-1-1', '1e-5-5'],
].flat();
