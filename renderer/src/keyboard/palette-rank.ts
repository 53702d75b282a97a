// The palette's results for a query: each source's items matched by fuzzy text (label first,
// then keywords), best first within their source, the sources ordered by their best result.

import { fuzzyMatch } from './fuzzy.js';
import type { PaletteItem, PaletteSource } from './palette-items.js';

export interface RankedItem {
  readonly item: PaletteItem;
  readonly score: number;
  /** The label's matched characters, for highlighting; none when a keyword matched. */
  readonly positions: readonly number[];
}

export interface RankedGroup {
  readonly sourceId: string;
  readonly title: string;
  readonly items: readonly RankedItem[];
}

/** How many results a source shows for a query, and before anything is typed. */
export const RESULTS_PER_SOURCE = 8;
export const IDLE_PER_SOURCE = 8;

// A keyword (a run's id or tag) is a weaker match than the label the row shows.
const KEYWORD_DISCOUNT = 2;

function matchItem(query: string, item: PaletteItem): RankedItem | null {
  let best: RankedItem | null = null;
  const onLabel = fuzzyMatch(query, item.label);
  if (onLabel !== null) best = { item, score: onLabel.score, positions: onLabel.positions };
  for (const keyword of item.keywords ?? []) {
    const onKeyword = fuzzyMatch(query, keyword);
    if (onKeyword === null) continue;
    const score = onKeyword.score - KEYWORD_DISCOUNT;
    if (best === null || score > best.score) best = { item, score, positions: [] };
  }
  return best;
}

function byRank(a: RankedItem, b: RankedItem): number {
  return (
    b.score - a.score ||
    a.item.label.length - b.item.label.length ||
    (a.item.label < b.item.label ? -1 : a.item.label > b.item.label ? 1 : 0)
  );
}

/**
 * The groups of results for what was typed. A query that starts with a source's prefix lists
 * that source alone; an empty query lists what each source shows before anything is typed.
 */
export function rankPalette(sources: readonly PaletteSource[], typed: string): RankedGroup[] {
  const prefixed = sources.find(
    (source) => source.prefix !== undefined && typed.startsWith(source.prefix),
  );
  const searched = prefixed === undefined ? sources : [prefixed];
  const query = (prefixed === undefined ? typed : typed.slice(prefixed.prefix!.length)).trim();
  const groups: { group: RankedGroup; order: number }[] = [];
  searched.forEach((source, order) => {
    const items = source.items(query);
    const ranked =
      query === ''
        ? items.slice(0, IDLE_PER_SOURCE).map((item) => ({ item, score: 0, positions: [] }))
        : items
            .map((item) => matchItem(query, item))
            .filter((match): match is RankedItem => match !== null)
            .sort(byRank)
            .slice(0, RESULTS_PER_SOURCE);
    if (ranked.length > 0)
      groups.push({ group: { sourceId: source.id, title: source.title, items: ranked }, order });
  });
  // With a query, the source with the best result comes first; before one, the sources' order.
  groups.sort((a, b) => b.group.items[0]!.score - a.group.items[0]!.score || a.order - b.order);
  return groups.map((entry) => entry.group);
}
