// The Backend: the one object the UI talks to. It opens a store, keeps every run live (followed
// logs, status, tags, notes), answers Api requests, and pushes numbered deltas to sessions.

import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import type {
  ApiError,
  ApiRequest,
  ApiResponse,
  ApiResults,
  ArtifactSummary,
  Delta,
  RunSummary,
  SeriesColumns,
  Snapshot,
  StoreInfo,
} from '../../shared/api/contract.js';
import { parseApiRequest } from '../../shared/api/validate.js';
import { readArtifacts } from '../store/artifacts.js';
import type { HostIdentities } from '../store/identities.js';
import { hostIdentities } from '../store/identities.js';
import { hasWholeFirstLine } from '../store/log-file.js';
import { LOG_FILE, readRun } from '../store/run-reader.js';
import { readLogInWorker } from '../store/threaded-read.js';
import { checkReadableDirectory, listRunCandidates, StoreError } from '../store/store.js';
import type { Sink } from '../store/export.js';
import { encodeArtifactExport, writeRunExport } from '../store/export.js';
import { addTag, removeTag, writeNotes } from '../store/writer/tags-notes.js';
import type { RunFileKind, WatchOptions } from '../follow/store-watcher.js';
import { StoreWatcher } from '../follow/store-watcher.js';
import { RunEntry } from './run-entry.js';
import { encodeJsonString } from '../../shared/format/json.js';
import { compareUtf8 } from '../../shared/format/utf8.js';

/** Logs larger than this are read in a worker thread, with progress. */
export const THREADED_READ_BYTES = 50 * 1024 * 1024;

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

interface SessionState {
  readonly push: (deltas: readonly Delta[]) => void;
  seq: number;
  followed: ReadonlySet<string>;
  /** Deltas of this turn of the event loop, pushed together once it ends. */
  queued: Delta[];
}

export class NotAStoreError extends StoreError {}

/** Throws a StoreError that says why, when root cannot be opened as a store. */
export function checkStore(root: string): void {
  checkReadableDirectory(root);
  const has = (name: string): boolean => {
    try {
      return statSync(join(root, name)).isDirectory();
    } catch {
      return false;
    }
  };
  if (has('runs') || has('artifacts')) return;
  const parent = resolve(root, '..');
  const hint =
    basename(root) === 'runs' || basename(root) === 'artifacts'
      ? ` It looks like a store's ${basename(root)}/ folder: open ${parent} instead.`
      : has('store') && statSync(join(root, 'store')).isDirectory()
        ? ` Its folder store/ may be one: open ${join(root, 'store')}.`
        : '';
  throw new NotAStoreError(
    `${root} is not a munin store: it holds neither runs/ nor artifacts/.${hint}`,
  );
}

/**
 * Live changes are read at most once per this many milliseconds: 25 a second, smoother than a
 * chart needs, and a sample still reaches the screen in well under a tenth of a second.
 */
const COALESCE_MS = 40;
/**
 * How long a change waits for others before it is read. Runs started together write a few
 * milliseconds apart, not at once: five live runs' appends measured here came in three groups
 * over 15 ms, and a 16 ms wait split them into two reads and two messages about one time in
 * two. Each message wakes the client as well, which costs about as much as a wake-up here.
 */
const GATHER_MS = 25;

/** How long open reads runs before it returns, and how long each background turn reads. */
const INITIAL_READ_MS = 150;
const BACKGROUND_SLICE_MS = 25;

