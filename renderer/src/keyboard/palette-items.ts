// What the command palette lists: items, and the sources that give them (runs, keys, pages,
// commands, and whatever else registers one through palette-sources.ts).

import type { ShortcutId } from './shortcuts.js';

export interface PaletteItem {
  /** Unique within its source. */
  readonly id: string;
  /** What the row shows, and what the query is matched against first. */
  readonly label: string;
  /** Shown muted after the label: a run's experiment and id, a key's kind. */
  readonly detail?: string;
  /** Matched too, never shown: a run's id and tags. */
  readonly keywords?: readonly string[];
  /** A shortcut that does the same, shown at the row's end so that it is learnt. */
  readonly shortcut?: ShortcutId;
  /** Does what the item says; the palette has closed (and given focus back) by then. */
  readonly run: () => void;
}

export interface PaletteSource {
  /** Unique: a source registered again under its id replaces the one before, in its place. */
  readonly id: string;
  /** The heading of its group of results. */
  readonly title: string;
  /**
   * A query that starts with this lists this source alone, the rest of the query matched (VS
   * Code's `>` for commands).
   */
  readonly prefix?: string;
  /**
   * The items for a query. Given "", the few worth showing before anything is typed (the newest
   * runs, the pages), or none; given text, every candidate: the palette matches and ranks them.
   */
  items(query: string): readonly PaletteItem[];
}
