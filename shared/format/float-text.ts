// The format's text of a float: fewest digits that read back, laid out as C's %g at
// precision max(15, digits), with a fraction or exponent even when integral.

/** Formats a finite float; non-finite floats have no number text (see values.ts). */
export function formatFloat(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without digits gives the shortest round-tripping digits, nearest first.
  const exponential = Math.abs(x).toExponential();
  const ePos = exponential.indexOf('e');
  const digits = exponential.slice(0, ePos).replace('.', '');
  const exponent = Number(exponential.slice(ePos + 1));
  const precision = Math.max(15, digits.length);
  if (exponent < -4 || exponent >= precision) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = Math.abs(exponent);
    return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${magnitude < 10 ? '0' : ''}${magnitude}`;
  }
  let text: string;
  if (exponent >= 0) {
    const whole =
      digits.length > exponent + 1
        ? digits.slice(0, exponent + 1)
        : digits.padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    text = fraction.length > 0 ? `${whole}.${fraction}` : `${whole}.0`;
  } else {
    text = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  return sign + text;
}
