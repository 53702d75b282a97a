// The seam between the host and where runs come from: a source lists runs, tells what changes,
// exports them, and gives each run an entry that reads, follows and describes itself (status,
// summary, series, envelopes) and says what may be written to it. The rest of the host sees runs,
// never a store's layout: a munin store is one source, an event stream another, a store on
// another machine a third. What a run reads from its own files (its detail, git diff, files, the
// writes) a far run asks its host for, so those members may answer later (Answered); what the
// host reads of many runs at once (summaries, series, statistics, envelopes) a far source holds,
// fetched before a request needs it (prepare), and answers at once.

import type {
  ApiRequest,
  ArtifactSummary,
  EnvelopeColumns,
  GitDiffPart,
  LabelSegment,
  GitDiffText,
  LoggedFileInfo,
  VersionCheckInfo,
  PointAt,
  RemoteSourceState,
  RequestOf,
  RunDetail,
  RunSourceName,
  RunStatusName,
  RunSummary,
  SeriesColumns,
} from '../../shared/api/contract.js';
import type { HealthEvent, RunHealth } from '../../shared/api/health.js';
import type { Goal, SeriesKind } from '../../shared/format/records.js';
import type { Value } from '../../shared/format/values.js';
import type { KeyStatistics } from '../../shared/series/statistics.js';
import type { FollowResult } from '../follow/run-follower.js';
import type { RunFileKind } from '../follow/store-watcher.js';
import type { LoggedFileBytes } from '../store/logged-file-bytes.js';
import type { OpenedFile } from '../store/store-files.js';
import type { Series } from '../store/log/samples-fold.js';
import type { ExportParts } from '../store/export.js';

/**
 * What changed of a run: its log, its tags or notes, or its writer, hint or directory; or, for a
 * run whose host tells its summary (a far one), that summary alone, nothing to read.
 */
export type RunChange = RunFileKind | 'summary';

/** An answer now, or later: a far run asks its host for what a local one reads from disk. */
export type Answered<T> = T | Promise<T>;

/**
 * A run's series as a subscription is offered it: its size, its samples copied only when it is
 * sent whole (a Compare's snapshot sends most of its keys as counts: copying them first was
 * most of its time).
 */
export interface OfferedSeries {
  readonly runId: string;
  readonly key: string;
  readonly kind: SeriesKind;
  readonly length: number;
  /** The samples as columns, copied when called. */
  whole(): SeriesColumns;
}

/** Offers each of a run's series, its samples read by `columns` only if taken whole. */
export function offerSeries(
  runId: string,
  series: ReadonlyMap<string, Series>,
  columns: (key: string) => SeriesColumns,
): OfferedSeries[] {
  return [...series].map(([key, held]) => ({
    runId,
    key,
    kind: held.kind,
    length: held.samples.length,
    whole: () => columns(key),
  }));
}

/** What a read of a run's log brought: samples and orphan cuts, a reset, or its end. */
export type RunRefresh = FollowResult;

/** One version of an artifact as a source reads it; a deleted one keeps only its time. */
export interface SourceArtifactVersion {
  readonly version: number;
  readonly deleted: boolean;
  readonly time: number | null;
  readonly run: string | null;
  readonly step: number | null;
  readonly size: number | null;
  readonly digest: string | null;
  readonly metadata: ReadonlyMap<string, Value> | null;
}

export interface SourceArtifact {
  readonly name: string;
  /** The highest version not deleted, or null. */
  readonly latest: number | null;
  /** By number, ascending. */
  readonly versions: readonly SourceArtifactVersion[];
  /** Alias to the version it names, by alias in byte order. */
  readonly aliases: ReadonlyMap<string, number>;
}

/** A `use` record of a run's log: the artifact version the run used, and when. */
export interface SourceUse {
  readonly name: string;
  readonly version: number;
  readonly time: number;
}

/** What may be written to a run. */
export interface RunCapabilities {
  /** Tags can be added and removed: the run is a munin store's. */
  readonly tags: boolean;
  /** Notes can be replaced. */
  readonly notes: boolean;
}

export interface SourceRun {
  readonly id: string;
  readonly capabilities: RunCapabilities;
  readonly status: RunStatusName;
  readonly tags: readonly string[];
  /** True while the run may still change status by itself: it has no end. */
  readonly open: boolean;
  /** False while the run is listed without its samples (from a stats hint, say). */
  readonly samplesRead: boolean;
  /** When the run last wrote: its log's modification time, seconds since the epoch; 0 unknown. */
  readonly lastWrite: number;
  /**
   * The times its writer wrote at most recently, by the writer's clock, ascending: records that
   * carry it (not a metrics record's, which the program may set), for its cadence read cold.
   */
  recentWriteTimes(): readonly number[];
  /** Reads the samples of a run listed without them; null when they were read. */
  readSamples(): RunRefresh | null;
  /** Reads what the run gained; with `appendOnly`, only its log grew. */
  refresh(appendOnly?: boolean): RunRefresh;
  refreshTags(): void;
  refreshNotes(): void;
  summary(): RunSummary;
  /**
   * The run's health as the host that writes it judged it (a far run's, by the far host, which
   * sees its log's times and every sample); undefined for a run this host judges itself.
   */
  readonly judgedHealth?: RunHealth | null;
  detail(): Answered<RunDetail>;
  /** The artifact versions the run's log says it used, in log order (a hinted run has them). */
  uses(): readonly SourceUse[];
  /**
   * A key's series as the run holds it (orphans left out), growing as the run is read: for the
   * host's own reads over every sample (groups, statistics, derived views). Undefined when the
   * run has no such key.
   */
  series(key: string): Series | undefined;
  /** The key's declared goal and step_metric, from its latest metric record; undefined when none. */
  declaration(
    key: string,
  ): { readonly goal: Goal | null; readonly stepMetric: string | null } | undefined;

