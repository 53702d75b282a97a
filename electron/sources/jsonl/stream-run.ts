// One JSONL event stream as the host keeps it live: a run followed line by line as a munin log
// is, read only (no tags, no notes), its series with their labels and the copies resumes
// abandoned, its annotations, and its export by the munin export's rules.

import { basename } from 'node:path';
import type {
  EnvelopeColumns,
  GitDiffPart,
  GitDiffText,
  KeyStatisticsInfo,
  LabelFilter,
  LabelSegment,
  LoggedFileInfo,
  PointAt,
  RequestOf,
  RunDetail,
  RunStatusName,
  RunSummary,
  SeriesColumns,
  SeriesCopy,
} from '../../../shared/api/contract.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import { seriesStatistics } from '../../store/log/series-statistics.js';
import type { FollowResult } from '../../follow/run-follower.js';
import { FoldFollower } from '../../follow/run-follower.js';
import { LoggedFileRefusal } from '../../store/logged-files.js';
import { Series } from '../../store/log/samples-fold.js';
import type { ExportPieces } from '../../store/export.js';
import type { OpenedFile } from '../../store/store-files.js';
import { CurveReader } from '../curve-reader.js';
import type { OfferedSeries, RunCapabilities, SourceRun, SourceUse } from '../run-source.js';
import { offerSeries } from '../run-source.js';
import type { LogReadResult } from '../../store/log/read-types.js';
import { EventFold } from './event-fold.js';
import { streamExportPieces } from './stream-export.js';
import { identityOf } from './stream-identity.js';
import { RECENT_TIMES } from '../../store/log/recent-times.js';
import { recentWriteTimes } from '../recent-write-times.js';

export { annotationKind } from './event-line.js';

/** Why a stream's tags and notes cannot be written: what RunSummary.readOnly and writes say. */
export const STREAM_READ_ONLY =
  "This run is a JSONL event stream, not a munin store's run: its tags and notes cannot be written here.";

type Refused = { readonly refused: string };

export class StreamRun implements SourceRun {
  readonly capabilities: RunCapabilities = { tags: false, notes: false };
  readonly tags: readonly string[] = [];
  /** A stream is always read whole as it is followed: there is no hint to list it from. */
  readonly samplesRead = true;
  private readonly follower: FoldFollower<EventFold>;
  /** Why the file cannot be read now (a FIFO in its place, no permission); null when it can. */
  private problem: string | null = null;
  private readonly curves: CurveReader;

  /**
   * `realRoot` is the real path of the folder opened (or of the file's directory, for a file
   * opened alone): reads never leave it. Nothing is read until the first refresh().
   */
  constructor(
    realRoot: string,
    readonly id: string,
    readonly path: string,
  ) {
    this.follower = new FoldFollower(path, realRoot, () => new EventFold());
    this.curves = new CurveReader({
      runId: id,
      curveSeries: (key, filter, copy) => this.curveSeries(key, filter, copy),
      series: (key) => this.fold.series.get(key),
      // A stream declares no goals and no step metrics.
      declaration: () => undefined,
    });
  }

  /** The fold as read now; a replaced or shrunk file gets a fresh one. */
  get fold(): EventFold {
    return this.follower.log;
  }

  get status(): RunStatusName {
    if (this.unreadableError !== null) return 'unreadable';
    return this.fold.status;
  }

  /** Why the run is unreadable: its file cannot be read, or it is no event stream. */
  private get unreadableError(): string | null {
    if (this.problem !== null) return `${basename(this.path)} ${this.problem}`;
    return this.fold.unreadable;
  }

  /**
   * Always open: a finished stream is resumed by an open appended to it. A file that is no
   * stream stays what it is until it is replaced, which a change of the file tells.
   */
  get open(): boolean {
    return this.fold.unreadable === null;
  }

  readSamples(): FollowResult | null {
    return null;
  }

  /**
   * Takes a fold read elsewhere (a worker thread, readStreamInWorker) as its own: the next
   * refresh reads on from where that read stopped.
   */
  adopt(fold: EventFold, read: LogReadResult): void {
    this.follower.adopt(fold, read);
  }

  /** Reads what the file gained since (or all of it, the first time): call it when it changed. */
  refresh(): FollowResult {
    const result = this.follower.poll();
    if (result.state === 'unreadable') this.problem = result.reason;
    else if (result.state !== 'vanished') this.problem = null;
    return result;
  }

  refreshTags(): void {}

  refreshNotes(): void {}

  get lastWrite(): number {
    return this.follower.mtimeMs / 1000;
  }

  recentWriteTimes(): readonly number[] {
    // Every event carries the runtime's own clock (ts_ms): its metrics and annotations alike.
    const { fold } = this;
    const times = fold.annotations.slice(-RECENT_TIMES).map((annotation) => annotation.time);
    for (const process of fold.processes.slice(-RECENT_TIMES)) times.push(process.open.time);
    return recentWriteTimes(
      times,
      [...fold.series.values()].map((series) => series.samples),
    );
  }

  summary(): RunSummary {
    const { fold } = this;
    const latest = fold.latest;
    const identity = identityOf(latest?.metadata ?? null);
    let lastStep: number | null = null;
    const keys = [];
    for (const [key, series] of fold.series) {
      const count = series.samples.length;
      // A stream declares no goals.
      keys.push({ key, kind: series.kind, count, goal: null });
      if (count > 0) lastStep = Math.max(lastStep ?? 0, series.samples.step(count - 1));
    }
    return {
      id: this.id,
      status: this.status,
      error: this.unreadableError ?? fold.error,
      experiment: latest?.slug ?? null,
      name: latest?.description ?? null,
      parent: null,
      startTime: fold.first?.time ?? null,
      endTime: fold.endTime,
      lastWrite: this.follower.mtimeMs / 1000,
      lastStep,
      steps: identity.steps,
      params: identity.params,
      summary: new Map(),
      tags: [],
      keys,
      damaged: fold.damaged,
      hasNotes: false,
      fileCount: 0,
      source: 'jsonl-events',
      readOnly: STREAM_READ_ONLY,
      // A stream's metadata records sources and their hashes, not a work tree's state.
      dirty: null,
      // The host's health monitor tells it (host/health): a run knows none of its own.
      health: null,
    };
  }

