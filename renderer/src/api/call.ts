// Turning an Api response into its result, or an error carrying the host's message.

import type { ApiError, ApiResponse } from '../../../shared/api/contract.js';

export class ApiCallError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

export function unwrap<T>(
  response: { ok: true; result: T } | { ok: false; error: ApiError } | ApiResponse,
): T {
  if (!response.ok) throw new ApiCallError(response.error);
  return response.result as T;
}
