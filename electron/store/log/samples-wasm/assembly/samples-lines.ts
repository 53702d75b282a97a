// AssemblyScript, compiled to WebAssembly by build/wasm.mjs: reads a run of metrics or reading
// lines that repeat one line's keys, 64 bits at a time, where JavaScript reads 32. It takes a line
// only when it reads it exactly as the general parser would, and stops before any other line,
// which the JavaScript fast path or the general parser then reads (samples-fast-path.ts).

// The memory's layout, shared with wasm-lines.ts, which writes the literals, slots and input.
const POWERS: i32 = 1024; // f64[23]: 10^k
const INVERSES: i32 = POWERS + 23 * 8; // f64[23]: 1 / 10^k
const HIGH_HALVES: i32 = INVERSES + 23 * 8; // f64[23]: Dekker's high half of 10^k
const LOW_HALVES: i32 = HIGH_HALVES + 23 * 8; // f64[23]: 10^k less its high half
const INTEGER_POWERS: i32 = LOW_HALVES + 23 * 8; // u64[20]: 10^k
const METRICS_HEAD: i32 = 2560; // {"type":"metrics","time":
const READING_HEAD: i32 = 2592; // {"type":"reading","time":
const HEAD_LENGTH: i32 = 25;
const STEP_MEMBER: i32 = 2624; // ,"step":
const STEP_MEMBER_LENGTH: i32 = 8;
const VALUES_MEMBER: i32 = 2640; // ,"values":{
const VALUES_MEMBER_LENGTH: i32 = 11;
const SLOT_LENGTHS: i32 = 3072; // i32[MAX_SLOTS]: each slot's member length
const SLOT_MEMBERS: i32 = 4096; // MAX_SLOTS members of MEMBER_BYTES: "key":
const MEMBER_BYTES: i32 = 256;
const MAX_SLOTS: i32 = 64;

/** Dekker's splitter, 2^27 + 1. */
const SPLITTER: f64 = 134217729.0;
/** 2^-95: far above the error of the computed correction, far below an ulp (decimal-to-double.ts). */
const DECISION_MARGIN: f64 = 2.524354896707238e-29;
const EXACT_INTEGER_LIMIT: u64 = 1 << 53;
const DECIMAL_TO_DOUBLE_LIMIT: u64 = 1000000000000000000;
const MAX_STEP_DIGITS: i32 = 15;
const MAX_DIGITS: i32 = 19;
/** Digits read in one run at most: three words. Longer runs go to the JavaScript path. */
const MAX_DIGIT_RUN: i32 = 24;
/** Exponent digits read at most; the JavaScript path reads longer exponents. */
const MAX_EXPONENT_DIGITS: i32 = 8;

const ASCII_ZEROS: u64 = 0x3030303030303030;
const HIGH_NIBBLES: u64 = 0xf0f0f0f0f0f0f0f0;
const SIXES: u64 = 0x0606060606060606;

/** Fills the tables of powers of ten; called once, after instantiation. */
export function init(): void {
  let power: f64 = 1;
  for (let k = 0; k < 23; k++) {
    store<f64>(POWERS + (k << 3), power);
    store<f64>(INVERSES + (k << 3), 1.0 / power);
    const high = SPLITTER * power - (SPLITTER * power - power);
    store<f64>(HIGH_HALVES + (k << 3), high);
    store<f64>(LOW_HALVES + (k << 3), power - high);
    power *= 10;
  }
  let integer: u64 = 1;
  for (let k = 0; k < 20; k++) {
    store<u64>(INTEGER_POWERS + (k << 3), integer);
    integer *= 10;
  }
}

let slotCount: i32 = 0;

/** How many slots the next scans match, their members written at SLOT_MEMBERS beforehand. */
export function setSlotCount(count: i32): void {
  slotCount = count < MAX_SLOTS ? count : MAX_SLOTS;
}

/** Where the last scan stopped: the start of the first line it did not take. */
export let stoppedAt: i32 = 0;

// What the helpers below leave besides their result, kept in globals as a second return value.
let digitsEnd: i32 = 0;
let numberValue: f64 = 0;

/** A word with a high nibble set in each byte that is no ASCII digit, and in no digit. */
// @ts-ignore: decorator
@inline
function notDigitBytes(word: u64): u64 {
  // A carry out of a byte past 0xf9 spoils only the bytes after it, and that byte is no digit.
  return ((word & HIGH_NIBBLES) ^ ASCII_ZEROS) | (((word + SIXES) & HIGH_NIBBLES) ^ ASCII_ZEROS);
}

