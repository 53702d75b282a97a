// The runs table as data: filtering by query, status and brush, sorting by any column (metric
// columns too), grouping by the sweep's group-by and nesting child runs under their parents. Pure.

import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import { MISSING, sortableValue } from '../text/value-text.js';
import type { GroupBy, RunGroup } from '../state/run-groups.js';
import { groupRuns } from '../state/run-groups.js';
import type { QueryNode } from './run-query.js';
import { MATCH_ALL } from './run-query.js';
import type { MetricLookup } from './run-query-match.js';
import { matchesRunQuery } from './run-query-match.js';
import type { StatisticsBySource } from './metric-columns.js';
import type { ColumnId } from './column-id.js';
import { metricCellValue } from './metric-columns.js';

export interface TableOptions {
  /** The parsed filter (MATCH_ALL for none). */
  readonly query: QueryNode;
  /** Statuses shown; empty shows every status. */
  readonly statuses: ReadonlySet<RunStatusName>;
  readonly sort: { readonly column: ColumnId; readonly descending: boolean };
  /** How runs are grouped; none: a flat table. */
  readonly groupBy: GroupBy;
  /** Group ids collapsed. */
  readonly collapsedGroups: ReadonlySet<string>;
  /** Metric columns' statistics read so far (for their sort and for the filter). */
  readonly statistics?: StatisticsBySource;
  /** The filter's names for statistics (`train/loss.min`), each run's value. */
  readonly metrics?: MetricLookup;
  /** The runs a parallel-coordinates brush keeps; null or absent: no brush. */
  readonly brushed?: ReadonlySet<string> | null;
}

export type TableRow =
  | {
      readonly type: 'group';
      readonly group: RunGroup;
      /** The group's place among the groups, which gives its colour. */
      readonly index: number;
      readonly count: number;
      readonly collapsed: boolean;
    }
  | { readonly type: 'run'; readonly run: RunSummary; readonly depth: number };

export const STATUS_ORDER: readonly RunStatusName[] = [
  'running',
  'silent',
  'crashed',
  'failed',
  'killed',
  'finished',
  'unreadable',
];

/** How long a run ran: to its end, or to its last write while it has none. */
export function runDuration(run: RunSummary): number | null {
  if (run.startTime === null) return null;
  return (run.endTime ?? run.lastWrite) - run.startTime;
}

