// Reading a run's log file into a RunLog: whole lines only, in chunks, from a given offset,
// opening the file anew for each read as network file systems require.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { RunLog } from './run-log.js';

const CHUNK_BYTES = 4 << 20;
/**
 * The buffer of small reads, reused: a followed log is read at every append, and a fresh
 * buffer each time is garbage to collect. Reads are synchronous, so one buffer serves all.
 */
const SMALL_READ_BYTES = 64 << 10;
const smallReadBuffer = Buffer.allocUnsafe(SMALL_READ_BYTES);

export interface LogReadResult {
  /** Offset just past the last whole line read: the next read starts here. */
  readonly offset: number;
  /** The file's size when read. */
  readonly size: number;
  /** The file's modification time in milliseconds since the epoch. */
  readonly mtimeMs: number;
  /** True when reading stopped at a NUL byte: a part of the log not yet written. */
  readonly stoppedAtNul: boolean;
  /** The file's device and inode, to tell a log replaced under the same name. */
  readonly identity: string;
}

/**
 * Applies the whole lines of the log at path from `offset` on, and before `until`, to runLog and
 * returns where it stopped. Throws the file system's error when the log cannot be opened.
 */
export function readLogInto(
  path: string,
  runLog: RunLog,
  offset = 0,
  onProgress?: (bytes: number) => void,
  until = Infinity,
): LogReadResult {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    const readEnd = Math.min(stat.size, until);
    const expected = readEnd - offset;
    let buffer =
      expected <= SMALL_READ_BYTES
        ? smallReadBuffer
        : Buffer.allocUnsafe(Math.min(CHUNK_BYTES, expected));
    let filled = 0;
    let fileOffset = offset;
    let consumedOffset = offset;
    let stoppedAtNul = false;
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
      // What was written after the fstat is read at the next call; its write raises an event.
      const reachedSize = fileOffset >= readEnd;
      const result = runLog.applyWholeLines(buffer, 0, filled);
      consumedOffset += result.consumed;
      onProgress?.(consumedOffset);
      if (result.stoppedAtNul) {
        stoppedAtNul = true;
        break;
      }
      buffer.copy(buffer, 0, result.consumed, filled);
      filled -= result.consumed;
      if (reachedSize) break;
    }
    return {
      offset: consumedOffset,
      // A file cut below the offset reads nothing: its size is what fstat said, not the offset.
      size: fileOffset > offset ? Math.max(stat.size, fileOffset) : stat.size,
      mtimeMs: stat.mtimeMs,
      stoppedAtNul,
      identity: `${stat.dev}:${stat.ino}`,
    };
  } finally {
    closeSync(fd);
  }
}

/** True when the log's first line is whole: the test of whether a run directory is a run. */
export function hasWholeFirstLine(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    let buffer = Buffer.allocUnsafe(64 * 1024);
    let filled = 0;
    for (;;) {
      const read = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (read === 0) return false;
      const scanFrom = filled;
      filled += read;
      const lf = buffer.indexOf(0x0a, scanFrom);
      const nul = buffer.indexOf(0, scanFrom);
      if (nul >= 0 && nul < filled && (lf < 0 || lf >= filled || nul < lf)) return false;
      if (lf >= 0 && lf < filled) return true;
      if (filled === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
    }
  } catch {
    // A log that is a directory, or that vanished mid-read, holds no whole first line.
    return false;
  } finally {
    closeSync(fd);
  }
}
