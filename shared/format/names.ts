// The format's names: texts, tags, keys and segments, and run ids as opaque texts.

import { isWellFormedUnicode } from './utf8.js';

/** A text: non-empty, well-formed, with no control character (U+0000 to U+001F, U+007F). */
export function isText(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return isWellFormedUnicode(value);
}

/** A tag: a text with no `,`, so that tags joined by `,` split back. */
export function isTag(value: string): boolean {
  return isText(value) && !value.includes(',');
}

/** A segment: a text with no `/` that does not start with `.`. */
export function isSegment(value: string): boolean {
  return isText(value) && !value.includes('/') && !value.startsWith('.');
}

/** A key: one or more segments joined by `/`, such as "train/loss". */
export function isKey(value: string): boolean {
  if (value.length === 0) return false;
  return value.split('/').every(isSegment);
}

/** Why a proposed tag is not one, for a person editing tags; undefined when it is a tag. */
export function tagProblem(value: string): string | undefined {
  if (value.length === 0) return 'A tag cannot be empty.';
  if (value.includes(',')) return 'A tag cannot hold a comma (tags joined by "," must split back).';
  if (!isWellFormedUnicode(value)) return 'A tag must be valid Unicode text.';
  if (!isText(value)) return 'A tag cannot hold control characters such as tabs or line breaks.';
  return undefined;
}
