// The state of a JSONL event stream folded from its whole lines: processes and their resumes,
// orphans cut from the series but kept, labels, annotations and the status of the last process.
// The whole-line and NUL-stop rules are munin's ("Reading a log"); the rest is the event seed's.

import type { AnnotationInfo, RunStatusName } from '../../../shared/api/contract.js';
import type { WholeLinesResult } from '../../../shared/format/whole-lines.js';
import type { FollowedFold } from '../../follow/run-follower.js';
import type { OrphanCutListener } from '../../store/log/run-fold.js';
import type { Series } from '../../store/log/samples-fold.js';
import type { AnnotationEvent, DoneEvent, OpenEvent, StreamEvent } from './event-line.js';
import { annotationKind, failureOf, parseEventLine } from './event-line.js';
import { LabeledSeries } from './labeled-series.js';
import { MetricLineScanner } from './metric-line-scan.js';

/** Why a file whose first line is not an open is no event stream. */
export const NOT_A_STREAM = 'not a JSONL event stream: its first line is not an open event';

/** One process that wrote to the stream: from its open to the next. */
interface Process {
  readonly open: OpenEvent;
  /** Its index in `resumes`; null for the first process, which resumes nothing. */
  readonly resume: number | null;
  done: DoneEvent | null;
  /** Its last `failed: ` annotation. */
  failed: AnnotationEvent | null;
  interrupted: AnnotationEvent | null;
}

export class EventFold implements FollowedFold {
  /** Per metric name, its series as read now, orphans left out (what a follower tells). */
  readonly series = new Map<string, Series>();
  /** The same series with their samples' labels. */
  readonly labeled = new Map<string, LabeledSeries>();
  /** Per metric name, the samples resumes abandoned, in the order they were cut. */
  readonly orphans = new Map<string, LabeledSeries>();
  readonly annotations: AnnotationInfo[] = [];
  /** A resume per open after the first, at the step the rules give once it is decided. */
  readonly resumes: { step: number; time: number }[] = [];
  readonly processes: Process[] = [];
  damaged = 0;
  lines = 0;
  otherRecords = 0;
  /** Set when the first line is not an open: nothing more of the file is read. */
  unreadable: string | null = null;
  orphanCutListener: OrphanCutListener | null = null;
  /**
   * True for a fold of a segment read apart (stream-segments.ts): it stops before an open,
   * whose resume only the fold of the lines before it can place.
   */
  stopBeforeOpen = false;
  /** The step of the last metric line read, 0 before any: where a resume of nothing stands. */
  lastMetricStep = 0;
  /** Metric lines taken: a segment with none leaves the fold's last step as it is. */
  metricLines = 0;
  /**
   * The resume of the last open while it is not decided: its first metric (started over) or a
   * `resumed from` annotation before it says where it stands.
   */
  pendingResume: number | null = null;
  private readonly metricScanner = new MetricLineScanner();

  /** The first open: the run's start. */
  get first(): OpenEvent | null {
    return this.processes[0]?.open ?? null;
  }

  /** The newest open, whose slug, description and metadata are the run's. */
  get latest(): OpenEvent | null {
    return this.processes.at(-1)?.open ?? null;
  }

  applyWholeLines(bytes: Uint8Array, start: number, end: number): WholeLinesResult {
    const result = this.applyLines(bytes, start, end);
    // The scanner keeps a view of the bytes for the next line; the read's buffer is let go.
    this.metricScanner.releaseBytes();
    return result;
  }

  private applyLines(bytes: Uint8Array, start: number, end: number): WholeLinesResult {
    // Stopping as at a NUL is how a fold tells the byte reader to read no further: a file that
    // does not open as a stream may be a multi-GB log of something else, and is not read on.
    if (this.unreadable !== null) return { consumed: start, stoppedAtNul: true };
    let firstNul = bytes.indexOf(0, start);
    if (firstNul < 0 || firstNul >= end) firstNul = end;
    let pos = start;
    for (;;) {
      let lineFeed = bytes.indexOf(0x0a, pos);
      if (lineFeed >= end) lineFeed = -1;
      if (lineFeed < 0) return { consumed: pos, stoppedAtNul: firstNul < end };
      if (firstNul < lineFeed) return { consumed: pos, stoppedAtNul: true };
      if (!this.applyLine(bytes, pos, lineFeed)) return { consumed: pos, stoppedAtNul: true };
      pos = lineFeed + 1;
      if (this.unreadable !== null) return { consumed: pos, stoppedAtNul: true };
    }
  }

