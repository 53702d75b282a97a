// The code of a thrown Node error (ENOENT, EAGAIN...), read without trusting what was thrown.

/** The error's string `code`, or undefined when it has none (or is not an object at all). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { readonly code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
