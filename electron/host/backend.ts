// The Backend: the one object the UI talks to. It opens a source of runs (a munin store), keeps
// every run live, answers Api requests (backend-requests.ts), and pushes numbered deltas to
// sessions. It composes parts: the session hub, the change coalescer, live changes, the summary
// throttle, the runs as sessions reach and follow them, their health, and artifact
// verifications; where runs come from is the source's alone.

import type { ApiResponse, Delta, RunSummary, StoreInfo } from '../../shared/api/contract.js';
import type { HealthEvent, HealthThresholds } from '../../shared/api/health.js';
import type { ExportPieces } from '../store/export.js';
import { documentPieces } from '../store/export.js';
import type { LoggedFileBytes } from '../store/logged-file-bytes.js';
import type { OpenedFile } from '../store/store-files.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';
import { HealthMonitor } from '../health/health-monitor.js';
import { openRunsSource } from '../sources/open-source.js';
import { SessionHub } from './session-hub.js';
import type { UnnumberedDelta } from './session-hub.js';
import type { PendingChanges } from './change-coalescer.js';
import { ChangeCoalescer } from './change-coalescer.js';
import { SummaryThrottle } from './summary-throttle.js';
import type { LiveChanges } from './live-changes.js';
import { liveChanges } from './live-changes.js';
import { listRuns, storeInfo } from './store-listing.js';
import { RunSubscriptions } from './run-subscriptions.js';
import { ArtifactVerifications } from './artifact-verifications.js';
import type { BackendOptions } from './backend-options.js';
import type { AnswerRequest } from './backend-requests.js';
import { requestAnswerer } from './backend-requests.js';

export type { BackendOptions } from './backend-options.js';

/** A client of the Backend: one window or one WebSocket. */
export interface Session {
  request(raw: unknown): Promise<ApiResponse>;
  close(): void;
}

export class Backend {
  private readonly hub = new SessionHub();
  private readonly statusTimer: NodeJS.Timeout;
  private readonly healthTimer: NodeJS.Timeout;
  private readonly health: HealthMonitor;
  private readonly coalescer: ChangeCoalescer;
  private readonly summaries: SummaryThrottle;
  private readonly live: LiveChanges;
  private readonly answer: AnswerRequest;
  private readonly subscriptions: RunSubscriptions;
  private readonly verifications: ArtifactVerifications;
  private closed = false;

  private constructor(
    private readonly source: RunsSource,
    options: BackendOptions,
  ) {
    const runs = source.runs;
    this.health = new HealthMonitor(
      {
        emit: (event) => this.broadcast({ type: 'health', event }),
        changed: (runId) => this.summaries.push(runId, true),
        now: () => Date.now() / 1000,
      },
      options.health,
    );
    this.live = liveChanges({
      runs,
      drop: (runId) => {
        this.health.forget(runId);
        source.drop(runId);
      },
      broadcast: this.broadcast,
      pushSummary: (runId, important) => this.summaries.push(runId, important),
      observed: (entry, changes) => this.health.observe(entry, changes),
    });
    this.subscriptions = new RunSubscriptions(
      source,
      this.hub,
      this.live,
      this.broadcast,
      this.summarize,
    );
    this.verifications = new ArtifactVerifications(source, (name, bytes, total) =>
      this.broadcast({ type: 'verify-progress', name, bytes, total }),
    );
    this.answer = requestAnswerer({
      source,
      subscriptions: this.subscriptions,
      verifications: this.verifications,
      storeInfo: () => this.storeInfo(),
      listRuns: () => this.listRuns(),
      summarize: this.summarize,
      healthEvents: () => this.healthEvents(),
      broadcast: this.broadcast,
      pushSummary: (runId, important) => this.summaries.push(runId, important),
    });
    this.coalescer = new ChangeCoalescer(
      (changes) => this.readChanges(changes),
      options.coalesceMs,
      options.gatherMs,
    );
    // The list shows a live run's last step and last write; once a second is enough for those,
    // while the samples themselves go out as they come.
    this.summaries = new SummaryThrottle((id) => {
      const run = runs.get(id);
      if (run === undefined || this.closed || this.hub.size === 0) return;
      this.broadcast({ type: 'run-changed', run: this.summarize(run) });
    }, options.summaryThrottleMs ?? 1000);
    this.statusTimer = setInterval(
      () => this.live.probeOpenRuns(),
      options.statusIntervalMs ?? 3000,
    );
    this.statusTimer.unref();
    // A stall is the clock passing a run by: no file changes to tell of it.
    this.healthTimer = setInterval(() => this.health.tick(), options.healthTickMs ?? 1000);
    this.healthTimer.unref();
  }

