// The runs of a far store as the far host tells them: every run's summary; the series of the runs
// this host needs (fetched through a subscription, so the far deltas keep them whole: the far
// host follows exactly those runs for this client); after a drop or a gap, a fresh snapshot
// checked against what is held, so that only what changed is told: no sample doubled or lost.

import type { Delta, RunSummary, SeriesColumns, Snapshot } from '../../../shared/api/contract.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import { statisticsOfRow } from '../../host/groups/key-statistics.js';
import { log } from '../../log.js';
import type { RunChange } from '../run-source.js';
import type { FarIds } from './far-ids.js';
import type { RemoteArtifacts } from './remote-artifacts.js';
import type { FarRequest, FarRunHost } from './remote-run.js';
import { RemoteRun } from './remote-run.js';

/** What the mirror tells its source, which tells the host. */
export interface MirrorEvents {
  added(run: RemoteRun): void;
  changed(runId: string, what: RunChange): void;
  artifactsChanged(): void;
  healthEvent(event: Extract<Delta, { type: 'health' }>['event']): void;
  readingStarted(runId: string): void;
  verifyProgress(name: string, bytes: number, total: number): void;
}

/** Keys fetched by one `series` request hold at most about this many samples (24 bytes each). */
const SAMPLES_PER_FETCH = 1_000_000;
/** At most this many run ids go in one request, as the Api takes them. */
const IDS_PER_REQUEST = 4096;