  skipLongLine(): void {
    this.lines++;
    if (this.unreadable !== null) return;
    if (this.processes.length === 0) this.unreadable = NOT_A_STREAM;
    else this.damaged++;
  }

  /**
   * Applies one whole line, bytes[start, end) without its line feed; false, taking nothing, for
   * an open when the fold stops before one.
   */
  applyLine(bytes: Uint8Array, start: number, end: number): boolean {
    if (this.unreadable !== null) {
      this.lines++;
      return true;
    }
    const event = this.metricScanner.scan(bytes, start, end) ?? parseEventLine(bytes, start, end);
    if (event?.kind === 'open' && this.stopBeforeOpen) return false;
    this.lines++;
    this.applyEvent(event);
    return true;
  }

  /** Applies the event of one line, undefined for a damaged line. */
  private applyEvent(event: StreamEvent | undefined): void {
    if (this.processes.length === 0 && event?.kind !== 'open') {
      this.unreadable = NOT_A_STREAM;
      return;
    }
    if (event === undefined) {
      this.damaged++;
      return;
    }
    switch (event.kind) {
      case 'open':
        this.applyOpen(event);
        break;
      case 'metric': {
        if (this.pendingResume !== null) {
          // No `resumed from` came first: the process started over at this step, and what
          // the earlier ones logged from it on is abandoned.
          this.resumes[this.pendingResume]!.step = event.step;
          this.pendingResume = null;
          this.cutAbove(event.step - 1);
        }
        let labeled = this.labeled.get(event.name);
        if (labeled === undefined) {
          labeled = new LabeledSeries(event.name);
          this.labeled.set(event.name, labeled);
          this.series.set(event.name, labeled.series);
        }
        labeled.push(event.step, event.time, event.value, event.metadata);
        this.lastMetricStep = event.step;
        this.metricLines++;
        break;
      }
      case 'annotation':
        this.applyAnnotation(event);
        break;
      case 'done':
        this.processes.at(-1)!.done = event;
        this.otherRecords++;
        break;
    }
  }

  private applyOpen(open: OpenEvent): void {
    let resume: number | null = null;
    if (this.processes.length > 0) {
      // A process that logged neither a metric nor a `resumed from` stays a resume at the last
      // step logged before it, the step this one is given until it says otherwise.
      resume = this.resumes.length;
      this.resumes.push({ step: this.lastMetricStep, time: open.time });
      this.pendingResume = resume;
    }
    this.processes.push({ open, resume, done: null, failed: null, interrupted: null });
    this.otherRecords++;
  }

  private applyAnnotation(event: AnnotationEvent): void {
    const kind = annotationKind(event.text);
    this.annotations.push({
      step: event.step,
      time: event.time,
      kind,
      text: event.text,
      metadata: event.metadata,
    });
    const process = this.processes.at(-1)!;
    if (kind === 'failed') process.failed = event;
    else if (kind === 'interrupted') process.interrupted = event;
    else if (kind === 'resumed' && this.pendingResume !== null) {
      // The process went back to a checkpoint saved at this step, as a munin resume does.
      this.resumes[this.pendingResume]!.step = event.step;
      this.pendingResume = null;
      this.cutAbove(event.step);
    }
    this.otherRecords++;
  }

  /** Leaves out of the series, and keeps as orphans, the metric samples above `step`. */
  private cutAbove(step: number): void {
    this.orphanCutListener?.beforeCut(step);
    for (const [name, labeled] of this.labeled) {
      let orphans = this.orphans.get(name);
      if (orphans === undefined) {
        if (labeled.series.maxStep <= step) continue;
        orphans = new LabeledSeries(name);
        this.orphans.set(name, orphans);
      }
      labeled.cutAbove(step, orphans);
    }
    this.orphanCutListener?.afterCut(step);
  }

  /** The last process's status: failed, else finished, else killed, else silent. */
  get status(): RunStatusName {
    const last = this.processes.at(-1);
    if (last === undefined) return 'silent';
    if (last.failed !== null) return 'failed';
    if (last.done !== null) return 'finished';
    if (last.interrupted !== null) return 'killed';
    return 'silent';
  }

  /** The failure's error, when the last process failed. */
  get error(): string | null {
    const failed = this.processes.at(-1)?.failed ?? null;
    return failed === null ? null : failureOf(failed.text);
  }

  /** When the last process ended: its done, else its failure or interruption; null while not. */
  get endTime(): number | null {
    const last = this.processes.at(-1);
    if (last === undefined) return null;
    return last.done?.time ?? last.failed?.time ?? last.interrupted?.time ?? null;
  }
}
