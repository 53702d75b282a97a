// Derived views as the host reads them: a run's formula evaluated into a derived Series, kept
// per (run, formula) in a small cache of the runs map it reads from and brought up to date on
// each read, so a live run's view stays live. The group and statistics ops call viewSeries.

import type { ParsedFormula } from '../../../shared/series/formula-parse.js';
import { parseFormula } from '../../../shared/series/formula-parse.js';
import type { SourceRun } from '../../sources/run-source.js';
import type { Series } from '../../store/log/samples-fold.js';
import type { OpContext } from '../ops/op-context.js';
import type { ViewInputs } from './formula-eval.js';
import { DerivedView, ViewRefusal } from './formula-eval.js';

type Refused = { readonly refused: string };
type Runs = ReadonlyMap<string, SourceRun>;

/** Views kept per runs map: enough for every panel and column of a sweep, not unbounded. */
export const VIEWS_KEPT = 48;

/** A view in the cache, and what its readers (the curve reader) hang on it. */
export interface CachedView {
  readonly view: DerivedView;
  readonly formula: ParsedFormula;
  /** The run the view was built on: a run read afresh under the same id gets a new view. */
  readonly run: SourceRun;
  /** Kept with the view so its envelopes live as long as it does; made by whoever needs them. */
  extra: unknown;
}

const caches = new WeakMap<Runs, Map<string, CachedView>>();

/** The text of a formula's problem as a refusal says it. */
export function formulaProblem(problem: string, at: number): string {
  return `the formula does not parse: ${problem} (at character ${at})`;
}

/**
 * The derived Series of a formula over run runId's keys (and the baselines it names, from the
 * other runs of `runs`), current with every sample the runs hold; or why there is none: the
 * formula does not parse, or a run or key it reads is not there. Samples of a run listed
 * without them are not read here: call viewSeriesFor with an op context for that.
 */
export function viewSeries(runs: Runs, runId: string, formula: string): Series | Refused {
  const cached = cachedView(runs, runId, formula);
  return 'refused' in cached ? cached : cached.view.series;
}

/** viewSeries, with the run's and its baselines' samples read first when not read yet. */
export function viewSeriesFor(
  context: OpContext,
  runId: string,
  formula: string,
): Series | Refused {
  const cached = cachedViewFor(context, runId, formula);
  return 'refused' in cached ? cached : cached.view.series;
}

/** The cache entry of a view, as viewSeriesFor reads it. */
export function cachedViewFor(
  context: OpContext,
  runId: string,
  formula: string,
): CachedView | Refused {
  const parsed = parseFormula(formula);
  if (!parsed.ok) return { refused: formulaProblem(parsed.problem, parsed.at) };
  context.withSamples(runId);
  for (const { run } of parsed.formula.baselines)
    if (context.source.runs.has(run)) context.withSamples(run);
  return cachedView(context.source.runs, runId, formula);
}

/** The cache entry of a view, brought up to date; built when not kept or its run changed. */
export function cachedView(runs: Runs, runId: string, formula: string): CachedView | Refused {
  const run = runs.get(runId);
  if (run === undefined) return { refused: `no run ${runId} in this store` };
  let cache = caches.get(runs);
  if (cache === undefined) {
    cache = new Map();
    caches.set(runs, cache);
  }
  const id = `${runId}\u0000${formula}`;
  let entry = cache.get(id);
  cache.delete(id);
  try {
    if (entry !== undefined && entry.run === run) entry.view.update();
    else {
      const parsed = parseFormula(formula);
      if (!parsed.ok) return { refused: formulaProblem(parsed.problem, parsed.at) };
      const view = new DerivedView(parsed.formula, inputsOf(runs, run), formula);
      entry = { view, formula: parsed.formula, run, extra: undefined };
    }
  } catch (error) {
    if (error instanceof ViewRefusal) return { refused: error.message };
    throw error;
  }
  // Most recently read last: the first in the map is the least recent, dropped beyond the few.
  cache.set(id, entry);
  for (const old of cache.keys()) {
    if (cache.size <= VIEWS_KEPT) break;
    cache.delete(old);
  }
  return entry;
}

/** The views kept for a runs map, for tests of the cache's bound. */
export function viewsKept(runs: Runs): number {
  return caches.get(runs)?.size ?? 0;
}

function inputsOf(runs: Runs, own: SourceRun): ViewInputs {
  const runOf = (run: string | null): SourceRun => {
    if (run === null) return own;
    const other = runs.get(run);
    if (other === undefined) throw new ViewRefusal(`no run "${run}" in this store, for a baseline`);
    return other;
  };
  return {
    series: (run, key) => {
      const source = runOf(run);
      const series = source.series(key);
      if (series === undefined)
        throw new ViewRefusal(
          `run ${source.id}${run === null ? '' : ' (a baseline)'} has no key ${key}` +
            slashHint(source, key),
        );
      return series;
    },
    origin: (run) => firstSampleTime(runOf(run)),
  };
}

/**
 * When a missing key reads like a division written without spaces (time/60, or loss/n with
 * loss a key of the run), the rule that made it one key.
 */
function slashHint(run: SourceRun, key: string): string {
  const parts = key.split('/');
  for (let i = 1; i < parts.length; i++) {
    const before = parts.slice(0, i).join('/');
    if (before === 'step' || before === 'time' || run.series(before) !== undefined)
      return `; a "/" with no space around it is part of a key: to divide, write ${before} / ${parts.slice(i).join('/')}`;
  }
  return '';
}

/** The time of the run's first sample (the least first time over its keys); 0 with none. */
function firstSampleTime(run: SourceRun): number {
  let first = Infinity;
  for (const { key } of run.summary().keys) {
    const series = run.series(key);
    if (series !== undefined && series.samples.length > 0)
      first = Math.min(first, series.samples.time(0));
  }
  return Number.isFinite(first) ? first : 0;
}
