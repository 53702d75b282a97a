// Numbers in table cells: which texts are numbers (decimal literals, and the nan and inf that
// pandas and numpy write), their values for sorting, and an exact order for integers that one
// double cannot tell apart. A number is always shown as written; only its order uses its value.

const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;
const INTEGER = /^[+-]?[0-9]+$/;

/** True when text is a number as a table writes one. */
export function isNumberText(text: string): boolean {
  return DECIMAL.test(text) || NON_FINITE.test(text);
}

/** The value of a number text (correctly rounded); NaN for nan, ±Infinity for inf. */
export function numberValue(text: string): number {
  if (NON_FINITE.test(text)) {
    if (/nan/i.test(text)) return NaN;
    return text.startsWith('-') ? -Infinity : Infinity;
  }
  return Number(text);
}

/**
 * The order of two number texts whose doubles are equal: integers beyond 2^53 compared exactly
 * (9007199254740993 after 9007199254740992); any other pair is equal here.
 */
export function exactIntegerOrder(a: string, b: string): number {
  if (!INTEGER.test(a) || !INTEGER.test(b)) return 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