  /**
   * A key's statistics (its declared goal with them), undefined when the run has no sample of
   * it: from the stats hint while the run is listed without its samples, so asking reads
   * nothing, else folded from the series. For metric columns over thousands of runs.
   */
  keyStatistics(key: string): KeyStatistics | undefined;
  /** Samples [from, to) of a key as columns; the whole series by default. */
  columns(key: string, from?: number, to?: number): SeriesColumns | undefined;
  /** The run's series as a subscriber is offered them: whole or as counts, as its budget says. */
  subscribedSeries(): OfferedSeries[];
  /**
   * The envelope of a key for a view; a request with a label filter or for the orphaned copy
   * draws those samples, and a run whose samples carry no such label or that keeps no orphans
   * refuses it.
   */
  envelope(request: RequestOf<'envelope'>): EnvelopeColumns | { readonly refused: string };
  sampleAt(request: RequestOf<'sampleAt'>): PointAt | null | { readonly refused: string };
  /** Where the key's label changes value along its series; empty when no sample carries it. */
  labelSegments(
    request: RequestOf<'labelSegments'>,
  ): readonly LabelSegment[] | { readonly refused: string };
  /**
   * The uncommitted changes the run started from, their first part when large; null when it has
   * none. Throws an UnreadableFile when it is there but cannot be read.
   */
  gitDiff(): Answered<GitDiffText | null>;
  /** A piece of the git.diff from offset, for saving it whole; throws as gitDiff does. */
  gitDiffPart(offset: number): Answered<GitDiffPart>;
  /** The files the run logged, orphans left out, each with its size or why it cannot be read. */
  listFiles(): Answered<readonly LoggedFileInfo[]>;
  /**
   * Opens a file the run logged, for its bytes; throws a LoggedFileRefusal saying why it may not
   * be read (no record names it, it leaves the run's directory, it is not a regular file).
   */
  openFile(path: string): OpenedFile;
  /**
   * A far run's logged file, read through its host a part at a time (its host's safe open
   * refuses what openFile would); absent on a run whose files are on this machine. Rejects with a
   * LoggedFileRefusal.
   */
  fetchFile?(path: string): Promise<LoggedFileBytes>;
  /** Writes of tags and notes; each throws why when it fails or the run does not take it. */
  addTag(tag: string): Answered<void>;
  removeTag(tag: string): Answered<void>;
  writeNotes(text: string): Answered<void>;
}

/** What a source tells its host as it reads and watches. */
export interface SourceEvents {
  /** A run read after the source opened. */
  runAdded(run: SourceRun): void;
  /** A long read of a run began; its progress is in `reading`. */
  readingStarted(runId: string): void;
  /** Something of a run changed on disk, a run read or not yet. */
  runChanged(runId: string, what: RunChange): void;
  artifactsChanged(): void;
  /** Something happened to a run, as the host that writes it saw it (a far run's health). */
  healthEvent?(event: HealthEvent): void;
  /** A far store was lost or reached again: what storeInfo says of the paths changed. */
  sourcesChanged?(): void;
}

/** A path a source opened, as storeInfo lists it. */
export interface OpenedPath {
  readonly root: string;
  readonly name: string;
  readonly kind: RunSourceName;
  /** A far store's: whether it is reached now. */
  readonly remote?: RemoteSourceState;
}

export interface RunsSource {
  /** The first path opened. */
  readonly root: string;
  /** Every path opened, in order: one for a store or a stream's folder, more when combined. */
  readonly paths: readonly OpenedPath[];
  /** True when changes are found by polling, not told by the file system. */
  readonly polling: boolean;
  /** The runs read so far, by id. */
  readonly runs: ReadonlyMap<string, SourceRun>;
  /** Runs still to read, long reads included. */
  readonly toRead: number;
  /** Long reads under way: bytes read of their size. */
  readonly reading: ReadonlyMap<string, { readonly bytes: number; readonly size: number }>;
  /** Starts watching and reads the first runs; the rest are read after, told as runAdded. */
  open(events: SourceEvents): Promise<void>;
  /**
   * Fetches what answering the request will read that the source does not hold yet (a far
   * store's samples, statistics, artifacts): awaited before the request is answered. Sources
   * that read their own disk hold all of it at hand, and have none.
   */
  prepare?(request: ApiRequest): Promise<void>;
  /** A run not read yet changed: read it now, out of its turn. */
  readChanged(runId: string): void;
  /** A run that vanished: it is no longer listed. */
  drop(runId: string): void;
  /**
   * The export contract's runs and artifacts, each made in pieces as they are taken (so a slow
   * reader holds back the making, not the memory); reads what is not read yet.
   */
  exportParts(): ExportParts;
  listArtifacts(): readonly ArtifactSummary[];
  /**
   * Verifies the blobs of an artifact's versions (one version when given), telling the bytes
   * hashed so far; throws an ApiFailure-worthy Error when the artifact or version names nothing.
   */
  verifyArtifact(
    name: string,
    version: number | undefined,
    onProgress: (bytes: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<readonly VersionCheckInfo[]>;
  /** Every artifact with its versions' metadata, by name in byte order. */
  readArtifacts(): readonly SourceArtifact[];
  /** The artifact of that name, or undefined when the store holds none. */
  readArtifact(name: string): SourceArtifact | undefined;
  close(): Promise<void>;
}