/** The value of eight digit bytes, the first the most significant (SWAR, in three steps). */
// @ts-ignore: decorator
@inline
function eightDigits(digits: u64): u64 {
  let pairs = digits * 10 + (digits >> 8);
  pairs =
    ((pairs & 0x000000ff000000ff) * (100 + (<u64>1000000 << 32)) +
      ((pairs >> 16) & 0x000000ff000000ff) * (1 + (<u64>10000 << 32))) >>
    32;
  return pairs;
}

/**
 * Reads the digits from `at` into significand, eight at a time; leaves their end in digitsEnd,
 * or -1 past MAX_DIGIT_RUN digits, which no number this path takes has. Words may run past the
 * bytes given: the caller checks where the digits ended.
 */
// @ts-ignore: decorator
@inline
function digitsInto(at: i32, significand: u64): u64 {
  let i = at;
  let s = significand;
  // Bounded, so that a run of digits past the bytes given is never read to its end.
  const last = at + MAX_DIGIT_RUN;
  while (i < last) {
    const word = load<u64>(i);
    const notDigits = notDigitBytes(word);
    if (notDigits != 0) {
      const run = <i32>(ctz(notDigits) >> 3);
      if (run != 0) {
        // The run's digits moved to the word's top, the bytes after them shifted out.
        const digits = (word - ASCII_ZEROS) << ((64 - 8 * run) as u64);
        s = s * load<u64>(INTEGER_POWERS + (run << 3)) + eightDigits(digits);
      }
      digitsEnd = i + run;
      return s;
    }
    s = s * 100000000 + eightDigits(word - ASCII_ZEROS);
    i += 8;
  }
  digitsEnd = -1;
  return s;
}

/**
 * The double nearest significand·10^-fractionDigits, for significand from 2^53 to 10^18 and
 * fractionDigits from 1 to 22, or NaN when it cannot tell: decimal-to-double.ts, with the
 * significand's rounding error taken exactly from its 64 bits.
 */
// @ts-ignore: decorator
@inline
function decimalToDouble(significand: u64, fractionDigits: i32): f64 {
  const nearest = <f64>significand;
  const nearestError = <f64>(<i64>significand - <i64>nearest);
  const at = fractionDigits << 3;
  const divisor = load<f64>(POWERS + at);
  const inverse = load<f64>(INVERSES + at);
  const quotient = nearest * inverse;
  const split = SPLITTER * quotient;
  const quotientHigh = split - (split - quotient);
  const quotientLow = quotient - quotientHigh;
  const divisorHigh = load<f64>(HIGH_HALVES + at);
  const divisorLow = load<f64>(LOW_HALVES + at);
  const product = quotient * divisor;
  const productError =
    quotientHigh * divisorHigh -
    product +
    quotientHigh * divisorLow +
    quotientLow * divisorHigh +
    quotientLow * divisorLow;
  const remainder = nearest - product - productError + nearestError;
  const correction = remainder * inverse;
  const margin = quotient * DECISION_MARGIN;
  const below = quotient + (correction - margin);
  const above = quotient + (correction + margin);
  return below == above ? below : NaN;
}

/**
 * A number literal from `at`, read as the JavaScript fast path reads it; leaves its value in
 * numberValue and returns the offset past it, or -1 for what that path hands to Number().
 */
// @ts-ignore: decorator
@inline
function number(at: i32): i32 {
  let i = at;
  const negative = load<u8>(i) == 0x2d;
  if (negative) i++;
  const intStart = i;
  let significand = digitsInto(i, 0);
  i = digitsEnd;
  if (i < 0) return -1;
  const intDigits = i - intStart;
  if (intDigits == 0 || (intDigits > 1 && load<u8>(intStart) == 0x30)) return -1;
  let scale = 0;
  let digits = intDigits;
  const hasFraction = load<u8>(i) == 0x2e;
  if (hasFraction) {
    const fractionStart = i + 1;
    significand = digitsInto(fractionStart, significand);
    i = digitsEnd;
    if (i < 0) return -1;
    // A point must have digits after it.
    if (i == fractionStart) return -1;
    scale = fractionStart - i;
    digits += i - fractionStart;
  }
  if (digits > MAX_DIGITS) {
    // Past 19 digits the significand may have overflowed, unless the first ones were zeros.
    let zeros = 0;
    while (zeros < digits && load<u8>(intStart + zeros + (zeros >= intDigits ? 1 : 0)) == 0x30)
      zeros++;
    if (digits - zeros > MAX_DIGITS) return -1;
  }
  let hasExponent = false;
  if ((load<u8>(i) | 0x20) == 0x65) {
    hasExponent = true;
    i++;
    let exponentNegative = false;
    const sign = load<u8>(i);
    if (sign == 0x2b || sign == 0x2d) {
      exponentNegative = sign == 0x2d;
      i++;
    }
    const exponentStart = i;
    let exponent = 0;
    while (i - exponentStart <= MAX_EXPONENT_DIGITS) {
      const digit = <i32>load<u8>(i) - 0x30;
      if (digit < 0 || digit > 9) break;
      exponent = exponent * 10 + digit;
      i++;
    }
    if (i == exponentStart || i - exponentStart > MAX_EXPONENT_DIGITS) return -1;
    scale += exponentNegative ? -exponent : exponent;
  }
  let value: f64 = NaN;
  if (scale >= -22 && scale <= 22) {
    if (significand < EXACT_INTEGER_LIMIT) {
      const exact = <f64>significand;
      value =
        scale < 0
          ? exact / load<f64>(POWERS + (-scale << 3))
          : exact * load<f64>(POWERS + (scale << 3));
    } else if (scale < 0 && significand < DECIMAL_TO_DOUBLE_LIMIT) {
      value = decimalToDouble(significand, -scale);
    }
  }
  if (value != value) return -1;
  // An integer literal -0 is 0, as the general parser reads it; -0.0 is -0.
  numberValue = negative && (value != 0 || hasFraction || hasExponent) ? -value : value;
  return i;
}