export class Backend {
  private readonly runs = new Map<string, RunEntry>();
  private readonly sessions = new Set<SessionState>();
  private readonly watcher: StoreWatcher;
  private readonly statusTimer: NodeJS.Timeout;
  private readonly pendingRuns = new Map<string, Set<RunFileKind>>();
  /** The timer of the next read of pending changes, or true when it is due at once. */
  private flushScheduled: NodeJS.Timeout | true | null = null;
  private lastFlush = -Infinity;
  /** The runs the last read of pending changes read. */
  private lastFlushed: readonly string[] = [];
  private readonly coalesceMs: number;
  private readonly gatherMs: number;
  private readonly summaryTimers = new Map<string, NodeJS.Timeout>();
  private readonly lastSummarySent = new Map<string, number>();
  private readonly summaryThrottleMs: number;
  private readonly host: HostIdentities;
  private closed = false;
  /** Big logs being read in worker threads, by run id. */
  private readonly reading = new Map<string, { bytes: number; size: number }>();
  private readonly threadedReadBytes: number;
  /** Entries of runs/ not read yet, newest first; read in the background after open. */
  private unread: string[];
  private readonly unreadSet: Set<string>;

  private constructor(
    readonly root: string,
    options: BackendOptions,
  ) {
    this.host = options.host ?? hostIdentities();
    // The list shows a live run's last step and last write; once a second is enough for those,
    // while the samples themselves go out as they come.
    this.summaryThrottleMs = options.summaryThrottleMs ?? 1000;
    this.coalesceMs = options.coalesceMs ?? COALESCE_MS;
    this.gatherMs = options.gatherMs ?? GATHER_MS;
    this.threadedReadBytes = options.threadedReadBytes ?? THREADED_READ_BYTES;
    // Watching starts before any run is read, so no change made while reading is missed.
    this.watcher = new StoreWatcher(
      root,
      {
        runChanged: (id, what) => this.schedule(id, what),
        artifactsChanged: () => this.broadcast({ type: 'artifacts-changed' }),
      },
      { ...options.watch, lazyRuns: true },
    );
    // Oldest first, so that pop() takes the newest: the runs people look at first.
    this.unread = listRunCandidates(root).reverse();
    this.unreadSet = new Set(this.unread);
    this.statusTimer = setInterval(() => this.probeOpenRuns(), options.statusIntervalMs ?? 3000);
    this.statusTimer.unref();
  }

  /** Opens the store at root; throws a StoreError saying why it cannot. */
  static async open(root: string, options: BackendOptions = {}): Promise<Backend> {
    const absolute = resolve(root);
    checkStore(absolute);
    const backend = new Backend(absolute, options);
    await backend.watcher.ready;
    // The newest runs are read before open returns; the rest stream in as run-added deltas.
    backend.readSome(INITIAL_READ_MS);
    backend.readInBackground();
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
    const state: SessionState = { push, seq: 0, followed: new Set(), queued: [] };
    this.sessions.add(state);
    return {
      request: async (raw) => this.handle(state, raw),
      close: () => void this.sessions.delete(state),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.statusTimer);
    if (this.flushScheduled !== true && this.flushScheduled !== null)
      clearTimeout(this.flushScheduled);
    for (const timer of this.summaryTimers.values()) clearTimeout(timer);
    this.sessions.clear();
    await this.watcher.close();
  }

  private async handle(session: SessionState, raw: unknown): Promise<ApiResponse> {
    const request = parseApiRequest(raw);
    if ('code' in request) return { ok: false, error: request };
    try {
      const result = this.answer(session, request);
      return { ok: true, result } as ApiResponse;
    } catch (error) {
      return { ok: false, error: toApiError(error) };
    }
  }

  private entry(runId: string): RunEntry {
    const entry = this.runs.get(runId);
    if (entry === undefined) throw new ApiFailure('no-such-run', `no run ${runId} in this store`);
    return entry;
  }

