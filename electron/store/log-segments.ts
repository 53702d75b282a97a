// Reading one segment of a big log on a thread of its own: the metrics and reading lines the fast
// path knows, from a line's start up to the first line that needs the fold before it to be read
// (any other record, a damaged or unwhole line, a key used as both kinds). The fold joins what a
// segment read to its own series (RunLog.applySegment) and reads on from where the segment stopped.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { TransferredSeries } from './run-log.js';
import { SamplesFold } from './run-log.js';
import { SamplesLineScanner } from './samples-fast-path.js';

const CHUNK_BYTES = 4 << 20;

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

/**
 * Reads the lines of the log at path from start, which follows a line feed, up to end, stopping
 * before the first line the fold must read itself. `progress` is told the bytes read so far.
 */
export function scanSegment(
  path: string,
  start: number,
  end: number,
  progress?: (bytes: number) => void,
): { segment: SegmentSamples; buffers: ArrayBuffer[] } {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    const readEnd = Math.min(end, stat.size);
    const scanner = new SamplesLineScanner();
    const fold = new SamplesFold();
    let currentStep: number | null = null;
    let lines = 0;
    let buffer = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, readEnd - start)));
    let filled = 0;
    let fileOffset = start;
    let consumedOffset = start;
    reading: for (;;) {
      if (filled === buffer.length) {
        // One line longer than the buffer: grow so that the line fits whole.
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
      const wanted = Math.min(buffer.length - filled, readEnd - fileOffset);
      const read = wanted > 0 ? readSync(fd, buffer, filled, wanted, fileOffset) : 0;
      if (read === 0) break;
      fileOffset += read;
      filled += read;
      let pos = 0;
      while (pos < filled) {
        const lineFeed = scanner.scanWholeLine(buffer, pos, filled);
        if (lineFeed < 0) {
          // A line the fast path does not take stops the segment; one not read to its end waits.
          const next = buffer.indexOf(0x0a, pos);
          if (next >= 0 && next < filled) break reading;
          break;
        }
        const { type, time, step, keys, values, count } = scanner.scanned;
        // A key of the other kind: whether the line is damaged depends on the fold before it.
        if (!fold.applySamples(type, time, step, keys, values, count)) break reading;
        if (type === 'metrics') currentStep = step;
        lines++;
        consumedOffset += lineFeed + 1 - pos;
        pos = lineFeed + 1;
      }
      progress?.(consumedOffset - start);
      buffer.copy(buffer, 0, pos, filled);
      filled -= pos;
    }
    progress?.(consumedOffset - start);
    const { series, buffers } = fold.transferSeries();
    const segment: SegmentSamples = {
      start,
      stoppedAt: consumedOffset,
      lines,
      series,
      currentStep,
      identity: `${stat.dev}:${stat.ino}`,
    };
    return { segment, buffers };
  } finally {
    closeSync(fd);
  }
}
