// Reading a run's log file into a fold: whole lines only, in chunks, from a given offset,
// opening the file anew for each read as network file systems require.

import { closeSync, readSync } from 'node:fs';
import { isAbsent } from '../file-errors.js';
import { openStoreFile, whyUnreadable } from '../store-files.js';
import type { LogReadResult, LogVersion, PartialLine, WholeLinesSink } from './read-types.js';
import { giveBackReadBuffer, lendReadBuffer } from './samples-wasm/wasm-lines.js';

/**
 * The longest line a reader holds whole, its line feed included. A longer line is no record
 * munin writes; it is scanned past for its line feed with a buffer of fixed size, never held,
 * so that a log's tail without a line feed costs no more memory than this.
 */
export const MAX_LINE_BYTES = 64 << 20;

/**
 * The buffer of small reads, reused: a followed log is read at every append, and a fresh
 * buffer each time is garbage to collect. Reads are synchronous, so one buffer serves all.
 */
const SMALL_READ_BYTES = 64 << 10;
const smallReadBuffer = Buffer.allocUnsafe(SMALL_READ_BYTES);
/**
 * A line not whole yet that is shorter than this is read again from its start at the next read,
 * which costs less than a scan and sees it whole however a resume cut and rewrote it meanwhile;
 * a longer one is scanned on from where the last read got.
 */
const SCANNED_PARTIAL_BYTES = SMALL_READ_BYTES;

/**
 * A buffer for reading about `expected` bytes: the shared small one, or a chunk lent by the
 * WebAssembly scanner, given back with giveBackReadBuffer.
 */
function bufferFor(expected: number): Buffer {
  return expected <= SMALL_READ_BYTES ? smallReadBuffer : lendReadBuffer(expected);
}

export interface LogReadOptions {
  /** The partial line at the offset that the last read of this log returned. */
  readonly partialLine?: PartialLine | null;
  /**
   * Reads nothing when the file still has this size, modification time and identity: the
   * result then says `unchanged`, and its offset, partialLine and stoppedAtNul say nothing.
   */
  readonly unlessVersion?: LogVersion;
  /** Told the offset read up to, as the read goes. */
  readonly onProgress?: (bytes: number) => void;
  /** Reads no byte at or past this offset. */
  readonly until?: number;
}

/**
 * Applies the whole lines of the log at path from `offset` on to the fold and returns where it
 * stopped. A line longer than MAX_LINE_BYTES is scanned past, and the fold told it is damaged.
 * The log is opened as openStoreFile opens a store's files: throws the file system's error when
 * the log is absent, an UnreadableFile when it is there but not a file to read.
 */
export function readLogInto(
  path: string,
  realRoot: string,
  fold: WholeLinesSink,
  offset = 0,
  options: LogReadOptions = {},
): LogReadResult {
  const { fd, stat } = openStoreFile(path, realRoot);
  let buffer: Buffer | null = null;
  try {
    const identity = `${stat.dev}:${stat.ino}`;
    const known = options.unlessVersion;
    if (
      known !== undefined &&
      known.size === stat.size &&
      known.mtimeMs === stat.mtimeMs &&
      known.identity === identity
    )
      return {
        offset,
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        stoppedAtNul: false,
        identity,
        partialLine: null,
        bytesRead: 0,
        unchanged: true,
      };
    const until = options.until ?? Infinity;
    const readEnd = Math.min(stat.size, until);
    const { onProgress } = options;
    // A log cut below where the scan got holds another line there, maybe whole.
    let scan = options.partialLine ?? null;
    if (scan !== null && (scan.start !== offset || scan.scannedTo > stat.size)) scan = null;
    buffer = bufferFor(readEnd - (scan?.scannedTo ?? offset));
    let at = offset;
    let reached = offset;
    let bytesRead = 0;
    let stoppedAtNul = false;
    const take = (bytes: Buffer, filled: number, from: number) => {
      const result = fold.applyWholeLines(bytes, 0, filled);
      stoppedAtNul = result.stoppedAtNul;
      onProgress?.(from + result.consumed);
      return { consumed: result.consumed, stop: result.stoppedAtNul };
    };
    for (;;) {
      if (scan !== null) {
        const found = scanLine(fd, scan.scannedTo, until, readEnd, buffer);
        bytesRead += found.bytesRead;
        reached = Math.max(reached, found.scannedTo);
        if (found.lineFeed < 0) {
          stoppedAtNul = found.atNul;
          scan = { start: at, scannedTo: found.scannedTo };
          break;
        }
        scan = null;
        if (found.lineFeed + 1 - at > MAX_LINE_BYTES) {
          fold.skipLongLine();
          at = found.lineFeed + 1;
          onProgress?.(at);
        }
        // Else the line is whole and fits: it is read from its start, once.
      }
      // Reads may go past the size fstat gave, which a network file system can give late.
      const read = readInChunks(fd, at, until, readEnd, buffer, take);
      bytesRead += read.fileOffset - at;
      reached = Math.max(reached, read.fileOffset);
      at = read.consumed;
      // What the chunks held of the line holds no line feed, and no NUL, or the fold would have
      // stopped there: the scan goes on from where they ended.
      if (read.longLine) scan = { start: at, scannedTo: read.fileOffset };
      else {
        if (!stoppedAtNul && read.fileOffset - at >= SCANNED_PARTIAL_BYTES)
          scan = { start: at, scannedTo: read.fileOffset };
        break;
      }
    }
    return {
      offset: at,
      // A file cut below the offset reads nothing: its size is what fstat said, not the offset.
      size: reached > offset ? Math.max(stat.size, reached) : stat.size,
      mtimeMs: stat.mtimeMs,
      stoppedAtNul,
      identity,
      partialLine: scan,
      bytesRead,
      unchanged: false,
    };
  } finally {
    if (buffer !== null) giveBackReadBuffer(buffer);
    closeSync(fd);
  }
}