/**
 * True when the `length` bytes at `at` are those at `literal`: eight at a time, the last word
 * overlapping the one before it, or one masked word when there are fewer than eight.
 */
// @ts-ignore: decorator
@inline
function matches(at: i32, literal: i32, length: i32): bool {
  if (length < 8) {
    const mask = (<u64>1 << (<u64>length << 3)) - 1;
    return ((load<u64>(at) ^ load<u64>(literal)) & mask) == 0;
  }
  let k = 0;
  while (k + 8 < length) {
    if (load<u64>(at + k) != load<u64>(literal + k)) return false;
    k += 8;
  }
  return load<u64>(at + length - 8) == load<u64>(literal + length - 8);
}

/**
 * Reads whole lines from `start` before `end` that are metrics lines (or reading lines when
 * isMetrics is 0) naming the slots' keys in order, and nothing else; for each writes its time,
 * step and values as f64 from `output` on, up to `outputEnd`. Returns the lines read and leaves
 * where it stopped in stoppedAt. Reads may run a few hundred bytes past `end`, never trusted: a
 * line is taken only when its line feed lies before `end`.
 */
export function scanLines(
  start: i32,
  end: i32,
  isMetrics: i32,
  output: i32,
  outputEnd: i32,
): i32 {
  const head = isMetrics != 0 ? METRICS_HEAD : READING_HEAD;
  const slots = slotCount;
  const lineOutput = (2 + slots) << 3;
  let pos = start;
  let out = output;
  let lines = 0;
  while (pos + HEAD_LENGTH < end && out + lineOutput <= outputEnd && slots > 0) {
    if (!matches(pos, head, HEAD_LENGTH)) break;
    let p = number(pos + HEAD_LENGTH);
    if (p < 0 || p >= end) break;
    const time = numberValue;
    if (!matches(p, STEP_MEMBER, STEP_MEMBER_LENGTH)) break;
    p += STEP_MEMBER_LENGTH;
    const stepStart = p;
    const step = digitsInto(p, 0);
    p = digitsEnd;
    if (p < 0) break;
    const stepDigits = p - stepStart;
    if (stepDigits == 0 || stepDigits > MAX_STEP_DIGITS || p >= end) break;
    if (stepDigits > 1 && load<u8>(stepStart) == 0x30) break;
    if (!matches(p, VALUES_MEMBER, VALUES_MEMBER_LENGTH)) break;
    p += VALUES_MEMBER_LENGTH;
    store<f64>(out, time);
    store<f64>(out + 8, <f64>step);
    let taken = true;
    for (let k = 0; k < slots; k++) {
      const length = load<i32>(SLOT_LENGTHS + (k << 2));
      if (p >= end || !matches(p, SLOT_MEMBERS + k * MEMBER_BYTES, length)) {
        taken = false;
        break;
      }
      p = number(p + length);
      if (p < 0 || p >= end) {
        taken = false;
        break;
      }
      store<f64>(out + ((2 + k) << 3), numberValue);
      // Members are separated by commas, and the last ends the values object.
      if (load<u8>(p) != (k + 1 < slots ? 0x2c : 0x7d)) {
        taken = false;
        break;
      }
      p++;
    }
    if (!taken || p + 1 >= end || load<u8>(p) != 0x7d || load<u8>(p + 1) != 0x0a) break;
    pos = p + 2;
    out += lineOutput;
    lines++;
  }
  stoppedAt = pos;
  return lines;
}
