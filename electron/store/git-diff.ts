// A run's git.diff, read through the one safe open: its first part to show, however large the
// file, and pieces of it to save it whole, so that no read holds a large diff in memory.

import { closeSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { GitDiffPart, GitDiffText } from '../../shared/api/contract.js';
import { isAbsent } from './file-errors.js';
import { openStoreFile, readStoreFile, UnreadableFile } from './store-files.js';

/** How much of a diff the run page shows: more is saved whole, not read on screen. */
export const DIFF_SHOWN_LIMIT = 1 << 20;
/** The size of a piece when a diff is saved whole: a frame well under any cap. */
export const DIFF_PART_BYTES = 4 << 20;

/**
 * The first `limit` bytes of the run's git.diff as text, and its size; null when it has none.
 * Throws an UnreadableFile when it is there but cannot be read.
 */
export function readGitDiff(
  runDir: string,
  realRoot: string,
  limit = DIFF_SHOWN_LIMIT,
): GitDiffText | null {
  const path = join(runDir, 'git.diff');
  const read = readStoreFile(path, realRoot, limit, true);
  if (read.state === 'absent') return null;
  if (read.state === 'unreadable') throw new UnreadableFile(path, read.reason);
  // A cut inside a character shows a replacement character at the end: this is a view.
  return { text: read.bytes.toString('utf8'), size: read.size, truncated: read.truncated };
}

/** The bytes of the run's git.diff from offset, a piece at most DIFF_PART_BYTES long. */
export function readGitDiffPart(runDir: string, realRoot: string, offset: number): GitDiffPart {
  const path = join(runDir, 'git.diff');
  let opened;
  try {
    opened = openStoreFile(path, realRoot);
  } catch (error) {
    if (isAbsent(error)) throw new UnreadableFile(path, 'is no longer there', 'EGONE');
    throw error;
  }
  const { fd, stat } = opened;
  try {
    const start = Math.min(offset, stat.size);
    const buffer = Buffer.allocUnsafe(Math.min(DIFF_PART_BYTES, stat.size - start));
    let filled = 0;
    while (filled < buffer.length) {
      const read = readSync(fd, buffer, filled, buffer.length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    return {
      base64: buffer.subarray(0, filled).toString('base64'),
      offset: start,
      next: start + filled,
      size: stat.size,
    };
  } finally {
    closeSync(fd);
  }
}
