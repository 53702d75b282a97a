// A saved view made of the page as it is now, and a saved view put back: the page's address, its
// board's arrangement (kept for its scope, with what the address says over it), the runs filter,
// grouping, selection and the runs table's columns and sort, each where the app keeps it; and a
// view opened, the one way the Views menu, the palette and the store's default view open one.

import type { RunSummary } from '../../../shared/api/contract.js';
import { isColumnList, isKeyList, isWidths } from '../pages/table-choices.js';
import { readChoice, writeChoice } from '../pages/persisted-choice.js';
import type { Route } from '../state/route.js';
import { parseRoute } from '../state/route.js';
import type { GroupBy } from '../state/run-groups.js';
import type { StoreSession } from '../state/store-session.js';
import { EMPTY_LAYOUT } from './board-layout.js';
import { withLink } from './board-link.js';
import type { SavedView, TableSetup, ViewPage } from './saved-views.js';
import { routeScope } from './scopes.js';
import type { WorkspaceStore } from './workspace-store.js';
import type { ColumnId } from '../pages/column-id.js';
import { HIDDEN_BY_DEFAULT } from '../pages/column-layout.js';

/** Where the runs table keeps its setup (persisted-choice names, as RunsBrowser reads them). */
const TABLE_CHOICES = {
  columns: 'columns',
  hidden: 'hidden-columns',
  widths: 'column-widths',
  sort: 'sort',
  groupBy: 'groupBy',
} as const;

const DEFAULT_SORT: TableSetup['sort'] = { column: { kind: 'start' }, descending: true };

function isSort(value: unknown): TableSetup['sort'] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const sort = value as Record<string, unknown>;
  return typeof sort['descending'] === 'boolean' && typeof sort['column'] === 'object'
    ? (value as TableSetup['sort'])
    : undefined;
}

function pageOf(route: Route): ViewPage {
  return route.page === 'run' ? 'run' : route.page === 'compare' ? 'compare' : 'runs';
}

export interface ViewContext {
  readonly workspace: WorkspaceStore;
  readonly runs: ReadonlyMap<string, RunSummary>;
  readonly runsFilter: string;
  readonly groupBy: GroupBy;
  readonly selected: ReadonlySet<string>;
}

const experimentIn =
  (runs: ReadonlyMap<string, RunSummary>) =>
  (runId: string): string | null =>
    runs.get(runId)?.experiment ?? null;

/** The page as it is now, under a name. */
export function captureView(name: string, hash: string, context: ViewContext): SavedView {
  const route = parseRoute(hash);
  const scope = routeScope(route, experimentIn(context.runs));
  const board = route.page === 'run' || route.page === 'compare' ? route.board : undefined;
  return {
    name,
    page: pageOf(route),
    route: hash === '' ? '#/' : hash,
    layout:
      scope === null ? null : withLink(context.workspace.layout(scope) ?? EMPTY_LAYOUT, board),
    filter: route.page === 'runs' ? (route.filter ?? '') : context.runsFilter,
    groupBy: context.groupBy,
    selected: [...context.selected],
    table: {
      columns: readChoice<ColumnId[]>(TABLE_CHOICES.columns, [], isColumnList),
      hidden: readChoice<string[]>(TABLE_CHOICES.hidden, [...HIDDEN_BY_DEFAULT], isKeyList),
      widths: readChoice<Record<string, number>>(TABLE_CHOICES.widths, {}, isWidths),
      sort: readChoice(TABLE_CHOICES.sort, DEFAULT_SORT, isSort),
    },
  };
}

/**
 * Puts a view back where the app keeps each part, and says where to go: its page's address, the
 * runs filter in it when the view is of the runs table. The caller sets the selection and opens
 * the pages afresh, so that what they hold is read again.
 */
export function applyView(
  view: SavedView,
  context: Pick<ViewContext, 'workspace' | 'runs'>,
): string {
  const route = parseRoute(view.route);
  const scope = routeScope(route, experimentIn(context.runs));
  if (scope !== null && view.layout !== null) context.workspace.setLayout(scope, view.layout);
  writeChoice(TABLE_CHOICES.groupBy, view.groupBy);
  writeChoice(TABLE_CHOICES.columns, view.table.columns);
  writeChoice(TABLE_CHOICES.hidden, view.table.hidden);
  writeChoice(TABLE_CHOICES.widths, view.table.widths);
  writeChoice(TABLE_CHOICES.sort, view.table.sort);
  context.workspace.rememberRoute(view.route);
  return view.route;
}

/**
 * Opens a saved view: its parts put back (applyView), its runs selected (those the store still
 * has), its runs filter the session's, and the pages opened afresh so that they read all that.
 * Returns the address to go to.
 */
export function openView(
  view: SavedView,
  context: Pick<ViewContext, 'workspace' | 'runs'> & { readonly session: StoreSession },
): string {
  const hash = applyView(view, context);
  context.session.setSelection(new Set(view.selected.filter((id) => context.runs.has(id))));
  context.session.runsFilter = view.filter;
  context.workspace.reopen();
  return hash;
}
