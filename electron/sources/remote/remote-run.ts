// One run of a far store as the host keeps it: its summary as the far host last told it, its
// series once fetched (then grown by the far deltas), and what a local run reads from its own
// files (detail, git diff, files list, writes) asked of the far host. The far host probes its
// lock and judges its health; this host never probes a run on another machine.

import type {
  ApiOp,
  ApiResults,
  EnvelopeColumns,
  GitDiffPart,
  GitDiffText,
  LabelSegment,
  LoggedFileInfo,
  PointAt,
  RequestOf,
  RunDetail,
  RunStatusName,
  RunSummary,
  SeriesColumns,
} from '../../../shared/api/contract.js';
import type { RunHealth } from '../../../shared/api/health.js';
import type { Goal } from '../../../shared/format/records.js';
import type { KeyStatistics } from '../../../shared/series/statistics.js';
import type { Series } from '../../store/log/samples-fold.js';
import { seriesStatistics } from '../../store/log/series-statistics.js';
import { LoggedFileRefusal } from '../../store/logged-files.js';
import type { LoggedFileBytes } from '../../store/logged-file-bytes.js';
import type { OpenedFile } from '../../store/store-files.js';
import { CurveReader } from '../curve-reader.js';
import type {
  OfferedSeries,
  RunCapabilities,
  RunRefresh,
  SourceRun,
  SourceUse,
} from '../run-source.js';
import { offerSeries } from '../run-source.js';
import { openFarFile } from './far-file.js';
import type { FarIds } from './far-ids.js';
import { HeldSeries } from './held-series.js';

/** What a far run asks of its source: the far host, and the fetching of its samples. */
export interface FarRunHost {
  readonly host: string;
  readonly ids: FarIds;
  /** True while the far host is reached. */
  readonly connected: boolean;
  request: FarRequest;
  /** Starts fetching the run's samples, when they are not here; told as a change once here. */
  fetchSamples(run: RemoteRun): void;
  /** The artifact versions the run used, as the far store's artifacts tell them. */
  usesOf(farId: string): readonly SourceUse[];
}

/** Asks the far host (ids as the far host knows them); rejects with an ApiFailure. */
export type FarRequest = <Op extends ApiOp>(request: RequestOf<Op>) => Promise<ApiResults[Op]>;

type Declaration = { readonly goal: Goal | null; readonly stepMetric: string | null };

export class RemoteRun implements SourceRun {
  readonly id: string;
  /** The series once fetched; empty before. */
  readonly held = new HeldSeries();
  /** True once the series were fetched and are followed. */
  loaded = false;
  /** The run is being fetched: far deltas of its samples are in the fetched copy. */
  loading = false;
  /** Its keys' declared goals and step metrics, from its far detail. */
  declarations = new Map<string, Declaration>();
  /** Statistics the far host sent for keys, while the samples are not here (null: no such key). */
  readonly fetchedStatistics = new Map<string, KeyStatistics | null>();
  /** The far run is gone: the next refresh says so. */
  vanished = false;
  /** The host asked for the samples while they were not here: told as a reset once they are. */
  wanted = false;
  private summaryValue: RunSummary;
  private readonly curves: CurveReader;

  constructor(
    readonly farId: string,
    farSummary: RunSummary,
    private readonly far: FarRunHost,
  ) {
    this.id = far.ids.near(farId);
    this.summaryValue = farSummary;
    this.curves = new CurveReader({
      runId: this.id,
      curveSeries: (key, filter, copy) => {
        const series = this.held.series.get(key);
        if (series === undefined) return undefined;
        if (filter !== undefined || copy === 'orphans')
          return {
            refused: `run ${this.id} is on ${far.host}: the labels and abandoned copies of its samples are not fetched here`,
          };
        return series;
      },
      series: (key) => this.held.series.get(key),
      declaration: (key) => this.declarations.get(key),
    });
  }

  /** The far host's summary of the run, its ids as the far host knows them. */
  get farSummary(): RunSummary {
    return this.summaryValue;
  }

  /** Takes the far host's newer summary. */
  setFarSummary(summary: RunSummary): void {
    this.summaryValue = summary;
    // What the samples are not here to tell is asked again when next needed.
    this.fetchedStatistics.clear();
  }

  get capabilities(): RunCapabilities {
    const writable = this.summaryValue.readOnly === null;
    return { tags: writable, notes: writable };
  }

  get status(): RunStatusName {
    return this.summaryValue.status;
  }

  get tags(): readonly string[] {
    return this.summaryValue.tags;
  }

  get open(): boolean {
    return this.summaryValue.endTime === null && this.summaryValue.status !== 'unreadable';
  }

  get samplesRead(): boolean {
    return this.loaded;
  }

  get lastWrite(): number {
    return this.summaryValue.lastWrite;
  }

  get judgedHealth(): RunHealth | null {
    return this.summaryValue.health;
  }

  /** Its health is judged by the far host, from the times of its log there: none are read here. */
  recentWriteTimes(): readonly number[] {
    return [];
  }

