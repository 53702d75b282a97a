// The framing of `munin-view serve --stdio` on both ends of a pipe (an ssh session): each wire-codec
// message as a 4-byte big-endian length, then that many bytes. A length past the reader's cap
// ends the stream: after a bad length nothing that follows can be framed again.

/** What the far side sends at most in one frame: the WebSocket's cap (FLOW_LIMITS.maxFrameBytes). */
export const MAX_SERVER_FRAME_BYTES = 64 * (1 << 20);
/** What the near side sends at most in one frame: the WebSocket server's maxPayload. */
export const MAX_CLIENT_FRAME_BYTES = 8 * (1 << 20);

const PREFIX_BYTES = 4;

export class FrameError extends Error {}

/** The 4-byte prefix of a frame of `length` bytes; the frame's bytes follow it unchanged. */
export function framePrefix(length: number): Uint8Array {
  const prefix = new Uint8Array(PREFIX_BYTES);
  new DataView(prefix.buffer).setUint32(0, length, false);
  return prefix;
}

/** One frame with its prefix, in one array: for small frames and tests. */
export function framed(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(PREFIX_BYTES + message.length);
  out.set(framePrefix(message.length), 0);
  out.set(message, PREFIX_BYTES);
  return out;
}

/**
 * Cuts a byte stream into frames as its chunks come: a chunk may hold several frames, or a part
 * of one. Holds at most one frame (at most `maxBytes`) and a prefix; a length over the cap throws
 * a FrameError, and so does every push after it.
 */
export class FrameReader {
  private chunks: Uint8Array[] = [];
  private held = 0;
  /** The length of the frame being gathered, once its prefix is whole. */
  private expected: number | null = null;
  private failed: FrameError | null = null;

  constructor(private readonly maxBytes: number) {}

  /** Bytes waiting that are no whole frame yet: non-zero at the end means a frame was cut. */
  get pending(): number {
    return this.held;
  }

  /** The frames this chunk completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    if (this.failed !== null) throw this.failed;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.held += chunk.length;
    }
    const frames: Uint8Array[] = [];
    for (;;) {
      if (this.expected === null) {
        if (this.held < PREFIX_BYTES) return frames;
        const prefix = this.take(PREFIX_BYTES);
        const length = new DataView(prefix.buffer, prefix.byteOffset, PREFIX_BYTES).getUint32(
          0,
          false,
        );
        if (length > this.maxBytes) {
          this.failed = new FrameError(
            `a frame of ${length} bytes, more than the ${this.maxBytes} a frame may hold`,
          );
          this.chunks = [];
          this.held = 0;
          throw this.failed;
        }
        this.expected = length;
      }
      if (this.held < this.expected) return frames;
      frames.push(this.take(this.expected));
      this.expected = null;
    }
  }

  /** The first n bytes held, as one array (a view when one chunk holds them all). */
  private take(n: number): Uint8Array {
    const first = this.chunks[0];
    let out: Uint8Array;
    if (first !== undefined && first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    } else {
      out = new Uint8Array(n);
      let filled = 0;
      while (filled < n) {
        const chunk = this.chunks[0]!;
        const part = Math.min(n - filled, chunk.length);
        out.set(chunk.subarray(0, part), filled);
        filled += part;
        if (part === chunk.length) this.chunks.shift();
        else this.chunks[0] = chunk.subarray(part);
      }
    }
    this.held -= n;
    return out;
  }
}
