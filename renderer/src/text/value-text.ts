// How values read on screen: floats to a useful precision with the exact value on hover,
// NaN and the infinities named, integers (exact, even past 2^53) in full.

import type { Value } from '../../../shared/format/values.js';
import { formatFloat } from '../../../shared/format/float-text.js';

export interface ValueText {
  /** What the cell shows. */
  readonly short: string;
  /** The exact value, as the store writes it. */
  readonly exact: string;
  readonly kind: 'int' | 'float' | 'bool' | 'string';
  /** True for NaN and the infinities, which deserve a second look. */
  readonly special: boolean;
}

export function floatText(x: number, significant = 6): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '−Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const magnitude = Math.abs(x);
  if (magnitude >= 1e6 || magnitude < 1e-4)
    return x.toExponential(Math.max(0, significant - 3)).replace('e+', 'e');
  const text = x.toPrecision(significant);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export function exactFloatText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return formatFloat(x);
}

export function valueText(value: Value): ValueText {
  switch (typeof value) {
    case 'bigint': {
      const text = value.toString();
      return { short: text, exact: text, kind: 'int', special: false };
    }
    case 'number':
      return {
        short: floatText(value),
        exact: exactFloatText(value),
        kind: 'float',
        special: !Number.isFinite(value),
      };
    case 'boolean':
      return { short: String(value), exact: String(value), kind: 'bool', special: false };
    default:
      return { short: value, exact: value, kind: 'string', special: false };
  }
}

/** A number for sorting values of mixed kinds: numbers by value, the rest after them. */
/** What sortableValue gives for a value that is not there. */
export const MISSING = '\uffff';

export function sortableValue(value: Value | undefined): number | string {
  if (value === undefined) return MISSING;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Number.isNaN(value) ? Infinity : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
