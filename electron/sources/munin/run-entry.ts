// One run of a munin store as the host keeps it live: its followed log, status, tags and notes,
// the summaries and details the Api answers with, and the only writes, its tags and notes.

import { join } from 'node:path';
import type {
  EnvelopeColumns,
  GitDiffInfo,
  GitDiffPart,
  GitDiffText,
  LoggedFileInfo,
  LabelSegment,
  KeyInfo,
  KeyStatisticsInfo,
  PointAt,
  RunDetail,
  RunStatusName,
  RunSummary,
  RequestOf,
  SeriesColumns,
} from '../../../shared/api/contract.js';
import type { JsonObject } from '../../../shared/format/json.js';
import type { Goal, MetricRecord, SeriesKind } from '../../../shared/format/records.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import type { Series } from '../../store/log/samples-fold.js';
import type { HostIdentities } from '../../store/identities.js';
import type { RunRead } from '../../store/log/read-run.js';
import { seriesStatistics } from '../../store/log/series-statistics.js';
import { recentWriteTimes } from '../recent-write-times.js';
import { LOG_FILE, probeRun, readStatistics, unreadableReason } from '../../store/log/read-run.js';
import type { FileProblem, NotesRead, WriterIdentity } from '../../store/run-files.js';
import { decideStatus } from '../../store/status.js';
import type { FollowResult } from '../../follow/run-follower.js';
import { RunFollower } from '../../follow/run-follower.js';
import { CurveReader } from '../curve-reader.js';
import type { HintedListing } from '../../store/hinted-listing.js';
import { listFromHint } from '../../store/hinted-listing.js';
import { notesPathOf, RunDirFiles } from './run-dir-files.js';
import { describeLoggedFiles, openLoggedFile } from '../../store/logged-files.js';
import type { OpenedFile } from '../../store/store-files.js';
import { checkStoreDirectory, UnreadableFile } from '../../store/store-files.js';
import type { OfferedSeries, RunCapabilities, SourceRun, SourceUse } from '../run-source.js';
import { offerSeries } from '../run-source.js';

export class RunEntry implements SourceRun {
  /** A munin run takes tags and notes, written as the format says. */
  readonly capabilities: RunCapabilities = { tags: true, notes: true };
  readonly dir: string;
  /** Made when first asked for: a run listed from its hint has none until its samples are read. */
  private followerValue: RunFollower | null = null;
  /**
   * Set while the run is listed from its stats hint: its samples are not read yet, and the
   * list's keys, counts and last step come from the hint.
   */
  private listing: HintedListing | null = null;
  writer: WriterIdentity | null = null;
  status: RunStatusName = 'silent';
  /** Its tags, notes and git.diff, and the only writes. */
  private readonly files: RunDirFiles;
  /** The run's log or directory while it cannot be read, and why; null when it can. */
  private unreadable: FileProblem | null = null;
  /** Its curves' envelopes and cursor points, made when a curve is first asked for. */
  private curvesValue: CurveReader | null = null;

  /**
   * `realRoot` is the store's real path: reads never leave it. `tagsAbsent` when the caller
   * just found the run has no tags/, so that it is not looked for again; `notes` when the caller
   * read them since the run was watched.
   */
  constructor(
    private readonly realRoot: string,
    readonly id: string,
    private readonly host: HostIdentities,
    tagsAbsent = false,
    notes?: NotesRead,
  ) {
    this.dir = join(realRoot, 'runs', id);
    this.files = new RunDirFiles(this.dir, realRoot, notesPathOf(id), tagsAbsent, notes);
  }

  /**
   * The run's log follower. A store of 100,000 runs lists most from their hints, whose samples
   * are never read unless opened: a follower each, with its fold, would be memory held for none.
   */
  get follower(): RunFollower {
    return (this.followerValue ??= new RunFollower(join(this.dir, LOG_FILE), this.realRoot));
  }

