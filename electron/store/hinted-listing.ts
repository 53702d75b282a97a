// Listing an ended run without folding its samples: when its stats.json hint holds for its log,
// the list takes the keys, counts and latest samples from the hint and every other record from
// the log, whose metrics and reading lines are skipped unparsed. Its samples are read when the
// run is opened or compared.

import { join } from 'node:path';
import { decodeStatsHint } from '../../shared/format/stats-hint.js';
import type { KeyStatistics } from '../../shared/series/statistics.js';
import type { LogReadResult } from './log/read-types.js';
import { readLogInto } from './log/log-bytes.js';
import { readOptional } from './run-files.js';
import { STATS_LIMIT } from './log/read-run.js';
import { RunLog } from './log/run-fold.js';
import { opensAsSamplesLine } from './log/samples-fast-path.js';

/**
 * A RunLog that folds every record but samples, whose lines it counts and skips. A sample line
 * laid out otherwise than munin writes it is parsed, and the listing ignores the samples it
 * gives (the hint counts them): skipping only saves work, it never changes the list.
 */
export class RecordsOnlyLog extends RunLog {
  skippedSampleLines = 0;

  override applyLine(bytes: Uint8Array, start: number, end: number): void {
    if (opensAsSamplesLine(bytes, start, end)) {
      this.skippedSampleLines++;
      return;
    }
    // The fast path takes only lines that open as samples lines: this one goes to the parser.
    this.applyParsedLine(bytes, start, end);
  }
}

export interface HintedListing {
  /** The log's records but samples: start, declarations, summary, uses, files, resumes, end. */
  readonly log: RecordsOnlyLog;
  /** Each key's statistics from the hint: its kind, count and latest sample. */
  readonly statistics: ReadonlyMap<string, KeyStatistics>;
  readonly read: LogReadResult;
}

/**
 * Lists the run in dir from its hint, or gives null when the run must be read whole: it has no
 * hint, the hint does not hold for the log as read now (format, rules, length), or the log is
 * not an ended run read to its last byte.
 */
export function listFromHint(dir: string, logFile: string, realRoot: string): HintedListing | null {
  const hint = readOptional(join(dir, 'stats.json'), realRoot, STATS_LIMIT, 'the log is folded');
  if (hint === null) return null;
  return listWithHint(hint, dir, logFile, realRoot);
}

/** As listFromHint, the hint's bytes read already. */
export function listWithHint(
  hint: Uint8Array,
  dir: string,
  logFile: string,
  realRoot: string,
): HintedListing | null {
  const log = new RecordsOnlyLog();
  let read: LogReadResult;
  try {
    read = readLogInto(join(dir, logFile), realRoot, log);
  } catch {
    // Not told here: the whole read that follows meets the same failure, and logs it.
    return null;
  }
  // The hint's length is the log's up to and including its end: a log read to its last byte.
  if (read.stoppedAtNul || read.offset !== read.size) return null;
  if (log.end === null || log.unreadable !== null) return null;
  const statistics = decodeStatsHint(hint, read.size);
  if (statistics === undefined) return null;
  return { log, statistics, read };
}
