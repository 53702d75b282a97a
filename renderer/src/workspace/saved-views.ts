// Saved views: a page as a person set it up, under a name (the page and its address, its panels'
// arrangement, the runs filter, grouping, selection and the table's columns), kept per store and
// written to and read from a small versioned JSON file, which is checked whole on import with
// the place and the reason of anything wrong.

import type { ColumnId } from '../pages/column-id.js';
import { METRIC_STATS } from '../pages/column-id.js';
import type { GroupBy, GroupField } from '../state/run-groups.js';
import type { BoardLayout } from './board-layout.js';
import {
  CheckFailure,
  layoutAt,
  objectAt,
  onlyMembers,
  textAt,
  textsAt,
  isObject,
} from './layout-check.js';

export const VIEWS_FORMAT = 'munin-view views';
export const VIEWS_VERSION = 1;
/** A views file is small: its views are settings, never data. */
export const MAX_VIEWS_FILE_BYTES = 1 << 20;
const MAX_VIEWS = 500;

export type ViewPage = 'runs' | 'run' | 'compare';

/** What a view's page is called where views are listed. */
export function viewPageText(page: ViewPage): string {
  return page === 'runs' ? 'runs' : page === 'run' ? 'a run' : 'compare';
}

/** The runs table as set up: its chosen columns, those hidden, their widths, its sort. */
export interface TableSetup {
  readonly columns: readonly ColumnId[];
  readonly hidden: readonly string[];
  readonly widths: Readonly<Record<string, number>>;
  readonly sort: { readonly column: ColumnId; readonly descending: boolean };
}

export interface SavedView {
  readonly name: string;
  readonly page: ViewPage;
  /** The page's address within the app (#/compare/a,b?...): its runs, tab, keys and zoom. */
  readonly route: string;
  /** The metrics board's arrangement on a run or Compare page; null on the runs page. */
  readonly layout: BoardLayout | null;
  readonly filter: string;
  readonly groupBy: GroupBy;
  /** Runs selected, by id. */
  readonly selected: readonly string[];
  readonly table: TableSetup;
}

const BUILT_IN = ['status', 'name', 'id', 'start', 'duration', 'progress', 'lastWrite', 'tags'];

function columnAt(value: unknown, at: string): ColumnId {
  const raw = objectAt(value, at);
  const kind = raw['kind'];
  if (typeof kind === 'string' && BUILT_IN.includes(kind)) {
    onlyMembers(raw, ['kind'], at);
    return { kind } as ColumnId;
  }
  if (kind === 'param' || kind === 'summary') {
    onlyMembers(raw, ['kind', 'key'], at);
    return { kind, key: textAt(raw['key'], `${at}.key`, false) };
  }
  if (kind === 'metric') {
    onlyMembers(raw, ['kind', 'key', 'stat', 'formula'], at);
    const stat = raw['stat'];
    if (!METRIC_STATS.includes(stat as (typeof METRIC_STATS)[number]))
      throw new CheckFailure(`${at}.stat must be one of ${METRIC_STATS.join(', ')}`);
    return {
      kind,
      key: textAt(raw['key'], `${at}.key`, false),
      stat: stat as (typeof METRIC_STATS)[number],
      ...(raw['formula'] !== undefined ? { formula: textAt(raw['formula'], `${at}.formula`) } : {}),
    };
  }
  throw new CheckFailure(`${at}.kind must name a column of the runs table`);
}

function groupFieldAt(value: unknown, at: string): GroupField {
  const raw = objectAt(value, at);
  if (raw['kind'] === 'param') {
    onlyMembers(raw, ['kind', 'name'], at);
    return { kind: 'param', name: textAt(raw['name'], `${at}.name`, false) };
  }
  if (raw['kind'] === 'experiment' || raw['kind'] === 'tags') {
    onlyMembers(raw, ['kind'], at);
    return { kind: raw['kind'] };
  }
  throw new CheckFailure(`${at}.kind must be param, experiment or tags`);
}

function tableAt(value: unknown, at: string): TableSetup {
  const raw = objectAt(value, at);
  onlyMembers(raw, ['columns', 'hidden', 'widths', 'sort'], at);
  if (!Array.isArray(raw['columns'])) throw new CheckFailure(`${at}.columns must be a list`);
  const widths = objectAt(raw['widths'], `${at}.widths`);
  for (const [name, width] of Object.entries(widths))
    if (typeof width !== 'number' || !(width >= 20 && width <= 4000))
      throw new CheckFailure(`${at}.widths.${name} must be a width in pixels`);
  const sort = objectAt(raw['sort'], `${at}.sort`);
  onlyMembers(sort, ['column', 'descending'], `${at}.sort`);
  if (typeof sort['descending'] !== 'boolean')
    throw new CheckFailure(`${at}.sort.descending must be true or false`);
  return {
    columns: raw['columns'].map((c, i) => columnAt(c, `${at}.columns[${i}]`)),
    hidden: textsAt(raw['hidden'], `${at}.hidden`),
    widths: widths as Record<string, number>,
    sort: { column: columnAt(sort['column'], `${at}.sort.column`), descending: sort['descending'] },
  };
}

