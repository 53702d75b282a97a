// The ops of sweeps: a group's curve and the point a cursor reads on it, a key's statistics over
// runs for metric columns, and checking a derived view's formula.

import type { RequestOf } from '../../../shared/api/contract.js';
import type { HeldGroup, SeriesResolver } from '../groups/group-cache.js';
import { GroupCurves } from '../groups/group-cache.js';
import { groupEnvelopeOf, groupPointAt } from '../groups/group-envelope.js';
import { keyStatisticsRows } from '../groups/key-statistics.js';
import { ApiFailure } from './api-failure.js';
import type { OpContext, OpHandlers } from './op-context.js';

// Filled in by the branch that builds it (formulas).
const notBuilt = (): never => {
  throw new ApiFailure('internal', 'not built yet');
};

/** A run's own series of a key. */
const ownSeries: SeriesResolver = (run, key) => run.series(key);

/**
 * The resolver of a request's series: a run's own key, or (with a formula) the derived view.
 * Derived views are wired in here: a formula resolver of (run, key) → its derived Series.
 */
function resolverFor(request: { readonly formula?: string }): SeriesResolver {
  if (request.formula !== undefined)
    throw new ApiFailure('bad-request', 'derived views are not in this build');
  return ownSeries;
}

// One cache of group curves per Backend (its source), each for one resolver.
const curvesBySource = new WeakMap<object, Map<SeriesResolver, GroupCurves>>();

function heldGroup(
  context: OpContext,
  request: RequestOf<'groupEnvelope'> | RequestOf<'groupAt'>,
): HeldGroup {
  const resolve = resolverFor(request);
  // Unknown ids fail the request; runs listed from a hint have their samples read first.
  const runs = request.runIds.map((id) => context.withSamples(id));
  let byResolver = curvesBySource.get(context.source);
  if (byResolver === undefined) {
    byResolver = new Map();
    curvesBySource.set(context.source, byResolver);
  }
  let curves = byResolver.get(resolve);
  if (curves === undefined) {
    curves = new GroupCurves(resolve);
    byResolver.set(resolve, curves);
  }
  return curves.group({ ...request, runs });
}

export const SWEEP_OPS: OpHandlers<'groupEnvelope' | 'groupAt' | 'keyStatistics' | 'checkFormula'> =
  {
    groupEnvelope: (context, request) => {
      const group = heldGroup(context, request);
      return groupEnvelopeOf(group.curve, group.order, group, request);
    },
    groupAt: (context, request) => {
      const group = heldGroup(context, request);
      return groupPointAt(group.curve, group.order, group.runs, request.at);
    },
    keyStatistics: (context, request) => {
      resolverFor(request);
      const runs =
        request.runIds === undefined
          ? context.source.runs.values()
          : request.runIds.map((id) => context.entry(id));
      return keyStatisticsRows(runs, request.key);
    },
    checkFormula: notBuilt,
  };
