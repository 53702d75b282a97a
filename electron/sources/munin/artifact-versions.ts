// A munin store's artifacts as the source seam gives them: each version file's members read into
// typed fields and metadata values, and the summaries that listArtifacts answers with.

import type { ArtifactSummary } from '../../../shared/api/contract.js';
import type { JsonValue } from '../../../shared/format/json.js';
import { decodeValueMap } from '../../../shared/format/values.js';
import type { Artifact } from '../../store/artifacts.js';
import type { SourceArtifact, SourceArtifactVersion } from '../run-source.js';

// A writer writes integers; one too large for a double's exact range still reads as a number.
const numberOf = (x: JsonValue | undefined): number | null =>
  typeof x === 'number' ? x : typeof x === 'bigint' ? Number(x) : null;
const textOf = (x: JsonValue | undefined): string | null => (typeof x === 'string' ? x : null);

export function sourceArtifact(artifact: Artifact): SourceArtifact {
  const versions: SourceArtifactVersion[] = [...artifact.versions].map(([version, v]) => {
    if (v.deleted)
      return {
        version,
        deleted: true,
        time: v.time,
        run: null,
        step: null,
        size: null,
        digest: null,
        metadata: null,
      };
    const get = (name: string) => v.members.get(name);
    return {
      version,
      deleted: false,
      time: numberOf(get('time')),
      run: textOf(get('run')),
      step: numberOf(get('step')),
      size: numberOf(get('size')),
      digest: textOf(get('digest')),
      // Metadata that is no object of values is left out rather than shown half-read.
      metadata: decodeValueMap(get('metadata')) ?? null,
    };
  });
  return { name: artifact.name, latest: artifact.latest, versions, aliases: artifact.aliases };
}

export function artifactSummary(artifact: SourceArtifact): ArtifactSummary {
  return {
    name: artifact.name,
    latest: artifact.latest,
    versions: artifact.versions.map(({ metadata: _metadata, ...version }) => version),
    aliases: [...artifact.aliases].map(([alias, version]) => ({ alias, version })),
  };
}