  private answer(session: SessionState, request: ApiRequest): ApiResults[ApiRequest['op']] {
    switch (request.op) {
      case 'storeInfo':
        return this.storeInfo();
      case 'listRuns':
        return this.listRuns();
      case 'runDetail':
        return this.withSamples(request.runId).detail();
      case 'series': {
        const entry = this.withSamples(request.runId);
        return request.keys.flatMap((key) => entry.columns(key) ?? []);
      }
      case 'gitDiff': {
        const entry = this.entry(request.runId);
        try {
          return readFileSync(join(entry.dir, 'git.diff'), 'utf8');
        } catch {
          return null;
        }
      }
      case 'listArtifacts':
        return this.listArtifacts();
      case 'addTag':
      case 'removeTag': {
        const entry = this.entry(request.runId);
        writeOrFail(() => (request.op === 'addTag' ? addTag : removeTag)(entry.dir, request.tag));
        entry.refreshTags();
        this.pushSummary(entry, true);
        return [...entry.tags];
      }
      case 'setNotes': {
        const entry = this.entry(request.runId);
        writeOrFail(() => writeNotes(entry.dir, request.text));
        entry.refreshNotes();
        this.broadcast({ type: 'notes-changed', runId: entry.id });
        this.pushSummary(entry, true);
        return null;
      }
      case 'subscribe':
        return this.subscribe(session, request.runIds);
      case 'envelope': {
        const envelope = this.withSamples(request.runId).envelope(request);
        if ('refused' in envelope) throw new ApiFailure('bad-request', envelope.refused);
        return envelope;
      }
      case 'sampleAt': {
        const point = this.withSamples(request.runId).sampleAt(request);
        if (point !== null && 'refused' in point)
          throw new ApiFailure('bad-request', point.refused);
        return point;
      }
    }
  }

  storeInfo(): StoreInfo {
    return {
      root: this.root,
      name: basename(this.root),
      polling: this.watcher.polling,
      runsRead: this.runs.size,
      runsToRead: this.unreadSet.size + this.reading.size,
      reading: [...this.reading].map(([runId, progress]) => ({ runId, ...progress })),
    };
  }

  /** The runs read so far, by id in byte order. */
  listRuns(): RunSummary[] {
    return [...this.runs.keys()].sort(compareUtf8).map((id) => this.runs.get(id)!.summary());
  }

  listArtifacts(): ArtifactSummary[] {
    return readArtifacts(this.root).map((artifact) => ({
      name: artifact.name,
      latest: artifact.latest,
      versions: [...artifact.versions].map(([version, v]) => {
        if (v.deleted)
          return {
            version,
            deleted: true,
            time: v.time,
            run: null,
            step: null,
            size: null,
            digest: null,
          };
        const get = (name: string) => v.members.get(name);
        const num = (x: unknown): number | null =>
          typeof x === 'number' ? x : typeof x === 'bigint' ? Number(x) : null;
        const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
        return {
          version,
          deleted: false,
          time: num(get('time')),
          run: str(get('run')),
          step: num(get('step')),
          size: num(get('size')),
          digest: str(get('digest')),
        };
      }),
      aliases: [...artifact.aliases].map(([alias, version]) => ({ alias, version })),
    }));
  }

  private subscribe(session: SessionState, runIds: readonly string[]): Snapshot {
    for (const id of runIds) if (this.runs.has(id)) this.withSamples(id);
    // Every run asked for is followed, read or not: a run still being read, or not reached yet
    // by the reading of a big store, has its series pushed once it is added (see announce).
    session.followed = new Set(runIds);
    const series = runIds.flatMap((id) => {
      const entry = this.runs.get(id);
      return entry === undefined ? [] : this.seriesOf(entry);
    });
    return { seq: session.seq, runs: this.listRuns(), series };
  }

  /** The run's series as a subscriber takes them: whole, or only their count when too long. */
  private seriesOf(entry: RunEntry): SeriesColumns[] {
    return [...entry.log.series].map(([key, held]) => {
      const total = held.samples.length;
      return total > WHOLE_SERIES_LIMIT
        ? { ...entry.columns(key, 0, 0)!, partial: true, total }
        : entry.columns(key)!;
    });
  }

