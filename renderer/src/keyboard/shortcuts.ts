// Every keyboard shortcut of the app as data: the keys, where they work and what they do in
// words. The key handler and the `?` sheet both read this table, so the sheet cannot disagree
// with the keys; the handlers for each id are in shortcut-handlers.ts.

import { strokeCaps } from './key-strokes.js';

/**
 * Where a shortcut works: anywhere in a store's pages, on a run's page, in the runs table, in the
 * command palette, or while the palette or the sheet is open (which silences the others).
 */
export type ShortcutScope = 'anywhere' | 'run-page' | 'runs-table' | 'palette' | 'overlay';

/**
 * Whether keys fire while a text field has focus: never (`outside`, so typing a "j" types it), in
 * the field the scope owns too (the runs filter moves the table's cursor with ↓), only there, or
 * in any field (Ctrl+K, which types nothing).
 */
export type FieldRule = 'outside' | 'also-own-field' | 'only-own-field' | 'any-field';

export interface KeyBinding {
  /** Strokes pressed in turn (see key-strokes.ts): ['g', 'r'] is g, then r. */
  readonly strokes: readonly string[];
  readonly fields: FieldRule;
}

export interface ShortcutSpec {
  readonly id: string;
  readonly scope: ShortcutScope;
  /** What the keys do, as the sheet says it. */
  readonly description: string;
  /** Alternatives: any one of them does it. */
  readonly bindings: readonly KeyBinding[];
  /** Works while the `?` sheet is open too, in its place (the palette's keys). */
  readonly overSheet?: true;
}

const outside = (...strokes: string[]): KeyBinding => ({ strokes, fields: 'outside' });
const alsoInOwnField = (stroke: string): KeyBinding => ({
  strokes: [stroke],
  fields: 'also-own-field',
});

// Keys follow GitHub's (? for this sheet, / to search, g then a letter to go, j and k to move,
// x to select, o to open, Ctrl+K for its palette) and VS Code's (Ctrl+Shift+P for commands,
// Escape to dismiss).
export const SHORTCUTS = [
  {
    id: 'palette.open',
    scope: 'anywhere',
    description: 'Find a run, key, page or command',
    bindings: [{ strokes: ['Mod+k'], fields: 'any-field' }],
    overSheet: true,
  },
  {
    id: 'palette.commands',
    scope: 'anywhere',
    description: 'Run a command (the palette with >)',
    bindings: [{ strokes: ['Mod+Shift+p'], fields: 'any-field' }],
    overSheet: true,
  },
  {
    id: 'sheet.open',
    scope: 'anywhere',
    description: 'Show the keyboard shortcuts',
    bindings: [outside('?')],
  },
  {
    id: 'go.runs',
    scope: 'anywhere',
    description: 'Go to the runs',
    bindings: [outside('g', 'r')],
  },
  {
    id: 'go.artifacts',
    scope: 'anywhere',
    description: 'Go to the artifacts',
    bindings: [outside('g', 'a')],
  },
  {
    id: 'compare.selected',
    scope: 'anywhere',
    description: 'Compare the selected runs',
    bindings: [outside('c')],
  },
  {
    id: 'run.previous',
    scope: 'run-page',
    description: 'Previous run, in the runs table’s order',
    bindings: [outside('[')],
  },
  {
    id: 'run.next',
    scope: 'run-page',
    description: 'Next run, in the runs table’s order',
    bindings: [outside(']')],
  },
  {
    id: 'table.filter',
    scope: 'runs-table',
    description: 'Filter the runs',
    bindings: [outside('/')],
  },
  {
    id: 'table.down',
    scope: 'runs-table',
    description: 'Move down',
    bindings: [outside('j'), alsoInOwnField('ArrowDown')],
  },
  {
    id: 'table.up',
    scope: 'runs-table',
    description: 'Move up',
    bindings: [outside('k'), alsoInOwnField('ArrowUp')],
  },
  {
    id: 'table.open',
    scope: 'runs-table',
    description: 'Open the run (or fold the group)',
    bindings: [alsoInOwnField('Enter'), outside('o')],
  },
  {
    id: 'table.select',
    scope: 'runs-table',
    description: 'Select the run (or the group’s runs)',
    bindings: [outside('Space'), outside('x')],
  },
  {
    id: 'table.clear-filter',
    scope: 'runs-table',
    description: 'In the filter: clear it',
    bindings: [{ strokes: ['Escape'], fields: 'only-own-field' }],
  },
  {
    id: 'palette.down',
    scope: 'palette',
    description: 'Next result',
    bindings: [alsoInOwnField('ArrowDown')],
  },
  {
    id: 'palette.up',
    scope: 'palette',
    description: 'Previous result',
    bindings: [alsoInOwnField('ArrowUp')],
  },
  {
    id: 'palette.choose',
    scope: 'palette',
    description: 'Open the result',
    bindings: [alsoInOwnField('Enter')],
  },
  {
    id: 'overlay.close',
    scope: 'overlay',
    description: 'Close the palette, this sheet or a menu',
    bindings: [{ strokes: ['Escape'], fields: 'any-field' }],
  },
] as const satisfies readonly ShortcutSpec[];

export type Shortcut = (typeof SHORTCUTS)[number];
export type ShortcutId = Shortcut['id'];
export type ShortcutIdIn<S extends ShortcutScope> = Extract<Shortcut, { scope: S }>['id'];

/** The sheet's sections, in its order, each a scope's shortcuts. */
export const SHEET_SECTIONS: readonly { readonly scope: ShortcutScope; readonly title: string }[] =
  [
    { scope: 'anywhere', title: 'Anywhere' },
    { scope: 'runs-table', title: 'Runs table' },
    { scope: 'run-page', title: 'Run page' },
    { scope: 'palette', title: 'Command palette' },
    { scope: 'overlay', title: 'Dialogs and menus' },
  ];

export function shortcutsIn(scope: ShortcutScope): readonly ShortcutSpec[] {
  return SHORTCUTS.filter((shortcut) => shortcut.scope === scope);
}

export function shortcutById(id: ShortcutId): ShortcutSpec {
  return SHORTCUTS.find((shortcut) => shortcut.id === id)!;
}

/** A shortcut's keys in words, for a message: "Space or x", "g r", "Ctrl+K". */
export function shortcutText(id: ShortcutId, mac: boolean): string {
  return shortcutById(id)
    .bindings.map((binding) =>
      binding.strokes.map((stroke) => strokeCaps(stroke, mac).join(mac ? '' : '+')).join(' '),
    )
    .join(' or ');
}
