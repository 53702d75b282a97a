// Reading one run of a store whole: probe first, then the log, then tags, notes and statistics.

import { join } from 'node:path';
import { decodeStatsHint } from '../../../shared/format/stats-hint.js';
import { FORMAT_VERSION } from '../../../shared/format/records.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import type { HostIdentities } from '../identities.js';
import { hostIdentities } from '../identities.js';
import { probeLock } from '../lock-probe.js';
import type { ProbeResult } from '../lock-probe.js';
import { readLogInto } from './log-bytes.js';
import type { LogReadResult } from './read-types.js';
import { checkStoreDirectory, realStoreRoot, UnreadableFile } from '../store-files.js';
import { RunLog } from './run-fold.js';
import { seriesStatistics } from './series-statistics.js';
import type { WriterIdentity } from '../run-files.js';
import type { LargeNotes } from '../run-files.js';
import { readNotesForExport, readOptional, readTags, readWriterFile } from '../run-files.js';
import type { RunStatus } from '../status.js';
import { canProbe, decideStatus } from '../status.js';

export const LOG_FILE = 'events.jsonl';
/** A hint longer than this is not read: the log is folded instead, in bounded memory. */
export const STATS_LIMIT = 64 << 20;

export interface RunRead {
  readonly id: string;
  readonly dir: string;
  readonly log: RunLog;
  /** The status, or 'unreadable' when the log's first record is not a start of this format. */
  readonly status: RunStatus | 'unreadable';
  /** The failed end's error, or why the run is unreadable. */
  readonly error: string | null;
  readonly writer: WriterIdentity | null;
  readonly tags: string[];
  /** The notes' text, or where to read notes too large to hold; null when there are none. */
  readonly notes: string | LargeNotes | null;
  readonly statistics: ReadonlyMap<string, KeyStatistics>;
  readonly statisticsFromHint: boolean;
  /** Offset just past the last whole line read. */
  readonly offset: number;
  readonly logSize: number;
  /** When the run last wrote: its log's modification time, in seconds since the epoch. */
  readonly lastWrite: number;
  readonly stoppedAtNul: boolean;
}

export function unreadableReason(log: RunLog): string | null {
  const problem = log.unreadable;
  if (problem === null) return null;
  return problem.reason === 'foreign-format'
    ? `the run's files are format ${problem.format}; this reader reads format ${FORMAT_VERSION}`
    : "the log's first line is not a start record";
}

/**
 * The statistics of a run's keys: the stats.json hint of an ended run when it may be used (it
 * parses, and its format, rules and length match), else folded from the log.
 */
export function readStatistics(
  dir: string,
  realRoot: string,
  log: RunLog,
  logSize: number,
): { statistics: ReadonlyMap<string, KeyStatistics>; fromHint: boolean } {
  if (log.end !== null && log.unreadable === null) {
    // No hint, or one that cannot be read or used: the log is folded.
    const bytes = readOptional(
      join(dir, 'stats.json'),
      realRoot,
      STATS_LIMIT,
      'the log is folded instead',
    );
    const hint = bytes === null ? undefined : decodeStatsHint(bytes, logSize);
    if (hint !== undefined) return { statistics: hint, fromHint: true };
  }
  return { statistics: heldStatistics(log), fromHint: false };
}

/**
 * The statistics of every key with a sample, as foldStatistics gives them, folded from each
 * held series once and extended as it grows: a live run's detail, asked twice a second, folds
 * only the samples that came since.
 */
function heldStatistics(log: RunLog): Map<string, KeyStatistics> {
  const out = new Map<string, KeyStatistics>();
  for (const [key, series] of log.series) {
    const stats = seriesStatistics(series, log.metricDeclarations.get(key)?.goal ?? null);
    if (stats !== null) out.set(key, stats);
  }
  return out;
}

/**
 * Reads the writer file and probes the run's lock when this reader may. Call it before reading
 * the log's last record: in the other order a writer could end and exit between the two reads,
 * and a finished run would read crashed.
 */
export function probeRun(
  dir: string,
  host: HostIdentities,
  realRoot: string,
): { writer: WriterIdentity | null; probe: ProbeResult } {
  const writer = readWriterFile(dir, realRoot);
  const probe = canProbe(writer, host) ? probeLock(join(dir, LOG_FILE), realRoot) : 'unavailable';
  return { writer, probe };
}

/**
 * Reads the run `id` of the store at root. A log that is there but cannot be read gives an
 * unreadable run saying why; throws the file system's error when the log is absent.
 */
export function readRun(
  root: string,
  id: string,
  host: HostIdentities = hostIdentities(),
  realRoot: string = realStoreRoot(root),
): RunRead {
  const dir = join(realRoot, 'runs', id);
  const logPath = join(dir, LOG_FILE);
  try {
    // A link out of the store is not followed; one inside it is, as the run it leads to.
    checkStoreDirectory(dir, realRoot);
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    return unreadableRun(id, dir, `its directory ${error.reason}`);
  }
  const { writer, probe } = probeRun(dir, host, realRoot);
  const log = new RunLog();
  let read: LogReadResult;
  try {
    read = readLogInto(logPath, realRoot, log);
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    return unreadableRun(id, dir, `${LOG_FILE} ${error.reason}`, writer);
  }
  const lastWrite = read.mtimeMs / 1000;
  const { tags } = readTags(dir, realRoot);
  const notes = readNotesForExport(dir, realRoot);
  const reason = unreadableReason(log);
  const { statistics, fromHint: statisticsFromHint } = readStatistics(
    dir,
    realRoot,
    log,
    read.size,
  );
  const status =
    reason !== null
      ? 'unreadable'
      : decideStatus({
          endStatus: log.end?.status ?? null,
          probe,
          writer,
          host,
          logModified: lastWrite,
        });
  return {
    id,
    dir,
    log,
    status,
    error: reason ?? log.end?.error ?? null,
    writer,
    tags,
    notes,
    statistics,
    statisticsFromHint,
    offset: read.offset,
    logSize: read.size,
    lastWrite,
    stoppedAtNul: read.stoppedAtNul,
  };
}

/** A run whose files cannot be read: listed, with why, and nothing taken from it. */
export function unreadableRun(
  id: string,
  dir: string,
  error: string,
  writer: WriterIdentity | null = null,
): RunRead {
  return {
    id,
    dir,
    log: new RunLog(),
    status: 'unreadable',
    error,
    writer,
    tags: [],
    notes: null,
    statistics: new Map(),
    statisticsFromHint: false,
    offset: 0,
    logSize: 0,
    lastWrite: 0,
    stoppedAtNul: false,
  };
}
