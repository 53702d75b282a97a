// The ops on the store as a whole: what it is and how far it is read, its runs' summaries, its
// artifacts and the check of their blobs, and a session's subscription to its deltas.

import type { OpHandlers } from './op-context.js';

export const STORE_OPS: OpHandlers<
  'storeInfo' | 'listRuns' | 'listArtifacts' | 'verifyArtifact' | 'subscribe'
> = {
  storeInfo: (context) => context.storeInfo(),
  listRuns: (context) => context.listRuns(),
  listArtifacts: (context) => context.listArtifacts(),
  verifyArtifact: (context, request) => context.verifyArtifact(request.name, request.version),
  subscribe: (context, request, session) => context.subscribe(session, request.runIds),
};
