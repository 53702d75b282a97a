// Deciding each key's shape and place on a metrics page: many points make a curve, one point a
// scalar tile, and sibling keys under one prefix that each hold one point a breakdown; panels
// are grouped in sections by key prefix and narrowed by a key filter (text or /regex/).

import { keyPrefix } from '../../../shared/series/curve-math.js';

export type Panel =
  | { readonly type: 'curve'; readonly key: string }
  | { readonly type: 'tile'; readonly key: string }
  | { readonly type: 'breakdown'; readonly prefix: string; readonly keys: readonly string[] };

export interface Section {
  readonly prefix: string;
  readonly panels: readonly Panel[];
}

/** A matcher for the key filter: /…/ is a regular expression, anything else a substring. */
export function keyMatcher(filter: string): { test(key: string): boolean; error: string | null } {
  const text = filter.trim();
  if (text.length === 0) return { test: () => true, error: null };
  // A slash-led key path such as /eval/acc is text: only valid flags may follow the last slash.
  const regex = /^\/(.+)\/([dgimsuvy]*)$/.exec(text);
  if (regex !== null) {
    try {
      const pattern = new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, ''));
      return { test: (key) => pattern.test(key), error: null };
    } catch (error) {
      return { test: () => true, error: error instanceof Error ? error.message : String(error) };
    }
  }
  // A leading slash is how people write a key path (/eval/acc): the key itself has none.
  const lower = text.replace(/^\//, '').toLowerCase();
  return { test: (key) => key.toLowerCase().includes(lower), error: null };
}

/** The filter that keyMatcher reads as the key alone: a regular expression of it, whole. */
export function exactKeyFilter(key: string): string {
  return `/^${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;
}

/**
 * Lays out keys by their greatest sample count over the runs shown. Keys holding no sample (all
 * orphaned, say) get no panel.
 */
export function layoutPanels(
  counts: ReadonlyMap<string, number>,
  filter: (key: string) => boolean,
): Section[] {
  const singlesByPrefix = new Map<string, string[]>();
  const curves: string[] = [];
  for (const [key, count] of counts) {
    if (!filter(key) || count === 0) continue;
    if (count > 1) curves.push(key);
    else {
      const prefix = keyPrefix(key);
      let list = singlesByPrefix.get(prefix);
      if (list === undefined) singlesByPrefix.set(prefix, (list = []));
      list.push(key);
    }
  }
  const sections = new Map<string, Panel[]>();
  const add = (prefix: string, panel: Panel): void => {
    let list = sections.get(prefix);
    if (list === undefined) sections.set(prefix, (list = []));
    list.push(panel);
  };
  for (const key of curves.sort()) add(keyPrefix(key), { type: 'curve', key });
  for (const [prefix, keys] of singlesByPrefix) {
    keys.sort();
    // Single points of unrelated top-level keys are no breakdown: they stay tiles.
    if (keys.length >= 2 && prefix !== '') add(prefix, { type: 'breakdown', prefix, keys });
    else for (const key of keys) add(prefix, { type: 'tile', key });
  }
  return [...sections]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([prefix, panels]) => ({
      prefix,
      // Tiles first: headline numbers read before curves.
      panels: [...panels].sort((a, b) => panelRank(a) - panelRank(b)),
    }));
}

function panelRank(panel: Panel): number {
  return panel.type === 'tile' ? 0 : panel.type === 'breakdown' ? 1 : 2;
}
