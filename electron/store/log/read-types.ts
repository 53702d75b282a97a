// What the log's readers hand each other: where a read stopped, a segment's samples, a series in
// transit between threads, and the one method a byte reader needs of a fold. Kept apart so that
// the byte reader, the fold and the segment scan need not import one another to name them.

import type { SeriesKind } from '../../../shared/format/records.js';
import type { WholeLinesResult } from '../../../shared/format/whole-lines.js';
import type { TransferredColumns } from '../../../shared/series/sample-columns.js';

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
  /**
   * The line reading stopped at, when it is not whole for want of its line feed (or a NUL in a
   * line too long to hold), as far as it was scanned: the next read of the log, handed this,
   * scans on from there and reads none of those bytes again until the line is whole.
   */
  readonly partialLine: PartialLine | null;
  /** The bytes this read took from the file: none when it found the file as it was. */
  readonly bytesRead: number;
  /** True when the file was found as `unlessVersion` gave it, and nothing was read. */
  readonly unchanged: boolean;
}

/** A line not whole yet, from start: its bytes before scannedTo hold no line feed and no NUL. */
export interface PartialLine {
  readonly start: number;
  readonly scannedTo: number;
}

/** What tells one state of a log file from another without reading it. */
export interface LogVersion {
  readonly size: number;
  readonly mtimeMs: number;
  readonly identity: string;
}

/** What takes a log's bytes whole line by whole line: a run's fold (RunLog) or a test's own. */
export interface WholeLinesSink {
  /** Applies the whole lines of bytes[start, end) and says where it stopped. */
  applyWholeLines(bytes: Uint8Array, start: number, end: number): WholeLinesResult;
  /** Takes a whole line too long to hold (over MAX_LINE_BYTES): damaged, nothing taken from it. */
  skipLongLine(): void;
}

/** A Series as structured clone carries it from the thread that read it. */
export interface TransferredSeries {
  readonly key: string;
  readonly kind: SeriesKind;
  readonly maxStep: number;
  readonly samples: TransferredColumns;
}

/** The samples lines of one segment of a big log, read on a thread of its own (segment-scan.ts). */
export interface SegmentSamples {
  /** Where the segment starts: just after a line feed. */
  readonly start: number;
  /** Offset just past the last line read: the fold reads on from here. */
  readonly stoppedAt: number;
  readonly lines: number;
  /** The series of the segment's lines, in the order their keys first appear. */
  readonly series: readonly TransferredSeries[];
  /** The step of the segment's last metrics line, or null when it has none. */
  readonly currentStep: number | null;
  /** The file's device and inode, so that the fold takes nothing from a replaced log. */
  readonly identity: string;
}
