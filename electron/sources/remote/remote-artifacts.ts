// A far store's artifacts as this host holds them: fetched from the far host when a request
// reads them and the far host said they changed (or never sent them), each with its versions'
// metadata and the runs that used each version, their ids as this host shows them.

import type { ArtifactDetail } from '../../../shared/api/contract.js';
import type { SourceArtifact, SourceUse } from '../run-source.js';
import type { FarIds } from './far-ids.js';
import type { FarRequest } from './remote-run.js';

export class RemoteArtifacts {
  private artifacts: readonly SourceArtifact[] = [];
  /** By far run id: the versions it used, in the order it used them. */
  private uses = new Map<string, SourceUse[]>();
  private stale = true;
  private fetching: Promise<void> | null = null;

  constructor(private readonly ids: FarIds) {}

  /** The far host said its artifacts changed (or the link came back): fetched when next read. */
  markStale(): void {
    this.stale = true;
  }

  /** Fetches them when stale; a fetch under way is waited for. */
  async refresh(request: FarRequest): Promise<void> {
    while (this.stale || this.fetching !== null) {
      if (this.fetching === null) {
        this.stale = false;
        this.fetching = this.fetch(request).finally(() => (this.fetching = null));
      }
      try {
        await this.fetching;
      } catch (error) {
        this.stale = true;
        throw error;
      }
    }
  }

  private async fetch(request: FarRequest): Promise<void> {
    const list = await request({ op: 'listArtifacts' });
    const details = await Promise.all(
      list.map(({ name }) => request({ op: 'artifactDetail', name })),
    );
    const uses = new Map<string, SourceUse[]>();
    this.artifacts = details.map((detail) => this.sourceArtifact(detail, uses));
    for (const list of uses.values()) list.sort((a, b) => a.time - b.time);
    this.uses = uses;
  }

  private sourceArtifact(detail: ArtifactDetail, uses: Map<string, SourceUse[]>): SourceArtifact {
    for (const version of detail.versions)
      for (const use of version.usedBy) {
        let list = uses.get(use.runId);
        if (list === undefined) uses.set(use.runId, (list = []));
        list.push({ name: detail.name, version: version.version, time: use.time });
      }
    return {
      name: detail.name,
      latest: detail.latest,
      versions: [...detail.versions]
        .sort((a, b) => a.version - b.version)
        .map((version) => ({
          version: version.version,
          deleted: version.deleted,
          time: version.time,
          run: version.run === null ? null : this.ids.near(version.run),
          step: version.step,
          size: version.size,
          digest: version.digest,
          metadata: version.metadata,
        })),
      aliases: new Map(detail.aliases.map(({ alias, version }) => [alias, version])),
    };
  }

  list(): readonly SourceArtifact[] {
    return this.artifacts;
  }

  get(name: string): SourceArtifact | undefined {
    return this.artifacts.find((artifact) => artifact.name === name);
  }

  usesOf(farId: string): readonly SourceUse[] {
    return this.uses.get(farId) ?? [];
  }
}
