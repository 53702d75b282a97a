// How an op handler refuses a request: an ApiFailure with the Api's error code, which the
// Backend answers as it is; anything else thrown is an internal error, its message kept.

import type { ApiError } from '../../../shared/api/contract.js';
import { UnreadableFile } from '../../store/store-files.js';

export class ApiFailure extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs a write of tags or notes (a far run's is done by its host, later); a failure is the Api's
 * write-failed, saying why, and a refusal already in the Api's terms (the far host's) is kept.
 */
export async function writeOrFail(write: () => void | Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    throw new ApiFailure('write-failed', error instanceof Error ? error.message : String(error));
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiFailure) return { code: error.code, message: error.message };
  // A file of the store that is there but cannot be read: the user is told which, and why.
  if (error instanceof UnreadableFile) return { code: 'unreadable', message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