export class FarMirror {
  /** The far number of the last delta taken on this connection. */
  private lastSeq = 0;
  /** Set between a gap and the fresh snapshot: deltas until then are in the snapshot. */
  private awaitingSnapshot = false;
  /** Runs whose series are fetched or being fetched: the far host follows them for this client. */
  private readonly followed = new Set<RemoteRun>();
  private readonly toLoad = new Set<RemoteRun>();
  private loading: Promise<void> | null = null;
  /** A snapshot waiting its turn, not subscribed yet. */
  private queuedSnapshot: Promise<void> | null = null;
  /**
   * Subscriptions one at a time: each names every run followed, so one made with an older list
   * after a newer one would stop the deltas of runs just fetched.
   */
  private subscribing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ids: FarIds,
    readonly runs: Map<string, RemoteRun>,
    private readonly host: FarRunHost,
    private readonly artifacts: RemoteArtifacts,
    private readonly tell: MirrorEvents,
  ) {}

  private get request(): FarRequest {
    return this.host.request;
  }

  /** A new connection: its far host numbers deltas from 1 and follows nothing yet. */
  connected(): void {
    this.lastSeq = 0;
    this.awaitingSnapshot = false;
  }

  /**
   * Takes a fresh snapshot: every run's summary (runs gone are told vanished, new ones added),
   * and the followed runs' series checked against what is held. Calls made before a queued
   * snapshot has subscribed share it; one made after needs a later one, and queues it.
   */
  snapshot(): Promise<void> {
    if (this.queuedSnapshot !== null) return this.queuedSnapshot;
    const next = this.exclusive(() => {
      this.queuedSnapshot = null;
      return this.takeSnapshot();
    });
    this.queuedSnapshot = next;
    return next;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.subscribing.then(work, work);
    this.subscribing = next.catch(() => {});
    return next;
  }

  private async takeSnapshot(): Promise<void> {
    this.awaitingSnapshot = true;
    const followed = [...this.followed].filter((run) => !run.vanished);
    const snapshot = await this.request({
      op: 'subscribe',
      runIds: followed.map((run) => run.farId),
    });
    this.awaitingSnapshot = false;
    this.lastSeq = snapshot.seq;
    this.takeSummaries(snapshot.runs ?? []);
    this.artifacts.markStale();
    this.tell.artifactsChanged();
    await Promise.all(followed.map((run) => this.takeSeries(run, snapshot, 'reconcile')));
  }

  private takeSummaries(summaries: readonly RunSummary[]): void {
    const seen = new Set<string>();
    for (const summary of summaries) {
      seen.add(summary.id);
      const run = this.runs.get(this.ids.near(summary.id));
      if (run === undefined) this.add(summary);
      else if (!sameSummary(run.farSummary, summary)) {
        run.setFarSummary(summary);
        this.tell.changed(run.id, 'summary');
      }
    }
    for (const run of this.runs.values())
      if (!seen.has(run.farId) && !run.vanished) this.vanish(run);
  }

  private add(summary: RunSummary): RemoteRun {
    const run = new RemoteRun(summary.id, summary, this.host);
    this.runs.set(run.id, run);
    this.tell.added(run);
    return run;
  }

  private vanish(run: RemoteRun): void {
    run.vanished = true;
    this.followed.delete(run);
    this.tell.changed(run.id, 'directory');
  }

  /**
   * A run's series from a snapshot: whole, or (past what a snapshot carries whole) fetched key by
   * key, their deltas left aside until each key's copy is here. 'load' takes them as they are
   * (nothing of them was told); 'reconcile' tells only what extends what was held, else a reset.
   */
  private async takeSeries(
    run: RemoteRun,
    snapshot: Snapshot,
    mode: 'load' | 'reconcile',
  ): Promise<void> {
    const mine = snapshot.series.filter((s) => s.runId === run.farId);
    const whole = mine.filter((s) => s.partial !== true);
    const partial = mine.filter((s) => s.partial === true);
    if (mode === 'load') run.held.load(whole);
    else {
      run.held.dropKeysBut(new Set(mine.map((s) => s.key)));
      for (const columns of whole) run.held.reconcile(columns);
    }
    // A key held whole as long as the far one needs no fetch: the deltas kept it so.
    const toFetch = partial.filter(
      (s) => mode === 'load' || run.held.series.get(s.key)?.samples.length !== s.total,
    );
    for (const s of toFetch) run.held.fetching.add(s.key);
    try {
      for (const group of fetchGroups(toFetch)) {
        const fetched = await this.request({ op: 'series', runId: run.farId, keys: group });
        for (const columns of fetched) {
          run.held.fetching.delete(columns.key);
          if (mode === 'load') run.held.take(columns);
          else run.held.reconcile(columns);
        }
      }
    } finally {
      for (const s of toFetch) run.held.fetching.delete(s.key);
    }
    if (mode === 'reconcile' && run.held.changed) this.tell.changed(run.id, 'log');
  }

  /**
   * Fetches and follows the runs' series (the far detail's declarations with them); resolves
   * once each is here, or its batch failed. Runs already here cost nothing, and a request for
   * them never waits behind a fetch of others.
   */
  async load(runs: readonly RemoteRun[]): Promise<void> {
    const needed = runs.filter((run) => !run.loaded && !run.vanished);
    for (const run of needed) if (!run.loading) this.toLoad.add(run);
    let failure: unknown = null;
    while (needed.some((run) => !run.loaded && !run.vanished)) {
      if (this.loading === null) {
        // A run neither here, nor being fetched, nor asked for: its batch failed.
        if (this.toLoad.size === 0) {
          if (failure !== null) throw failure;
          return;
        }
        const batch = [...this.toLoad];
        this.toLoad.clear();
        this.loading = this.exclusive(() => this.loadBatch(batch)).finally(
          () => (this.loading = null),
        );
      }
      try {
        await this.loading;
      } catch (error) {
        // Another batch's failure is not this one's; a batch of these runs says so below.
        failure = error;
      }
    }
  }

  private async loadBatch(batch: readonly RemoteRun[]): Promise<void> {
    for (const run of batch) {
      run.loading = true;
      this.followed.add(run);
    }
    try {
      const snapshot = await this.request({
        op: 'subscribe',
        runIds: [...this.followed].map((run) => run.farId),
        withRuns: false,
      });
      await Promise.all(
        batch.map(async (run) => {
          await this.takeSeries(run, snapshot, 'load');
          await this.fetchDeclarations(run);
        }),
      );
      for (const run of batch) {
        run.loading = false;
        run.loaded = true;
        run.held.allTold();
        // The host asked for them before they were here: a page holds none of them yet.
        if (run.wanted) {
          run.wanted = false;
          run.held.resetAll();
          this.tell.changed(run.id, 'directory');
        }
      }
    } catch (error) {
      for (const run of batch) {
        run.loading = false;
        this.followed.delete(run);
      }
      throw error;
    }
  }

  /** A run's keys' declared goals and step metrics, from its far detail. */
  private async fetchDeclarations(run: RemoteRun): Promise<void> {
    const detail = await this.request({ op: 'runDetail', runId: run.farId });
    run.declarations = new Map(
      detail.metrics.map((m) => [m.key, { goal: m.goal, stepMetric: m.stepMetric }]),
    );
  }

  /** The statistics of a key for runs whose samples are not here, asked of the far host. */
  async fetchStatistics(key: string, runs: readonly RemoteRun[]): Promise<void> {
    const asking: RemoteRun[] = [];
    for (const run of runs) {
      if (run.loaded || run.fetchedStatistics.has(key)) continue;
      if (run.farSummary.keys.some((info) => info.key === key)) asking.push(run);
      else run.fetchedStatistics.set(key, null);
    }
    for (let at = 0; at < asking.length; at += IDS_PER_REQUEST) {
      const part = asking.slice(at, at + IDS_PER_REQUEST);
      const rows = await this.request({
        op: 'keyStatistics',
        key,
        runIds: part.map((run) => run.farId),
      });
      const byId = new Map(rows.map((row) => [row.runId, row]));
      for (const run of part) {
        const row = byId.get(run.farId);
        run.fetchedStatistics.set(key, row === undefined ? null : statisticsOfRow(row));
      }
    }
  }

  /** The far deltas of one frame. */
  deltas(deltas: readonly Delta[]): void {
    for (const delta of deltas) {
      if (delta.seq !== this.lastSeq + 1 && !this.awaitingSnapshot) {
        log.debug(`far delta ${delta.seq} after ${this.lastSeq}: taking a fresh snapshot`);
        this.resync();
      }
      this.lastSeq = delta.seq;
      this.apply(delta);
    }
  }

  /** The far host dropped deltas for this client (or one went missing): start afresh. */
  resync(): void {
    this.awaitingSnapshot = true;
    this.snapshot().catch((error: unknown) => {
      // The connection's end says why, and a reconnection snapshots again.
      if (!(error instanceof ApiFailure)) log.warn('a far snapshot failed', error);
    });
  }

  private apply(delta: Delta): void {
    switch (delta.type) {
      case 'run-added':
      case 'run-changed': {
        const run = this.runs.get(this.ids.near(delta.run.id));
        if (run === undefined || run.vanished) {
          if (run === undefined) this.add(delta.run);
          return;
        }
        const newKey = delta.run.keys.some(
          (info) => !run.farSummary.keys.some((held) => held.key === info.key),
        );
        run.setFarSummary(delta.run);
        this.tell.changed(run.id, 'summary');
        // A key declared since: its goal and step metric are in the detail, asked again.
        if (newKey && run.loaded)
          this.fetchDeclarations(run).catch((error: unknown) =>
            log.debug(`the declarations of run ${run.id} were not fetched`, error),
          );
        return;
      }
      case 'run-removed': {
        const run = this.runs.get(this.ids.near(delta.runId));
        if (run !== undefined && !run.vanished) this.vanish(run);
        return;
      }
      case 'samples':
      case 'orphans-cut': {
        // Until the fresh snapshot, what comes is in it: taken from there instead.
        if (this.awaitingSnapshot) return;
        const runId = delta.type === 'samples' ? delta.series.runId : delta.runId;
        const run = this.runs.get(this.ids.near(runId));
        if (run === undefined || !this.followed.has(run)) return;
        if (delta.type === 'samples') run.held.append(delta.series as SeriesColumns);
        else run.held.cut(delta.step);
        if (run.loaded) this.tell.changed(run.id, 'log');
        return;
      }
      case 'run-reset':
        // The far log was replaced: its copy here is checked against a fresh one, all runs'.
        if (this.followed.has(this.runs.get(this.ids.near(delta.runId))!)) this.resync();
        return;
      case 'notes-changed': {
        const run = this.runs.get(this.ids.near(delta.runId));
        if (run !== undefined) this.tell.changed(run.id, 'notes');
        return;
      }
      case 'artifacts-changed':
        this.artifacts.markStale();
        this.tell.artifactsChanged();
        return;
      case 'verify-progress':
        this.tell.verifyProgress(delta.name, delta.bytes, delta.total);
        return;
      case 'reading-started':
        this.tell.readingStarted(this.ids.near(delta.runId));
        return;
      case 'health':
        this.tell.healthEvent({ ...delta.event, runId: this.ids.near(delta.event.runId) });
        return;
      case 'sources-changed':
        return;
    }
  }
}

/** Keys in groups of about SAMPLES_PER_FETCH samples, so that no answer is past a frame's cap. */
function fetchGroups(series: readonly SeriesColumns[]): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let samples = 0;
  for (const s of series) {
    const total = s.total ?? 0;
    if (group.length > 0 && samples + total > SAMPLES_PER_FETCH) {
      groups.push(group);
      group = [];
      samples = 0;
    }
    group.push(s.key);
    samples += total;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Whether two summaries of a run say the same (its samples' counts and last write included). */
function sameSummary(a: RunSummary, b: RunSummary): boolean {
  if (
    a.status !== b.status ||
    a.lastWrite !== b.lastWrite ||
    a.lastStep !== b.lastStep ||
    a.tags.length !== b.tags.length ||
    a.keys.length !== b.keys.length ||
    a.hasNotes !== b.hasNotes ||
    a.fileCount !== b.fileCount ||
    a.damaged !== b.damaged ||
    a.endTime !== b.endTime ||
    JSON.stringify(a.health) !== JSON.stringify(b.health)
  )
    return false;
  return (
    a.tags.every((tag, i) => tag === b.tags[i]) &&
    a.keys.every((key, i) => key.key === b.keys[i]!.key && key.count === b.keys[i]!.count)
  );
}
