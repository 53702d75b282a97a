// The app's routes as location hashes: the runs table (with its filter), a run's tab (the Files
// and Metrics tabs at a key and step, a metrics page as it was set: its key filter, x axis,
// smoothing, log y and zoom), the runs compared (their tab, their metrics page as set), the
// artifacts and one artifact. An address reopens its page as it was: that is what a link is.

import type { BoardLink } from '../workspace/board-link.js';
import { putBoardLink, readBoardLink } from '../workspace/board-link.js';

export type Route =
  | { readonly page: 'runs'; readonly filter?: string }
  | {
      readonly page: 'run';
      readonly runId: string;
      readonly tab: RunTab;
      /** On the Files tab: the key and step to open at. */
      readonly files?: FilesFocus;
      /** On the Metrics tab: the key to show alone, and the step a link (an event) points at. */
      readonly metrics?: FilesFocus;
      /** On the Metrics and System tabs: the board as it was set. */
      readonly board?: BoardLink;
    }
  | {
      readonly page: 'compare';
      readonly runIds: readonly string[];
      readonly tab?: CompareTab;
      readonly board?: BoardLink;
    }
  | { readonly page: 'artifacts' }
  | {
      readonly page: 'artifact';
      readonly name: string;
      /** The version whose lineage is shown; null: the latest. */
      readonly version: number | null;
    };

export type RunTab = 'overview' | 'metrics' | 'system' | 'files' | 'notes';
const TABS: readonly RunTab[] = ['overview', 'metrics', 'system', 'files', 'notes'];

export type CompareTab = 'metrics' | 'system' | 'files' | 'params';
export const COMPARE_TABS: readonly CompareTab[] = ['metrics', 'system', 'files', 'params'];

/** The tabs that show a metrics board, whose setting an address carries. */
const BOARD_TABS: readonly string[] = ['metrics', 'system'];

/** Where the Files tab opens: a key (null: the first), a step (null: the key's last). */
export interface FilesFocus {
  readonly key: string | null;
  readonly step: number | null;
}

/** The focus a `?key=&step=` query names, or undefined when it names neither. */
function parseFocus(query: string): FilesFocus | undefined {
  const params = new URLSearchParams(query);
  const key = params.get('key');
  const stepText = params.get('step');
  const step = stepText === null || stepText.trim() === '' ? NaN : Number(stepText);
  if (key === null && !Number.isFinite(step)) return undefined;
  return { key, step: Number.isFinite(step) ? step : null };
}

/**
 * A part of a route as it was before routeHash encoded it. A part that is no valid encoding (a
 * `%` typed by hand, as in `#/run/100%/overview`) is taken as it is, as the run it names.
 */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The route a location's hash names. Run ids are compared, never parsed, and may hold any of
 * `%#?+,` and spaces: routeHash encodes each id whole, and the hash is split at its own `/` and
 * `,` before any id is decoded, so every id reads back exactly as it was.
 */
export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#\/?/, '');
  const parts = body.split('/');
  if (parts[0] === 'run' && parts[1] !== undefined && parts[1] !== '') {
    // routeHash encodes an id's `?`: a `?` after the tab's name starts the Files tab's query.
    // A hand-typed key may hold a raw `/`: the query is all that follows the tab's `?`.
    const rest = parts.slice(2).join('/');
    const mark = rest.indexOf('?');
    const tabPart = mark < 0 ? rest : rest.slice(0, mark);
    const query = mark < 0 ? undefined : rest.slice(mark + 1);
    const named = decodePart(tabPart);
    const tab = TABS.includes(named as RunTab) ? (named as RunTab) : 'overview';
    const focus = query !== undefined ? parseFocus(query) : undefined;
    const runId = decodePart(parts[1]);
    if (focus !== undefined && tab === 'files') return { page: 'run', runId, tab, files: focus };
    const board =
      query !== undefined && BOARD_TABS.includes(tab)
        ? readBoardLink(new URLSearchParams(query))
        : undefined;
    return {
      page: 'run',
      runId,
      tab,
      ...(focus !== undefined && tab === 'metrics' ? { metrics: focus } : {}),
      ...(board !== undefined ? { board } : {}),
    };
  }
  if (parts[0] === 'compare' && parts[1] !== undefined) {
    // routeHash encodes each id whole, `?` included: a `?` left starts the page's query.
    const mark = parts[1].indexOf('?');
    const list = mark < 0 ? parts[1] : parts[1].slice(0, mark);
    const params = new URLSearchParams(mark < 0 ? '' : parts[1].slice(mark + 1));
    const encoded = list.split(',').filter((id) => id.length > 0);
    const tab = params.get('tab');
    const board = readBoardLink(params);
    return {
      page: 'compare',
      runIds: encoded.map(decodePart),
      ...(tab !== null && COMPARE_TABS.includes(tab as CompareTab)
        ? { tab: tab as CompareTab }
        : {}),
      ...(board !== undefined ? { board } : {}),
    };
  }
  if (parts[0] === 'artifacts') {
    if (parts[1] === undefined || parts[1] === '') return { page: 'artifacts' };
    // A name is one segment and routeHash encodes it whole: a `?` left is the version's query.
    const mark = parts[1].indexOf('?');
    const name = decodePart(mark < 0 ? parts[1] : parts[1].slice(0, mark));
    const versionText = mark < 0 ? null : new URLSearchParams(parts[1].slice(mark + 1)).get('v');
    const version =
      versionText !== null && /^[1-9][0-9]*$/.test(versionText) ? Number(versionText) : null;
    return { page: 'artifact', name, version };
  }
  const mark = body.indexOf('?');
  const filter = mark < 0 ? null : new URLSearchParams(body.slice(mark + 1)).get('filter');
  return filter === null || filter === '' ? { page: 'runs' } : { page: 'runs', filter };
}

/** The hash of a route; parseRoute reads it back to the same route, ids exactly as they are. */
export function routeHash(route: Route): string {
  switch (route.page) {
    case 'runs':
      return route.filter === undefined || route.filter === ''
        ? '#/'
        : `#/?${new URLSearchParams({ filter: route.filter }).toString()}`;
    case 'run': {
      const hash = `#/run/${encodeURIComponent(route.runId)}/${route.tab}`;
      const focus =
        route.tab === 'files' ? route.files : route.tab === 'metrics' ? route.metrics : undefined;
      const params = new URLSearchParams();
      if (focus?.key != null) params.set('key', focus.key);
      if (focus?.step != null) params.set('step', String(focus.step));
      if (route.board !== undefined && BOARD_TABS.includes(route.tab))
        putBoardLink(route.board, params);
      const query = params.toString();
      return query === '' ? hash : `${hash}?${query}`;
    }
    case 'compare': {
      // encodeURIComponent encodes `,`: the commas left are the list's own.
      const hash = `#/compare/${route.runIds.map(encodeURIComponent).join(',')}`;
      const params = new URLSearchParams();
      if (route.tab !== undefined && route.tab !== 'metrics') params.set('tab', route.tab);
      if (route.board !== undefined) putBoardLink(route.board, params);
      const query = params.toString();
      return query === '' ? hash : `${hash}?${query}`;
    }
    case 'artifacts':
      return '#/artifacts';
    case 'artifact': {
      const hash = `#/artifacts/${encodeURIComponent(route.name)}`;
      return route.version === null ? hash : `${hash}?v=${route.version}`;
    }
  }
}