const VIEW_MEMBERS = ['name', 'page', 'route', 'layout', 'filter', 'groupBy', 'selected', 'table'];

/** The view a value holds; throws a CheckFailure saying where and why it is not one. */
export function viewAt(value: unknown, at: string): SavedView {
  const raw = objectAt(value, at);
  onlyMembers(raw, VIEW_MEMBERS, at);
  const page = raw['page'];
  if (page !== 'runs' && page !== 'run' && page !== 'compare')
    throw new CheckFailure(`${at}.page must be runs, run or compare`);
  const route = textAt(raw['route'], `${at}.route`);
  if (!route.startsWith('#/'))
    throw new CheckFailure(`${at}.route must be an address in the app (#/…)`);
  if (!Array.isArray(raw['groupBy'])) throw new CheckFailure(`${at}.groupBy must be a list`);
  return {
    name: textAt(raw['name'], `${at}.name`, false).slice(0, 200),
    page,
    route,
    layout: raw['layout'] === null ? null : layoutAt(raw['layout'], `${at}.layout`),
    filter: textAt(raw['filter'], `${at}.filter`),
    groupBy: raw['groupBy'].map((f, i) => groupFieldAt(f, `${at}.groupBy[${i}]`)),
    selected: textsAt(raw['selected'], `${at}.selected`),
    table: tableAt(raw['table'], `${at}.table`),
  };
}

/** The views kept for a store; what another version kept, or damage, reads as none of them. */
export function keptViews(value: unknown): SavedView[] {
  if (!Array.isArray(value)) return [];
  const views: SavedView[] = [];
  for (const item of value.slice(0, MAX_VIEWS)) {
    try {
      views.push(viewAt(item, 'view'));
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
    }
  }
  return views;
}

/** The file that exports views: versioned, so that a later app can tell what it reads. */
export function viewsFileText(views: readonly SavedView[]): string {
  return `${JSON.stringify({ format: VIEWS_FORMAT, version: VIEWS_VERSION, views }, null, 2)}\n`;
}

export type ViewsFileRead =
  | { readonly ok: true; readonly views: readonly SavedView[] }
  | { readonly ok: false; readonly problem: string };

/** Reads a views file: every view in it, or why it is no views file this app reads. */
export function readViewsFile(text: string, bytes: number): ViewsFileRead {
  if (bytes > MAX_VIEWS_FILE_BYTES)
    return {
      ok: false,
      problem: `The file is ${(bytes / 1e6).toFixed(1)} MB: a views file holds settings, never data, and is at most 1 MB.`,
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `The file is not JSON: ${(error as Error).message}.` };
  }
  if (!isObject(parsed) || parsed['format'] !== VIEWS_FORMAT)
    return {
      ok: false,
      problem: `This is not a views file: it says no "format": "${VIEWS_FORMAT}".`,
    };
  if (parsed['version'] !== VIEWS_VERSION)
    return {
      ok: false,
      problem:
        typeof parsed['version'] === 'number' && parsed['version'] > VIEWS_VERSION
          ? `The file is of version ${parsed['version']}, newer than this app reads (${VIEWS_VERSION}): update munin-view.`
          : `The file's version is ${JSON.stringify(parsed['version'])}; this app reads version ${VIEWS_VERSION}.`,
    };
  try {
    onlyMembers(parsed, ['format', 'version', 'views'], 'the file');
    if (!Array.isArray(parsed['views'])) throw new CheckFailure('views must be a list');
    if (parsed['views'].length > MAX_VIEWS)
      throw new CheckFailure(`the file holds more than ${MAX_VIEWS} views`);
    const views = parsed['views'].map((view, i) => viewAt(view, `views[${i}]`));
    return { ok: true, views };
  } catch (error) {
    if (error instanceof CheckFailure)
      return { ok: false, problem: `Not imported: ${error.message}.` };
    throw error;
  }
}

/** A name no view of `taken` has: the name, or it with " (2)", " (3)"... */
export function freeName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  for (let n = 2; ; n++) if (!taken.includes(`${name} (${n})`)) return `${name} (${n})`;
}
