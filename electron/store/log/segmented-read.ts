// Reading a big file of lines on several threads: the file is cut at line feeds into segments
// that shrink towards its end; the fold's thread folds them in order, and while a segment it
// needs next is in a helper thread's hands (segment-pool.ts) it reads one further on itself.
// A segment read apart is joined to the fold, which reads itself whatever the segment left. The
// result is the fold a read from start to end gives, only sooner. Munin logs and event streams
// both read this way, each with its own fold and segment scan.

import { closeSync, readSync } from 'node:fs';
import { openStoreFile } from '../store-files.js';
import type { LogReadResult } from './read-types.js';
import { MAX_LINE_BYTES } from './log-bytes.js';
import type { SegmentHelpers } from './segment-pool.js';
import { FOLD_THREAD, SegmentClaims } from './segment-pool.js';

/** Below this a segment costs more to hand to a thread than it saves. */
export const MIN_SEGMENT_BYTES = 8 << 20;
const PROGRESS_EVERY_MS = 100;

/**
 * Offsets, not yet at line starts, cutting `size` bytes for `threads` threads: each segment half
 * of one thread's share of what is left, down to MIN_SEGMENT_BYTES, so that the last segments, on
 * which the threads finish unevenly, are short. [0, Infinity] (the whole file, however long it
 * grows) for one thread or a file too small to share out.
 */
export function plannedCuts(size: number, threads: number): number[] {
  if (threads <= 1 || size < 4 * MIN_SEGMENT_BYTES) return [0, Infinity];
  const cuts = [0];
  let at = 0;
  while (size - at >= 2 * MIN_SEGMENT_BYTES) {
    at += Math.max(MIN_SEGMENT_BYTES, Math.floor((size - at) / (2 * threads)));
    cuts.push(at);
  }
  cuts[cuts.length - 1] = size;
  return cuts;
}

/** How many segments a file of `size` bytes is read in by `threads` threads. */
export function segmentCountFor(size: number, threads: number): number {
  return plannedCuts(size, threads).length - 1;
}

/** Offsets cutting the file into `count` segments of about equal size, not yet at line starts. */
export function evenCuts(size: number, count: number): number[] {
  if (count <= 1) return [0, Infinity];
  return Array.from({ length: count + 1 }, (_, k) => Math.floor((size * k) / count));
}

/**
 * The planned cuts of the file at path moved each just past a line feed: 0, the cuts, then the
 * file's size (or Infinity, kept from a plan of one segment). A cut that finds no line feed
 * before the next, or within MAX_LINE_BYTES, is dropped: the fold reads past a line that long.
 */
