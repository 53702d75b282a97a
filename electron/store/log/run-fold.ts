// The state of a run folded from its log's whole lines by the rules of "Reading a log": records,
// damaged lines, kind conflicts, orphans after a resume, summary, uses, files and the end.

import type {
  EndRecord,
  FileRecord,
  LogRecord,
  MetricRecord,
  ResumeRecord,
  SeriesKind,
  StartRecord,
  UseRecord,
} from '../../../shared/format/records.js';
import { parseLogLine } from '../../../shared/format/records.js';
import type { Value } from '../../../shared/format/values.js';
import type { WholeLinesResult } from '../../../shared/format/whole-lines.js';
import { forEachWholeLine } from '../../../shared/format/whole-lines.js';
import { SampleColumns } from '../../../shared/series/sample-columns.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import { statisticsOf } from '../../../shared/series/statistics.js';
import type { SegmentSamples, TransferredSeries } from './read-types.js';
import { RecentTimes } from './recent-times.js';
import { SamplesLineScanner } from './samples-fast-path.js';
import { scannerHolding } from './samples-wasm/wasm-lines.js';
import { SamplesFold, Series } from './samples-fold.js';

/** Why a log cannot be read as a run, when it cannot. */
export type Unreadable =
  { readonly reason: 'foreign-format'; readonly format: string } | { readonly reason: 'no-start' };

export interface OrphanCutListener {
  /** Before a resume to `step` cuts its orphans: what was read so far is still whole. */
  beforeCut(step: number): void;
  /** After the cut. */
  afterCut(step: number): void;
}

/** A RunLog as structured clone carries it from the thread that read it. */
export interface TransferredRunLog {
  readonly start: StartRecord | null;
  readonly unreadable: Unreadable | null;
  readonly damaged: number;
  readonly lines: number;
  readonly kinds: ReadonlyMap<string, SeriesKind>;
  readonly series: readonly TransferredSeries[];
  readonly metricDeclarations: ReadonlyMap<string, MetricRecord>;
  readonly summary: ReadonlyMap<string, Value>;
  readonly uses: readonly UseRecord[];
  readonly files: readonly FileRecord[];
  readonly resumes: readonly ResumeRecord[];
  readonly end: EndRecord | null;
  readonly currentStep: number;
  readonly otherRecords: number;
  readonly recordTimes: readonly number[];
}

export class RunLog extends SamplesFold {
  start: StartRecord | null = null;
  unreadable: Unreadable | null = null;
  damaged = 0;
  readonly metricDeclarations = new Map<string, MetricRecord>();
  readonly summary = new Map<string, Value>();
  readonly uses: UseRecord[] = [];
  files: FileRecord[] = [];
  readonly resumes: ResumeRecord[] = [];
  end: EndRecord | null = null;
  /** Records other than samples applied so far: a follower's sign that more than samples changed. */
  otherRecords = 0;
  /**
   * The times of the latest records that carry the writer's clock and are not samples (start,
   * metric, file, summary, use, resume, end): with the readings' times, the run's cadence.
   */
  recordTimes = new RecentTimes();
  /** Told of each resume around its cut, so a follower can order what it reports. */
  orphanCutListener: OrphanCutListener | null = null;
  /** Made at the first samples line: a listing from a hint, which skips them, needs none. */
  private fastPathValue: SamplesLineScanner | null = null;

  private get fastPath(): SamplesLineScanner {
    return (this.fastPathValue ??= new SamplesLineScanner());
  }

  /**
   * Applies the whole lines of bytes[start, end) in order, as forEachWholeLine finds them, and
   * returns where it stopped. Metrics and reading lines the fast path knows are read and found
   * whole in one pass over their bytes; the rest go through applyLine.
   */
  applyWholeLines(bytes: Uint8Array, start: number, end: number): WholeLinesResult {
    try {
      return this.applyLines(bytes, start, end);
    } finally {
      this.fastPath.releaseBytes();
      this.shareStepProgressions();
    }
  }

