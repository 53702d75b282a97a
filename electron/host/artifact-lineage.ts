// An artifact's lineage from what the store holds: each version's producing run, the runs whose
// logs record a use of it, and the aliases that moved on since a run used its version; and, for
// one run, the versions it used and produced.

import type {
  ArtifactDetail,
  ArtifactUse,
  ArtifactVersionDetail,
  RunArtifacts,
} from '../../shared/api/contract.js';
import type { SourceArtifact, SourceArtifactVersion, SourceUse } from '../sources/run-source.js';

/** What lineage needs of a run of the store. */
export interface LineageRun {
  readonly id: string;
  readonly name: string | null;
  readonly startTime: number | null;
  readonly uses: readonly SourceUse[];
}

type AliasAt = { readonly alias: string; readonly version: number };

function aliasesNaming(artifact: SourceArtifact, version: number): string[] {
  return [...artifact.aliases].filter(([, named]) => named === version).map(([alias]) => alias);
}

/**
 * The aliases that now name a version other than `version`, published after `usedAt`: such an
 * alias named something else when the run used its version (it may have named that one), so the
 * use may have meant it. A use record keeps the number alone, never the alias resolved.
 */
export function movedAliases(artifact: SourceArtifact, version: number, usedAt: number): AliasAt[] {
  const published = new Map(artifact.versions.map((v) => [v.version, v]));
  const moved: AliasAt[] = [];
  for (const [alias, named] of artifact.aliases) {
    if (named === version) continue;
    const time = published.get(named)?.time ?? null;
    if (time !== null && time > usedAt) moved.push({ alias, version: named });
  }
  return moved;
}

/** Runs in the order they started; runs without a start last, by id, so the order is stable. */
function byStart(a: LineageRun, b: LineageRun): number {
  const at = a.startTime ?? Infinity;
  const bt = b.startTime ?? Infinity;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function usesOf(artifact: SourceArtifact, runs: readonly LineageRun[]): Map<number, ArtifactUse[]> {
  const out = new Map<number, ArtifactUse[]>();
  for (const run of [...runs].sort(byStart)) {
    // A run that used a version twice (a resume restoring it again) is one use: its first.
    const seen = new Set<number>();
    for (const use of run.uses) {
      if (use.name !== artifact.name || seen.has(use.version)) continue;
      seen.add(use.version);
      let list = out.get(use.version);
      if (list === undefined) out.set(use.version, (list = []));
      list.push({
        runId: run.id,
        runName: run.name,
        time: use.time,
        movedAliases: movedAliases(artifact, use.version, use.time),
      });
    }
  }
  return out;
}

function versionDetail(
  artifact: SourceArtifact,
  version: SourceArtifactVersion,
  runs: ReadonlyMap<string, LineageRun>,
  usedBy: readonly ArtifactUse[],
): ArtifactVersionDetail {
  const producer = version.run === null ? undefined : runs.get(version.run);
  return {
    ...version,
    runName: producer?.name ?? null,
    runInStore: producer !== undefined,
    aliases: aliasesNaming(artifact, version.version),
    usedBy,
  };
}

export function artifactDetail(
  artifact: SourceArtifact,
  runs: readonly LineageRun[],
): ArtifactDetail {
  const byId = new Map(runs.map((run) => [run.id, run]));
  const uses = usesOf(artifact, runs);
  const versions = [...artifact.versions]
    .sort((a, b) => b.version - a.version)
    .map((v) => versionDetail(artifact, v, byId, uses.get(v.version) ?? []));
  // A use of a number the store holds no file for is still lineage: it shows as missing.
  return {
    name: artifact.name,
    latest: artifact.latest,
    versions,
    aliases: [...artifact.aliases].map(([alias, version]) => ({ alias, version })),
  };
}

export function runArtifacts(run: LineageRun, artifacts: readonly SourceArtifact[]): RunArtifacts {
  const byName = new Map(artifacts.map((a) => [a.name, a]));
  const seen = new Set<string>();
  const used: RunArtifacts['used'][number][] = [];
  for (const use of run.uses) {
    const id = `${use.name}\u0000${use.version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const artifact = byName.get(use.name);
    const version = artifact?.versions.find((v) => v.version === use.version);
    used.push({
      name: use.name,
      version: use.version,
      time: use.time,
      state: version === undefined ? 'missing' : version.deleted ? 'deleted' : 'present',
      aliases: artifact === undefined ? [] : aliasesNaming(artifact, use.version),
      movedAliases: artifact === undefined ? [] : movedAliases(artifact, use.version, use.time),
    });
  }
  const produced: RunArtifacts['produced'][number][] = [];
  for (const artifact of artifacts)
    for (const version of artifact.versions)
      if (!version.deleted && version.run === run.id)
        produced.push({
          name: artifact.name,
          version: version.version,
          time: version.time,
          step: version.step,
          aliases: aliasesNaming(artifact, version.version),
        });
  return { used, produced };
}