/**
 * Reads the open file fd from `from` into buffer, chunk by chunk, up to `until` at most and until
 * a chunk reaches `end`, and hands each chunk's bytes not consumed yet to `take`, with the file
 * offset of their first byte; `take` says how many it consumed (whole lines) and whether to stop.
 * The rest is handed again with the next chunk; the buffer grows for a line longer than it, up
 * to MAX_LINE_BYTES. Returns the offset past the bytes consumed, the offset read up to, and
 * whether it stopped at a line longer than that, whose bytes it read up to that offset.
 */
export function readInChunks(
  fd: number,
  from: number,
  until: number,
  end: number,
  buffer: Buffer,
  take: (bytes: Buffer, filled: number, at: number) => { consumed: number; stop: boolean },
): { consumed: number; fileOffset: number; longLine: boolean } {
  let filled = 0;
  let fileOffset = from;
  let consumed = from;
  for (;;) {
    if (filled === buffer.length) {
      if (buffer.length >= MAX_LINE_BYTES) return { consumed, fileOffset, longLine: true };
      // One line longer than the buffer: grow so that the line fits whole.
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_LINE_BYTES));
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
  return { consumed, fileOffset, longLine: false };
}

/** Where a scan for a line's end found it, or how far it got without. */
interface LineScan {
  /** The offset of the line feed, or -1 when none came first. */
  readonly lineFeed: number;
  /** True when a NUL came first: the line is not whole until the file system fills it. */
  readonly atNul: boolean;
  /** The line feed's offset, the NUL's, or how far the file was read. */
  readonly scannedTo: number;
  readonly bytesRead: number;
}

/**
 * Scans the open file fd from `from` for the first line feed or NUL, through buffer reused for
 * each chunk, up to `until` at most and until a chunk reaches `end`: the bytes scanned are not
 * kept, however many they are.
 */
function scanLine(fd: number, from: number, until: number, end: number, buffer: Buffer): LineScan {
  let at = from;
  let bytesRead = 0;
  for (;;) {
    const wanted = Math.min(buffer.length, until - at);
    const read = wanted > 0 ? readSync(fd, buffer, 0, wanted, at) : 0;
    if (read === 0) break;
    bytesRead += read;
    const chunk = buffer.subarray(0, read);
    const lineFeed = chunk.indexOf(0x0a);
    const nul = chunk.indexOf(0);
    if (nul >= 0 && (lineFeed < 0 || nul < lineFeed))
      return { lineFeed: -1, atNul: true, scannedTo: at + nul, bytesRead };
    if (lineFeed >= 0)
      return { lineFeed: at + lineFeed, atNul: false, scannedTo: at + lineFeed, bytesRead };
    at += read;
    if (at >= end) break;
  }
  return { lineFeed: -1, atNul: false, scannedTo: at, bytesRead };
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

/**
 * Whether the log at path has a whole first line: the test of whether a run directory is a run.
 * Scans for the first line feed or NUL without holding the line, however long it is.
 */
export function firstLineOf(path: string, realRoot: string): FirstLine {
  let opened;
  try {
    opened = openStoreFile(path, realRoot);
  } catch (error) {
    // No log (yet): a run directory being made, or a deleted run's renamed away.
    if (isAbsent(error)) return NONE;
    return { state: 'unreadable', reason: whyUnreadable(path, error) };
  }
  try {
    const found = scanLine(opened.fd, 0, Infinity, opened.stat.size, smallReadBuffer);
    return found.lineFeed >= 0 ? WHOLE : NONE;
  } catch (error) {
    return { state: 'unreadable', reason: whyUnreadable(path, error) };
  } finally {
    closeSync(opened.fd);
  }
}
