// The Api between the host (Backend) and the UI: requests, responses and pushed deltas as typed
// discriminated unions. Electron IPC and the WebSocket of `serve` carry exactly these.

import type { GroupCenter, GroupSpread, GroupX } from './group-kinds.js';
import type { ReportAsk, ReportMade } from './report-ask.js';
import type { JsonObject } from '../format/json.js';
import type { EndStatus, Goal, SeriesKind } from '../format/records.js';
import type { Value } from '../format/values.js';
import type { HealthEvent, HealthThresholds, RunHealth } from './health.js';

export type RunStatusName = EndStatus | 'running' | 'crashed' | 'silent' | 'unreadable';

export interface KeyInfo {
  readonly key: string;
  readonly kind: SeriesKind;
  /** Samples in the series now, orphans left out. */
  readonly count: number;
  /**
   * The goal the run declares for the key (its metric record's), so that a list of runs tells
   * which metric they are after; null without one, and for a reading.
   */
  readonly goal: Goal | null;
}

/** What the runs browser shows of a run. */
export interface RunSummary {
  readonly id: string;
  readonly status: RunStatusName;
  /** The failed end's error, or why the run is unreadable. */
  readonly error: string | null;
  readonly experiment: string | null;
  readonly name: string | null;
  readonly parent: string | null;
  /** The start record's time, seconds since the epoch. */
  readonly startTime: number | null;
  /** The end record's time, when ended. */
  readonly endTime: number | null;
  /** When the run last wrote: its log's modification time, seconds since the epoch. */
  readonly lastWrite: number;
  /** The greatest step of a metric sample, orphans left out. */
  readonly lastStep: number | null;
  /** The largest step the run declared it will log. */
  readonly steps: number | null;
  readonly params: ReadonlyMap<string, Value>;
  readonly summary: ReadonlyMap<string, Value>;
  readonly tags: readonly string[];
  readonly keys: readonly KeyInfo[];
  readonly damaged: number;
  readonly hasNotes: boolean;
  /** Files logged, orphans left out: a page holding the list asks again when it changes. */
  readonly fileCount: number;
  /** Where the run comes from: a munin store's run, or a JSONL event stream. */
  readonly source: RunSourceName;
  /** Why the run's tags and notes cannot be written here; null when they can. */
  readonly readOnly: string | null;
  /**
   * True when the run started from a dirty work tree (its provenance's git.dirty), false when
   * from a clean one; null when its provenance does not say.
   */
  readonly dirty: boolean | null;
  /** Its health as the host follows it; null for a run whose log cannot be read. */
  readonly health: RunHealth | null;
}

/** The kinds of source a run comes from, as the export's `source` member names them. */
export type RunSourceName = 'munin' | 'jsonl-events';

/** What an event stream's annotation tells, read from its text. */
export type AnnotationKind =
  'lowering' | 'memory' | 'stage' | 'checkpoint' | 'resumed' | 'interrupted' | 'failed' | 'other';

/** A note the runtime wrote into a run's stream at a step: a stage change, a checkpoint, ... */
export interface AnnotationInfo {
  readonly step: number;
  /** Seconds since the epoch. */
  readonly time: number;
  readonly kind: AnnotationKind;
  readonly text: string;
  readonly metadata: JsonObject;
}

/** The labels a key's samples carry (an event's metadata: split, stage, pass), each's values. */
export interface KeyLabels {
  readonly key: string;
  /** By label name in the order first seen; values in the order first seen, as text. */
  readonly labels: readonly { readonly name: string; readonly values: readonly string[] }[];
}

/** A stretch of a series over which one label keeps one value, in x order of the series. */
export interface LabelSegment {
  /** The x of the stretch's first and last samples (step, time, as asked). */
  readonly x0: number;
  readonly x1: number;
  /** The label's value as text; null where the samples do not carry the label. */
  readonly value: string | null;
}

export interface MetricDeclaration {
  readonly key: string;
  readonly goal: Goal | null;
  readonly stepMetric: string | null;
}

export interface SampleInfo {
  readonly step: number;
  readonly time: number;
  readonly value: number;
}

