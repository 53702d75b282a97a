// Reading a big log on several threads: the log is cut at line feeds into segments; the first is
// folded here while other threads read the samples lines of the rest (segment-scan.ts), which the
// fold then applies in order, reading itself whatever a segment left. The result is the RunLog a
// read from start to end gives, only sooner.

import { availableParallelism } from 'node:os';
import { closeSync, readSync } from 'node:fs';
import { openStoreFile } from '../store-files.js';
import type { LogReadResult, SegmentSamples } from './read-types.js';
import { MAX_LINE_BYTES, readLogInto } from './log-bytes.js';
import type { RunLog } from './run-fold.js';

/** Below this a segment's thread costs more than it saves. */
export const MIN_SEGMENT_BYTES = 16 << 20;
const MAX_SEGMENTS = 8;
const PROGRESS_EVERY_MS = 100;

/** A segment being read on another thread. */
export interface SegmentScan {
  /** The segment read, or undefined when it could not be: the fold then reads it itself. */
  readonly result: Promise<SegmentSamples | undefined>;
  cancel(): void;
}

/**
 * Starts reading bytes [start, end) of the log as a segment, telling the bytes read so far in
 * progress[slot]: shared memory, which the fold reads while it is busy and hears no messages.
 */
export type StartSegmentScan = (
  start: number,
  end: number,
  progress: Float64Array,
  slot: number,
) => SegmentScan;

/** How many segments a log of `size` bytes is read in on this machine. */
export function segmentCountFor(size: number, threads = availableParallelism()): number {
  return Math.max(1, Math.min(threads, MAX_SEGMENTS, Math.floor(size / MIN_SEGMENT_BYTES)));
}

/**
 * Offsets cutting the log into at most `count` segments of about equal size: 0, then each cut
 * just past a line feed, then the size (Infinity for one segment: the whole log, however long it
 * grows). A cut that finds no line feed before the next, or within MAX_LINE_BYTES, is dropped:
 * the fold reads past a line that long.
 */
export function segmentCuts(path: string, realRoot: string, count: number): number[] {
  if (count <= 1) return [0, Infinity];
  const { fd, stat } = openStoreFile(path, realRoot);
  try {
    const { size } = stat;
    const cuts = [0];
    const window = Buffer.allocUnsafe(64 << 10);
    for (let k = 1; k < count; k++) {
      let at = Math.max(Math.floor((size * k) / count), cuts[cuts.length - 1]!);
      const giveUpAt = Math.min(size, at + MAX_LINE_BYTES);
      let cut = -1;
      while (cut < 0 && at < giveUpAt) {
        const read = readSync(fd, window, 0, window.length, at);
        if (read === 0) break;
        const lineFeed = window.subarray(0, read).indexOf(0x0a);
        if (lineFeed >= 0) cut = at + lineFeed + 1;
        else at += read;
      }
      if (cut > cuts[cuts.length - 1]! && cut < size) cuts.push(cut);
    }
    cuts.push(size);
    return cuts;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the log at path into log, a fresh RunLog, in the segments between `cuts` (segmentCuts),
 * the segments past the first read by startScan; returns where reading stopped, as readLogInto.
 */
export async function readLogSegmented(
  path: string,
  realRoot: string,
  log: RunLog,
  cuts: readonly number[],
  startScan: StartSegmentScan,
  onProgress?: (bytes: number) => void,
): Promise<LogReadResult> {
  const segments = cuts.length - 1;
  const progress = new Float64Array(new SharedArrayBuffer(8 * segments));
  const scans: SegmentScan[] = [];
  for (let k = 1; k < segments; k++) scans.push(startScan(cuts[k]!, cuts[k + 1]!, progress, k));
  let folded = 0;
  let told = 0;
  let toldAt = -Infinity;
  /** Tells the progress at most once a period, as the fold reads chunk after chunk; or now. */
  const tell = (now = false): void => {
    if (onProgress === undefined) return;
    if (!now && performance.now() - toldAt < PROGRESS_EVERY_MS) return;
    // The fold's bytes and, of each segment it has not reached, the bytes its thread has read.
    let bytes = folded;
    for (let k = 1; k < segments; k++) if (cuts[k]! >= folded) bytes += progress[k]!;
    if (bytes > told) {
      told = bytes;
      toldAt = performance.now();
      onProgress(bytes);
    }
  };
  const fold = (from: number, until: number): LogReadResult =>
    readLogInto(path, realRoot, log, from, {
      onProgress: (bytes) => {
        folded = bytes;
        tell();
      },
      until,
    });
  const ticker = setInterval(() => tell(), PROGRESS_EVERY_MS);
  try {
    let read = fold(0, cuts[1]!);
    for (let k = 1; k < segments; k++) {
      // Stopped at a NUL, or the log changed under the read: nothing past here is taken.
      if (read.stoppedAtNul || read.offset !== cuts[k]) return read;
      const segment = await scans[k - 1]!.result;
      let from = cuts[k]!;
      if (segment !== undefined && segment.identity === read.identity && log.applySegment(segment))
        from = segment.stoppedAt;
      folded = from;
      read = fold(from, cuts[k + 1]!);
    }
    // What was written since the cuts were made, read as any read reads it.
    if (!read.stoppedAtNul && read.offset === cuts[segments]) read = fold(read.offset, Infinity);
    return read;
  } finally {
    clearInterval(ticker);
    for (const scan of scans) scan.cancel();
    tell(true);
  }
}