export function segmentCuts(
  path: string,
  realRoot: string,
  planned: (size: number) => number[],
): number[] {
  const { fd, stat } = openStoreFile(path, realRoot);
  try {
    const { size } = stat;
    const wanted = planned(size);
    if (wanted.length <= 2) return [0, wanted[1] ?? Infinity];
    const cuts = [0];
    const window = Buffer.allocUnsafe(64 << 10);
    for (let k = 1; k < wanted.length - 1; k++) {
      let at = Math.max(wanted[k]!, cuts[cuts.length - 1]!);
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

/** The segments of a read and what its threads share: who reads each, and how far each got. */
export interface SegmentPlan {
  readonly cuts: readonly number[];
  readonly claims: SegmentClaims;
  /** Bytes of each segment read so far, by whichever thread reads it: shared memory. */
  readonly progress: Float64Array;
}

export function planSegments(cuts: readonly number[]): SegmentPlan {
  const count = cuts.length - 1;
  return {
    cuts,
    claims: SegmentClaims.create(count),
    progress: new Float64Array(new SharedArrayBuffer(8 * count)),
  };
}

/** A fold that can be read in segments: by itself, or by joining segments read apart. */
export interface SegmentedFold<S> {
  /** Reads bytes [from, until) into the fold, telling the offset read up to as it goes. */
  fold(from: number, until: number, progress: (offset: number) => void): LogReadResult;
  /** Reads the segment [start, end) apart from the fold, telling the bytes read as it goes. */
  scan(start: number, end: number, progress: (bytes: number) => void): S;
  /**
   * Joins a segment read apart, the fold standing at its start as `read` left it; returns the
   * offset the fold reads on from, or -1 when it does not take the segment.
   */
  join(segment: S, read: LogReadResult): number;
}

/** What nextSegment gives when the fold is to read the segment itself. */
const HERE = Symbol('here');

const yieldToMessages = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads a file into a fresh fold in the plan's segments, helped by `helpers` (null: no other
 * thread); returns where reading stopped, as a read from start to end would.
 */
export async function readSegmented<S>(
  plan: SegmentPlan,
  helpers: SegmentHelpers<S> | null,
  reader: SegmentedFold<S>,
  onProgress?: (bytes: number) => void,
): Promise<LogReadResult> {
  const { cuts, claims, progress } = plan;
  const segments = cuts.length - 1;
  /** Segments this thread read ahead while the next one was a helper's. */
  const ahead = new Map<number, S>();
  let folded = 0;
  let told = 0;
  let toldAt = -Infinity;
  /** Tells the progress at most once a period, as the fold reads chunk after chunk; or now. */
  const tell = (now = false): void => {
    if (onProgress === undefined) return;
    if (!now && performance.now() - toldAt < PROGRESS_EVERY_MS) return;
    // The fold's bytes and, of each segment it has not reached, the bytes read of it.
    let bytes = folded;
    for (let k = 1; k < segments; k++) if (cuts[k]! >= folded) bytes += progress[k]!;
    if (bytes > told) {
      told = bytes;
      toldAt = performance.now();
      onProgress(bytes);
    }
  };
  const fold = (from: number, until: number): LogReadResult =>
    reader.fold(from, until, (offset) => {
      folded = offset;
      tell();
    });
  /** Segment k, all before it folded: read apart (undefined if that failed), or to read here. */
  const nextSegment = async (k: number): Promise<S | undefined | typeof HERE> => {
    for (;;) {
      const read = ahead.get(k);
      if (read !== undefined) return read;
      if (helpers !== null && helpers.arrived(k)) return helpers.delivered(k);
      const claimed = claims.claim(FOLD_THREAD);
      if (claimed === k) return HERE;
      // Every segment is claimed: k is a helper's, and there is nothing else to do meanwhile.
      if (claimed < 0) return helpers === null ? HERE : helpers.delivered(k);
      ahead.set(
        claimed,
        reader.scan(cuts[claimed]!, cuts[claimed + 1]!, (bytes) => {
          progress[claimed] = bytes;
          tell();
        }),
      );
      // What the helpers posted meanwhile arrives only between turns of the event loop.
      await yieldToMessages();
    }
  };
  const ticker = setInterval(() => tell(), PROGRESS_EVERY_MS);
  try {
    let read = fold(0, cuts[1]!);
    for (let k = 1; k < segments; k++) {
      // Stopped at a NUL, or the file changed under the read: nothing past here is taken.
      if (read.stoppedAtNul || read.offset !== cuts[k]) return read;
      const segment = await nextSegment(k);
      ahead.delete(k);
      let from = cuts[k]!;
      if (segment !== HERE && segment !== undefined) {
        const joined = reader.join(segment, read);
        if (joined >= 0) from = joined;
      }
      folded = from;
      read = fold(from, cuts[k + 1]!);
    }
    // What was written since the cuts were made, read as any read reads it.
    if (!read.stoppedAtNul && read.offset === cuts[segments]) read = fold(read.offset, Infinity);
    return read;
  } finally {
    clearInterval(ticker);
    claims.claimRest(FOLD_THREAD);
    helpers?.stop();
    tell(true);
  }
}
