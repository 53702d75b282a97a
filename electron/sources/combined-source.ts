// Several paths open in one window: a store beside event streams (or two stores, or two folders
// of streams), their runs listed, followed and compared together. Each run belongs to the source
// that listed it; an id two sources hold is the first's, and the later one is left out and told.

import type { ApiRequest, ArtifactSummary, VersionCheckInfo } from '../../shared/api/contract.js';
import { log } from '../log.js';
import type { ExportParts } from '../store/export.js';
import { mergedParts } from '../store/export.js';
import type {
  OpenedPath,
  RunsSource,
  SourceArtifact,
  SourceEvents,
  SourceRun,
} from './run-source.js';

/** The runs of every source as one map: an id is looked up in the sources in order. */
class MergedRuns implements ReadonlyMap<string, SourceRun> {
  constructor(private readonly sources: readonly RunsSource[]) {}

  get(id: string): SourceRun | undefined {
    for (const source of this.sources) {
      const run = source.runs.get(id);
      if (run !== undefined) return run;
    }
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get size(): number {
    return [...this.keys()].length;
  }

  *entries(): MapIterator<[string, SourceRun]> {
    const seen = new Set<string>();
    for (const source of this.sources) {
      for (const [id, run] of source.runs) {
        if (seen.has(id)) continue;
        seen.add(id);
        yield [id, run];
      }
    }
  }

  *keys(): MapIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): MapIterator<SourceRun> {
    for (const [, run] of this.entries()) yield run;
  }

  [Symbol.iterator](): MapIterator<[string, SourceRun]> {
    return this.entries();
  }

  forEach(
    callback: (run: SourceRun, id: string, map: ReadonlyMap<string, SourceRun>) => void,
  ): void {
    for (const [id, run] of this.entries()) callback(run, id, this);
  }
}

export class CombinedSource implements RunsSource {
  readonly runs: ReadonlyMap<string, SourceRun>;
  /** The source each changed run id was told by, for reading a run it has not listed yet. */
  private readonly teller = new Map<string, RunsSource>();

  constructor(private readonly sources: readonly RunsSource[]) {
    if (sources.length === 0) throw new Error('a combined source needs a source');
    this.runs = new MergedRuns(sources);
  }

  get root(): string {
    return this.sources[0]!.root;
  }

  get paths(): readonly OpenedPath[] {
    return this.sources.flatMap((source) => source.paths);
  }

  get polling(): boolean {
    return this.sources.some((source) => source.polling);
  }

  get toRead(): number {
    return this.sources.reduce((sum, source) => sum + source.toRead, 0);
  }

  get reading(): ReadonlyMap<string, { readonly bytes: number; readonly size: number }> {
    return new Map(this.sources.flatMap((source) => [...source.reading]));
  }

  /** The source that holds run id, or undefined. */
  private owner(id: string): RunsSource | undefined {
    return this.sources.find((source) => source.runs.has(id));
  }

  async open(events: SourceEvents): Promise<void> {
    for (const source of this.sources) {
      await source.open({
        runAdded: (run) => {
          if (this.owner(run.id) !== source) {
            this.leftOut(source, run.id);
            return;
          }
          events.runAdded(run);
        },
        readingStarted: events.readingStarted,
        runChanged: (runId, what) => {
          const owner = this.owner(runId);
          // A change to a run another source holds under the same id is not this one's.
          if (owner !== undefined && owner !== source) return;
          this.teller.set(runId, source);
          events.runChanged(runId, what);
        },
        artifactsChanged: events.artifactsChanged,
        ...(events.healthEvent !== undefined ? { healthEvent: events.healthEvent } : {}),
        ...(events.sourcesChanged !== undefined ? { sourcesChanged: events.sourcesChanged } : {}),
      });
    }
    // Runs a source read before its open returned were listed without being told as added.
    for (const source of this.sources.slice(1))
      for (const id of source.runs.keys()) if (this.owner(id) !== source) this.leftOut(source, id);
  }

  private leftOut(source: RunsSource, id: string): void {
    log.warn(`${source.root}: run ${id} is left out: ${this.owner(id)?.root} has a run of that id`);
  }

  /** Each source that fetches fetches what of the request is its own. */
  async prepare(request: ApiRequest): Promise<void> {
    await Promise.all(this.sources.map((source) => source.prepare?.(request)));
  }

  readChanged(runId: string): void {
    const source = this.teller.get(runId);
    this.teller.delete(runId);
    source?.readChanged(runId);
  }

  drop(runId: string): void {
    this.owner(runId)?.drop(runId);
  }

  exportParts(): ExportParts {
    return mergedParts(this.sources.map((source) => source.exportParts()));
  }

  /** An artifact two stores hold under one name is the first's, as a run is. */
  listArtifacts(): ArtifactSummary[] {
    return firstOfEachName(this.sources.flatMap((source) => source.listArtifacts()));
  }

  readArtifacts(): SourceArtifact[] {
    return firstOfEachName(this.sources.flatMap((source) => source.readArtifacts()));
  }

  readArtifact(name: string): SourceArtifact | undefined {
    for (const source of this.sources) {
      const artifact = source.readArtifact(name);
      if (artifact !== undefined) return artifact;
    }
    return undefined;
  }

  verifyArtifact(
    name: string,
    version: number | undefined,
    onProgress: (bytes: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<readonly VersionCheckInfo[]> {
    const holder = this.sources.find((source) => source.readArtifact(name) !== undefined);
    return (holder ?? this.sources[0]!).verifyArtifact(name, version, onProgress, signal);
  }

  async close(): Promise<void> {
    await Promise.all(this.sources.map((source) => source.close()));
  }
}

function firstOfEachName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.name) && seen.add(item.name) !== undefined);
}
