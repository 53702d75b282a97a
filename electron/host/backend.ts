// The Backend: the one object the UI talks to. It opens a store, keeps every run live (followed
// logs, status, tags, notes), answers Api requests from its op table, and pushes numbered deltas
// to sessions; reading, coalescing live changes and throttling summaries are parts of their own.

import { resolve } from 'node:path';
import type {
  ApiResponse,
  Delta,
  RunSummary,
  Snapshot,
  StoreInfo,
} from '../../shared/api/contract.js';
import { parseApiRequest } from '../../shared/api/validate.js';
import type { HostIdentities } from '../store/identities.js';
import { hostIdentities } from '../store/identities.js';
import { checkStore } from '../store/store.js';
import type { Sink } from '../store/export.js';
import type { WatchOptions } from '../follow/store-watcher.js';
import { StoreWatcher } from '../follow/store-watcher.js';
import type { RunEntry } from './run-entry.js';
import { SessionHub } from './session-hub.js';
import type { HubSession, UnnumberedDelta } from './session-hub.js';
import type { PendingChanges } from './change-coalescer.js';
import { ChangeCoalescer } from './change-coalescer.js';
import { SummaryThrottle } from './summary-throttle.js';
import { INITIAL_READ_MS, ReadScheduler, THREADED_READ_BYTES } from './read-scheduler.js';
import { ApiFailure, toApiError } from './ops/api-failure.js';
import type { OpContext } from './ops/op-context.js';
import { answerRequest } from './ops/op-table.js';
import type { LiveChanges } from './live-changes.js';
import { liveChanges } from './live-changes.js';
import { writeStoreExport } from './store-export.js';
import { listRuns, storeInfo } from './store-listing.js';

export interface BackendOptions {
  /** Logs at least this big are read in a worker thread (default 50 MiB). */
  readonly threadedReadBytes?: number;
  readonly watch?: WatchOptions;
  /** How often runs without an end are probed again, in milliseconds. */
  readonly statusIntervalMs?: number;
  /** Changes within this many milliseconds of the last read are read together (default 40). */
  readonly coalesceMs?: number;
  /** How long a change after a quiet spell waits for others before it is read (default 25). */
  readonly gatherMs?: number;
  /** At most how often a run's summary is pushed while only samples arrive (default 1000 ms). */
  readonly summaryThrottleMs?: number;
  readonly host?: HostIdentities;
}

/** A client of the Backend: one window or one WebSocket. */
export interface Session {
  request(raw: unknown): Promise<ApiResponse>;
  close(): void;
}

export class Backend {
  private readonly runs = new Map<string, RunEntry>();
  private readonly hub = new SessionHub();
  private readonly watcher: StoreWatcher;
  private readonly statusTimer: NodeJS.Timeout;
  private readonly coalescer: ChangeCoalescer;
  private readonly summaries: SummaryThrottle;
  private readonly reader: ReadScheduler;
  private readonly host: HostIdentities;
  private readonly live: LiveChanges;
  private readonly opContext: OpContext;
  private closed = false;

  private constructor(
    readonly root: string,
    options: BackendOptions,
  ) {
    this.host = options.host ?? hostIdentities();
    this.live = liveChanges({
      runs: this.runs,
      broadcast: this.broadcast,
      pushSummary: (runId, important) => this.summaries.push(runId, important),
    });
    this.opContext = this.makeOpContext();
    this.coalescer = new ChangeCoalescer(
      (changes) => this.readChanges(changes),
      options.coalesceMs,
      options.gatherMs,
    );
    // The list shows a live run's last step and last write; once a second is enough for those,
    // while the samples themselves go out as they come.
    this.summaries = new SummaryThrottle((id) => {
      const entry = this.runs.get(id);
      if (entry === undefined || this.closed || this.hub.size === 0) return;
      this.broadcast({ type: 'run-changed', run: entry.summary() });
    }, options.summaryThrottleMs ?? 1000);
    // Watching starts before any run is read, so no change made while reading is missed.
    this.watcher = new StoreWatcher(
      root,
      {
        runChanged: (id, what) => this.coalescer.schedule(id, what),
        artifactsChanged: () => this.broadcast({ type: 'artifacts-changed' }),
      },
      { ...options.watch, lazyRuns: true },
    );
    this.reader = new ReadScheduler({
      root,
      host: this.host,
      watcher: this.watcher,
      runs: this.runs,
      threadedReadBytes: options.threadedReadBytes ?? THREADED_READ_BYTES,
      added: (entry) => this.announce(entry),
      readingStarted: (runId) => this.broadcast({ type: 'reading-started', runId }),
      closed: () => this.closed,
    });
    this.statusTimer = setInterval(
      () => this.live.probeOpenRuns(),
      options.statusIntervalMs ?? 3000,
    );
    this.statusTimer.unref();
  }

