// The UI's state of the open store: run summaries and the series of followed runs, kept in step
// with the host by a snapshot and numbered deltas; a gap or a reconnection takes a fresh snapshot.

import type { Delta, RunSummary, Snapshot, StoreInfo } from '../../../shared/api/contract.js';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import { ClientSeries } from './client-series.js';
import { StoreSession } from './store-session.js';
import { HealthLog } from '../health/health-log.js';
import { unwrap } from '../api/call.js';

type Listener = () => void;

export interface StoreView {
  readonly info: StoreInfo | null;
  readonly runs: ReadonlyMap<string, RunSummary>;
  readonly loading: boolean;
  readonly error: string | null;
  /** Bumped on every change of runs. */
  readonly version: number;
  /** Bumped when the store's artifacts changed (or may have, after a resync): pages refetch. */
  readonly artifactsVersion: number;
  readonly connected: boolean;
}

/**
 * How long the runs wait after one change reaches the view before the next does, for a store of
 * `size` runs. Each change costs the runs table a sort and a filter of every run, some 100 ms at
 * 100,000: while such a store lists, changes are gathered so that the table spends about a fifth
 * of the time on them, not all of it. Below a thousand runs each frame's changes go in at once.
 */
export function pauseAfterPut(size: number): number {
  return size < 1000 ? 0 : Math.min(500, size / 200);
}

export class StoreState {
  private listeners = new Set<Listener>();
  private seq = 0;
  private followed: readonly string[] = [];
  private resyncing: Promise<void> | null = null;
  /** True once a whole snapshot was taken and until the connection drops. */
  private holdsRuns = false;
  private readonly series = new Map<string, Map<string, ClientSeries>>();
  private readonly runListeners = new Map<string, Set<Listener>>();
  /** Per run, bumped when a cut or a reset may have changed its files without their count. */
  private readonly fileEpochs = new Map<string, number>();
  private unsubscribeDeltas: () => void;
  private unsubscribeConnection: () => void;
  /**
   * The runs as the deltas of this turn left them, put in the view once the turn's frame is
   * applied: a store of 100,000 runs lists in a few hundred frames, and a copy of the map per
   * delta would copy it 100,000 times.
   */
  private draftRuns: Map<string, RunSummary> | null = null;
  /** The runs the draft changed, told once it is in the view. */
  private readonly draftTouched = new Set<string>();
  /** When a draft was last put in the view, and the put waiting its turn (pauseAfterPut). */
  private draftPutAt = -Infinity;
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the UI keeps for this store's session beyond any one page. */
  readonly session = new StoreSession();
  /** The runs' health events: those the host kept, then each as it happens. */
  readonly health = new HealthLog();
  view: StoreView = {
    info: null,
    runs: new Map(),
    loading: true,
    error: null,
    version: 0,
    artifactsVersion: 0,
    connected: true,
  };

  constructor(private readonly bridge: MuninBridge) {
    this.unsubscribeDeltas = bridge.onDelta((delta) => this.apply(delta));
    this.unsubscribeConnection = bridge.onConnectionChange((connected) => {
      this.update({ connected });
      if (!connected) this.holdsRuns = false;
      if (connected) void this.resync();
    });
  }

  private disposed = false;
  /** Asks for reading progress while runs are being read. */
  private readingTimer: ReturnType<typeof setInterval> | null = null;

  dispose(): void {
    this.disposed = true;
    if (this.readingTimer !== null) clearInterval(this.readingTimer);
    if (this.draftTimer !== null) clearTimeout(this.draftTimer);
    this.unsubscribeDeltas();
    this.unsubscribeConnection();
    this.listeners.clear();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): StoreView => this.view;