export interface KeyStatisticsInfo {
  readonly key: string;
  readonly kind: SeriesKind;
  readonly goal: Goal | null;
  readonly count: number;
  readonly last: SampleInfo;
  readonly finite: {
    readonly least: number;
    readonly greatest: number;
    readonly mean: number;
  } | null;
  readonly nonFinite: { readonly count: number; readonly first: SampleInfo } | null;
}

/** Everything the run page shows of a run, but its series. */
export interface RunDetail {
  readonly summary: RunSummary;
  readonly provenance: JsonObject | null;
  readonly notes: string | null;
  readonly writer: { readonly machine: string | null; readonly boot: string | null } | null;
  /** Each resume's step and time, and the provenance its writer recorded (null: none). */
  readonly resumes: readonly {
    readonly step: number;
    readonly time: number;
    readonly provenance: JsonObject | null;
  }[];
  readonly metrics: readonly MetricDeclaration[];
  readonly uses: readonly { readonly name: string; readonly version: number }[];
  readonly files: readonly { readonly key: string; readonly step: number; readonly path: string }[];
  readonly statistics: readonly KeyStatisticsInfo[];
  /** The notes as read: their size, how much is shown, and why they cannot be edited. */
  readonly notesInfo: NotesInfo;
  /** The run's git.diff: null when it has none; its size, or why it cannot be read. */
  readonly gitDiff: GitDiffInfo | null;
  /** Files of the run that are there but cannot be read (tags, notes, writer, ...), and why. */
  readonly fileProblems: readonly { readonly file: string; readonly reason: string }[];
  /** True when reading stopped at a NUL byte: a part of the log not yet written to storage. */
  readonly waitingOnHole: boolean;
  /** An event stream's annotations in file order; none for a munin run. */
  readonly annotations: readonly AnnotationInfo[];
  /** Per key, the labels its samples carry; keys without labels are left out. */
  readonly labels: readonly KeyLabels[];
  /**
   * Per key, the samples a resume abandoned (orphans), kept so the app can draw the abandoned
   * copy faintly; keys without orphans are left out. A munin run keeps none.
   */
  readonly orphans: readonly { readonly key: string; readonly count: number }[];
}

export interface NotesInfo {
  /** The notes file's size in bytes; 0 when there is none. */
  readonly size: number;
  /** True when the notes are larger than the app reads, and `notes` is their first part. */
  readonly truncated: boolean;
  /** Why the notes cannot be edited here (unreadable, too large); null when they can. */
  readonly readOnly: string | null;
}

export interface GitDiffInfo {
  /** Its size in bytes; null when it cannot be read. */
  readonly size: number | null;
  /** Why it cannot be read; null when it can. */
  readonly problem: string | null;
}

/** The first part of a run's git.diff, as the run page shows it. */
export interface GitDiffText {
  readonly text: string;
  /** The whole file's size in bytes. */
  readonly size: number;
  /** True when `text` is only the first part: the rest is saved through gitDiffPart. */
  readonly truncated: boolean;
}

/** A piece of a run's git.diff, its bytes in base64, for saving the whole file. */
export interface GitDiffPart {
  readonly base64: string;
  readonly offset: number;
  /** Where the next piece starts; equal to size at the end. */
  readonly next: number;
  readonly size: number;
}

/** How the Files tab shows a logged file: as an image, as text it previews, or as a download. */
/**
 * How the page shows a logged file, from its extension: an image, an audio or video player, a
 * table (CSV, TSV, JSON, JSON Lines), rendered Markdown, HTML in a sandboxed frame, text, or
 * nothing but its size and a download.
 */
export type LoggedFileKind =
  'image' | 'audio' | 'video' | 'table' | 'markdown' | 'html' | 'text' | 'other';

/** The most bytes one loggedFilePart answers: its base64 stays far below any frame's cap. */
export const MAX_FILE_PART_BYTES = 1 << 20;

/**
 * Bytes of a file a run logged, read through the host's one safe open, its bytes in base64: how
 * a far store's files come over the link a part at a time. `size` and `modified` are the file's
 * when this part was read: a reader of several parts sees the file change between them.
 */
