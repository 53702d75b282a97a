// The checks tags and notes share with the run writer: a string quoted for an error, and a
// string that has a UTF-8 form (no lone surrogate), refused with an error that says so.

import { isWellFormedUnicode } from '../../../shared/format/utf8.js';

export function quoted(text: string): string {
  return JSON.stringify(text);
}

export function requireUtf8String(text: unknown, what: string): string {
  if (typeof text !== 'string') throw new Error(`${what} is not a string`);
  if (!isWellFormedUnicode(text)) {
    throw new Error(`${what} ${quoted(text)} holds a lone surrogate, so it has no UTF-8 form`);
  }
  return text;
}