  private get curves(): CurveReader {
    if (this.curvesValue !== null) return this.curvesValue;
    const { id } = this;
    return (this.curvesValue = new CurveReader({
      runId: id,
      // A munin run's samples carry no labels, and a resume's orphans are left out as it is read.
      curveSeries: (key, filter, copy) => {
        const series = this.log.series.get(key);
        if (series === undefined) return undefined;
        if (filter !== undefined)
          return { refused: `the samples of run ${id} carry no labels to filter on` };
        if (copy === 'orphans')
          return { refused: `run ${id} is a munin run: its orphans are not kept` };
        return series;
      },
      series: (key) => this.log.series.get(key),
      declaration: (key) => this.log.metricDeclarations.get(key),
    }));
  }

  /**
   * A run whose directory or log is there but cannot be read: listed as unreadable, with why,
   * until a read succeeds.
   */
  static unreadable(
    realRoot: string,
    id: string,
    host: HostIdentities,
    problem: FileProblem,
  ): RunEntry {
    const entry = new RunEntry(realRoot, id, host);
    entry.markUnreadable(problem);
    return entry;
  }

  /**
   * The log cannot be read: told as its directory's problem when the directory is the cause (a
   * link out of the store), which says more than the log's own failure to open.
   */
  private markLogUnreadable(reason: string): void {
    try {
      checkStoreDirectory(this.dir, this.realRoot);
    } catch (error) {
      if (error instanceof UnreadableFile) {
        this.markUnreadable({ file: 'its directory', reason: error.reason });
        return;
      }
    }
    this.markUnreadable({ file: LOG_FILE, reason });
  }

  private markUnreadable(problem: FileProblem): void {
    this.unreadable = problem;
    this.status = 'unreadable';
  }

  get tags(): readonly string[] {
    return this.files.tags;
  }

  /** The notes' text as read (their first part when large); null when there are none. */
  get notes(): string | null {
    return this.files.notes;
  }

  get log() {
    return this.listing?.log ?? this.follower.log;
  }

  /** False while the run is listed from its hint, its samples not read. */
  get samplesRead(): boolean {
    return this.listing === null;
  }

  /**
   * Lists an ended run from its stats hint without reading its samples; false, listing
   * nothing, when the run must be read whole (see listFromHint).
   */
  listFromHint(): boolean {
    const listing = listFromHint(this.dir, LOG_FILE, this.realRoot);
    if (listing === null) return false;
    this.adoptListing(listing);
    return true;
  }

  /** Lists the run from a listing of its hint read elsewhere (listing-ahead/), as listFromHint. */
  adoptListing(listing: HintedListing): void {
    this.listing = listing;
    // An end decides the status whatever a probe would find.
    this.status = this.decideStatus('unavailable');
  }

  /** Reads the samples of a run listed from its hint: the run is then followed as any other. */
  readSamples(): FollowResult | null {
    if (this.listing === null) return null;
    this.listing = null;
    this.followerValue = null;
    return this.refresh();
  }

  /**
   * Probes (when it may), then reads what the log gained, then decides the status. With
   * `appendOnly`, a run already read running skips the probe: a log that grows has a writer,
   * an end it writes is read from the log itself, and the periodic probe finds a writer that
   * exited. This keeps a live run's appends from costing a lock probe each.
   */
  refresh(appendOnly = false): FollowResult {
    if (appendOnly && this.status === 'running') {
      const result = this.follower.poll();
      if (result.state === 'unreadable') this.markLogUnreadable(result.reason);
      else if (result.state !== 'vanished' && this.log.end !== null)
        this.status = this.decideStatus('unavailable');
      return result;
    }
    const { writer, probe } = probeRun(this.dir, this.host, this.realRoot);
    this.writer = writer;
    const result = this.follower.poll();
    if (result.state === 'unreadable') this.markLogUnreadable(result.reason);
    else if (result.state !== 'vanished') {
      this.unreadable = null;
      this.status = this.decideStatus(probe);
    }
    return result;
  }

  /** Why the run reads as unreadable: its files cannot be read, or its log is not of this format. */
  private get unreadableError(): string | null {
    if (this.unreadable === null) return unreadableReason(this.log);
    return `${this.unreadable.file} ${this.unreadable.reason}`;
  }

  private decideStatus(probe: ReturnType<typeof probeRun>['probe']): RunStatusName {
    if (this.unreadableError !== null) return 'unreadable';
    return decideStatus({
      endStatus: this.log.end?.status ?? null,
      probe,
      writer: this.writer,
      host: this.host,
      logModified: this.lastWriteMs / 1000,
    });
  }