export interface LoggedFilePart {
  readonly base64: string;
  readonly offset: number;
  /** The whole file's size in bytes. */
  readonly size: number;
  /** Its modification time, ms since the epoch. */
  readonly modified: number;
}

/** A file the run logged, named by a file record that is not an orphan, in log order. */
export interface LoggedFileInfo {
  readonly key: string;
  readonly step: number;
  /** The file record's time: when the run logged it. */
  readonly time: number;
  /** As the record names it, relative to the run's directory: files/<key>/<step><ext>. */
  readonly path: string;
  /** Its size in bytes; null when it cannot be read. */
  readonly size: number | null;
  /** The content type it is served with, from its extension. */
  readonly contentType: string;
  readonly kind: LoggedFileKind;
  /** Why it cannot be read (no such file, a link out of the run, a FIFO, ...); null when it can. */
  readonly problem: string | null;
}

/** What verifying a version's blob found: its digest as published, and what the blob holds now. */
export interface VersionCheckInfo {
  readonly name: string;
  readonly version: number;
  readonly status: 'ok' | 'missing' | 'deleted' | 'unreadable' | 'modified';
  /** The digest the version names, with its prefix; null for a deleted version. */
  readonly digest: string | null;
  /** Modified: the digest of the blob's bytes now. */
  readonly actual: string | null;
  /** Unreadable: why. */
  readonly reason: string | null;
  /** Modified: the bytes the blob holds now, and what the version's size member says. */
  readonly size: { readonly actual: number; readonly expected: number | null } | null;
  /** Modified directory: entries written after the version was published ('dir/' for entries). */
  readonly changed: readonly string[];
}

/** A series' samples as parallel columns, in log order. */
export interface SeriesColumns {
  readonly runId: string;
  readonly key: string;
  readonly kind: SeriesKind;
  readonly steps: Float64Array;
  readonly times: Float64Array;
  readonly values: Float64Array;
  /**
   * True when the columns are empty because the series is too long to send whole: the UI asks
   * for envelopes of it instead, and appends what deltas bring after.
   */
  readonly partial?: boolean;
  /** With partial: how many samples the series holds. */
  readonly total?: number;
}

/** Series longer than this are not sent whole in a snapshot: charts ask for envelopes. */
export const WHOLE_SERIES_LIMIT = 50_000;

export interface ArtifactSummary {
  readonly name: string;
  readonly latest: number | null;
  readonly versions: readonly {
    readonly version: number;
    readonly deleted: boolean;
    readonly time: number | null;
    readonly run: string | null;
    readonly step: number | null;
    readonly size: number | null;
    readonly digest: string | null;
  }[];
  readonly aliases: readonly { readonly alias: string; readonly version: number }[];
}

/** A run whose `use` record names an artifact version. */
export interface ArtifactUse {
  readonly runId: string;
  /** The run's name, when it has one. */
  readonly runName: string | null;
  /** The use record's time. */
  readonly time: number;
  /**
   * Aliases that now name another version, one published after this use: the alias moved since
   * the run used its version, so the run may have meant one of them (`prod` then, 5 now).
   */
  readonly movedAliases: readonly { readonly alias: string; readonly version: number }[];
}

/** One version of an artifact as its page shows it, with its lineage. */
export interface ArtifactVersionDetail {
  readonly version: number;
  readonly deleted: boolean;
  /** The publication's time, or the deletion's for a deleted version. */
  readonly time: number | null;
  /** The producing run's id, and its name when the run is in the store and has one. */
  readonly run: string | null;
  readonly runName: string | null;
  /** False when the producing run is not in the store (deleted, or never copied). */
  readonly runInStore: boolean;
  readonly step: number | null;
  readonly size: number | null;
  readonly digest: string | null;
  readonly metadata: ReadonlyMap<string, Value> | null;
  /** The aliases naming this version now. */
  readonly aliases: readonly string[];
  /** The runs whose logs record a use of this version, in the order they started. */
  readonly usedBy: readonly ArtifactUse[];
}

/** An artifact's page: its versions newest first, its aliases, its latest version. */
export interface ArtifactDetail {
  readonly name: string;
  readonly latest: number | null;
  readonly versions: readonly ArtifactVersionDetail[];
  readonly aliases: readonly { readonly alias: string; readonly version: number }[];
}

