// The members of a loggedFilePart request past its run id, checked as every request's are: a
// path as a file record can name one, and a byte range of at most one part.

import { MAX_FILE_PART_BYTES } from './contract.js';
import { isWellFormedUnicode } from '../format/utf8.js';

/** Longer than any path a file system opens (PATH_MAX is 4096 bytes on Linux). */
const MAX_PATH_LENGTH = 4096;

/** The path and the range asked for; or why they are not a part of a logged file. */
export function checkFilePart(
  raw: Readonly<Record<string, unknown>>,
): { path: string; offset: number; length: number } | string {
  const { path, offset, length } = raw;
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_LENGTH)
    return `path must be a logged file's path of at most ${MAX_PATH_LENGTH} characters`;
  // A record's path never holds one: such a path names no file the run logged.
  if (path.includes('\u0000') || !isWellFormedUnicode(path))
    return 'path must be valid Unicode text without NUL';
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
    return 'offset must be a whole number of bytes from 0';
  if (
    typeof length !== 'number' ||
    !Number.isInteger(length) ||
    length < 0 ||
    length > MAX_FILE_PART_BYTES
  )
    return `length must be a whole number of bytes from 0 to ${MAX_FILE_PART_BYTES}`;
  return { path, offset, length };
}
