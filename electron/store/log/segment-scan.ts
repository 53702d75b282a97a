// Reading one segment of a big log on a thread of its own: the metrics and reading lines the fast
// path knows, from a line's start up to the first line that needs the fold before it to be read
// (any other record, a damaged or unwhole line, one too long to hold, a key used as both kinds).
// The fold joins what a segment read to its own series (RunLog.applySegment) and reads on from
// where the segment stopped.

import { closeSync } from 'node:fs';
import { openStoreFile } from '../store-files.js';
import { readInChunks, readLogInto } from './log-bytes.js';
import type { SegmentSamples } from './read-types.js';
import type { RunLog } from './run-fold.js';
import { SamplesFold } from './samples-fold.js';
import { SamplesLineScanner } from './samples-fast-path.js';
import type { SegmentedFold } from './segmented-read.js';
import { giveBackReadBuffer, lendReadBuffer, scannerHolding } from './samples-wasm/wasm-lines.js';

/**
 * Reads the lines of the log at path from start, which follows a line feed, up to end, stopping
 * before the first line the fold must read itself. `progress` is told the bytes read so far.
 */
export function scanSegment(
  path: string,
  realRoot: string,
  start: number,
  end: number,
  progress?: (bytes: number) => void,
): { segment: SegmentSamples; buffers: ArrayBuffer[] } {
  const { fd, stat } = openStoreFile(path, realRoot);
  const readEnd = Math.min(end, stat.size);
  const buffer = lendReadBuffer(readEnd - start);
  try {
    const scanner = new SamplesLineScanner();
    const fold = new SamplesFold();
    // No step yet: a segment without metrics lines leaves the fold's step as it is.
    fold.currentStep = -1;
    // A line too long to hold stops the segment there too (readInChunks says so): the fold
    // scans past it.
    const { consumed } = readInChunks(fd, start, readEnd, readEnd, buffer, (bytes, filled, at) => {
      const wasm = scannerHolding(bytes);
      let pos = 0;
      while (pos < filled) {
        const next = fold.applyScannedRun(wasm, bytes, pos, filled);
        if (next !== pos) {
          pos = next;
          continue;
        }
        const lineFeed = scanner.scanWholeLine(bytes, pos, filled);
        if (lineFeed < 0) {
          // A line the fast path does not take stops the segment; one not read to its end waits.
          const next = bytes.indexOf(0x0a, pos);
          return { consumed: pos, stop: next >= 0 && next < filled };
        }
        const scanned = scanner.scanned;
        // A key of the other kind: whether the line is damaged depends on the fold before it.
        if (!fold.applySamples(scanned)) return { consumed: pos, stop: true };
        fold.lines++;
        pos = lineFeed + 1;
      }
      progress?.(at + pos - start);
      return { consumed: pos, stop: false };
    });
    const { series, buffers } = fold.transferSeries();
    const segment: SegmentSamples = {
      start,
      stoppedAt: consumed,
      lines: fold.lines,
      series,
      currentStep: fold.currentStep < 0 ? null : fold.currentStep,
      identity: `${stat.dev}:${stat.ino}`,
    };
    return { segment, buffers };
  } finally {
    giveBackReadBuffer(buffer);
    closeSync(fd);
  }
}

/** A munin log's fold read in segments (segmented-read.ts): log is a fresh RunLog. */
export function logSegments(
  path: string,
  realRoot: string,
  log: RunLog,
): SegmentedFold<SegmentSamples> {
  return {
    fold: (from, until, onProgress) =>
      readLogInto(path, realRoot, log, from, { onProgress, until }),
    scan: (start, end, progress) => scanSegment(path, realRoot, start, end, progress).segment,
    // A segment of a replaced log is not taken, nor one the fold cannot take where it stands.
    join: (segment, read) =>
      segment.identity === read.identity && log.applySegment(segment) ? segment.stoppedAt : -1,
  };
}