/** What a run's Overview links to: the versions it used and those it produced. */
export interface RunArtifacts {
  readonly used: readonly {
    readonly name: string;
    readonly version: number;
    readonly time: number;
    /** 'missing' when no artifact of the store holds the version (a copied run, say). */
    readonly state: 'present' | 'deleted' | 'missing';
    readonly aliases: readonly string[];
    readonly movedAliases: readonly { readonly alias: string; readonly version: number }[];
  }[];
  /** Versions whose `run` is this run, by name then version. */
  readonly produced: readonly {
    readonly name: string;
    readonly version: number;
    readonly time: number | null;
    readonly step: number | null;
    readonly aliases: readonly string[];
  }[];
}

/**
 * A store on another machine, reached through ssh (`ssh://host/path`): whether it is reached now.
 * While it is not, its runs stay listed as last seen, and nothing of them is written.
 */
export interface RemoteSourceState {
  /** The far machine, as the address names it. */
  readonly host: string;
  /**
   * connected; reconnecting after the link dropped (tried again with backoff); closed for good
   * after the far side sent what is no frame of munin-view (its message says what).
   */
  readonly state: 'connected' | 'reconnecting' | 'closed';
  /** Why it is not connected, in ssh's or the far side's words; null when connected. */
  readonly message: string | null;
  /** What the ids of its runs start with here: '' when it is the only path open. */
  readonly runIdPrefix: string;
}

export interface StoreInfo {
  /** The first path opened, and its name; `sources` lists every one. */
  readonly root: string;
  readonly name: string;
  /**
   * Each path opened, in order: a munin store, a .jsonl file or a folder of them; a far store
   * (root its ssh:// address, name its host) says whether it is reached now.
   */
  readonly sources: readonly {
    readonly root: string;
    readonly name: string;
    readonly kind: RunSourceName;
    readonly remote?: RemoteSourceState;
  }[];
  /** True when the store lives where file-system events do not arrive and it is polled. */
  readonly polling: boolean;
  /** Runs read so far, and entries of runs/ still to read: a large store lists as it reads. */
  readonly runsRead: number;
  readonly runsToRead: number;
  /** Big logs being read off the host's thread: bytes read of their size. */
  readonly reading: readonly {
    readonly runId: string;
    readonly bytes: number;
    readonly size: number;
  }[];
  /** When a run without an end counts as stalled, as the host was set. */
  readonly health: HealthThresholds;
}

/** The most envelopes one `envelopes` request asks for: a panel of more lines asks in parts. */
export const MAX_ENVELOPES_ASKED = 4096;

/** What an envelope is asked of: one line of a curve panel, for a view. */
export interface EnvelopeQuery {
  readonly runId: string;
  readonly key: string;
  /**
   * The x column: the samples' steps, their times, or (step_metric) the values of the step
   * metric each pairs with by the format's rule.
   */
  readonly x: EnvelopeXColumn;
  /**
   * With x 'step_metric': the metric to pair with. Without it the key's declared step_metric;
   * a key that declares none is drawn against step, and the answer says so.
   */
  readonly stepMetric?: string;
  readonly x0: number;
  readonly x1: number;
  /** Pixel columns: at most 4 points come back per column, per envelope. */
  readonly width: number;
  /** The smoothing slider's weight (debiased EMA), from 0 (none) to below 1. */
  readonly smoothing?: number;
  /** Only the samples whose label `label` has the value `value` (its text). */
  readonly filter?: LabelFilter;
  /** 'orphans': the samples resumes abandoned, not the series (RunDetail.orphans). */
  readonly copy?: SeriesCopy;
  /** A derived view: the curve is this formula over the run's keys, and `key` its name. */
  readonly formula?: string;
}

/** The most points one `samplesAt` request asks for: a panel of more lines asks in parts. */
export const MAX_POINTS_ASKED = 4096;

/**
 * What a cursor at x `at` reads on one line: the last point, in x order, whose x is at most
 * `at`, on the same x column (and step metric) as an envelope, with its smoothed value.
 */
