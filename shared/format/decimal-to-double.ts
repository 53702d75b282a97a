// Exact conversion of a decimal of 16 to 18 significant digits to the nearest double, without
// making a string: one exact remainder in double-double arithmetic, and a check that hands back
// the rare case too close to a halfway point between two doubles to decide this way.

const SPLITTER = 134217729; // 2^27 + 1, for Dekker's exact product
// Typed arrays, which the optimizing compiler reads without checking what kind of array they are.
const POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
const INVERSE_POWERS_OF_TEN = POWERS_OF_TEN.map((p) => 1 / p);
// Each power of ten up to 10^22 is a double; its Dekker halves are computed once, not per number.
const POWER_HIGH_HALVES = POWERS_OF_TEN.map((p) => SPLITTER * p - (SPLITTER * p - p));
const POWER_LOW_HALVES = POWERS_OF_TEN.map((p, k) => p - POWER_HIGH_HALVES[k]!);
/** Far above the error of the computed correction (about 2^-102 of the result), far below an ulp. */
const DECISION_MARGIN = 2 ** -95;

/**
 * The double nearest S/10^fractionDigits, for an integer S below 10^18 given as the double
 * nearest it, significand, and what that one lacks, significandError (S = significand +
 * significandError exactly), and fractionDigits from 1 to 22; NaN when it cannot tell for
 * certain, so that the caller converts the text instead. For S below 2^53, an exact double, one
 * correctly rounded division does (Clinger's fast path).
 */
export function decimalToDouble(
  significand: number,
  significandError: number,
  fractionDigits: number,
): number {
  const divisor = POWERS_OF_TEN[fractionDigits]!;
  // A first quotient within an ulp or two; the remainder below corrects it whatever its error.
  const quotient = significand * INVERSE_POWERS_OF_TEN[fractionDigits]!;
  // quotient·divisor = product + productError exactly (Dekker, the divisor split beforehand).
  const split = SPLITTER * quotient;
  const quotientHigh = split - (split - quotient);
  const quotientLow = quotient - quotientHigh;
  const divisorHigh = POWER_HIGH_HALVES[fractionDigits]!;
  const divisorLow = POWER_LOW_HALVES[fractionDigits]!;
  const product = quotient * divisor;
  const productError =
    quotientHigh * divisorHigh -
    product +
    quotientHigh * divisorLow +
    quotientLow * divisorHigh +
    quotientLow * divisorLow;
  // significand - product is exact (Sterbenz: they are within a factor of two of each other).
  const remainder = significand - product - productError + significandError;
  const correction = remainder * INVERSE_POWERS_OF_TEN[fractionDigits]!;
  // The exact value lies within margin of quotient + correction, and rounding is monotonic: when
  // both ends of that interval round to the same double, so does the exact value.
  const margin = quotient * DECISION_MARGIN;
  const below = quotient + (correction - margin);
  const above = quotient + (correction + margin);
  // NaN written so that the parser folds it to a constant: the global NaN, loaded where no
  // feedback has reached yet, would box the result wherever this is inlined.
  return below === above ? below : 0 / 0;
}
