// Event streams as a source of runs: a .jsonl file, or a folder of them, each file one run read
// and followed by its whole lines; new files appear as new runs. Streams take no tags or notes
// and hold no artifacts: their folder is no store.

import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ArtifactSummary, VersionCheckInfo } from '../../../shared/api/contract.js';
import { compareUtf8 } from '../../../shared/format/utf8.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import type { ExportParts } from '../../store/export.js';
import { noPieces, readRunPieces } from '../../store/export.js';
import type { WatchOptions } from '../../follow/store-watcher.js';
import type { OpenedPath, RunsSource, SourceArtifact, SourceEvents } from '../run-source.js';
import type { StreamLocation } from './stream-files.js';
import { listStreams, streamIdOf, streamPath } from './stream-files.js';
import { StreamWatch } from './stream-watch.js';
import { StreamRun } from './stream-run.js';
import { log } from '../../log.js';
import { THREADED_READ_BYTES } from '../../store/log/threaded-read.js';
import { readStreamInWorker } from './threaded-stream-read.js';

export interface StreamSourceOptions {
  readonly watch?: WatchOptions;
  /**
   * Put before each run's id, as `name/`: opened beside other paths, a folder's runs are told
   * apart from another's that holds files of the same names.
   */
  readonly idPrefix?: string;
  /** Streams at least this big are read on worker threads (default: as munin logs are). */
  readonly threadedReadBytes?: number;
}

/** How long open() reads streams before it returns; the rest are read after, told as added. */
const INITIAL_READ_MS = 300;
/** How long each later turn of reading takes before it yields to the event loop. */
const BACKGROUND_SLICE_MS = 50;

export class StreamSource implements RunsSource {
  readonly root: string;
  readonly runs = new Map<string, StreamRun>();
  readonly reading = new Map<string, { bytes: number; size: number }>();
  private readonly prefix: string;
  /** Stream ids (without the prefix) listed at open and not read yet, in byte order. */
  private pending: string[] = [];
  private watch: StreamWatch | null = null;
  private events: SourceEvents | null = null;
  private closed = false;

  constructor(
    private readonly location: StreamLocation,
    private readonly options: StreamSourceOptions = {},
  ) {
    this.root = location.path;
    this.prefix = options.idPrefix ?? '';
  }

  get paths(): readonly OpenedPath[] {
    return [{ root: this.root, name: basename(this.root), kind: 'jsonl-events' }];
  }

  get polling(): boolean {
    return this.watch?.polling ?? false;
  }

  /** Streams not read yet, and big ones still being read on threads. */
  get toRead(): number {
    return this.pending.length + this.reading.size;
  }

  async open(events: SourceEvents): Promise<void> {
    this.events = events;
    // Watching starts before any stream is read, so no line written while reading is missed.
    this.watch = new StreamWatch(
      this.location,
      { changed: (parts) => this.changed(parts) },
      this.options.watch,
    );
    this.pending = listStreams(this.location);
    this.readFor(INITIAL_READ_MS, false);
    this.readInBackground();
  }

  private changed(parts: readonly string[]): void {
    const id = streamIdOf(this.location, parts);
    if (id !== null) {
      this.events?.runChanged(this.prefix + id, 'log');
      return;
    }
    // A folder that came, went or moved: each stream under it may have too.
    const below = `${this.prefix}${parts.join('/')}/`;
    for (const runId of this.runs.keys())
      if (parts.length === 0 || runId.startsWith(below)) this.events?.runChanged(runId, 'log');
  }

  /** Reads pending streams for up to `budgetMs`; later ones are told as added. */
  private readFor(budgetMs: number, announce: boolean): void {
    const until = Date.now() + budgetMs;
    while (this.pending.length > 0 && Date.now() < until && !this.closed) {
      const id = this.pending.shift()!;
      if (!this.runs.has(this.prefix + id)) this.readStream(id, announce);
    }
  }

  private readInBackground(): void {
    if (this.pending.length === 0 || this.closed) return;
    setImmediate(() => {
      this.readFor(BACKGROUND_SLICE_MS, true);
      this.readInBackground();
    });
  }

