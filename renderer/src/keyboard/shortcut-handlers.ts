// What each shortcut of shortcuts.ts does, by scope: each builder must name a handler for every
// id of its scope (the types see to it), in terms of the few actions the app, the runs table and
// the palette lend it.

import type { Route } from '../state/route.js';
import type { ShortcutIdIn, ShortcutScope } from './shortcuts.js';

export type ScopeHandlers<S extends ShortcutScope> = Readonly<Record<ShortcutIdIn<S>, () => void>>;

/** What the app's shortcuts act on. */
export interface AppActions {
  openPalette(query: string): void;
  openSheet(): void;
  closeOverlay(): void;
  navigate(route: Route): void;
  /** Compares the selected runs, or says why it cannot. */
  compareSelection(): void;
  /** Opens the run before (-1) or after (1) the one shown, in the runs table's order. */
  stepRun(step: -1 | 1): void;
}

export interface TableActions {
  focusFilter(): void;
  clearFilter(): void;
  moveCursor(step: -1 | 1): void;
  openAtCursor(): void;
  selectAtCursor(): void;
}

export interface PaletteActions {
  moveActive(step: -1 | 1): void;
  chooseActive(): void;
}

export function anywhereHandlers(app: AppActions): ScopeHandlers<'anywhere'> {
  return {
    'palette.open': () => app.openPalette(''),
    'palette.commands': () => app.openPalette('>'),
    'sheet.open': () => app.openSheet(),
    'go.runs': () => app.navigate({ page: 'runs' }),
    'go.artifacts': () => app.navigate({ page: 'artifacts' }),
    'compare.selected': () => app.compareSelection(),
  };
}

export function runPageHandlers(app: AppActions): ScopeHandlers<'run-page'> {
  return {
    'run.previous': () => app.stepRun(-1),
    'run.next': () => app.stepRun(1),
  };
}

export function overlayHandlers(app: AppActions): ScopeHandlers<'overlay'> {
  return { 'overlay.close': () => app.closeOverlay() };
}

export function tableHandlers(table: TableActions): ScopeHandlers<'runs-table'> {
  return {
    'table.filter': () => table.focusFilter(),
    'table.down': () => table.moveCursor(1),
    'table.up': () => table.moveCursor(-1),
    'table.open': () => table.openAtCursor(),
    'table.select': () => table.selectAtCursor(),
    'table.clear-filter': () => table.clearFilter(),
  };
}

export function paletteHandlers(palette: PaletteActions): ScopeHandlers<'palette'> {
  return {
    'palette.down': () => palette.moveActive(1),
    'palette.up': () => palette.moveActive(-1),
    'palette.choose': () => palette.chooseActive(),
  };
}
