// The ops of derived views: checking a formula against the runs it is meant for, and a view's
// envelope and cursor point, drawn by a curve reader over the derived series like any key's.

import type { FormulaCheck, PointAt, RequestOf } from '../../../shared/api/contract.js';
import type { EnvelopeColumns } from '../../../shared/api/contract.js';
import { parseFormula } from '../../../shared/series/formula-parse.js';
import { CurveReader } from '../../sources/curve-reader.js';
import type { CachedView } from './view-series.js';
import { cachedViewFor } from './view-series.js';
import { ApiFailure } from '../ops/api-failure.js';
import type { OpContext } from '../ops/op-context.js';

/** The name a view's curve goes by in its reader: no key can be it, so none is mistaken for it. */
const VIEW_KEY = '\u0000view';

/** Whether a formula parses, the keys and baselines it reads, and which are not there. */
export function checkFormula(context: OpContext, request: RequestOf<'checkFormula'>): FormulaCheck {
  const parsed = parseFormula(request.formula);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, at: parsed.at };
  const { keys, ownKeys, baselines } = parsed.formula;
  const { runs } = context.source;
  const keySets = new Map<string, ReadonlySet<string>>();
  /** The keys a run has, from its summary: a run listed from its hint has them unread. */
  const keysOf = (runId: string): ReadonlySet<string> => {
    let set = keySets.get(runId);
    if (set === undefined) {
      set = new Set(
        runs
          .get(runId)
          ?.summary()
          .keys.map((k) => k.key) ?? [],
      );
      keySets.set(runId, set);
    }
    return set;
  };
  const present = request.runIds.filter((id) => runs.has(id));
  const unknown = new Set<string>();
  for (const key of ownKeys) if (!present.some((id) => keysOf(id).has(key))) unknown.add(key);
  // A baseline's key is looked for in its own run, when that run is there.
  for (const { run, key } of baselines)
    if (runs.has(run) && !keysOf(run).has(key)) unknown.add(key);
  const baselineRuns = [...new Set(baselines.map((b) => b.run))];
  return {
    ok: true,
    keys,
    unknownKeys: keys.filter((key) => unknown.has(key)),
    baselines: baselineRuns,
    unknownRuns: baselineRuns.filter((id) => !runs.has(id)),
  };
}

/** The curve reader of a cached view, made on first use and kept with the view. */
function readerOf(cached: CachedView): CurveReader {
  if (cached.extra instanceof CurveReader) return cached.extra;
  const { run, view, formula } = cached;
  // The view draws against its first own key's declared step metric, as that key's curve would.
  const first = formula.ownKeys[0];
  const stepMetric = first === undefined ? null : (run.declaration(first)?.stepMetric ?? null);
  const reader = new CurveReader({
    runId: run.id,
    curveSeries: (_key, filter, copy) => {
      if (filter !== undefined) return { refused: 'a derived view carries no labels to filter on' };
      if (copy === 'orphans')
        return { refused: 'a derived view has no orphans: it reads the series' };
      return view.series;
    },
    series: (key) => run.series(key),
    // A view declares no goal: a formula can turn a loss to minimize into one to maximize.
    declaration: (key) => (key === VIEW_KEY ? { goal: null, stepMetric } : run.declaration(key)),
  });
  cached.extra = reader;
  return reader;
}

function viewReader(context: OpContext, runId: string, formula: string): CurveReader {
  const cached = cachedViewFor(context, runId, formula);
  if ('refused' in cached) throw new ApiFailure('bad-request', cached.refused);
  return readerOf(cached);
}

/** The envelope of a derived view, as envelope answers for a key. */
export function viewEnvelope(
  context: OpContext,
  request: RequestOf<'envelope'> & { readonly formula: string },
): EnvelopeColumns {
  const reader = viewReader(context, request.runId, request.formula);
  const envelope = reader.envelope({ ...request, key: VIEW_KEY });
  if ('refused' in envelope) throw new ApiFailure('bad-request', envelope.refused);
  return envelope;
}

/** The point a cursor reads on a derived view's curve. */
export function viewSampleAt(
  context: OpContext,
  request: RequestOf<'sampleAt'> & { readonly formula: string },
): PointAt | null {
  const reader = viewReader(context, request.runId, request.formula);
  const point = reader.sampleAt({ ...request, key: VIEW_KEY });
  if (point !== null && 'refused' in point) throw new ApiFailure('bad-request', point.refused);
  return point;
}
