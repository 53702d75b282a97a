// The ops of sweeps: a group's curve and the point a cursor reads on it, a key's statistics over
// runs for metric columns, and checking a derived view's formula.

import { checkFormula } from '../derived/view-ops.js';
import { ApiFailure } from './api-failure.js';
import type { OpHandlers } from './op-context.js';

// Filled in by the branches that build them (groups, statistics).
const notBuilt = (): never => {
  throw new ApiFailure('internal', 'not built yet');
};

export const SWEEP_OPS: OpHandlers<'groupEnvelope' | 'groupAt' | 'keyStatistics' | 'checkFormula'> =
  {
    groupEnvelope: notBuilt,
    groupAt: notBuilt,
    keyStatistics: notBuilt,
    checkFormula,
  };
