// The ops of sweeps: a group's curve and the point a cursor reads on it, a key's statistics over
// runs for metric columns, and checking a derived view's formula.

import { checkFormula } from '../derived/view-ops.js';
import type { RequestOf } from '../../../shared/api/contract.js';
import type { HeldGroup, SeriesResolver } from '../groups/group-cache.js';
import { GroupCurves } from '../groups/group-cache.js';
import { groupEnvelopeOf, groupPointAt } from '../../../shared/series/group-envelope.js';
import { keyStatisticsRows, statisticsRow } from '../groups/key-statistics.js';
import { formulaProblem, viewSeriesFor } from '../derived/view-series.js';
import { parseFormula } from '../../../shared/series/formula-parse.js';
import { seriesStatistics } from '../../store/log/series-statistics.js';
import { ApiFailure } from './api-failure.js';
import type { OpContext, OpHandlers } from './op-context.js';

/** A run's own series of a key. */
const ownSeries: SeriesResolver = (run, key) => run.series(key);

/** Per source, one resolver per formula, so its group curves are cached as a key's are. */
const formulaResolvers = new WeakMap<object, Map<string, SeriesResolver>>();

/**
 * The resolver of a request's series: a run's own key, or (with a formula) the derived view of
 * each run. A run the view gives no sample (or that lacks a key the formula reads) is one
 * without the key; a formula that does not parse, or names a baseline run that is not there,
 * refuses the request.
 */
function resolverFor(context: OpContext, request: { readonly formula?: string }): SeriesResolver {
  const { formula } = request;
  if (formula === undefined) return ownSeries;
  let bySource = formulaResolvers.get(context.source);
  if (bySource === undefined) {
    bySource = new Map();
    formulaResolvers.set(context.source, bySource);
  }
  // What is wrong with the formula itself refuses the request; what one run lacks leaves it out.
  const parsed = parseFormula(formula);
  if (!parsed.ok) throw new ApiFailure('bad-request', formulaProblem(parsed.problem, parsed.at));
  for (const { run } of parsed.formula.baselines)
    if (!context.source.runs.has(run))
      throw new ApiFailure('bad-request', `no run "${run}" in this store, for a baseline`);
  let resolve = bySource.get(formula);
  if (resolve === undefined) {
    const { ownKeys } = parsed.formula;
    resolve = (run) => {
      // A run without a key the view reads gives it nothing: its samples are not read for it.
      const keys = run.summary().keys;
      if (!ownKeys.every((key) => keys.some((info) => info.key === key))) return undefined;
      const series = viewSeriesFor(context, run.id, formula);
      return 'refused' in series || series.samples.length === 0 ? undefined : series;
    };
    bySource.set(formula, resolve);
  }
  return resolve;
}

// One cache of group curves per Backend (its source), each for one resolver.
const curvesBySource = new WeakMap<object, Map<SeriesResolver, GroupCurves>>();

function heldGroup(
  context: OpContext,
  request: RequestOf<'groupEnvelope'> | RequestOf<'groupAt'>,
): HeldGroup {
  const resolve = resolverFor(context, request);
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
      const runs =
        request.runIds === undefined
          ? [...context.source.runs.values()]
          : request.runIds.map((id) => context.entry(id));
      if (request.formula === undefined) return keyStatisticsRows(runs, request.key);
      // A view's statistics fold its derived series, read for every run asked about.
      const resolve = resolverFor(context, request);
      return runs.flatMap((run) => {
        const series = resolve(run, request.key);
        const stats = series === undefined ? null : seriesStatistics(series, null);
        return stats === null ? [] : [statisticsRow(run.id, stats)];
      });
    },
    checkFormula,
  };
