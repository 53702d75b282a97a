// The ops on artifacts: the list, one artifact's versions with their lineage, the versions a run
// used and produced, read afresh on each call so a page that refetches sees the store now, and
// the check of their blobs.

import type { SourceRun } from '../../sources/run-source.js';
import type { LineageRun } from '../artifact-lineage.js';
import { artifactDetail, runArtifacts } from '../artifact-lineage.js';
import { ApiFailure } from './api-failure.js';
import type { OpHandlers } from './op-context.js';

function lineageRun(run: SourceRun): LineageRun {
  const summary = run.summary();
  return { id: run.id, name: summary.name, startTime: summary.startTime, uses: run.uses() };
}

export const ARTIFACT_OPS: OpHandlers<
  'listArtifacts' | 'artifactDetail' | 'runArtifacts' | 'verifyArtifact' | 'cancelVerify'
> = {
  listArtifacts: (context) => context.source.listArtifacts(),
  verifyArtifact: (context, request) => context.verifyArtifact(request.name, request.version),
  cancelVerify: (context, request) => context.cancelVerify(request.name),
  artifactDetail: (context, request) => {
    const artifact = context.source.readArtifact(request.name);
    if (artifact === undefined)
      throw new ApiFailure('no-such-artifact', `no artifact ${request.name} in this store`);
    return artifactDetail(artifact, [...context.source.runs.values()].map(lineageRun));
  },
  runArtifacts: (context, request) =>
    runArtifacts(lineageRun(context.entry(request.runId)), context.source.readArtifacts()),
};
