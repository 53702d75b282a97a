// The order `[` and `]` step through runs in: the runs table's, as it last showed them, or, when
// the table was never shown (a run opened by a link), every run by start time, newest first.

import type { RunSummary } from '../../../shared/api/contract.js';

/** Run ids by start time, newest first (runs without a start last), then by id. */
export function newestFirst(runs: Iterable<RunSummary>): string[] {
  return [...runs]
    .sort(
      (a, b) =>
        (b.startTime ?? -Infinity) - (a.startTime ?? -Infinity) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((run) => run.id);
}

/**
 * The run `step` places from `current`: in the table's last order when that lists it, else in
 * start order, newest first; null past either end (stepping does not wrap, as GitHub's j and k
 * do not) or when `current` is no run of the store.
 */
export function neighbourRun(
  current: string,
  step: -1 | 1,
  tableOrder: readonly string[] | null,
  runs: ReadonlyMap<string, RunSummary>,
): string | null {
  const listed = tableOrder?.filter((id) => runs.has(id)) ?? [];
  const order = listed.includes(current) ? listed : newestFirst(runs.values());
  const at = order.indexOf(current);
  if (at < 0) return null;
  return order[at + step] ?? null;
}
