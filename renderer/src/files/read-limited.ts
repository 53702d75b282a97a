// Reading at most a limit of a file's bytes over fetch: the body is read as a stream and
// cancelled past the limit, so a huge log file previews without being fetched whole.

/** The preview's limit: enough text to read, little enough to render at once. */
export const PREVIEW_LIMIT = 256 * 1024;

export interface LimitedRead {
  readonly bytes: Uint8Array;
  /** True when the file held more than the bytes read. */
  readonly cut: boolean;
}

/** At most `limit` bytes of the response's body; the rest is never read. */
export async function readLimited(response: Response, limit: number): Promise<LimitedRead> {
  if (response.body === null) return { bytes: new Uint8Array(0), cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    if (length >= limit) {
      cut = length > limit;
      // Nothing past the limit is wanted: the transfer stops here.
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(length, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const take = Math.min(chunk.length, bytes.length - offset);
    bytes.set(chunk.subarray(0, take), offset);
    offset += take;
    if (offset === bytes.length) break;
  }
  return { bytes, cut };
}

/** The bytes as text; a character cut at the limit is dropped, not shown as a replacement. */
export function previewText(read: LimitedRead): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(read.bytes, { stream: read.cut });
  return text;
}