  /**
   * Tells sessions of a run just added, and pushes its series to those that follow it: a page
   * opened before the run was read holds none of its series, and no snapshot will bring them.
   */
  private announce(entry: RunEntry): void {
    if (this.sessions.size === 0) return;
    this.broadcast({ type: 'run-added', run: entry.summary() });
    if (![...this.sessions].some((session) => session.followed.has(entry.id))) return;
    if (!entry.samplesRead && this.readSamples(entry) === 'vanished') return;
    for (const series of this.seriesOf(entry))
      this.broadcast({ type: 'samples', series }, entry.id);
  }

  /** The export contract for the live state, written in pieces to sink. */
  writeExport(sink: Sink): void {
    this.readAll();
    sink('{"runs":[');
    const ids = [...this.runs.keys(), ...this.reading.keys()].sort(compareUtf8);
    ids.forEach((id, index) => {
      if (index > 0) sink(',');
      const entry = this.runs.get(id);
      // A run still being read in a thread is read here too: the export waits for no thread.
      // A run listed from its hint is read here whole, and not kept: the export holds no memory.
      writeRunExport(
        entry !== undefined && entry.samplesRead
          ? entry.asRead()
          : readRun(this.root, id, this.host),
        sink,
      );
    });
    sink('],"artifacts":{');
    sink(
      readArtifacts(this.root)
        .map((a) => `${encodeJsonString(a.name)}:${encodeArtifactExport(a)}`)
        .join(','),
    );
    sink('}}\n');
  }

  /** Reads unread runs until `budgetMs` has passed; true when some are left. */
  private readSome(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    while (this.unread.length > 0 && performance.now() < deadline) {
      const id = this.unread.pop()!;
      if (!this.unreadSet.delete(id)) continue;
      const entry = this.takeUp(id);
      if (entry !== undefined) this.announce(entry);
    }
    return this.unread.length > 0;
  }

  private readInBackground(): void {
    const turn = (): void => {
      if (this.closed) return;
      if (this.readSome(BACKGROUND_SLICE_MS)) setImmediate(turn);
    };
    if (this.unread.length > 0) setImmediate(turn);
  }

  /** Reads every run not read yet: what the export needs. */
  private readAll(): void {
    while (this.readSome(1000));
  }

  /**
   * Watches the run, then reads it when it is a run (its first line is whole): at once, or, for
   * a big log, in a worker thread, the run added once it is read.
   */
  private takeUp(id: string): RunEntry | undefined {
    this.watcher.follow(id);
    if (this.reading.has(id)) return undefined;
    const logPath = join(this.root, 'runs', id, LOG_FILE);
    let size = 0;
    try {
      size = statSync(logPath).size;
    } catch {
      return undefined;
    }
    // A small log's read tells whether its first line is whole; a big one is asked first.
    if (size < this.threadedReadBytes) return this.addRun(id, true);
    if (!hasWholeFirstLine(logPath)) return undefined;
    this.reading.set(id, { bytes: 0, size });
    this.broadcast({ type: 'reading-started', runId: id });
    readLogInWorker(logPath, (bytes) => this.reading.set(id, { bytes, size })).then(
      ({ log, read }) => {
        this.reading.delete(id);
        if (this.closed || this.runs.has(id)) return;
        const entry = new RunEntry(this.root, id, this.host);
        entry.follower.adopt(log, read);
        // Probes and catches up with what was written while the thread read.
        if (entry.refresh().state === 'vanished') return;
        this.runs.set(id, entry);
        this.announce(entry);
      },
      () => {
        // The thread could not read it (the log vanished, say): read it here, as any run.
        this.reading.delete(id);
        if (this.closed || this.runs.has(id)) return;
        const entry = this.addRun(id);
        if (entry !== undefined) this.announce(entry);
      },
    );
    return undefined;
  }

