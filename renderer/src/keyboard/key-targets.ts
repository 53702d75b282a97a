// The metric and reading keys of the store's runs as the palette lists them, and where choosing
// one leads: the board of the run or the runs compared, filtered to the key alone, or else the
// newest run that logged it, at that key.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import type { Route } from '../state/route.js';
import { exactKeyFilter } from '../charts/panel-layout.js';
import type { BoardLink } from '../workspace/board-link.js';

export interface KeyEntry {
  readonly key: string;
  readonly kind: SeriesKind;
  /** How many runs logged a sample of it. */
  readonly runs: number;
  /** The newest run (by start time) that logged it. */
  readonly newestRunId: string;
}

function newer(a: RunSummary, b: RunSummary): boolean {
  return (a.startTime ?? -Infinity) > (b.startTime ?? -Infinity);
}

function hasKey(run: RunSummary | undefined, key: string, kind: SeriesKind): boolean {
  return (
    run?.keys.some((info) => info.key === key && info.kind === kind && info.count > 0) ?? false
  );
}

/** Every key some run logged a sample of, metrics and readings, sorted by name. */
export function storeKeys(runs: Iterable<RunSummary>): KeyEntry[] {
  const found = new Map<
    string,
    { key: string; kind: SeriesKind; runs: number; newest: RunSummary }
  >();
  for (const run of runs) {
    for (const info of run.keys) {
      if (info.count === 0) continue;
      const id = `${info.kind}\u0000${info.key}`;
      const entry = found.get(id);
      if (entry === undefined)
        found.set(id, { key: info.key, kind: info.kind, runs: 1, newest: run });
      else {
        entry.runs++;
        if (newer(run, entry.newest)) entry.newest = run;
      }
    }
  }
  return [...found.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind < b.kind ? -1 : 1))
    .map(({ key, kind, runs, newest }) => ({ key, kind, runs, newestRunId: newest.id }));
}

/** The board link that shows one key alone: the filter a link to the key carries. */
function keyBoard(key: string): BoardLink {
  return { filter: exactKeyFilter(key) };
}

/** The tab whose board shows a key of the kind: Metrics for a metric, System for a reading. */
function boardTab(kind: SeriesKind): 'metrics' | 'system' {
  return kind === 'metric' ? 'metrics' : 'system';
}

/** A run's board filtered to one key, as a link to it would open it. */
function runKeyRoute(runId: string, key: string, kind: SeriesKind): Route {
  return { page: 'run', runId, tab: boardTab(kind), board: keyBoard(key) };
}

/**
 * Where choosing a key leads from `route`: the run shown, or the runs compared, with their board
 * filtered to the key, when they logged it; else the newest run that did. The routes are those a
 * copied link holds, so that the palette and links open a key one way.
 */
export function keyRoute(
  entry: KeyEntry,
  route: Route,
  runs: ReadonlyMap<string, RunSummary>,
): Route {
  if (route.page === 'run' && hasKey(runs.get(route.runId), entry.key, entry.kind))
    return runKeyRoute(route.runId, entry.key, entry.kind);
  if (
    route.page === 'compare' &&
    route.runIds.some((id) => hasKey(runs.get(id), entry.key, entry.kind))
  )
    return {
      page: 'compare',
      runIds: route.runIds,
      tab: boardTab(entry.kind),
      board: keyBoard(entry.key),
    };
  return runKeyRoute(entry.newestRunId, entry.key, entry.kind);
}
