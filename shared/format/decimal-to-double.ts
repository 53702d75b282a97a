// Exact conversion of a decimal of up to 19 significant digits to the nearest double, without
// making a string: double-double arithmetic, with a guard that hands back the rare case that
// lies too close to a halfway point between two doubles to decide this way.

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
const SPLITTER = 134217729; // 2^27 + 1, for Dekker's exact product
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HIGH = LITTLE_ENDIAN ? 1 : 0;
const LOW = LITTLE_ENDIAN ? 0 : 1;

let productError = 0;

/** a·b rounded; the exact rounding error is left in productError (Dekker). */
function twoProduct(a: number, b: number): number {
  const p = a * b;
  let c = SPLITTER * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLITTER * b;
  const bh = c - (c - b);
  const bl = b - bh;
  productError = ah * bh - p + ah * bl + al * bh + al * bl;
  return p;
}

/** The distance from a positive normal double to the next one up. */
function ulpAbove(x: number): number {
  bits[0] = x;
  if (words[LOW] === 0xffffffff) {
    words[LOW] = 0;
    words[HIGH]! += 1;
  } else {
    words[LOW]! += 1;
  }
  return bits[0]! - x;
}

/** True when a positive double is a power of two, where the gap below is half the gap above. */
function isPowerOfTwo(x: number): boolean {
  bits[0] = x;
  return words[LOW] === 0 && (words[HIGH]! & 0xfffff) === 0;
}

/**
 * The double nearest (high·10^lowDigits + low)·10^-fractionDigits, for high < 2^53, low <
 * 10^lowDigits, lowDigits <= 4 and fractionDigits from 0 to 22; undefined when it cannot tell
 * for certain, so that the caller converts the text instead.
 */
export function decimalToDouble(
  high: number,
  low: number,
  lowDigits: number,
  fractionDigits: number,
): number | undefined {
  const p1 = twoProduct(high, POWERS_OF_TEN[lowDigits]!);
  const p2 = productError;
  // The mantissa as an exact unevaluated sum mh + ml of integers.
  const s = p1 + low;
  const bv = s - p1;
  const sumError = p1 - (s - bv) + (low - bv);
  const tail = sumError + p2;
  const mh = s + tail;
  const ml = tail - (mh - s);
  if (fractionDigits === 0) return ml === 0 ? mh : undefined;
  const divisor = POWERS_OF_TEN[fractionDigits]!;
  const q1 = mh / divisor;
  const t1 = twoProduct(q1, divisor);
  const t2 = productError;
  const remainder = mh - t1 - t2 + ml;
  const q2 = remainder / divisor;
  const x = q1 + q2;
  const xv = x - q1;
  const roundingError = q1 - (x - xv) + (q2 - xv);
  if (!(x > 0) || isPowerOfTwo(x)) return undefined;
  const halfUlp = ulpAbove(x) / 2;
  // The double-double quotient is within about 2^-100 of the true value; a rounding error that
  // close to half an ulp leaves the nearest double undecided here.
  if (Math.abs(Math.abs(roundingError) - halfUlp) <= x * 2 ** -90) return undefined;
  return x;
}
