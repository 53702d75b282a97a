// Telling a file that is not there from one that cannot be read: the format expects the first (an
// optional file, a run being made or deleted), while the second is a failure the log should tell.

import { errorCode } from '../error-code.js';

/** True when error says the path does not exist, or that a folder on its way is a file. */
export function isAbsent(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