  private applyLines(bytes: Uint8Array, start: number, end: number): WholeLinesResult {
    // A subclass that sees lines through applyLine is given every line there.
    if (this.applyLine !== RunLog.prototype.applyLine)
      return forEachWholeLine(bytes, start, end, (lineStart, lineEnd) =>
        this.applyLine(bytes, lineStart, lineEnd),
      );
    let firstNul = bytes.indexOf(0, start);
    if (firstNul < 0 || firstNul >= end) firstNul = end;
    const fastPath = this.fastPath;
    const scanner = scannerHolding(bytes);
    let pos = start;
    while (pos < end) {
      if (this.start !== null && this.end === null && this.unreadable === null) {
        const next = this.applyScannedRun(scanner, bytes, pos, end);
        if (next !== pos) {
          pos = next;
          continue;
        }
        const lineFeed = fastPath.scanWholeLine(bytes, pos, end);
        if (lineFeed >= 0) {
          this.lines++;
          const fast = fastPath.scanned;
          if (!this.applySamples(fast)) {
            this.damaged++;
          }
          pos = lineFeed + 1;
          continue;
        }
      }
      let lineFeed = bytes.indexOf(0x0a, pos);
      if (lineFeed >= end) lineFeed = -1;
      if (lineFeed < 0) return { consumed: pos, stoppedAtNul: firstNul < end };
      if (firstNul < lineFeed) return { consumed: pos, stoppedAtNul: true };
      this.applyLine(bytes, pos, lineFeed);
      pos = lineFeed + 1;
    }
    return { consumed: pos, stoppedAtNul: firstNul < end };
  }

  /**
   * Takes a whole line too long to hold (log-bytes.ts, MAX_LINE_BYTES) as applyLine takes one
   * that is no record: no record of this format is that long, so nothing is read from it.
   */
  skipLongLine(): void {
    this.lines++;
    if (this.unreadable !== null) return;
    if (this.start === null) this.unreadable = { reason: 'no-start' };
    else this.damaged++;
  }

  /** Applies one whole line, bytes[start, end) without its line feed. */
  applyLine(bytes: Uint8Array, start: number, end: number): void {
    if (this.start !== null && this.end === null && this.unreadable === null) {
      const fast = this.fastPath.scan(bytes, start, end);
      if (fast !== undefined) {
        this.lines++;
        if (!this.applySamples(fast)) {
          this.damaged++;
        }
        return;
      }
    }
    this.applyParsedLine(bytes, start, end);
  }

  /**
   * Applies one whole line through the general parser, without the fast path: for a line the
   * fast path does not take, which a caller that knows the line's opening may tell beforehand.
   */
  protected applyParsedLine(bytes: Uint8Array, start: number, end: number): void {
    this.lines++;
    if (this.unreadable !== null) return;
    const parsed = parseLogLine(bytes, start, end);
    if (this.start === null) {
      if (parsed?.type === 'start') {
        this.start = parsed;
        this.recordTimes.push(parsed.time);
        this.otherRecords++;
      } else {
        this.unreadable =
          parsed?.type === 'foreign-start'
            ? { reason: 'foreign-format', format: parsed.format }
            : { reason: 'no-start' };
      }
      return;
    }
    if (parsed === undefined || parsed.type === 'foreign-start' || !this.applyRecord(parsed)) {
      this.damaged++;
    } else if (parsed.type !== 'metrics' && parsed.type !== 'reading') {
      this.otherRecords++;
      this.recordTimes.push(parsed.time);
    }
  }

  /** Applies a record after the start; false when the record is damaged where it stands. */
  private applyRecord(record: LogRecord): boolean {
    // An end is the last record of its log, and the start the first: anything else there is damaged.
    if (this.end !== null || record.type === 'start') return false;
    switch (record.type) {
      case 'metric':
        if (this.kinds.get(record.key) === 'reading') return false;
        this.kinds.set(record.key, 'metric');
        this.metricDeclarations.set(record.key, record);
        return true;
      case 'metrics':
      case 'reading': {
        const keys = [...record.values.keys()];
        return this.applySamples({
          type: record.type,
          time: record.time,
          step: record.step,
          keys,
          values: Float64Array.from(record.values.values()),
          count: keys.length,
        });
      }
      case 'file':
        this.files.push(record);
        return true;
      case 'summary':
        for (const [name, value] of record.values) this.summary.set(name, value);
        return true;
      case 'use':
        this.uses.push(record);
        return true;
      case 'resume':
        this.resumes.push(record);
        this.orphanCutListener?.beforeCut(record.step);
        this.cutOrphans(record.step);
        this.orphanCutListener?.afterCut(record.step);
        this.currentStep = record.step;
        return true;
      case 'end':
        this.end = record;
        return true;
    }
  }