  readSamples(): RunRefresh | null {
    if (this.vanished) return { state: 'vanished' };
    if (this.loaded) return null;
    this.wanted = true;
    this.far.fetchSamples(this);
    return null;
  }

  refresh(): RunRefresh {
    if (this.vanished) return { state: 'vanished' };
    const drained = this.held.drain();
    if (drained.reset) return { state: 'reset' };
    return {
      state: 'read',
      changes: drained.changes,
      recordsChanged: false,
      fileChanged: drained.changes.length > 0,
    };
  }

  // Tags and notes come with the summaries and details the far host sends: nothing to read.
  refreshTags(): void {}
  refreshNotes(): void {}

  summary(): RunSummary {
    return this.nearSummary(this.summaryValue);
  }

  /** A far summary with this host's ids; its health is the far host's (judgedHealth). */
  private nearSummary(summary: RunSummary): RunSummary {
    const { ids } = this.far;
    return {
      ...summary,
      id: this.id,
      parent: summary.parent === null ? null : ids.near(summary.parent),
    };
  }

  async detail(): Promise<RunDetail> {
    const detail = await this.far.request({ op: 'runDetail', runId: this.farId });
    return { ...detail, summary: this.nearSummary(detail.summary) };
  }

  uses(): readonly SourceUse[] {
    return this.far.usesOf(this.farId);
  }

  series(key: string): Series | undefined {
    return this.held.series.get(key);
  }

  declaration(key: string): Declaration | undefined {
    return this.declarations.get(key);
  }

  keyStatistics(key: string): KeyStatistics | undefined {
    if (!this.loaded) return this.fetchedStatistics.get(key) ?? undefined;
    const series = this.held.series.get(key);
    const goal = this.declarations.get(key)?.goal ?? null;
    return series === undefined ? undefined : (seriesStatistics(series, goal) ?? undefined);
  }

  columns(key: string, from = 0, to?: number): SeriesColumns | undefined {
    const series = this.held.series.get(key);
    if (series === undefined) return undefined;
    const { steps, times, values } = series.samples.slice(from, to ?? series.samples.length);
    return { runId: this.id, key, kind: series.kind, steps, times, values };
  }

  subscribedSeries(): OfferedSeries[] {
    return offerSeries(this.id, this.held.series, (key) => this.columns(key)!);
  }

  /** Why a curve cannot be drawn yet: the samples are not here. */
  private notHere(): { readonly refused: string } {
    const why = this.far.connected
      ? 'are being fetched'
      : `wait for ${this.far.host} to be reached again`;
    return { refused: `the samples of run ${this.id} on ${this.far.host} ${why}` };
  }

  envelope(request: RequestOf<'envelope'>): EnvelopeColumns | { readonly refused: string } {
    return this.loaded ? this.curves.envelope(request) : this.notHere();
  }

  sampleAt(request: RequestOf<'sampleAt'>): PointAt | null | { readonly refused: string } {
    return this.loaded ? this.curves.sampleAt(request) : this.notHere();
  }

  labelSegments(
    request: RequestOf<'labelSegments'>,
  ): readonly LabelSegment[] | { readonly refused: string } {
    if (this.summaryValue.source !== 'munin')
      return {
        refused: `run ${this.id} is on ${this.far.host}: the labels of its samples are not fetched here`,
      };
    // A munin run's samples carry no labels: a key it has changes none.
    if (!this.summaryValue.keys.some((info) => info.key === request.key))
      return { refused: `run ${this.id} has no key ${request.key}` };
    return [];
  }

  gitDiff(): Promise<GitDiffText | null> {
    return this.far.request({ op: 'gitDiff', runId: this.farId });
  }

  gitDiffPart(offset: number): Promise<GitDiffPart> {
    return this.far.request({ op: 'gitDiffPart', runId: this.farId, offset });
  }

  listFiles(): Promise<readonly LoggedFileInfo[]> {
    return this.far.request({ op: 'listFiles', runId: this.farId });
  }

  /** Its files have no path on this machine: their bytes are fetched (fetchFile). */
  openFile(): OpenedFile {
    throw new LoggedFileRefusal(
      404,
      `this file is on ${this.far.host}: it has no path on this machine`,
    );
  }

  fetchFile(path: string): Promise<LoggedFileBytes> {
    return openFarFile(this.far, this.farId, path);
  }

  async addTag(tag: string): Promise<void> {
    const tags = await this.far.request({ op: 'addTag', runId: this.farId, tag });
    this.summaryValue = { ...this.summaryValue, tags };
  }

  async removeTag(tag: string): Promise<void> {
    const tags = await this.far.request({ op: 'removeTag', runId: this.farId, tag });
    this.summaryValue = { ...this.summaryValue, tags };
  }

  async writeNotes(text: string): Promise<void> {
    await this.far.request({ op: 'setNotes', runId: this.farId, text });
    this.summaryValue = { ...this.summaryValue, hasNotes: text.length > 0 };
  }
}
