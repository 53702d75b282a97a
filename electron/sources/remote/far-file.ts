// A far run's logged file as this host reads it: parts of at most MAX_FILE_PART_BYTES asked of the
// far host (loggedFilePart, through its own safe open, which refuses links out of the run and
// FIFOs there), the first on opening, which tells the size and holds a small file whole. A file
// that changes between parts, or a host that goes, fails the read with why; nothing here holds
// more than a part or two of a large file.

import type { LoggedFilePart, RequestOf } from '../../../shared/api/contract.js';
import { MAX_FILE_PART_BYTES } from '../../../shared/api/contract.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import type { LoggedFileBytes } from '../../store/logged-file-bytes.js';
import { LoggedFileRefusal } from '../../store/logged-files.js';

/** What reading a far file needs of the far host (a far run's host is one). */
export interface FarFileHost {
  readonly host: string;
  /** True while the far host is reached. */
  readonly connected: boolean;
  /** Asks the far host; rejects with an ApiFailure. */
  request(request: RequestOf<'loggedFilePart'>): Promise<LoggedFilePart>;
}

/** The part asked for on opening: it tells the file's size, and holds an image or a note whole. */
export const FIRST_PART_BYTES = 1 << 16;

/**
 * The far host's refusal as the logged file's: not there (404), not to be read (403), or the host
 * not reached (503: no fault of the file's; it may be had once the link is back).
 */
function asRefusal(far: FarFileHost, error: unknown): unknown {
  if (!(error instanceof ApiFailure)) return error;
  if (!far.connected) return new LoggedFileRefusal(503, error.message);
  const missing = error.code === 'no-such-file' || error.code === 'no-such-run';
  return new LoggedFileRefusal(missing ? 404 : 403, error.message);
}

/** A part as the far host answered it, and its bytes. */
interface FarPart {
  readonly part: LoggedFilePart;
  readonly bytes: Uint8Array;
}

/** Asks the far host for a part; rejects with the refusal, or why the answer is no such part. */
async function askPart(far: FarFileHost, request: RequestOf<'loggedFilePart'>): Promise<FarPart> {
  let part: LoggedFilePart;
  try {
    part = await far.request(request);
  } catch (error) {
    throw asRefusal(far, error);
  }
  if (
    typeof part.base64 !== 'string' ||
    part.offset !== request.offset ||
    !Number.isSafeInteger(part.size) ||
    typeof part.modified !== 'number'
  )
    throw new Error(`${far.host} answered with no part of the file asked for`);
  const decoded = Buffer.from(part.base64, 'base64');
  if (decoded.length > request.length)
    throw new Error(`${far.host} answered with more of the file than was asked for`);
  return { part, bytes: new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.length) };
}

/** Opens the file of the far run farId at path: asks its first part. */
export async function openFarFile(
  far: FarFileHost,
  farId: string,
  path: string,
): Promise<LoggedFileBytes> {
  const ask = (offset: number, length: number) =>
    askPart(far, { op: 'loggedFilePart', runId: farId, path, offset, length });
  return new FarFile(far.host, await ask(0, FIRST_PART_BYTES), ask);
}

class FarFile implements LoggedFileBytes {
  readonly size: number;
  readonly modified: number;
  readonly partBytes = MAX_FILE_PART_BYTES;
  /** The file's first bytes, asked for on opening; null once closed. */
  private first: Uint8Array | null;

  constructor(
    private readonly host: string,
    opened: FarPart,
    private readonly ask: (offset: number, length: number) => Promise<FarPart>,
  ) {
    this.size = opened.part.size;
    this.modified = opened.part.modified;
    this.first = opened.bytes;
  }

  async read(position: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, position + length);
    if (end <= position) return new Uint8Array(0);
    const first = this.first;
    if (first !== null && end <= first.length) return first.subarray(position, end);
    const parts: Uint8Array[] = [];
    for (let at = position; at < end;) {
      const { part, bytes } = await this.ask(at, Math.min(MAX_FILE_PART_BYTES, end - at));
      if (part.size !== this.size || part.modified !== this.modified)
        throw new Error(`the file changed on ${this.host} while it was read`);
      // The far file got shorter than it was when opened: fewer bytes, which the reader sees.
      if (bytes.length === 0) break;
      parts.push(bytes);
      at += bytes.length;
    }
    if (parts.length === 1) return parts[0]!;
    const whole = Buffer.concat(parts);
    return new Uint8Array(whole.buffer, whole.byteOffset, whole.length);
  }

  close(): void {
    this.first = null;
  }
}
