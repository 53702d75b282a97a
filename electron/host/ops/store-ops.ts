// The ops on the store as a whole: what it is and how far it is read, its runs' summaries, the
// health events seen, and a session's subscription to its deltas.

import type { OpHandlers } from './op-context.js';

export const STORE_OPS: OpHandlers<'storeInfo' | 'listRuns' | 'healthEvents' | 'subscribe'> = {
  storeInfo: (context) => context.storeInfo(),
  listRuns: (context) => context.listRuns(),
  healthEvents: (context) => context.healthEvents(),
  subscribe: (context, request, session) =>
    context.subscribe(session, request.runIds, request.withRuns !== false),
};