  refreshTags(): void {
    this.files.refreshTags();
  }

  refreshNotes(): void {
    this.files.refreshNotes();
  }

  gitDiff(): GitDiffText | null {
    return this.files.gitDiff();
  }

  gitDiffPart(offset: number): GitDiffPart {
    return this.files.gitDiffPart(offset);
  }

  addTag(tag: string): void {
    this.files.addTag(tag);
  }

  removeTag(tag: string): void {
    this.files.removeTag(tag);
  }

  writeNotes(text: string): void {
    this.files.writeNotes(text);
  }

  listFiles(): LoggedFileInfo[] {
    return describeLoggedFiles(this.dir, this.log.files);
  }

  openFile(path: string): OpenedFile {
    return openLoggedFile(this.dir, this.log.files, path);
  }

  /** True while the run may still change status by itself: it has no end. */
  get open(): boolean {
    // A log that cannot be read now may be readable at the next probe (its mode mended).
    return this.log.end === null && this.log.unreadable === null;
  }

  private get lastWriteMs(): number {
    return this.listing?.read.mtimeMs ?? this.follower.mtimeMs;
  }

  get lastWrite(): number {
    return this.lastWriteMs / 1000;
  }

  recentWriteTimes(): readonly number[] {
    const { log } = this;
    // A metrics record's time is the program's to give; readings and the rest carry the writer's.
    const readings = [...log.series.values()].filter((series) => series.kind === 'reading');
    return recentWriteTimes(
      log.recordTimes.values(),
      readings.map((series) => series.samples),
    );
  }

  summary(): RunSummary {
    const { log } = this;
    // The last step is that of the latest metric sample (the format's: the last in log order
    // that is not an orphan) over the keys, which the hint holds as the log does.
    let lastStep: number | null = null;
    const keys: KeyInfo[] = [];
    const goalOf = (key: string, kind: SeriesKind): Goal | null =>
      kind === 'metric' ? (log.metricDeclarations.get(key)?.goal ?? null) : null;
    if (this.listing !== null) {
      for (const [key, stats] of this.listing.statistics) {
        keys.push({ key, kind: stats.kind, count: stats.count, goal: goalOf(key, stats.kind) });
        if (stats.kind === 'metric') lastStep = Math.max(lastStep ?? 0, stats.last.step);
      }
    } else {
      for (const [key, series] of log.series) {
        const count = series.samples.length;
        keys.push({ key, kind: series.kind, count, goal: goalOf(key, series.kind) });
        if (series.kind === 'metric' && count > 0)
          lastStep = Math.max(lastStep ?? 0, series.samples.step(count - 1));
      }
    }
    return {
      id: this.id,
      status: this.status,
      error: this.unreadableError ?? log.end?.error ?? null,
      experiment: log.start?.experiment ?? null,
      name: log.start?.name ?? null,
      parent: log.start?.parent ?? null,
      startTime: log.start?.time ?? null,
      endTime: log.end?.time ?? null,
      lastWrite: this.lastWriteMs / 1000,
      lastStep,
      steps: log.start?.steps ?? null,
      params: log.start?.params ?? new Map(),
      summary: new Map(log.summary),
      tags: [...this.tags],
      keys,
      damaged: log.damaged,
      hasNotes: this.notes !== null && this.notes.length > 0,
      fileCount: log.files.length,
      source: 'munin',
      readOnly: null,
      dirty: dirtyOf(log.start?.provenance ?? null),
      // The host's health monitor tells it (host/health): a run knows none of its own.
      health: null,
    };
  }