  /** The statistics of every key with a sample, orphans left out, as a munin run's are folded. */
  statistics(): Map<string, KeyStatistics> {
    const out = new Map<string, KeyStatistics>();
    for (const [key, series] of this.fold.series) {
      // Folded once and extended as the stream grows: the detail is asked twice a second.
      const stats = seriesStatistics(series, null);
      if (stats !== null) out.set(key, stats);
    }
    return out;
  }

  detail(): RunDetail {
    const { fold } = this;
    const statistics: KeyStatisticsInfo[] = [...this.statistics()].map(([key, stats]) => ({
      key,
      ...stats,
    }));
    return {
      summary: this.summary(),
      provenance: fold.latest === null ? null : identityOf(fold.latest.metadata).provenance,
      notes: null,
      writer: null,
      // A resuming open's metadata is the run's identity, shown once as its provenance.
      resumes: fold.resumes.map((r) => ({ step: r.step, time: r.time, provenance: null })),
      metrics: [],
      uses: [],
      files: [],
      statistics,
      notesInfo: { size: 0, truncated: false, readOnly: STREAM_READ_ONLY },
      gitDiff: null,
      fileProblems:
        this.problem === null ? [] : [{ file: basename(this.path), reason: this.problem }],
      waitingOnHole: this.follower.stoppedAtNul && fold.unreadable === null,
      annotations: [...fold.annotations],
      labels: [...fold.labeled]
        .filter(([, labeled]) => labeled.labels.size > 0)
        .map(([key, labeled]) => ({ key, labels: labeled.labelInfo() })),
      orphans: [...fold.orphans]
        .filter(([, orphans]) => orphans.length > 0)
        .map(([key, orphans]) => ({ key, count: orphans.length })),
    };
  }

  uses(): readonly SourceUse[] {
    return [];
  }

  subscribedSeries(): OfferedSeries[] {
    return offerSeries(this.id, this.fold.series, (key) => this.columns(key)!);
  }

  series(key: string): Series | undefined {
    return this.fold.series.get(key);
  }

  /** A stream declares no goals and no step metrics. */
  declaration(): undefined {
    return undefined;
  }

  keyStatistics(key: string): KeyStatistics | undefined {
    const series = this.fold.series.get(key);
    // A stream declares no goals: its keys' statistics have none, as statistics() gives them.
    return series === undefined ? undefined : (seriesStatistics(series, null) ?? undefined);
  }

  columns(key: string, from = 0, to?: number): SeriesColumns | undefined {
    const series = this.fold.series.get(key);
    if (series === undefined) return undefined;
    const { steps, times, values } = series.samples.slice(from, to ?? series.samples.length);
    return { runId: this.id, key, kind: series.kind, steps, times, values };
  }

  /** The series a curve draws: the key's, its orphaned copy, either narrowed to a label's value. */
  private curveSeries(
    key: string,
    filter: LabelFilter | undefined,
    copy: SeriesCopy,
  ): Series | undefined | Refused {
    const { fold } = this;
    if (!fold.labeled.has(key)) return undefined;
    const held = copy === 'orphans' ? fold.orphans.get(key) : fold.labeled.get(key);
    // A key no resume cut yet has an empty abandoned copy, which a later cut may fill.
    if (held === undefined) return new Series(key, 'metric');
    if (filter === undefined) return held.series;
    if (!held.labels.has(filter.label))
      return { refused: `the samples of ${key} in run ${this.id} carry no label ${filter.label}` };
    return held.narrowTo(filter.label, filter.value);
  }

  envelope(request: RequestOf<'envelope'>): EnvelopeColumns | Refused {
    return this.curves.envelope(request);
  }

  sampleAt(request: RequestOf<'sampleAt'>): PointAt | null | Refused {
    return this.curves.sampleAt(request);
  }

  labelSegments(request: RequestOf<'labelSegments'>): readonly LabelSegment[] | Refused {
    const labeled = this.fold.labeled.get(request.key);
    if (labeled === undefined) return { refused: `run ${this.id} has no key ${request.key}` };
    return labeled.segments(request.label, request.x);
  }

  gitDiff(): GitDiffText | null {
    return null;
  }

  gitDiffPart(offset: number): GitDiffPart {
    throw new Error(`run ${this.id} is a JSONL event stream: it has no git.diff (at ${offset})`);
  }

  listFiles(): LoggedFileInfo[] {
    return [];
  }

  openFile(path: string): OpenedFile {
    throw new LoggedFileRefusal(
      404,
      `run ${this.id} is a JSONL event stream: it logged no files, and no ${path}`,
    );
  }

  addTag(tag: string): void {
    throw new Error(`${STREAM_READ_ONLY} (tag ${tag} not added)`);
  }

  removeTag(tag: string): void {
    throw new Error(`${STREAM_READ_ONLY} (tag ${tag} not removed)`);
  }

  writeNotes(text: string): void {
    throw new Error(`${STREAM_READ_ONLY} (${text.length} characters of notes not written)`);
  }

  /** The run's object of the export contract, no trailing comma: its state when first taken. */
  exportPieces(): ExportPieces {
    return streamExportPieces(this);
  }
}
