// What an address carries of a metrics page so that a link reopens it as it was: the key filter,
// the x axis, smoothing, log y and each zoomed panel's range, exactly (numbers as JavaScript
// writes them back, no rounding); how a page's arrangement puts them in and takes them out.

import type { XAxisMode } from '../charts/curve-data.js';
import type { BoardLayout, PageXMode, PanelZoom } from './board-layout.js';
import { X_MODES, setPanel } from './board-layout.js';

export interface BoardLink {
  readonly filter?: string;
  readonly pageMode?: PageXMode;
  readonly smoothing?: number;
  readonly logY?: boolean;
  /** By panel key. */
  readonly zooms?: Readonly<Record<string, PanelZoom>>;
}

const PAGE_MODES: readonly string[] = ['declared', ...X_MODES];

/** Puts the link's parts into an address's query. */
export function putBoardLink(link: BoardLink, params: URLSearchParams): void {
  if (link.filter !== undefined && link.filter !== '') params.set('filter', link.filter);
  if (link.pageMode !== undefined) params.set('x', link.pageMode);
  if (link.smoothing !== undefined && link.smoothing > 0)
    params.set('smooth', String(link.smoothing));
  if (link.logY === true) params.set('logy', '1');
  for (const [key, zoom] of Object.entries(link.zooms ?? {}))
    // The key last: it may hold any character, a colon among them.
    params.append('zoom', `${zoom.mode}:${zoom.range[0]}:${zoom.range[1]}:${key}`);
}

/**
 * The link as text, the same for links that say the same: what a page keys its board by, so that
 * an address followed while the page is shown (a key chosen in the palette) opens the board anew
 * when it sets the board otherwise. Edits on the board replace the address without following it.
 */
export function linkText(link: BoardLink | undefined): string {
  if (link === undefined) return '';
  const params = new URLSearchParams();
  putBoardLink(link, params);
  return params.toString();
}

/** The link an address's query holds; undefined when it holds none of its parts. */
export function readBoardLink(params: URLSearchParams): BoardLink | undefined {
  const link: { -readonly [K in keyof BoardLink]: BoardLink[K] } = {};
  const filter = params.get('filter');
  if (filter !== null) link.filter = filter;
  const x = params.get('x');
  if (x !== null && PAGE_MODES.includes(x)) link.pageMode = x as PageXMode;
  const smooth = Number(params.get('smooth') ?? NaN);
  if (smooth >= 0 && smooth < 1) link.smoothing = smooth;
  if (params.get('logy') === '1') link.logY = true;
  const zooms: Record<string, PanelZoom> = {};
  for (const entry of params.getAll('zoom')) {
    const parts = entry.split(':');
    if (parts.length < 4) continue;
    const [mode, from, to] = parts;
    const key = parts.slice(3).join(':');
    const x0 = Number(from);
    const x1 = Number(to);
    if (!X_MODES.includes(mode as XAxisMode) || !(x0 < x1) || key === '') continue;
    zooms[key] = { mode: mode as XAxisMode, range: [x0, x1] };
  }
  if (Object.keys(zooms).length > 0) link.zooms = zooms;
  return Object.keys(link).length > 0 ? link : undefined;
}

/** What of an arrangement a link carries: its parts that are not the defaults. */
export function linkOf(layout: BoardLayout): BoardLink {
  const zooms: Record<string, PanelZoom> = {};
  for (const [id, panel] of Object.entries(layout.panels))
    if (panel.zoom !== undefined) zooms[id] = panel.zoom;
  return {
    ...(layout.filter !== '' ? { filter: layout.filter } : {}),
    ...(layout.pageMode !== null ? { pageMode: layout.pageMode } : {}),
    ...(layout.smoothing > 0 ? { smoothing: layout.smoothing } : {}),
    ...(layout.logY ? { logY: true } : {}),
    ...(Object.keys(zooms).length > 0 ? { zooms } : {}),
  };
}

/** The arrangement with what a link says: the link's parts win. */
export function withLink(layout: BoardLayout, link: BoardLink | undefined): BoardLayout {
  if (link === undefined) return layout;
  let next: BoardLayout = {
    ...layout,
    ...(link.filter !== undefined ? { filter: link.filter } : {}),
    ...(link.pageMode !== undefined ? { pageMode: link.pageMode } : {}),
    ...(link.smoothing !== undefined ? { smoothing: link.smoothing } : {}),
    ...(link.logY !== undefined ? { logY: link.logY } : {}),
  };
  for (const [key, zoom] of Object.entries(link.zooms ?? {})) next = setPanel(next, key, { zoom });
  return next;
}