export interface PointQuery {
  readonly runId: string;
  readonly key: string;
  readonly x: EnvelopeXColumn;
  readonly stepMetric?: string;
  readonly at: number;
  readonly smoothing?: number;
  readonly filter?: LabelFilter;
  readonly copy?: SeriesCopy;
  readonly formula?: string;
}

/** A request from the UI; `op` names the operation. */
export type ApiRequest =
  | { readonly op: 'storeInfo' }
  | { readonly op: 'listRuns' }
  | { readonly op: 'healthEvents' }
  | { readonly op: 'runDetail'; readonly runId: string }
  | { readonly op: 'series'; readonly runId: string; readonly keys: readonly string[] }
  | { readonly op: 'gitDiff'; readonly runId: string }
  | { readonly op: 'gitDiffPart'; readonly runId: string; readonly offset: number }
  | { readonly op: 'listFiles'; readonly runId: string }
  | {
      /** At most `length` bytes (MAX_FILE_PART_BYTES) of a logged file from `offset`. */
      readonly op: 'loggedFilePart';
      readonly runId: string;
      readonly path: string;
      readonly offset: number;
      readonly length: number;
    }
  | { readonly op: 'verifyArtifact'; readonly name: string; readonly version?: number }
  | { readonly op: 'cancelVerify'; readonly name: string }
  | { readonly op: 'listArtifacts' }
  | { readonly op: 'artifactDetail'; readonly name: string }
  | { readonly op: 'runArtifacts'; readonly runId: string }
  | { readonly op: 'addTag'; readonly runId: string; readonly tag: string }
  | { readonly op: 'removeTag'; readonly runId: string; readonly tag: string }
  | { readonly op: 'setNotes'; readonly runId: string; readonly text: string }
  | {
      readonly op: 'subscribe';
      readonly runIds: readonly string[];
      /**
       * False when the caller holds the runs as of its last delta: the snapshot leaves them out
       * (a store's list can be 10,000 summaries), and a caller whose seq is not the snapshot's
       * asks again with them.
       */
      readonly withRuns?: boolean;
    }
  | ({ readonly op: 'envelope' } & EnvelopeQuery)
  | {
      /**
       * The envelopes of a panel's lines at once: each as `envelope` answers it, in the order
       * asked, in one message each way (a Compare of 20 runs x 12 keys asked 240, and taking
       * in and answering each message cost more than the envelope it held). Refused whole with
       * the first line's refusal.
       */
      readonly op: 'envelopes';
      readonly requests: readonly EnvelopeQuery[];
    }
  | ({ readonly op: 'sampleAt' } & PointQuery)
  | {
      /**
       * The points a cursor reads on a panel's lines at once: each as `sampleAt` answers it, in
       * the order asked, in one message each way (a hover over a Compare of 200 runs sent 200
       * requests per panel per move). Refused whole with the first line's refusal.
       */
      readonly op: 'samplesAt';
      readonly requests: readonly PointQuery[];
    }
  | {
      /** How a label's value changes along a key's series: stretches to colour a curve by. */
      readonly op: 'labelSegments';
      readonly runId: string;
      readonly key: string;
      readonly label: string;
      /** 'step' or 'time': the x the stretches' ends are given in. */
      readonly x: 'step' | 'time';
    }
  | {
      /**
       * A group's curve of a key (or a derived view): at each step its runs logged, the center
       * and spread of their samples there, and how many runs stand behind it.
       */
      readonly op: 'groupEnvelope';
      readonly runIds: readonly string[];
      readonly key: string;
      readonly formula?: string;
      readonly x: GroupX;
      readonly x0: number;
      readonly x1: number;
      readonly width: number;
      readonly center: GroupCenter;
      readonly spread: GroupSpread;
    }
  | {
      /** What a cursor at x `at` reads on a group's curve: the last step at or before it. */
      readonly op: 'groupAt';
      readonly runIds: readonly string[];
      readonly key: string;
      readonly formula?: string;
      readonly x: GroupX;
      readonly at: number;
      readonly center: GroupCenter;
      readonly spread: GroupSpread;
    }
  | {
      /**
       * A key's (or a derived view's) statistics for every run that has it (of runIds, or of
       * all runs): the runs table's metric columns, parallel coordinates' result axes.
       */
      readonly op: 'keyStatistics';
      readonly key: string;
      readonly formula?: string;
      readonly runIds?: readonly string[];
    }
  | {
      /** Whether a formula parses and what it names, before a view of it is kept. */
      readonly op: 'checkFormula';
      readonly formula: string;
      /** The runs it is meant for: a key none of them has is named in the answer. */
      readonly runIds: readonly string[];
    }
  /** An offline report of runs as a page shows them: one HTML file that opens anywhere. */
  | ({ readonly op: 'makeReport' } & ReportAsk);

