// The runs table as data: filtering by query and status, sorting by any column, grouping by
// experiment and nesting child runs under their parents. Pure, so it is tested without a DOM.

import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import { MISSING, sortableValue } from '../text/value-text.js';
import type { QueryNode } from './run-query.js';
import { matchesRunQuery } from './run-query-match.js';

export type ColumnId =
  | { readonly kind: 'status' }
  | { readonly kind: 'name' }
  | { readonly kind: 'id' }
  | { readonly kind: 'start' }
  | { readonly kind: 'duration' }
  | { readonly kind: 'progress' }
  | { readonly kind: 'lastWrite' }
  | { readonly kind: 'tags' }
  | { readonly kind: 'param'; readonly key: string }
  | { readonly kind: 'summary'; readonly key: string };

export function columnKey(column: ColumnId): string {
  return column.kind === 'param' || column.kind === 'summary'
    ? `${column.kind}:${column.key}`
    : column.kind;
}

export interface TableOptions {
  /** The parsed filter (MATCH_ALL for none). */
  readonly query: QueryNode;
  /** Statuses shown; empty shows every status. */
  readonly statuses: ReadonlySet<RunStatusName>;
  readonly sort: { readonly column: ColumnId; readonly descending: boolean };
  readonly groupByExperiment: boolean;
  readonly collapsedGroups: ReadonlySet<string>;
}

export type TableRow =
  | {
      readonly type: 'group';
      readonly experiment: string;
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

function sortValue(run: RunSummary, column: ColumnId): number | string {
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

export function buildRows(runs: Iterable<RunSummary>, options: TableOptions): TableRow[] {
  const shown = [...runs].filter(
    (run) =>
      (options.statuses.size === 0 || options.statuses.has(run.status)) &&
      matchesRunQuery(run, options.query),
  );
  const { column, descending } = options.sort;
  shown.sort((a, b) => {
    const va = sortValue(a, column);
    const vb = sortValue(b, column);
    // Runs without the value come last whichever way the column sorts.
    const missing = Number(va === MISSING) - Number(vb === MISSING);
    if (missing !== 0) return missing;
    const order = compareValues(va, vb);
    return (descending ? -order : order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  if (!options.groupByExperiment)
    return nestChildren(shown).map(({ run, depth }) => ({ type: 'run', run, depth }));
  const groups = new Map<string, RunSummary[]>();
  for (const run of shown) {
    const name = run.experiment ?? '(unreadable)';
    let list = groups.get(name);
    if (list === undefined) groups.set(name, (list = []));
    list.push(run);
  }
  const rows: TableRow[] = [];
  for (const [experiment, list] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const collapsed = options.collapsedGroups.has(experiment);
    rows.push({ type: 'group', experiment, count: list.length, collapsed });
    if (!collapsed)
      for (const { run, depth } of nestChildren(list)) rows.push({ type: 'run', run, depth });
  }
  return rows;
}

export function statusCounts(runs: Iterable<RunSummary>): Map<RunStatusName, number> {
  const counts = new Map<RunStatusName, number>();
  for (const run of runs) counts.set(run.status, (counts.get(run.status) ?? 0) + 1);
  return counts;
}
