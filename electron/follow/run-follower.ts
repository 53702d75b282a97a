// Following one run's log: reads what was appended since the last whole line, never past a line
// that is not whole and never twice the bytes of one that is not whole yet, opening the file
// anew each time; turns what it read into ordered changes (samples appended per key, orphan
// cuts) and copes with the log shrinking, vanishing or becoming unreadable. It follows any fold
// of whole lines that keeps series and tells its orphan cuts: a munin log's (RunLog), or an
// event stream's.

import { log } from '../log.js';
import { isAbsent } from '../store/file-errors.js';
import { readLogInto } from '../store/log/log-bytes.js';
import { whyUnreadable } from '../store/store-files.js';
import type {
  LogReadResult,
  LogVersion,
  PartialLine,
  WholeLinesSink,
} from '../store/log/read-types.js';
import type { OrphanCutListener } from '../store/log/run-fold.js';
import type { Series } from '../store/log/samples-fold.js';
import { RunLog } from '../store/log/run-fold.js';

/** What a follower needs of the fold it feeds: its series, counters, and a say in its cuts. */
export interface FollowedFold extends WholeLinesSink {
  /** The series as read now, orphans left out. */
  readonly series: ReadonlyMap<string, Series>;
  /** Bumped for every record that is not a sample: a sign that more than samples changed. */
  readonly otherRecords: number;
  readonly damaged: number;
  /** Told of each cut of orphans around it, so that the follower can order what it reports. */
  orphanCutListener: OrphanCutListener | null;
}

/** One change a read brought: the cuts in log order, then the samples read since. */
export type FollowChange =
  | { readonly kind: 'samples'; readonly key: string; readonly from: number; readonly to: number }
  | { readonly kind: 'orphans-cut'; readonly step: number };

export type FollowResult =
  | {
      readonly state: 'read';
      /**
       * The read's orphan cuts in log order, then per key the samples appended past what was
       * told before: applied in order to what was told, they give the series as read now.
       */
      readonly changes: readonly FollowChange[];
      /** True when records other than samples arrived (summary, end, declarations) or damage. */
      readonly recordsChanged: boolean;
      /** True when the log's size, modification time or identity is not the last read's. */
      readonly fileChanged: boolean;
    }
  /** The log was replaced, or shrank below what was read: it was read afresh from its start. */
  | { readonly state: 'reset' }
  /** The log is gone: a deletion renamed it to .deleted, or the directory was removed. */
  | { readonly state: 'vanished' }
  /**
   * The log is there but cannot be read: a FIFO or a device in its place, a link out of the
   * store, no permission. What was read is kept, and read on from once the log can be read.
   */
  | { readonly state: 'unreadable'; readonly reason: string };

/**
 * How long after a log's modification time a read must begin for the log's size and time to
 * vouch for its bytes later: a write within the timestamp's granularity (a clock tick, or a
 * second or two on some file systems) can leave both as they were.
 */
const SETTLED_MS = 2000;

export class FoldFollower<F extends FollowedFold> implements OrphanCutListener {
  log: F;
  /** Offset just past the last whole line read. */
  offset = 0;
  size = 0;
  mtimeMs = 0;
  stoppedAtNul = false;
  /** The bytes read from the log so far, every poll's: what following it has cost. */
  bytesRead = 0;
  private identity: string | null = null;
  /** The line not whole yet where reading stopped, as far as it was scanned. */
  private partialLine: PartialLine | null = null;
  /** When the last read that read the log began, by the wall clock. */
  private readAtMs = -Infinity;
  /** Why the log could not be read at the last poll, told once per reason. */
  private unreadableReason: string | null = null;
  /** Per key, how many samples the changes reported so far hold: what a subscriber holds. */
  private readonly reported = new Map<string, number>();
  private pending: FollowChange[] = [];

  constructor(
    readonly logPath: string,
    /** The store's real root (realStoreRoot), inside which a link in the log's place may lead. */
    readonly realRoot: string,
    /** Makes an empty fold: the first, and another each time the file is read afresh. */
    private readonly makeFold: () => F,
  ) {
    this.log = makeFold();
  }

  /** Reads what the log gained since the last call. */
  poll(): FollowResult {
    const previousIdentity = this.identity;
    const previousOffset = this.offset;
    const previousSize = this.size;
    const previousMtimeMs = this.mtimeMs;
    const otherRecords = this.log.otherRecords;
    const damaged = this.log.damaged;
    let read: LogReadResult;
    try {
      read = this.readMore();
    } catch (error) {
      return this.failed(error);
    }
    if (read.unchanged)
      return { state: 'read', changes: [], recordsChanged: false, fileChanged: false };
    // Another file under the log's name, or one cut below what was read: what this read took
    // from it belongs to no history already told, so it is all read afresh.
    const replaced =
      previousIdentity !== null &&
      (this.identity !== previousIdentity || this.size < previousOffset);
    if (replaced) return this.readAfresh();
    return {
      state: 'read',
      changes: this.takeChanges(),
      recordsChanged: this.log.otherRecords !== otherRecords || this.log.damaged !== damaged,
      fileChanged:
        this.identity !== previousIdentity ||
        this.size !== previousSize ||
        this.mtimeMs !== previousMtimeMs,
    };
  }