export type { GroupCenter, GroupSpread, GroupX } from './group-kinds.js';

/**
 * A group's curve for a view. Samples of its runs at one step combine (a run's last sample at
 * the step; non-finite ones are counted, not combined); a step a run did not log is not filled
 * in for it. Per pixel column at most four points (first, last, least and greatest center),
 * each with the band's low and high and `n`, the runs with a finite sample at that step.
 */
export interface GroupEnvelope {
  readonly steps: Float64Array;
  /** With x 'time': each point's x; null when x is the step. */
  readonly x: Float64Array | null;
  readonly center: Float64Array;
  readonly low: Float64Array;
  readonly high: Float64Array;
  readonly n: Float64Array;
  /** Per pixel column that holds points: the column's least low and greatest high. */
  readonly bandColumns: {
    readonly x: Float64Array;
    readonly low: Float64Array;
    readonly high: Float64Array;
  };
  readonly inView: number;
  readonly layout: { readonly x0: number; readonly x1: number; readonly columns: number };
  /** Distinct steps in the whole group curve. */
  readonly total: number;
  /** Runs asked for that hold the key (or give the view values). */
  readonly runs: number;
  /** Runs asked for without the key, by id. */
  readonly missing: readonly string[];
  /** Samples left out of the math for being non-finite. */
  readonly nonFinite: number;
  /** The rule samples were combined by, in words, for the panel to say. */
  readonly rule: string;
}

/** A group's curve at one step, as a cursor reads it. */
export interface GroupPoint {
  readonly step: number;
  readonly x: number;
  readonly center: number;
  readonly low: number;
  readonly high: number;
  /** Runs with a finite sample at this step, of `of` that hold the key. */
  readonly n: number;
  readonly of: number;
}

/** One run's statistics of a key, as a metric column shows them. */
export interface KeyStatisticsRow {
  readonly runId: string;
  readonly count: number;
  readonly lastStep: number;
  readonly last: number;
  /** Of the finite values; null when there are none. */
  readonly least: number | null;
  readonly greatest: number | null;
  /** The best finite value by the key's declared goal; null without a goal or a finite value. */
  readonly best: number | null;
  readonly goal: Goal | null;
  /**
   * The rest of the run's statistics of the key, so that a row tells them whole: its kind, its
   * last sample's time, the mean of its finite values (null when none) and its non-finite
   * samples (null when none). A far store's runs are listed here from these rows.
   */
  readonly kind: SeriesKind;
  readonly lastTime: number;
  readonly mean: number | null;
  readonly nonFinite: { readonly count: number; readonly first: SampleInfo } | null;
}

/** What checking a formula found: the keys and runs it names, or where and why it fails. */
export type FormulaCheck =
  | {
      readonly ok: true;
      /** Keys it reads, in order of first use. */
      readonly keys: readonly string[];
      /** Keys it reads that none of the runs asked about has. */
      readonly unknownKeys: readonly string[];
      /** Other runs it reads as a baseline (`key@"run id"`), and those not in the store. */
      readonly baselines: readonly string[];
      readonly unknownRuns: readonly string[];
    }
  | {
      readonly ok: false;
      readonly problem: string;
      /** The character offset the problem is at. */
      readonly at: number;
    };

/** A curve narrowed to the samples whose label has one value. */
export interface LabelFilter {
  readonly label: string;
  readonly value: string;
}

/** Which samples of a key a curve draws: the series, or the copy resumes abandoned. */
export type SeriesCopy = 'series' | 'orphans';

