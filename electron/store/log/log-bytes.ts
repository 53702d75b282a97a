// Reading a run's log file into a fold: whole lines only, in chunks, from a given offset,
// opening the file anew for each read as network file systems require.

import { closeSync, readSync } from 'node:fs';
import { isAbsent } from '../file-errors.js';
import { openStoreFile, UnreadableFile, unreadableFromError } from '../store-files.js';
import type { LogReadResult, WholeLinesSink } from './read-types.js';

const CHUNK_BYTES = 4 << 20;
/**
 * The buffer of small reads, reused: a followed log is read at every append, and a fresh
 * buffer each time is garbage to collect. Reads are synchronous, so one buffer serves all.
 */
const SMALL_READ_BYTES = 64 << 10;
const smallReadBuffer = Buffer.allocUnsafe(SMALL_READ_BYTES);

export interface LogReadOptions {
  /** Told the offset read up to, as the read goes. */
  readonly onProgress?: (bytes: number) => void;
  /** Reads no byte at or past this offset. */
  readonly until?: number;
}

/**
 * Applies the whole lines of the log at path from `offset` on to the fold and returns where it
 * stopped. The log is opened as openStoreFile opens a store's files: throws the file system's
 * error when the log is absent, an UnreadableFile when it is there but not a file to read.
 */
export function readLogInto(
  path: string,
  realRoot: string,
  fold: WholeLinesSink,
  offset = 0,
  options: LogReadOptions = {},
): LogReadResult {
  const { fd, stat } = openStoreFile(path, realRoot);
  try {
    const until = options.until ?? Infinity;
    const { onProgress } = options;
    const readEnd = Math.min(stat.size, until);
    const expected = readEnd - offset;
    const buffer =
      expected <= SMALL_READ_BYTES
        ? smallReadBuffer
        : Buffer.allocUnsafe(Math.min(CHUNK_BYTES, expected));
    let stoppedAtNul = false;
    // Reads may go past the size fstat gave, which a network file system can give late.
    const read = readInChunks(fd, offset, until, readEnd, buffer, (bytes, filled, at) => {
      const result = fold.applyWholeLines(bytes, 0, filled);
      stoppedAtNul = result.stoppedAtNul;
      onProgress?.(at + result.consumed);
      return { consumed: result.consumed, stop: result.stoppedAtNul };
    });
    return {
      offset: read.consumed,
      // A file cut below the offset reads nothing: its size is what fstat said, not the offset.
      size: read.fileOffset > offset ? Math.max(stat.size, read.fileOffset) : stat.size,
      mtimeMs: stat.mtimeMs,
      stoppedAtNul,
      identity: `${stat.dev}:${stat.ino}`,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the open file fd from `from` into buffer, chunk by chunk, up to `until` at most and until
 * a chunk reaches `end`, and hands each chunk's bytes not consumed yet to `take`, with the file
 * offset of their first byte; `take` says how many it consumed (whole lines) and whether to stop.
 * The rest is handed again with the next chunk; the buffer grows for a line longer than it.
 * Returns the offset past the bytes consumed and the offset read up to.
 */
export function readInChunks(
  fd: number,
  from: number,
  until: number,
  end: number,
  buffer: Buffer,
  take: (bytes: Buffer, filled: number, at: number) => { consumed: number; stop: boolean },
): { consumed: number; fileOffset: number } {
  let filled = 0;
  let fileOffset = from;
  let consumed = from;
  for (;;) {
    if (filled === buffer.length) {
      // One line longer than the buffer: grow so that the line fits whole.
      const grown = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
    const wanted = Math.min(buffer.length - filled, until - fileOffset);
    const read = wanted > 0 ? readSync(fd, buffer, filled, wanted, fileOffset) : 0;
    if (read === 0) break;
    fileOffset += read;
    filled += read;
    const taken = take(buffer, filled, consumed);
    consumed += taken.consumed;
    if (taken.stop) break;
    buffer.copy(buffer, 0, taken.consumed, filled);
    filled -= taken.consumed;
    // What was written after the caller's fstat is read at its next call; its write raises an event.
    if (fileOffset >= end) break;
  }
  return { consumed, fileOffset };
}

/** Whether a run directory's log makes it a run: its first line is whole, or why it cannot tell. */
export type FirstLine =
  | { readonly state: 'whole' }
  /** No log (yet), or its first line is not whole yet: not a run (yet). */
  | { readonly state: 'none' }
  /** The log is there but cannot be read: a FIFO, a device, a link out of the store, no access. */
  | { readonly state: 'unreadable'; readonly reason: string };

const WHOLE: FirstLine = { state: 'whole' };
const NONE: FirstLine = { state: 'none' };

/** Whether the log at path has a whole first line: the test of whether a run directory is a run. */
export function firstLineOf(path: string, realRoot: string): FirstLine {
  let opened;
  try {
    opened = openStoreFile(path, realRoot);
  } catch (error) {
    // No log (yet): a run directory being made, or a deleted run's renamed away.
    if (isAbsent(error)) return NONE;
    return { state: 'unreadable', reason: reasonOf(path, error) };
  }
  const { fd } = opened;
  try {
    let buffer = Buffer.allocUnsafe(64 * 1024);
    let filled = 0;
    for (;;) {
      const read = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (read === 0) return NONE;
      const scanFrom = filled;
      filled += read;
      const lf = buffer.indexOf(0x0a, scanFrom);
      const nul = buffer.indexOf(0, scanFrom);
      if (nul >= 0 && nul < filled && (lf < 0 || lf >= filled || nul < lf)) return NONE;
      if (lf >= 0 && lf < filled) return WHOLE;
      if (filled === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
    }
  } catch (error) {
    return { state: 'unreadable', reason: reasonOf(path, error) };
  } finally {
    closeSync(fd);
  }
}

/** Why a log cannot be read, as the user reads it. */
export function reasonOf(path: string, error: unknown): string {
  return (error instanceof UnreadableFile ? error : unreadableFromError(path, error)).reason;
}