  /** Opens what the paths name (openRunsSource); throws a StoreError saying why it cannot. */
  static async open(
    paths: string | readonly string[],
    options: BackendOptions = {},
  ): Promise<Backend> {
    return Backend.openSource(openRunsSource(paths, options), options);
  }

  /** Every path open, in order. */
  get paths(): readonly string[] {
    return this.source.paths.map((opened) => opened.root);
  }

  /** Opens any source of runs: its first runs are read before this returns. */
  static async openSource(source: RunsSource, options: BackendOptions = {}): Promise<Backend> {
    const backend = new Backend(source, options);
    try {
      await source.open({
        runAdded: (run) => {
          backend.health.observe(run);
          backend.subscriptions.announce(run);
        },
        readingStarted: (runId) => backend.broadcast({ type: 'reading-started', runId }),
        runChanged: (runId, what) => backend.coalescer.schedule(runId, what),
        artifactsChanged: () => backend.broadcast({ type: 'artifacts-changed' }),
        healthEvent: (event) => backend.health.relay(event),
        sourcesChanged: () => backend.broadcast({ type: 'sources-changed' }),
      });
    } catch (error) {
      // A path that failed to open (a far store ssh cannot reach) closes those that opened.
      await backend.close();
      throw error;
    }
    // The runs read before open returned are the health monitor's baseline, told nothing.
    for (const run of source.runs.values()) backend.health.observe(run);
    return backend;
  }

  get root(): string {
    return this.source.root;
  }

  get polling(): boolean {
    return this.source.polling;
  }

  /**
   * A new client; deltas for it go to push, in order, numbered from its snapshot's seq. The
   * deltas of one turn of the event loop come in one call, so a transport sends them as one
   * message: a burst of appends to many runs costs one frame, not one per run.
   */
  connect(push: (deltas: readonly Delta[]) => void): Session {
    const session = this.hub.add(push);
    return {
      request: async (raw) => this.answer(session, raw),
      close: () => this.hub.remove(session),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.statusTimer);
    clearInterval(this.healthTimer);
    this.coalescer.close();
    this.summaries.close();
    this.hub.clear();
    await this.source.close();
  }

  storeInfo(): StoreInfo {
    return storeInfo(this.source, this.health.thresholds);
  }

  /** The runs read so far, by id in byte order. */
  listRuns(): RunSummary[] {
    return listRuns(this.source.runs, this.summarize);
  }

  /** When a run without an end counts as stalled; set anew, it applies from the next tick. */
  get healthThresholds(): HealthThresholds {
    return this.health.thresholds;
  }

  set healthThresholds(thresholds: HealthThresholds) {
    this.health.thresholds = thresholds;
  }

  /** The health events seen since the runs were opened, the newest kept, oldest first. */
  healthEvents(): readonly HealthEvent[] {
    return this.health.events();
  }

  /** A run's summary as sessions are told it: its health with it. */
  private readonly summarize = (run: SourceRun, summary = run.summary()): RunSummary => ({
    ...summary,
    health: this.health.healthOf(run, summary),
  });

  /** The export contract for the live state, in pieces made as they are taken. */
  exportPieces(): ExportPieces {
    return documentPieces([this.source.exportParts()]);
  }

  /**
   * Opens a file the run logged, for its bytes; the caller closes the fd. Throws a
   * LoggedFileRefusal: 404 for a run that is not in the store, and as openLoggedFile refuses.
   */
  openLoggedFile(runId: string, path: string): OpenedFile {
    return this.subscriptions.openLoggedFile(runId, path);
  }

  /**
   * A file the run logged, a local or a far run's, opened to be read in parts; the caller closes
   * it. Rejects with a LoggedFileRefusal as openLoggedFile throws one.
   */
  loggedFile(runId: string, path: string): Promise<LoggedFileBytes> {
    return this.subscriptions.loggedFile(runId, path);
  }

  private readChanges(changes: PendingChanges): void {
    for (const [runId, changed] of changes) {
      if (this.closed) return;
      if (this.source.runs.has(runId)) this.live.apply(runId, changed);
      else this.source.readChanged(runId);
    }
  }

  private readonly broadcast = (delta: UnnumberedDelta, runId?: string): void =>
    this.hub.broadcast(delta, runId);
}