/** A point of a series as a cursor reads it; smoothed is null without smoothing. */
export interface PointAt {
  readonly step: number;
  readonly time: number;
  /** The point's x on the column asked for (its step, time or step metric value). */
  readonly x: number;
  readonly value: number;
  readonly smoothed: number | null;
}

/**
 * The points of a `samplesAt` request as columns, one entry a query in the order asked (see
 * points-at-columns.ts): the transport sends them as binary arrays, a few dozen bytes a point
 * rather than a JSON object each, for a cursor move over 200 runs reads 200 points a panel.
 */
export interface PointsAtColumns {
  /** Per query: POINT_FOUND when a point lies at or before its x, POINT_SMOOTHED when smoothed. */
  readonly flags: Float64Array;
  readonly steps: Float64Array;
  readonly times: Float64Array;
  readonly x: Float64Array;
  readonly values: Float64Array;
  /** Each point's smoothed value where its flag says so; null when no point has one. */
  readonly smoothed: Float64Array | null;
}

export type EnvelopeXColumn = 'step' | 'time' | 'step_metric';

/** The answer to each request, by op. */
export interface ApiResults {
  storeInfo: StoreInfo;
  listRuns: readonly RunSummary[];
  /** The health events seen since the runs were opened (the newest HEALTH_EVENTS_KEPT), oldest first. */
  healthEvents: readonly HealthEvent[];
  runDetail: RunDetail;
  series: readonly SeriesColumns[];
  /** Null when the run has no git.diff. */
  gitDiff: GitDiffText | null;
  gitDiffPart: GitDiffPart;
  listFiles: readonly LoggedFileInfo[];
  /** Fewer bytes than asked only where the file ends. */
  loggedFilePart: LoggedFilePart;
  /** One check per version of the artifact not deleted, or of the one version asked for. */
  verifyArtifact: readonly VersionCheckInfo[];
  /** True when a verification of the artifact was under way, and now stops (it answers 'cancelled'). */
  cancelVerify: boolean;
  listArtifacts: readonly ArtifactSummary[];
  artifactDetail: ArtifactDetail;
  runArtifacts: RunArtifacts;
  addTag: readonly string[];
  removeTag: readonly string[];
  setNotes: null;
  subscribe: Snapshot;
  envelope: EnvelopeColumns;
  /** One a request, in the order asked. */
  envelopes: readonly EnvelopeColumns[];
  /** Null when no point lies at or before the x asked for. */
  sampleAt: PointAt | null;
  /** One entry a request, in the order asked; flagged absent where no point lies at or before its x. */
  samplesAt: PointsAtColumns;
  /** In x order; empty when no sample carries the label. */
  labelSegments: readonly LabelSegment[];
  groupEnvelope: GroupEnvelope;
  /** Null when no step of the group lies at or before the x asked for. */
  groupAt: GroupPoint | null;
  keyStatistics: readonly KeyStatisticsRow[];
  checkFormula: FormulaCheck;
  makeReport: ReportMade;
}

/** Points of an envelope, in x order. */
export interface EnvelopePoints {
  readonly steps: Float64Array;
  /** Each point's x: its time, or its step metric's value; null when x is the step. */
  readonly x: Float64Array | null;
  readonly values: Float64Array;
}

/**
 * The exact M4 envelope of a series for a view: per pixel column its first, last, least and
 * greatest finite points (all of them where they are few), and its non-finite samples as
 * markers, one per column at most. With smoothing, the smoothed series (computed over every
 * sample) has its own envelope over the same columns. Sums and counts are of the whole series.
 */
export interface EnvelopeColumns {
  readonly raw: EnvelopePoints;
  /** With smoothing: the smoothed series' envelope; its values are smoothed values. */
  readonly smoothed: EnvelopePoints | null;
  readonly markers: EnvelopePoints;
  /** Points with x in the view. */
  readonly inView: number;
  /** The columns the view was divided into (x in the column's units, as the points' x). */
  readonly layout: { readonly x0: number; readonly x1: number; readonly columns: number };
  /** Samples in the whole series. */
  readonly total: number;
  /** The step metric x pairs with; null for step or time, or when the key declares none. */
  readonly stepMetric: string | null;
  /** Samples with no value on the step metric's axis: counted, not drawn. */
  readonly unpaired: number;
  /**
   * 'series': x never goes back along the series, whose order the index follows; 'sorted': it
   * does, so the points were sorted by x into a derived column first, and smoothing follows x.
   */
  readonly xOrder: 'series' | 'sorted';
  /** Non-finite values among the points, by kind. */
  readonly nonFinite: {
    readonly nan: number;
    readonly positiveInfinity: number;
    readonly negativeInfinity: number;
  };
  /** The best finite point by the key's declared goal, first of equals; null without a goal. */
  readonly best: { readonly step: number; readonly x: number; readonly value: number } | null;
}