  /**
   * Reads a stream not read yet, and lists it unless its file is gone; a big one is read on
   * worker threads, and listed once read.
   */
  private readStream(id: string, announce: boolean): StreamRun | null {
    const path = streamPath(this.location, id);
    const runId = this.prefix + id;
    if (this.reading.has(runId)) return null;
    let size = 0;
    try {
      size = statSync(path).size;
    } catch {
      // Gone or not to be read: the read here says which, as for any stream.
    }
    if (size < (this.options.threadedReadBytes ?? THREADED_READ_BYTES))
      return this.readStreamHere(id, announce);
    this.reading.set(runId, { bytes: 0, size });
    this.events?.readingStarted(runId);
    readStreamInWorker(path, this.location.realRoot, (bytes) =>
      this.reading.set(runId, { bytes, size }),
    ).then(
      ({ fold, read }) => {
        this.reading.delete(runId);
        if (this.closed || this.runs.has(runId)) return;
        const run = new StreamRun(this.location.realRoot, runId, path);
        run.adopt(fold, read);
        // Catches up with what was written while the threads read.
        if (run.refresh().state === 'vanished') return;
        this.runs.set(runId, run);
        this.events?.runAdded(run);
      },
      (error: unknown) => {
        log.warn(
          `run ${runId}: its stream could not be read on a thread of its own; reading it here`,
          error,
        );
        this.reading.delete(runId);
        if (!this.closed && !this.runs.has(runId)) this.readStreamHere(id, true);
      },
    );
    return null;
  }

  /** Reads a stream on this thread, and lists it unless its file is gone. */
  private readStreamHere(id: string, announce: boolean): StreamRun | null {
    const run = new StreamRun(
      this.location.realRoot,
      this.prefix + id,
      streamPath(this.location, id),
    );
    if (run.refresh().state === 'vanished') return null;
    this.runs.set(run.id, run);
    if (announce) this.events?.runAdded(run);
    return run;
  }

  /** The stream id of a run id of this source, or null when it names none of its streams. */
  private streamId(runId: string): string | null {
    if (!runId.startsWith(this.prefix)) return null;
    const id = runId.slice(this.prefix.length);
    return streamIdOf(this.location, id.split('/'));
  }

  readChanged(runId: string): void {
    const id = this.streamId(runId);
    // A stream read on threads catches up with every change once read.
    if (id === null || this.runs.has(runId) || this.reading.has(runId)) return;
    this.pending = this.pending.filter((pending) => pending !== id);
    this.readStream(id, true);
  }

  drop(runId: string): void {
    this.runs.delete(runId);
  }

  exportParts(): ExportParts {
    this.readFor(Infinity, true);
    const { runs } = this;
    // A stream still read on threads is exported as it is on disk, read here and let go.
    const onDisk = new Map([...this.reading.keys()].map((runId) => [runId, this.streamId(runId)!]));
    return {
      ids: [...runs.keys(), ...onDisk.keys()].sort(compareUtf8),
      run: (id) =>
        readRunPieces(id, () => {
          const run = runs.get(id);
          if (run !== undefined) return run.exportPieces();
          const read = new StreamRun(
            this.location.realRoot,
            id,
            streamPath(this.location, onDisk.get(id)!),
          );
          if (read.refresh().state === 'vanished') return noPieces();
          return read.exportPieces();
        }),
      artifacts: noPieces,
    };
  }

  listArtifacts(): ArtifactSummary[] {
    return [];
  }

  readArtifacts(): SourceArtifact[] {
    return [];
  }

  readArtifact(): undefined {
    return undefined;
  }

  verifyArtifact(name: string): Promise<readonly VersionCheckInfo[]> {
    return Promise.reject(
      new ApiFailure('no-such-artifact', `no artifact ${name}: event streams hold no artifacts`),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watch?.close();
  }
}

/** The export parts of the streams at a location as they are on disk: each read, and let go. */
export function diskStreamParts(location: StreamLocation, idPrefix = ''): ExportParts {
  const ids = listStreams(location);
  const byRunId = new Map(ids.map((id) => [idPrefix + id, id]));
  return {
    ids: [...byRunId.keys()],
    run: (runId) =>
      readRunPieces(runId, () => {
        const run = new StreamRun(
          location.realRoot,
          runId,
          streamPath(location, byRunId.get(runId)!),
        );
        // Gone since it was listed: nothing to export.
        if (run.refresh().state === 'vanished') return noPieces();
        return run.exportPieces();
      }),
    artifacts: noPieces,
  };
}