function sortValue(
  run: RunSummary,
  column: ColumnId,
  statistics: StatisticsBySource,
): number | string {
  switch (column.kind) {
    case 'status':
      return STATUS_ORDER.indexOf(run.status);
    case 'name':
      return `${run.experiment ?? ''}\u0000${run.name ?? ''}`.toLowerCase();
    case 'id':
      return run.id;
    case 'start':
      return run.startTime ?? -Infinity;
    case 'duration':
      return runDuration(run) ?? -Infinity;
    case 'progress':
      return run.steps !== null && run.lastStep !== null
        ? run.lastStep / Math.max(1, run.steps)
        : (run.lastStep ?? -1);
    case 'lastWrite':
      return run.lastWrite;
    case 'tags':
      return run.tags.join(',');
    case 'param':
      return sortableValue(run.params.get(column.key));
    case 'summary':
      return sortableValue(run.summary.get(column.key));
    case 'metric':
      return sortableValue(metricCellValue(column, run.id, statistics));
  }
}

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Puts each run whose parent is listed right after its parent, one level deeper. */
function nestChildren(runs: readonly RunSummary[]): { run: RunSummary; depth: number }[] {
  // Most stores have no child runs: their rows are the runs as they are, with no sets to build.
  if (runs.every((run) => run.parent === null)) return runs.map((run) => ({ run, depth: 0 }));
  const listed = new Set(runs.map((run) => run.id));
  const children = new Map<string, RunSummary[]>();
  const roots: RunSummary[] = [];
  for (const run of runs) {
    if (run.parent !== null && listed.has(run.parent) && run.parent !== run.id) {
      let list = children.get(run.parent);
      if (list === undefined) children.set(run.parent, (list = []));
      list.push(run);
    } else {
      roots.push(run);
    }
  }
  const out: { run: RunSummary; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (run: RunSummary, depth: number): void => {
    if (seen.has(run.id)) return;
    seen.add(run.id);
    out.push({ run, depth });
    for (const child of children.get(run.id) ?? []) visit(child, depth + 1);
  };
  for (const run of roots) visit(run, 0);
  // Runs caught in a parent cycle have no root: list them flat rather than lose them.
  for (const run of runs) visit(run, 0);
  return out;
}

/** The runs in the table's order: by the sort column, ties by id, runs without a value last. */
export function sortRuns(
  runs: Iterable<RunSummary>,
  sort: TableOptions['sort'],
  statistics: TableOptions['statistics'],
): RunSummary[] {
  const all = [...runs];
  const { column, descending } = sort;
  const values = new Map(
    all.map((run) => [run.id, sortValue(run, column, statistics ?? new Map())]),
  );
  return all.sort((a, b) => {
    const va = values.get(a.id)!;
    const vb = values.get(b.id)!;
    // Runs without the value come last whichever way the column sorts.
    const missing = Number(va === MISSING) - Number(vb === MISSING);
    if (missing !== 0) return missing;
    const order = compareValues(va, vb);
    return (descending ? -order : order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/**
 * The runs of `sorted` (in the table's order, from sortRuns) the status chips, query and brush
 * list, in that order: filtering keeps the order, so a keystroke in the filter sorts nothing.
 */
export function filterSorted(
  sorted: readonly RunSummary[],
  options: Pick<TableOptions, 'statuses' | 'query' | 'metrics' | 'brushed'>,
): readonly RunSummary[] {
  const brushed = options.brushed ?? null;
  // Nothing to filter by: the sorted runs themselves, so that what is derived from them (the
  // rows) is known again when the table mounts again, not built anew from 10,000 runs.
  if (options.statuses.size === 0 && brushed === null && options.query === MATCH_ALL) return sorted;
  return sorted.filter(
    (run) =>
      (options.statuses.size === 0 || options.statuses.has(run.status)) &&
      (brushed === null || brushed.has(run.id)) &&
      matchesRunQuery(run, options.query, options.metrics),
  );
}

/** The runs the table lists, before grouping: filtered by status, query and brush, then sorted. */
export function filterAndSort(
  runs: Iterable<RunSummary>,
  options: TableOptions,
): readonly RunSummary[] {
  return filterSorted(sortRuns(runs, options.sort, options.statistics), options);
}

/** The groups of the listed runs, in value order, each's runs in the table's order. */
export function tableGroups(shown: readonly RunSummary[], groupBy: GroupBy): RunGroup[] {
  return groupBy.length === 0 ? [] : groupRuns(shown, groupBy);
}

/** The table's rows of runs already listed: group headers and their runs, children nested. */
export function groupRows(
  shown: readonly RunSummary[],
  groupBy: GroupBy,
  collapsedGroups: ReadonlySet<string>,
): TableRow[] {
  if (groupBy.length === 0)
    return nestChildren(shown).map(({ run, depth }) => ({ type: 'run', run, depth }));
  const byId = new Map(shown.map((run) => [run.id, run]));
  const rows: TableRow[] = [];
  tableGroups(shown, groupBy).forEach((group, index) => {
    const collapsed = collapsedGroups.has(group.id);
    rows.push({ type: 'group', group, index, count: group.runIds.length, collapsed });
    if (collapsed) return;
    const list = group.runIds.map((id) => byId.get(id)!);
    for (const { run, depth } of nestChildren(list)) rows.push({ type: 'run', run, depth });
  });
  return rows;
}

export function buildRows(runs: Iterable<RunSummary>, options: TableOptions): TableRow[] {
  return groupRows(filterAndSort(runs, options), options.groupBy, options.collapsedGroups);
}

export function statusCounts(runs: Iterable<RunSummary>): Map<RunStatusName, number> {
  const counts = new Map<RunStatusName, number>();
  for (const run of runs) counts.set(run.status, (counts.get(run.status) ?? 0) + 1);
  return counts;
}