  detail(): RunDetail {
    const { log } = this;
    // Read once: the detail shows its size, and its problem among the files that cannot be read.
    const gitDiff = this.files.gitDiffInfo();
    const { statistics } = readStatistics(this.dir, this.realRoot, log, this.follower.size);
    const statisticsInfo: KeyStatisticsInfo[] = [...statistics].map(([key, stats]) => ({
      key,
      ...stats,
    }));
    return {
      summary: this.summary(),
      provenance: log.start?.provenance ?? null,
      notes: this.notes,
      writer:
        this.writer === null
          ? null
          : { machine: this.writer.machine ?? null, boot: this.writer.boot ?? null },
      resumes: log.resumes.map((r) => ({ step: r.step, time: r.time, provenance: r.provenance })),
      metrics: [...log.metricDeclarations.values()].map((d) => ({
        key: d.key,
        goal: d.goal,
        stepMetric: d.stepMetric,
      })),
      uses: log.uses.map((u) => ({ name: u.name, version: u.version })),
      files: log.files.map((f) => ({ key: f.key, step: f.step, path: f.path })),
      statistics: statisticsInfo,
      notesInfo: this.files.notesInfo(),
      gitDiff,
      fileProblems: this.fileProblems(gitDiff),
      waitingOnHole: this.follower.stoppedAtNul,
      annotations: [],
      labels: [],
      orphans: [],
    };
  }

  uses(): readonly SourceUse[] {
    return this.log.uses.map((u) => ({ name: u.name, version: u.version, time: u.time }));
  }

  private fileProblems(diff: GitDiffInfo | null): FileProblem[] {
    const problems = this.files.problems(diff);
    return this.unreadable === null ? problems : [this.unreadable, ...problems];
  }

  subscribedSeries(): OfferedSeries[] {
    return offerSeries(this.id, this.log.series, (key) => this.columns(key)!);
  }

  series(key: string): Series | undefined {
    return this.log.series.get(key);
  }

  declaration(key: string): MetricRecord | undefined {
    return this.log.metricDeclarations.get(key);
  }

  keyStatistics(key: string): KeyStatistics | undefined {
    const goal = this.log.metricDeclarations.get(key)?.goal ?? null;
    // Listed from its hint: the hint's statistics hold for the log, and no sample is read.
    if (this.listing !== null) {
      const hinted = this.listing.statistics.get(key);
      return hinted === undefined
        ? undefined
        : { ...hinted, goal: hinted.kind === 'metric' ? goal : null };
    }
    const series = this.log.series.get(key);
    return series === undefined ? undefined : (seriesStatistics(series, goal) ?? undefined);
  }

  /** Samples [from, to) of a key as columns; the whole series by default. */
  columns(key: string, from = 0, to?: number): SeriesColumns | undefined {
    const series = this.log.series.get(key);
    if (series === undefined) return undefined;
    const { steps, times, values } = series.samples.slice(from, to ?? series.samples.length);
    return { runId: this.id, key, kind: series.kind, steps, times, values };
  }

  envelope(request: RequestOf<'envelope'>): EnvelopeColumns | { readonly refused: string } {
    return this.curves.envelope(request);
  }

  sampleAt(request: RequestOf<'sampleAt'>): PointAt | null | { readonly refused: string } {
    return this.curves.sampleAt(request);
  }

  labelSegments(
    request: RequestOf<'labelSegments'>,
  ): LabelSegment[] | { readonly refused: string } {
    if (!this.log.series.has(request.key))
      return { refused: `run ${this.id} has no key ${request.key}` };
    return [];
  }

  /** The run as the export contract lays it out, from the live state. */
  asRead(): RunRead {
    const { log } = this;
    const { statistics, fromHint } = readStatistics(
      this.dir,
      this.realRoot,
      log,
      this.follower.size,
    );
    return {
      id: this.id,
      dir: this.dir,
      log,
      status: this.status,
      error: this.unreadableError ?? log.end?.error ?? null,
      writer: this.writer,
      tags: [...this.tags],
      notes: this.files.notesForExport(),
      statistics,
      statisticsFromHint: fromHint,
      offset: this.follower.offset,
      logSize: this.follower.size,
      lastWrite: this.follower.mtimeMs / 1000,
      stoppedAtNul: this.follower.stoppedAtNul,
    };
  }
}

/** Whether a provenance says its work tree was dirty: its git.dirty, when it is a boolean. */
function dirtyOf(provenance: JsonObject | null): boolean | null {
  const git = provenance?.get('git');
  if (!(git instanceof Map)) return null;
  const dirty = git.get('dirty');
  return typeof dirty === 'boolean' ? dirty : null;
}
