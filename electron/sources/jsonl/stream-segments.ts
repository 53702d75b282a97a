// Reading a big event stream in segments (store/log/segmented-read.ts): a segment is folded apart
// by an EventFold of its own up to its first open, whose resume only the lines before it can
// place, and joined to the stream's fold as if that fold had read its lines. Also the fold's
// state as structured clone carries it from the thread that read it.

import { closeSync } from 'node:fs';
import type { AnnotationInfo } from '../../../shared/api/contract.js';
import { openStoreFile } from '../../store/store-files.js';
import { readInChunks, readLogInto } from '../../store/log/log-bytes.js';
import type { SegmentedFold } from '../../store/log/segmented-read.js';
import { EventFold } from './event-fold.js';
import type { TransferredLabeledSeries } from './labeled-series.js';
import { LabeledSeries } from './labeled-series.js';

const CHUNK_BYTES = 4 << 20;

/** An EventFold as structured clone carries it between threads. */
export interface TransferredEventFold {
  /** In the order first seen: the fold's `series` are their series, in the same order. */
  readonly labeled: readonly TransferredLabeledSeries[];
  readonly orphans: readonly TransferredLabeledSeries[];
  readonly annotations: readonly AnnotationInfo[];
  readonly resumes: readonly { step: number; time: number }[];
  readonly processes: EventFold['processes'];
  readonly damaged: number;
  readonly lines: number;
  readonly otherRecords: number;
  readonly unreadable: string | null;
  readonly lastMetricStep: number;
  readonly metricLines: number;
  readonly pendingResume: number | null;
}

/** The fold's state to post to another thread, and the buffers that move with it. */
export function eventFoldToTransfer(fold: EventFold): {
  state: TransferredEventFold;
  buffers: ArrayBuffer[];
} {
  const buffers = new Set<ArrayBuffer>();
  const transfer = (all: Iterable<LabeledSeries>): TransferredLabeledSeries[] =>
    Array.from(all, (labeled) => {
      const moved = labeled.toTransfer();
      for (const buffer of moved.buffers) buffers.add(buffer);
      return moved.state;
    });
  const state: TransferredEventFold = {
    labeled: transfer(fold.labeled.values()),
    orphans: transfer(fold.orphans.values()),
    annotations: fold.annotations,
    resumes: fold.resumes,
    processes: fold.processes,
    damaged: fold.damaged,
    lines: fold.lines,
    otherRecords: fold.otherRecords,
    unreadable: fold.unreadable,
    lastMetricStep: fold.lastMetricStep,
    metricLines: fold.metricLines,
    pendingResume: fold.pendingResume,
  };
  return { state, buffers: [...buffers] };
}

export function eventFoldFromTransfer(state: TransferredEventFold): EventFold {
  const fold = new EventFold();
  for (const moved of state.labeled) {
    const labeled = LabeledSeries.fromTransfer(moved);
    fold.labeled.set(moved.key, labeled);
    fold.series.set(moved.key, labeled.series);
  }
  for (const moved of state.orphans) fold.orphans.set(moved.key, LabeledSeries.fromTransfer(moved));
  fold.annotations.push(...state.annotations);
  fold.resumes.push(...state.resumes);
  fold.processes.push(...state.processes);
  fold.damaged = state.damaged;
  fold.lines = state.lines;
  fold.otherRecords = state.otherRecords;
  fold.unreadable = state.unreadable;
  fold.lastMetricStep = state.lastMetricStep;
  fold.metricLines = state.metricLines;
  fold.pendingResume = state.pendingResume;
  return fold;
}

/** The lines of one segment of a stream, folded apart from the lines before it. */
export interface StreamSegment {
  /** Offset just past the last line taken: the stream's fold reads on from here. */
  readonly stoppedAt: number;
  /** The file's device and inode, so that the fold takes nothing from a replaced stream. */
  readonly identity: string;
  /** Its fold, whose one process stands for whichever process the lines before it left open. */
  readonly fold: TransferredEventFold;
}

/**
 * Folds the lines of the stream at path from start, which follows a line feed, up to end,
 * stopping before an open, a NUL, a line not whole or one too long to hold: the stream's fold
 * reads those itself. `progress` is told the bytes read so far.
 */
export function scanStreamSegment(
  path: string,
  realRoot: string,
  start: number,
  end: number,
  progress?: (bytes: number) => void,
): { segment: StreamSegment; buffers: ArrayBuffer[] } {
  const { fd, stat } = openStoreFile(path, realRoot);
  try {
    const readEnd = Math.min(end, stat.size);
    const fold = new EventFold();
    fold.stopBeforeOpen = true;
    // What the lines before left open is not known here; the join gives its lines to it.
    fold.processes.push({
      open: { kind: 'open', time: 0, slug: '', description: '', metadata: new Map() },
      resume: null,
      done: null,
      failed: null,
      interrupted: null,
    });
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, readEnd - start)));
    const { consumed } = readInChunks(fd, start, readEnd, readEnd, buffer, (bytes, filled, at) => {
      const taken = fold.applyWholeLines(bytes, 0, filled);
      progress?.(at + taken.consumed - start);
      return { consumed: taken.consumed, stop: taken.stoppedAtNul };
    });
    const { state, buffers } = eventFoldToTransfer(fold);
    return {
      segment: { stoppedAt: consumed, identity: `${stat.dev}:${stat.ino}`, fold: state },
      buffers,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * Joins a segment read apart to the stream's fold, which stands at the segment's start: false,
 * taking nothing, when the fold is no stream, or has an open whose resume is not placed yet.
 */
export function joinStreamSegment(fold: EventFold, segment: StreamSegment): boolean {
  const last = fold.processes.at(-1);
  if (fold.unreadable !== null || last === undefined || fold.pendingResume !== null) return false;
  const part = segment.fold;
  for (const moved of part.labeled) {
    const later = LabeledSeries.fromTransfer(moved);
    const labeled = fold.labeled.get(moved.key);
    if (labeled !== undefined) labeled.appendMoving(later);
    else {
      fold.labeled.set(moved.key, later);
      fold.series.set(moved.key, later.series);
    }
  }
  fold.annotations.push(...part.annotations);
  const { done, failed, interrupted } = part.processes[0]!;
  if (done !== null) last.done = done;
  if (failed !== null) last.failed = failed;
  if (interrupted !== null) last.interrupted = interrupted;
  fold.damaged += part.damaged;
  fold.lines += part.lines;
  fold.otherRecords += part.otherRecords;
  if (part.metricLines > 0) fold.lastMetricStep = part.lastMetricStep;
  fold.metricLines += part.metricLines;
  return true;
}

/** A stream's fold read in segments (segmented-read.ts): fold is a fresh EventFold. */
export function streamSegments(
  path: string,
  realRoot: string,
  fold: EventFold,
): SegmentedFold<StreamSegment> {
  return {
    fold: (from, until, onProgress) =>
      readLogInto(path, realRoot, fold, from, { onProgress, until }),
    scan: (start, end, progress) => scanStreamSegment(path, realRoot, start, end, progress).segment,
    join: (segment, read) =>
      segment.identity === read.identity && joinStreamSegment(fold, segment)
        ? segment.stoppedAt
        : -1,
  };
}
