// Event streams as a source of runs: a .jsonl file, or a folder of them, each file one run read
// and followed by its whole lines; new files appear as new runs. Streams take no tags or notes
// and hold no artifacts: their folder is no store.

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

export interface StreamSourceOptions {
  readonly watch?: WatchOptions;
  /**
   * Put before each run's id, as `name/`: opened beside other paths, a folder's runs are told
   * apart from another's that holds files of the same names.
   */
  readonly idPrefix?: string;
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

  get toRead(): number {
    return this.pending.length;
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

  /** Reads a stream not read yet, and lists it unless its file is gone. */
  private readStream(id: string, announce: boolean): StreamRun | null {
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
    if (id === null || this.runs.has(runId)) return;
    this.pending = this.pending.filter((pending) => pending !== id);
    this.readStream(id, true);
  }

  drop(runId: string): void {
    this.runs.delete(runId);
  }

  exportParts(): ExportParts {
    this.readFor(Infinity, true);
    const { runs } = this;
    return {
      ids: [...runs.keys()].sort(compareUtf8),
      run: (id) => readRunPieces(id, () => runs.get(id)!.exportPieces()),
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