  /**
   * Takes a log read elsewhere (a worker thread) as its own: the next poll goes on from where
   * that read stopped, and what it holds counts as told, since a subscriber is sent it whole.
   */
  adopt(log: F, read: LogReadResult): void {
    this.log = log;
    this.offset = read.offset;
    this.size = read.size;
    this.mtimeMs = read.mtimeMs;
    this.stoppedAtNul = read.stoppedAtNul;
    this.identity = read.identity;
    this.partialLine = read.partialLine;
    // When that read began is not known here: the next poll reads, and then knows.
    this.readAtMs = -Infinity;
    this.reported.clear();
    for (const [key, series] of log.series) this.reported.set(key, series.samples.length);
    this.pending = [];
  }

  private readAfresh(): FollowResult {
    this.log = this.makeFold();
    this.offset = 0;
    this.identity = null;
    this.partialLine = null;
    this.reported.clear();
    this.pending = [];
    try {
      this.readMore();
    } catch (error) {
      return this.failed(error);
    }
    this.takeChanges();
    return { state: 'reset' };
  }

  /**
   * A log that is gone ends its run: a deleted run's log is renamed away, which is no failure.
   * One that is there but cannot be read is one, told once for each reason it cannot.
   */
  private failed(error: unknown): FollowResult {
    if (isAbsent(error)) {
      log.debug(`${this.logPath} is gone: its run was deleted`);
      return { state: 'vanished' };
    }
    const reason = whyUnreadable(this.logPath, error);
    if (reason !== this.unreadableReason)
      log.warn(`${this.logPath} ${reason}; its run is unreadable until it can be read`);
    this.unreadableReason = reason;
    return { state: 'unreadable', reason };
  }

  /** The log's state at the last read, when it tells whether the log changed since. */
  private settledVersion(): LogVersion | undefined {
    if (this.identity === null || this.readAtMs - this.mtimeMs < SETTLED_MS) return undefined;
    return { size: this.size, mtimeMs: this.mtimeMs, identity: this.identity };
  }

  /** Reads on from where the last read stopped; nothing when the log is as that read found it. */
  private readMore(): LogReadResult {
    this.log.orphanCutListener = this;
    const readAtMs = Date.now();
    const read = readLogInto(this.logPath, this.realRoot, this.log, this.offset, {
      partialLine: this.partialLine,
      unlessVersion: this.settledVersion(),
    });
    this.unreadableReason = null;
    this.bytesRead += read.bytesRead;
    if (read.unchanged) return read;
    this.readAtMs = readAtMs;
    this.offset = read.offset;
    this.size = read.size;
    this.mtimeMs = read.mtimeMs;
    this.stoppedAtNul = read.stoppedAtNul;
    this.identity = read.identity;
    this.partialLine = read.partialLine;
    return read;
  }

  beforeCut(step: number): void {
    // Samples not told yet are told after the cut, from where they stand once it is done: a
    // change naming positions before the cut would name samples the cut moves or removes. Of
    // what was told, the subscriber keeps what the cut keeps, a prefix of the series after it.
    for (const [key, series] of this.log.series) {
      if (series.kind !== 'metric' || series.maxStep <= step) continue;
      const told = this.reported.get(key) ?? 0;
      let kept = 0;
      for (let i = 0; i < told; i++) if (series.samples.step(i) <= step) kept++;
      this.reported.set(key, kept);
    }
    this.pending.push({ kind: 'orphans-cut', step });
  }

  afterCut(): void {
    // beforeCut has set what a subscriber keeps; the samples after the cut are told at the end.
  }

  private flushSamples(): void {
    for (const [key, series] of this.log.series) {
      const from = this.reported.get(key) ?? 0;
      const to = series.samples.length;
      if (to > from) this.pending.push({ kind: 'samples', key, from, to });
      this.reported.set(key, to);
    }
  }

  private takeChanges(): FollowChange[] {
    this.flushSamples();
    const changes = this.pending;
    this.pending = [];
    return changes;
  }
}

/** Follows a munin run's log, folded by the format's rules. */
export class RunFollower extends FoldFollower<RunLog> {
  constructor(logPath: string, realRoot: string) {
    super(logPath, realRoot, () => new RunLog());
  }
}