  /**
   * Reads a run and adds it: listed from its stats hint when `fromHint` and the hint holds, its
   * samples read when it is opened; else read whole.
   */
  private addRun(id: string, fromHint = false): RunEntry | undefined {
    const entry = new RunEntry(this.root, id, this.host);
    if (fromHint && entry.listFromHint()) {
      this.runs.set(id, entry);
      return entry;
    }
    const result = entry.refresh();
    // No whole first line read: a run directory being made, no run yet.
    if (result.state === 'vanished' || entry.follower.offset === 0) return undefined;
    this.runs.set(id, entry);
    return entry;
  }

  private schedule(id: string, what: RunFileKind): void {
    let kinds = this.pendingRuns.get(id);
    if (kinds === undefined) this.pendingRuns.set(id, (kinds = new Set()));
    kinds.add(what);
    if (this.flushScheduled === true) return;
    // Runs that write in step, as a sweep's do, bring the same runs burst after burst: once
    // every run the last read brought has changed again, waiting longer only delays them. They
    // are read as soon as the window since that read is over: at the end of this turn when it
    // is, in the wake-up their last event caused rather than one more for a timer.
    const windowLeft = this.lastFlush + this.coalesceMs - performance.now();
    if (this.burstComplete()) {
      if (this.flushScheduled !== null) clearTimeout(this.flushScheduled);
      if (windowLeft > 0) {
        this.flushScheduled = setTimeout(this.flush, windowLeft);
      } else {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
      return;
    }
    if (this.flushScheduled !== null) return;
    // A change is read a short wait after it comes, with the changes that come meanwhile (a
    // sweep's runs write at once), and reads are a window apart at least: many live runs cost a
    // read per run and one message per window, not per append. Each wake-up, read and message
    // costs system calls, which cost the most in a VM.
    this.flushScheduled = setTimeout(this.flush, Math.max(this.gatherMs, windowLeft));
  }

  /** True when every run the last read brought has changed since. */
  private burstComplete(): boolean {
    const last = this.lastFlushed;
    if (last.length === 0 || this.pendingRuns.size < last.length) return false;
    return last.every((id) => this.pendingRuns.has(id));
  }

  /** Reads the pending changes: run by the timer or the immediate that flushScheduled holds. */
  private readonly flush = (): void => {
    this.flushScheduled = null;
    this.lastFlush = performance.now();
    const pending = [...this.pendingRuns];
    this.pendingRuns.clear();
    this.lastFlushed = pending.map(([runId]) => runId);
    for (const [runId, changed] of pending) this.processRun(runId, changed);
  };

  private processRun(id: string, changed: ReadonlySet<RunFileKind>): void {
    if (this.closed) return;
    const entry = this.runs.get(id);
    if (entry === undefined) {
      // A big log being read in a thread: its reader catches up with every change once done.
      if (this.reading.has(id)) return;
      this.unreadSet.delete(id);
      const added = this.takeUp(id);
      if (added !== undefined) this.announce(added);
      return;
    }
    let important = false;
    if (changed.has('tags')) {
      entry.refreshTags();
      important = true;
    }
    if (changed.has('notes')) {
      entry.refreshNotes();
      this.broadcast({ type: 'notes-changed', runId: id });
      important = true;
    }
    if (
      changed.has('log') ||
      changed.has('writer') ||
      changed.has('directory') ||
      changed.has('stats')
    ) {
      // The hint or the log it held for changed: the listing may no longer hold, so the run is
      // read whole, and followed as any other.
      if (!entry.samplesRead && this.readSamples(entry) === 'vanished') return;
      const appendOnly = changed.size === 1 && changed.has('log');
      if (this.refreshRun(entry, appendOnly)) important = true;
      if (!this.runs.has(id)) return;
    }
    this.pushSummary(entry, important);
  }

  /** The run, its samples read first when it was listed from its hint. */
  private withSamples(runId: string): RunEntry {
    const entry = this.entry(runId);
    if (!entry.samplesRead && this.readSamples(entry) === 'vanished') {
      throw new ApiFailure('no-such-run', `run ${runId} was deleted`);
    }
    return entry;
  }

  /** Reads the samples of a run listed from its hint, and tells sessions what changed. */
  private readSamples(entry: RunEntry): 'read' | 'vanished' {
    const result = entry.readSamples();
    if (result?.state === 'vanished') {
      this.runs.delete(entry.id);
      this.broadcast({ type: 'run-removed', runId: entry.id });
      return 'vanished';
    }
    // Its summary now counts damaged sample lines too, and its keys as read.
    this.pushSummary(entry, true);
    return 'read';
  }

  /** Reads what the run's log gained and pushes it; true when more than samples changed. */
  private refreshRun(entry: RunEntry, appendOnly = false): boolean {
    const statusBefore = entry.status;
    const result = entry.refresh(appendOnly);
    if (result.state === 'vanished') {
      this.runs.delete(entry.id);
      this.broadcast({ type: 'run-removed', runId: entry.id });
      return true;
    }
    if (result.state === 'reset') {
      this.broadcast({ type: 'run-reset', runId: entry.id });
      return true;
    }
    for (const change of result.changes) {
      if (change.kind === 'orphans-cut') {
        this.broadcast({ type: 'orphans-cut', runId: entry.id, step: change.step }, entry.id);
      } else {
        const series = entry.columns(change.key, change.from, change.to);
        if (series !== undefined) this.broadcast({ type: 'samples', series }, entry.id);
      }
    }
    return result.recordsChanged || entry.status !== statusBefore;
  }

  /** Probes runs without an end again: a writer that exits changes no file. */
  private probeOpenRuns(): void {
    for (const entry of [...this.runs.values()]) {
      if (!entry.open) continue;
      const statusBefore = entry.status;
      const important = this.refreshRun(entry);
      if (this.runs.has(entry.id))
        this.pushSummary(entry, important || entry.status !== statusBefore);
    }
  }

  /**
   * Pushes the run's summary now when important, else at most once per throttle period. While
   * samples keep coming the summary rides on the change that finds the period over; a timer
   * sends it only when the run falls quiet first, so a steady stream wakes nothing extra.
   */
  private pushSummary(entry: RunEntry, important: boolean): void {
    const now = Date.now();
    const last = this.lastSummarySent.get(entry.id) ?? 0;
    const send = (): void => {
      this.summaryTimers.delete(entry.id);
      if (!this.runs.has(entry.id) || this.closed) return;
      this.lastSummarySent.set(entry.id, Date.now());
      if (this.sessions.size > 0) this.broadcast({ type: 'run-changed', run: entry.summary() });
    };
    if (important || now - last >= this.summaryThrottleMs) {
      const timer = this.summaryTimers.get(entry.id);
      if (timer !== undefined) clearTimeout(timer);
      send();
    } else if (!this.summaryTimers.has(entry.id)) {
      // Due a period after the summary it follows is due, unless a change sends it before.
      const timer = setTimeout(send, 2 * this.summaryThrottleMs - (now - last));
      timer.unref();
      this.summaryTimers.set(entry.id, timer);
    }
  }

  /** Sends a delta to every session, or only to those following runId. */
  private broadcast(delta: DistributiveOmit<Delta, 'seq'>, runId?: string): void {
    for (const session of this.sessions) {
      if (runId !== undefined && !session.followed.has(runId)) continue;
      session.seq++;
      if (session.queued.length === 0) {
        // A microtask: after this turn's synchronous work and before any response it awaits,
        // so that a response never overtakes the deltas made before it.
        queueMicrotask(() => {
          const deltas = session.queued;
          session.queued = [];
          if (this.sessions.has(session)) session.push(deltas);
        });
      }
      session.queued.push({ ...delta, seq: session.seq } as Delta);
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

class ApiFailure extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
  ) {
    super(message);
  }
}

function writeOrFail(write: () => void): void {
  try {
    write();
  } catch (error) {
    throw new ApiFailure('write-failed', error instanceof Error ? error.message : String(error));
  }
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiFailure) return { code: error.code, message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
