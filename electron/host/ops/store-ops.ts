// The ops on the store as a whole: what it is and how far it is read, its runs' summaries, its
// artifacts, and a session's subscription to its deltas.

import type { ArtifactSummary } from '../../../shared/api/contract.js';
import { readArtifacts } from '../../store/artifacts.js';
import type { OpHandlers } from './op-context.js';

export const STORE_OPS: OpHandlers<'storeInfo' | 'listRuns' | 'listArtifacts' | 'subscribe'> = {
  storeInfo: (context) => context.storeInfo(),
  listRuns: (context) => context.listRuns(),
  listArtifacts: (context) => listArtifacts(context.root),
  subscribe: (context, request, session) => context.subscribe(session, request.runIds),
};

function listArtifacts(root: string): ArtifactSummary[] {
  return readArtifacts(root).map((artifact) => ({
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