  /**
   * Applies the samples of a segment of the log that another thread read (segment-scan.ts), as
   * applying its lines here would; false, changing nothing, when those lines could not be read
   * without the state before them: after an end, before a start, or with a key of another kind.
   */
  applySegment(segment: SegmentSamples): boolean {
    if (this.start === null || this.end !== null || this.unreadable !== null) return false;
    // A subclass that sees lines through applyLine is given every line there.
    if (this.applyLine !== RunLog.prototype.applyLine) return false;
    for (const moved of segment.series) {
      const known = this.kinds.get(moved.key);
      if (known !== undefined && known !== moved.kind) return false;
    }
    const appends: { target: SampleColumns; source: SampleColumns }[] = [];
    for (const moved of segment.series) {
      let series = this.series.get(moved.key);
      if (series === undefined) {
        this.kinds.set(moved.key, moved.kind);
        series = new Series(moved.key, moved.kind);
        this.series.set(moved.key, series);
      }
      series.maxStep = Math.max(series.maxStep, moved.maxStep);
      appends.push({ target: series.samples, source: SampleColumns.fromTransfer(moved.samples) });
    }
    SampleColumns.appendMoving(appends);
    this.shareStepProgressions();
    if (segment.currentStep !== null) this.currentStep = segment.currentStep;
    this.lines += segment.lines;
    return true;
  }

  /** Leaves out of the series and files what a resume to `step` orphaned. Readings never are. */
  private cutOrphans(step: number): void {
    for (const series of this.series.values()) {
      if (series.kind !== 'metric' || series.maxStep <= step) continue;
      series.samples.keepStepsUpTo(step);
      series.generation++;
      let greatest = -1;
      for (let i = 0; i < series.samples.length; i++)
        greatest = Math.max(greatest, series.samples.step(i));
      series.maxStep = greatest;
    }
    if (this.files.some((file) => file.step > step))
      this.files = this.files.filter((file) => file.step <= step);
  }

  /** The state to post to another thread, and the buffers that move with it. */
  toTransfer(): { state: TransferredRunLog; buffers: ArrayBuffer[] } {
    const { series, buffers } = this.transferSeries();
    const state: TransferredRunLog = {
      start: this.start,
      unreadable: this.unreadable,
      damaged: this.damaged,
      lines: this.lines,
      kinds: this.kinds,
      series,
      metricDeclarations: this.metricDeclarations,
      summary: this.summary,
      uses: this.uses,
      files: this.files,
      resumes: this.resumes,
      end: this.end,
      currentStep: this.currentStep,
      otherRecords: this.otherRecords,
      recordTimes: this.recordTimes.values(),
    };
    return { state, buffers };
  }

  static fromTransfer(state: TransferredRunLog): RunLog {
    return RunLog.restore(state, new RunLog());
  }

  /** Gives `log`, a fresh fold of this class or a subclass, the state another thread posted. */
  static restore<L extends RunLog>(state: TransferredRunLog, log: L): L {
    log.start = state.start;
    log.unreadable = state.unreadable;
    log.damaged = state.damaged;
    log.lines = state.lines;
    for (const [key, kind] of state.kinds) log.kinds.set(key, kind);
    for (const moved of state.series) {
      const series = new Series(moved.key, moved.kind);
      series.samples = SampleColumns.fromTransfer(moved.samples);
      series.maxStep = moved.maxStep;
      log.series.set(moved.key, series);
    }
    for (const [key, record] of state.metricDeclarations) log.metricDeclarations.set(key, record);
    for (const [key, value] of state.summary) log.summary.set(key, value);
    log.uses.push(...state.uses);
    log.files = [...state.files];
    log.resumes.push(...state.resumes);
    log.end = state.end;
    log.currentStep = state.currentStep;
    log.otherRecords = state.otherRecords;
    log.recordTimes = RecentTimes.from(state.recordTimes);
    return log;
  }

  /** The key's declared goal and step_metric, from its latest metric record. */
  declaration(key: string): MetricRecord | undefined {
    return this.metricDeclarations.get(key);
  }

  /** Statistics of every key with a sample, folded from the series (orphans already left out). */
  foldStatistics(): Map<string, KeyStatistics> {
    const out = new Map<string, KeyStatistics>();
    for (const [key, series] of this.series) {
      const stats = statisticsOf(
        series.samples,
        series.kind,
        this.metricDeclarations.get(key)?.goal ?? null,
      );
      if (stats !== null) out.set(key, stats);
    }
    return out;
  }
}