  /** Listens to changes of one run: its summary, series, notes. */
  onRun(runId: string, listener: Listener): () => void {
    let set = this.runListeners.get(runId);
    if (set === undefined) this.runListeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private update(patch: Partial<StoreView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  private touchRun(runId: string): void {
    for (const listener of this.runListeners.get(runId) ?? []) listener();
  }

  async load(): Promise<void> {
    try {
      const info = unwrap(await this.bridge.api.storeInfo({}));
      this.update({ info });
      await this.resync();
      if (info.runsToRead > 0) this.followReading();
    } catch (error) {
      this.update({
        loading: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** Asks for the store's info again: after a setting of the host's changed (its thresholds). */
  async refreshInfo(): Promise<void> {
    const response = await this.bridge.api.storeInfo({});
    if (response.ok && !this.disposed) this.update({ info: response.result });
  }

  /**
   * A large store lists as it is read, and a big log is read on other threads: their progress is
   * asked for until all is read.
   */
  private followReading(): void {
    if (this.readingTimer !== null) return;
    const ask = (): void => {
      void this.bridge.api.storeInfo({}).then((response) => {
        if (!response.ok || this.disposed || response.result.runsToRead === 0) {
          if (this.readingTimer !== null) clearInterval(this.readingTimer);
          this.readingTimer = null;
        }
        if (response.ok && !this.disposed) this.update({ info: response.result });
      });
    };
    this.readingTimer = setInterval(ask, 500);
    ask();
  }

  /** Follows these runs' series (the run page's run, the runs compared). */
  async follow(runIds: readonly string[]): Promise<void> {
    const same =
      runIds.length === this.followed.length && runIds.every((id, i) => this.followed[i] === id);
    if (same) return;
    this.followed = [...runIds];
    // The runs are held and kept by deltas: only the followed runs' series are asked for.
    if (this.holdsRuns && this.resyncing === null) await this.refollow();
    else await this.resync();
  }

  /**
   * The followed runs' series, without the runs (a store's list may be 10,000 summaries, and
   * each page's follow asked for it): deltas go on applying meanwhile, so what is held is right
   * exactly when the snapshot's seq is the last delta's; otherwise it starts over whole.
   */
  private async refollow(): Promise<void> {
    const followed = this.followed;
    let snapshot: Snapshot;
    try {
      snapshot = unwrap(await this.bridge.api.subscribe({ runIds: followed, withRuns: false }));
    } catch {
      return this.resync();
    }
    // Followed anew meanwhile, or a resync began: the later asking answers.
    if (followed !== this.followed || this.resyncing !== null) return;
    if (snapshot.seq !== this.seq || snapshot.runs !== null) return this.resync();
    this.holdSeries(snapshot);
    this.update({ version: this.view.version + 1 });
    for (const id of new Set([...followed, ...this.runListeners.keys()])) this.touchRun(id);
  }

  private holdSeries(snapshot: Snapshot): void {
    this.series.clear();
    for (const columns of snapshot.series) {
      let runSeries = this.series.get(columns.runId);
      if (runSeries === undefined) this.series.set(columns.runId, (runSeries = new Map()));
      runSeries.set(
        columns.key,
        new ClientSeries(columns.runId, columns.key, columns.kind, columns),
      );
    }
  }

  /** A number that changes when the run's files may have changed though their count did not. */
  filesEpoch(runId: string): number {
    return this.fileEpochs.get(runId) ?? 0;
  }

  private bumpFiles(runId: string): void {
    this.fileEpochs.set(runId, this.filesEpoch(runId) + 1);
  }

  seriesOf(runId: string): ReadonlyMap<string, ClientSeries> {
    return this.series.get(runId) ?? new Map();
  }

  private async resync(): Promise<void> {
    if (this.resyncing !== null) {
      await this.resyncing;
    }
    const followed = this.followed;
    const attempt = (async () => {
      const snapshot: Snapshot = unwrap(await this.bridge.api.subscribe({ runIds: followed }));
      this.seq = snapshot.seq;
      this.holdSeries(snapshot);
      const runs = new Map((snapshot.runs ?? []).map((run) => [run.id, run]));
      // The snapshot holds what any draft held: the deltas before its seq.
      this.draftRuns = null;
      this.draftTouched.clear();
      this.holdsRuns = snapshot.runs !== null;
      // A delta missed may have been an artifacts-changed: artifact pages ask again too.
      this.update({
        runs,
        loading: false,
        error: null,
        version: this.view.version + 1,
        artifactsVersion: this.view.artifactsVersion + 1,
      });
      for (const id of new Set([...followed, ...this.runListeners.keys()])) this.touchRun(id);
      // Events come as deltas too: those of a gap, or of before the page opened, are asked for
      // beside them (the log merges both by their numbers), the snapshot's deltas not held up.
      void this.bridge.api.healthEvents({}).then((response) => {
        if (response.ok && !this.disposed) this.health.take(response.result);
      });
    })();
    this.resyncing = attempt;
    try {
      await attempt;
    } catch (error) {
      this.update({
        loading: false,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (this.resyncing === attempt) this.resyncing = null;
    }
  }

  /** The draft of the runs, begun from the view's with the view updated at the turn's end. */
  private draft(runId: string): Map<string, RunSummary> {
    this.draftTouched.add(runId);
    if (this.draftRuns === null) {
      this.draftRuns = new Map(this.view.runs);
      const wait = this.draftPutAt + pauseAfterPut(this.draftRuns.size) - performance.now();
      // A frame's deltas are applied in one task: the draft goes in once they all are, or, in a
      // big store, once the table has had its pause since the last.
      if (wait <= 0) queueMicrotask(() => this.putDraftInView());
      else this.draftTimer = setTimeout(() => this.putDraftInView(), wait);
    }
    return this.draftRuns;
  }

  private putDraftInView(): void {
    if (this.draftTimer !== null) clearTimeout(this.draftTimer);
    this.draftTimer = null;
    const runs = this.draftRuns;
    if (runs === null || this.disposed) return;
    this.draftPutAt = performance.now();
    this.draftRuns = null;
    const touched = [...this.draftTouched];
    this.draftTouched.clear();
    this.update({ runs, version: this.view.version + 1 });
    for (const id of touched) this.touchRun(id);
  }

  private apply(delta: Delta): void {
    if (this.resyncing !== null) return;
    if (delta.seq !== this.seq + 1) {
      // A delta was missed: what is held can no longer be trusted.
      void this.resync();
      return;
    }
    this.seq = delta.seq;
    switch (delta.type) {
      case 'run-added':
      case 'run-changed':
        this.draft(delta.run.id).set(delta.run.id, delta.run);
        return;
      case 'run-removed':
        this.draft(delta.runId).delete(delta.runId);
        this.series.delete(delta.runId);
        return;
    }
    // Any other delta sees the runs as the deltas before it left them.
    this.putDraftInView();
    switch (delta.type) {
      case 'samples': {
        const { series } = delta;
        let runSeries = this.series.get(series.runId);
        if (runSeries === undefined) this.series.set(series.runId, (runSeries = new Map()));
        const held = runSeries.get(series.key);
        if (held === undefined)
          runSeries.set(
            series.key,
            new ClientSeries(series.runId, series.key, series.kind, series),
          );
        else held.append(series);
        this.touchRun(series.runId);
        break;
      }
      case 'orphans-cut': {
        this.bumpFiles(delta.runId);
        const held = [...(this.series.get(delta.runId)?.values() ?? [])];
        // A series held in part cannot apply the cut to what it does not hold: start afresh.
        if (held.some((series) => series.partial)) {
          void this.resync();
          break;
        }
        for (const series of held) series.cutAfter(delta.step);
        this.touchRun(delta.runId);
        break;
      }
      case 'run-reset':
        this.bumpFiles(delta.runId);
        // The resync touches the run, so a page holding its files asks for them again.
        void this.resync();
        break;
      case 'notes-changed':
        this.touchRun(delta.runId);
        break;
      case 'artifacts-changed':
        this.update({
          version: this.view.version + 1,
          artifactsVersion: this.view.artifactsVersion + 1,
        });
        break;
      case 'reading-started':
        this.followReading();
        break;
      case 'health':
        this.health.push(delta.event);
        break;
      case 'sources-changed':
        // A far store was lost or reached again: the top bar and its runs show which.
        void this.refreshInfo();
        break;
    }
  }
}