  /** Opens the store at root; throws a StoreError saying why it cannot. */
  static async open(root: string, options: BackendOptions = {}): Promise<Backend> {
    const absolute = resolve(root);
    checkStore(absolute);
    const backend = new Backend(absolute, options);
    await backend.watcher.ready;
    // The newest runs are read before open returns; the rest stream in as run-added deltas.
    backend.reader.readSome(INITIAL_READ_MS);
    backend.reader.readInBackground();
    return backend;
  }

  get polling(): boolean {
    return this.watcher.polling;
  }

  /**
   * A new client; deltas for it go to push, in order, numbered from its snapshot's seq. The
   * deltas of one turn of the event loop come in one call, so a transport sends them as one
   * message: a burst of appends to many runs costs one frame, not one per run.
   */
  connect(push: (deltas: readonly Delta[]) => void): Session {
    const session = this.hub.add(push);
    return {
      request: async (raw) => this.handle(session, raw),
      close: () => this.hub.remove(session),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.statusTimer);
    this.coalescer.close();
    this.summaries.close();
    this.hub.clear();
    await this.watcher.close();
  }

  storeInfo(): StoreInfo {
    return storeInfo(this.root, this.watcher.polling, this.runs, this.reader);
  }

  /** The runs read so far, by id in byte order. */
  listRuns(): RunSummary[] {
    return listRuns(this.runs);
  }

  /** The export contract for the live state, written in pieces to sink. */
  writeExport(sink: Sink): void {
    this.reader.readAll();
    writeStoreExport(sink, this.root, this.host, this.runs, this.reader.reading.keys());
  }

  private async handle(session: HubSession, raw: unknown): Promise<ApiResponse> {
    const request = parseApiRequest(raw);
    if ('code' in request) return { ok: false, error: request };
    try {
      return { ok: true, result: answerRequest(this.opContext, request, session) } as ApiResponse;
    } catch (error) {
      return { ok: false, error: toApiError(error) };
    }
  }

  private makeOpContext(): OpContext {
    return {
      root: this.root,
      entry: (runId) => this.entry(runId),
      withSamples: (runId) => this.withSamples(runId),
      storeInfo: () => this.storeInfo(),
      listRuns: () => this.listRuns(),
      subscribe: (session, runIds) => this.subscribe(session, runIds),
      written: (entry, what) => {
        if (what === 'tags') entry.refreshTags();
        else {
          entry.refreshNotes();
          this.broadcast({ type: 'notes-changed', runId: entry.id });
        }
        this.summaries.push(entry.id, true);
      },
    };
  }

  private entry(runId: string): RunEntry {
    const entry = this.runs.get(runId);
    if (entry === undefined) throw new ApiFailure('no-such-run', `no run ${runId} in this store`);
    return entry;
  }

  /** The run, its samples read first when it was listed from its hint. */
  private withSamples(runId: string): RunEntry {
    const entry = this.entry(runId);
    if (!entry.samplesRead && this.live.readSamples(entry) === 'vanished')
      throw new ApiFailure('no-such-run', `run ${runId} was deleted`);
    return entry;
  }

  private subscribe(session: HubSession, runIds: readonly string[]): Snapshot {
    for (const id of runIds) if (this.runs.has(id)) this.withSamples(id);
    // Every run asked for is followed, read or not: a run still being read, or not reached yet
    // by the reading of a big store, has its series pushed once it is added (see announce).
    session.followed = new Set(runIds);
    const series = runIds.flatMap((id) => {
      const entry = this.runs.get(id);
      return entry === undefined ? [] : entry.subscribedSeries();
    });
    return { seq: session.seq, runs: this.listRuns(), series };
  }

  /**
   * Tells sessions of a run just added, and pushes its series to those that follow it: a page
   * opened before the run was read holds none of its series, and no snapshot will bring them.
   */
  private announce(entry: RunEntry): void {
    if (this.hub.size === 0) return;
    this.broadcast({ type: 'run-added', run: entry.summary() });
    if (!this.hub.followed(entry.id)) return;
    if (!entry.samplesRead && this.live.readSamples(entry) === 'vanished') return;
    for (const series of entry.subscribedSeries())
      this.broadcast({ type: 'samples', series }, entry.id);
  }

  private readChanges(changes: PendingChanges): void {
    for (const [runId, changed] of changes) {
      if (this.closed) return;
      if (this.runs.has(runId)) this.live.apply(runId, changed);
      else this.reader.changed(runId);
    }
  }

  private readonly broadcast = (delta: UnnumberedDelta, runId?: string): void =>
    this.hub.broadcast(delta, runId);
}