export type ApiOp = ApiRequest['op'];

/** Every operation, once: the transports register and check exactly these. */
export const API_OPS: readonly ApiOp[] = [
  'storeInfo',
  'listRuns',
  'healthEvents',
  'runDetail',
  'series',
  'gitDiff',
  'gitDiffPart',
  'listFiles',
  'loggedFilePart',
  'verifyArtifact',
  'cancelVerify',
  'listArtifacts',
  'artifactDetail',
  'runArtifacts',
  'addTag',
  'removeTag',
  'setNotes',
  'subscribe',
  'envelope',
  'envelopes',
  'sampleAt',
  'samplesAt',
  'labelSegments',
  'groupEnvelope',
  'groupAt',
  'keyStatistics',
  'checkFormula',
  'makeReport',
];
export type RequestOf<Op extends ApiOp> = Extract<ApiRequest, { op: Op }>;

export type ApiErrorCode =
  | 'bad-request'
  | 'no-such-run'
  /** A logged file no record of the run names, or that is not there. */
  | 'no-such-file'
  | 'no-such-artifact'
  | 'write-failed'
  | 'not-a-store'
  | 'unreadable'
  | 'too-large'
  | 'cancelled'
  | 'internal';

export interface ApiError {
  readonly code: ApiErrorCode;
  readonly message: string;
}

export type ApiResponse<Op extends ApiOp = ApiOp> =
  | { readonly ok: true; readonly result: ApiResults[Op] }
  | { readonly ok: false; readonly error: ApiError };

/**
 * The state a subscription starts from: every run's summary, and the series of the runs it
 * follows. Deltas numbered from `seq + 1` follow it.
 */
export interface Snapshot {
  readonly seq: number;
  /** Every run's summary; null when the request asked without them. */
  readonly runs: readonly RunSummary[] | null;
  readonly series: readonly SeriesColumns[];
}

/** A change pushed to a subscriber, after its snapshot, in order. */
export type Delta =
  | { readonly type: 'run-added'; readonly seq: number; readonly run: RunSummary }
  | { readonly type: 'run-changed'; readonly seq: number; readonly run: RunSummary }
  | { readonly type: 'run-removed'; readonly seq: number; readonly runId: string }
  | {
      readonly type: 'samples';
      readonly seq: number;
      readonly series: SeriesColumns;
    }
  | {
      /** A resume to `step`: remove the run's metric samples with a greater step (readings stay). */
      readonly type: 'orphans-cut';
      readonly seq: number;
      readonly runId: string;
      readonly step: number;
    }
  | {
      /** The run's log was replaced or shrank past what was read: take its series afresh. */
      readonly type: 'run-reset';
      readonly seq: number;
      readonly runId: string;
    }
  | { readonly type: 'notes-changed'; readonly seq: number; readonly runId: string }
  | { readonly type: 'artifacts-changed'; readonly seq: number }
  /** Bytes hashed so far of an artifact's blobs being verified. */
  | {
      readonly type: 'verify-progress';
      readonly seq: number;
      readonly name: string;
      readonly bytes: number;
      readonly total: number;
    }
  /** A run's log is big and being read on other threads: storeInfo tells its progress. */
  | { readonly type: 'reading-started'; readonly seq: number; readonly runId: string }
  /** Something happened to a run: it stalled, wrote again, logged its first NaN, ended. */
  | { readonly type: 'health'; readonly seq: number; readonly event: HealthEvent }
  /** A far store was lost or reached again: storeInfo tells which, and why. */
  | { readonly type: 'sources-changed'; readonly seq: number };
