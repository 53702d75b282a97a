// A munin store as a source of runs: checked to be a store, watched (runs/, each run's files,
// artifacts/), its runs read newest first and big logs in worker threads, exported by the
// format's contract, and its artifacts listed.

import { basename, resolve } from 'node:path';
import type { ArtifactSummary, VersionCheckInfo } from '../../../shared/api/contract.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import type { VerifyResult } from '../../store/verify.js';
import { verifyVersions } from '../../store/verify.js';
import { resolveTarget, UnknownTarget } from '../../store/verify-targets.js';
import { readArtifact, readArtifacts } from '../../store/artifacts.js';
import type { ExportParts } from '../../store/export.js';
import type { HostIdentities } from '../../store/identities.js';
import { hostIdentities } from '../../store/identities.js';
import { checkStore } from '../../store/store.js';
import { realStoreRoot } from '../../store/store-files.js';
import type { WatchOptions } from '../../follow/store-watcher.js';
import { StoreWatcher } from '../../follow/store-watcher.js';
import type { OpenedPath, RunsSource, SourceArtifact, SourceEvents } from '../run-source.js';
import { artifactSummary, sourceArtifact } from './artifact-versions.js';
import { FIRST_RUNS_MS, INITIAL_READ_MS, ReadScheduler } from './read-scheduler.js';
import { THREADED_READ_BYTES } from '../../store/log/threaded-read.js';
import type { RunEntry } from './run-entry.js';
import { liveExportParts } from './store-export.js';

export interface MuninStoreOptions {
  /** Logs at least this big are read in a worker thread (default 50 MiB). */
  readonly threadedReadBytes?: number;
  /** Runs left to read past which helper threads list runs ahead (default 2000). */
  readonly listAheadFrom?: number;
  /** Helper threads that list ahead (default: as the machine's cores allow). */
  readonly listAheadHelpers?: number;
  readonly watch?: WatchOptions;
  readonly host?: HostIdentities;
}

export class MuninStoreSource implements RunsSource {
  readonly root: string;
  /** The root with the links on its way resolved: where links in the store's files may lead. */
  private readonly realRoot: string;
  readonly runs = new Map<string, RunEntry>();
  private readonly host: HostIdentities;
  private watcher: StoreWatcher | null = null;
  private reader: ReadScheduler | null = null;
  private closed = false;

  /** Checks that root is a store; throws a StoreError saying why when it is not. */
  constructor(
    root: string,
    private readonly options: MuninStoreOptions = {},
  ) {
    this.root = resolve(root);
    checkStore(this.root);
    this.realRoot = realStoreRoot(this.root);
    this.host = options.host ?? hostIdentities();
  }

  get paths(): readonly OpenedPath[] {
    return [{ root: this.root, name: basename(this.root), kind: 'munin' }];
  }

  get polling(): boolean {
    return this.watcher?.polling ?? false;
  }

  get toRead(): number {
    return this.reader?.toRead ?? 0;
  }

  get reading(): ReadonlyMap<string, { bytes: number; size: number }> {
    return this.reader?.reading ?? new Map();
  }

  async open(events: SourceEvents): Promise<void> {
    const began = performance.now();
    // Watching starts before any run is read, so no change made while reading is missed.
    const watcher = new StoreWatcher(
      this.root,
      { runChanged: events.runChanged, artifactsChanged: events.artifactsChanged },
      { ...this.options.watch, lazyRuns: true },
    );
    this.watcher = watcher;
    this.reader = new ReadScheduler({
      root: this.root,
      realRoot: this.realRoot,
      host: this.host,
      watcher,
      runs: this.runs,
      threadedReadBytes: this.options.threadedReadBytes ?? THREADED_READ_BYTES,
      added: events.runAdded,
      readingStarted: events.readingStarted,
      closed: () => this.closed,
      listAheadFrom: this.options.listAheadFrom,
      listAheadHelpers: this.options.listAheadHelpers,
    });
    await watcher.ready;
    // The newest runs are read before open returns; the rest stream in as they are read. The
    // time to list runs/ (100,000 entries take a good part of it) counts against open's budget.
    this.reader.readSome(Math.max(FIRST_RUNS_MS, INITIAL_READ_MS - (performance.now() - began)));
    this.reader.readInBackground();
  }

  readChanged(runId: string): void {
    this.reader?.changed(runId);
  }

  drop(runId: string): void {
    this.runs.delete(runId);
  }

  exportParts(): ExportParts {
    this.reader?.readAll();
    return liveExportParts(this.realRoot, this.host, this.runs, this.reading.keys());
  }

  async verifyArtifact(
    name: string,
    version: number | undefined,
    onProgress: (bytes: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<VersionCheckInfo[]> {
    let targets;
    try {
      targets = resolveTarget(
        this.realRoot,
        version === undefined ? name : `${name}:${version}`,
        this.realRoot,
      );
    } catch (error) {
      if (error instanceof UnknownTarget) throw new ApiFailure('no-such-artifact', error.message);
      throw error;
    }
    const results = await verifyVersions(this.realRoot, targets, {
      onProgress: ({ bytes, total }) => onProgress(bytes, total),
      ...(signal !== undefined ? { signal } : {}),
    });
    return results.map(checkInfo);
  }

  listArtifacts(): ArtifactSummary[] {
    return this.readArtifacts().map(artifactSummary);
  }

  readArtifacts(): SourceArtifact[] {
    return readArtifacts(this.root).map(sourceArtifact);
  }

  readArtifact(name: string): SourceArtifact | undefined {
    const artifact = readArtifact(this.root, name, this.realRoot);
    return artifact === undefined ? undefined : sourceArtifact(artifact);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.watcher?.close();
  }
}

/** A check as the Api carries it: every member present, null where it does not apply. */
function checkInfo(result: VerifyResult): VersionCheckInfo {
  const base = { name: result.name, version: result.version, digest: result.digest };
  switch (result.status) {
    case 'modified':
      return {
        ...base,
        status: 'modified',
        actual: result.actual,
        reason: null,
        size: result.size,
        changed: (result.changed ?? []).map((entry) =>
          entry.change === 'entries' ? `${entry.path}/` : entry.path,
        ),
      };
    case 'unreadable':
      return {
        ...base,
        status: 'unreadable',
        actual: null,
        reason: result.reason,
        size: null,
        changed: [],
      };
    default:
      return {
        ...base,
        status: result.status,
        actual: null,
        reason: null,
        size: null,
        changed: [],
      };
  }
}
