// How a person arranged a metrics page, as data: panels pinned to the top, hidden, put in their
// own order within a section, sized, and each panel's settings (x axis, log y, smoothing, zoom),
// with the page's own (key filter, x axis, smoothing, log y, overlay, folded sections). Panels are
// named by their key, so an arrangement made on one run carries over to every run of the same
// experiment that has the key; a key that appears later takes its default place. Pure.

import type { XAxisMode } from '../charts/curve-data.js';
import type { Panel, Section } from '../charts/panel-layout.js';

/** The page's x axis: one for every panel, or each key's declared step_metric. */
export type PageXMode = XAxisMode | 'declared';

export const X_MODES: readonly XAxisMode[] = ['step', 'wall', 'relative', 'step_metric'];

/** Columns a panel spans: one, two, or the whole row. */
export type PanelWidth = 1 | 2 | 3;

export interface PanelZoom {
  /** The axis the range is in: under another axis the whole series shows. */
  readonly mode: XAxisMode;
  readonly range: readonly [number, number];
}

/** One panel's own settings; what is absent is the page's. */
export interface PanelLayout {
  readonly width?: PanelWidth;
  readonly tall?: boolean;
  readonly xMode?: XAxisMode;
  readonly logY?: boolean;
  readonly smoothing?: number;
  readonly zoom?: PanelZoom;
}

export interface BoardLayout {
  /** Panels shown first, in their own section, in this order. */
  readonly pinned: readonly string[];
  readonly hidden: readonly string[];
  /** Per section (by its prefix), the order its panels were put in. */
  readonly order: Readonly<Record<string, readonly string[]>>;
  readonly panels: Readonly<Record<string, PanelLayout>>;
  readonly filter: string;
  /** Null: the kind's default (declared for metrics, wall or relative time for readings). */
  readonly pageMode: PageXMode | null;
  readonly smoothing: number;
  readonly logY: boolean;
  readonly overlay: readonly string[];
  readonly collapsed: readonly string[];
}

export const EMPTY_LAYOUT: BoardLayout = {
  pinned: [],
  hidden: [],
  order: {},
  panels: {},
  filter: '',
  pageMode: null,
  smoothing: 0,
  logY: false,
  overlay: [],
  collapsed: [],
};

/** The section that holds the pinned panels. */
export const PINNED = '\u0000pinned';

/** A panel's name in an arrangement: its key, or a breakdown's prefix. */
export function panelId(panel: Panel): string {
  return panel.type === 'breakdown' ? `breakdown:${panel.prefix}` : panel.key;
}

export interface ArrangedBoard {
  /** The pinned panels there are, in the order pinned. */
  readonly pinned: readonly Panel[];
  /** The rest by section, each in the order put in; a section left with no panel is left out. */
  readonly sections: readonly Section[];
  /** The hidden panels there are, by section order. */
  readonly hidden: readonly Panel[];
}

/**
 * Puts the items named in `order` in that order among the places they hold in `items`, the rest
 * where they are: a key that appeared since keeps its default place, as does one never moved.
 */
export function ordered<T>(
  items: readonly T[],
  order: readonly string[],
  id: (item: T) => string,
): T[] {
  const rank = new Map(order.map((name, index) => [name, index]));
  const moved = items.filter((item) => rank.has(id(item)));
  moved.sort((a, b) => rank.get(id(a))! - rank.get(id(b))!);
  let next = 0;
  return items.map((item) => (rank.has(id(item)) ? moved[next++]! : item));
}

/** The page's sections as arranged: pinned first, hidden apart, each section in its order. */
export function arrange(sections: readonly Section[], layout: BoardLayout): ArrangedBoard {
  const pinned = new Set(layout.pinned);
  const hidden = new Set(layout.hidden);
  const all = new Map<string, Panel>();
  const hiddenPanels: Panel[] = [];
  const rest: Section[] = [];
  for (const section of sections) {
    const panels: Panel[] = [];
    for (const panel of section.panels) {
      const id = panelId(panel);
      all.set(id, panel);
      if (hidden.has(id)) hiddenPanels.push(panel);
      else if (!pinned.has(id)) panels.push(panel);
    }
    if (panels.length > 0)
      rest.push({
        prefix: section.prefix,
        panels: ordered(panels, layout.order[section.prefix] ?? [], panelId),
      });
  }
  const pinnedPanels = layout.pinned
    .filter((id) => !hidden.has(id))
    .map((id) => all.get(id))
    .filter((panel): panel is Panel => panel !== undefined);
  return { pinned: pinnedPanels, sections: rest, hidden: hiddenPanels };
}

/**
 * Moves a panel within its section to `to`, given the section's panels as shown: the order kept
 * is the one shown, so that keys shown since keep their places too.
 */
export function movePanel(
  layout: BoardLayout,
  section: string,
  shown: readonly string[],
  from: number,
  to: number,
): BoardLayout {
  if (from === to || from < 0 || from >= shown.length || to < 0 || to >= shown.length)
    return layout;
  const next = [...shown];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  if (section === PINNED) return { ...layout, pinned: next };
  return { ...layout, order: { ...layout.order, [section]: next } };
}

export function setPinned(layout: BoardLayout, id: string, pinned: boolean): BoardLayout {
  const rest = layout.pinned.filter((p) => p !== id);
  return { ...layout, pinned: pinned ? [...rest, id] : rest };
}

export function setHidden(
  layout: BoardLayout,
  ids: readonly string[],
  hidden: boolean,
): BoardLayout {
  const rest = layout.hidden.filter((h) => !ids.includes(h));
  return { ...layout, hidden: hidden ? [...rest, ...ids] : rest };
}

/** Sets a panel's own settings; undefined members go back to the page's. */
export function setPanel(
  layout: BoardLayout,
  id: string,
  patch: Partial<PanelLayout>,
): BoardLayout {
  const merged: Record<string, unknown> = { ...layout.panels[id], ...patch };
  for (const name of Object.keys(merged)) if (merged[name] === undefined) delete merged[name];
  const panels: Record<string, PanelLayout> = { ...layout.panels };
  if (Object.keys(merged).length === 0) delete panels[id];
  else panels[id] = merged as PanelLayout;
  return { ...layout, panels };
}
