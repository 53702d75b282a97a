// renderer/src/keyboard/shortcuts and shortcut-handlers: every shortcut has a description, keys, a
// section of the sheet and a handler that does what it says; no keys are bound twice where both
// could fire.

import { describe, expect, it } from 'vitest';
import type { Route } from '../../renderer/src/state/route.js';
import { SHEET_SECTIONS, SHORTCUTS } from '../../renderer/src/keyboard/shortcuts.js';
import {
  anywhereHandlers,
  overlayHandlers,
  paletteHandlers,
  runPageHandlers,
  tableHandlers,
} from '../../renderer/src/keyboard/shortcut-handlers.js';
import { activeScopes } from '../../renderer/src/keyboard/shortcut-dispatch.js';

/** Every action any handler may take, each call written down as text. */
function recorder() {
  const calls: string[] = [];
  const note =
    (name: string) =>
    (...args: unknown[]): void =>
      void calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`);
  const app = {
    openPalette: note('openPalette'),
    openSheet: note('openSheet'),
    closeOverlay: note('closeOverlay'),
    navigate: note('navigate') as (route: Route) => void,
    compareSelection: note('compareSelection'),
    stepRun: note('stepRun'),
  };
  const table = {
    focusFilter: note('focusFilter'),
    clearFilter: note('clearFilter'),
    moveCursor: note('moveCursor'),
    openAtCursor: note('openAtCursor'),
    selectAtCursor: note('selectAtCursor'),
  };
  const palette = { moveActive: note('moveActive'), chooseActive: note('chooseActive') };
  const handlers: Record<string, () => void> = {
    ...anywhereHandlers(app),
    ...runPageHandlers(app),
    ...overlayHandlers(app),
    ...tableHandlers(table),
    ...paletteHandlers(palette),
  };
  return { calls, handlers };
}

/** What each shortcut's description promises, as the action its handler must take. */
const DOES: Record<string, string> = {
  'palette.open': 'openPalette("")',
  'palette.commands': 'openPalette(">")',
  'sheet.open': 'openSheet()',
  'go.runs': 'navigate({"page":"runs"})',
  'go.artifacts': 'navigate({"page":"artifacts"})',
  'compare.selected': 'compareSelection()',
  'run.previous': 'stepRun(-1)',
  'run.next': 'stepRun(1)',
  'table.filter': 'focusFilter()',
  'table.down': 'moveCursor(1)',
  'table.up': 'moveCursor(-1)',
  'table.open': 'openAtCursor()',
  'table.select': 'selectAtCursor()',
  'table.clear-filter': 'clearFilter()',
  'palette.down': 'moveActive(1)',
  'palette.up': 'moveActive(-1)',
  'palette.choose': 'chooseActive()',
  'overlay.close': 'closeOverlay()',
};

describe('the shortcut table', () => {
  it('gives every shortcut a unique id, a description and keys', () => {
    const ids = SHORTCUTS.map((shortcut) => shortcut.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const shortcut of SHORTCUTS) {
      expect(shortcut.description.trim().length, shortcut.id).toBeGreaterThan(5);
      expect(shortcut.bindings.length, shortcut.id).toBeGreaterThan(0);
      for (const binding of shortcut.bindings) expect(binding.strokes.length).toBeGreaterThan(0);
    }
  });

  it('gives every shortcut a handler that does what its description says', () => {
    const { calls, handlers } = recorder();
    expect(Object.keys(handlers).sort()).toEqual(SHORTCUTS.map((s) => s.id).sort());
    expect(Object.keys(DOES).sort()).toEqual(SHORTCUTS.map((s) => s.id).sort());
    for (const shortcut of SHORTCUTS) {
      calls.length = 0;
      handlers[shortcut.id]!();
      expect(calls, shortcut.id).toEqual([DOES[shortcut.id]]);
    }
  });

  it('shows every scope in a section of the sheet', () => {
    const scopes = new Set(SHORTCUTS.map((shortcut) => shortcut.scope));
    expect(new Set(SHEET_SECTIONS.map((section) => section.scope))).toEqual(scopes);
  });

  it('never binds keys two live shortcuts share, or one that starts another’s chord', () => {
    const states = [false, true].flatMap((palette) =>
      [false, true].flatMap((sheet) =>
        [false, true].flatMap((runsTable) =>
          [false, true].map((runPage) => ({ palette, sheet, runsTable, runPage })),
        ),
      ),
    );
    for (const state of states) {
      const scopes = activeScopes(state);
      const live = SHORTCUTS.filter(
        (s) =>
          scopes.includes(s.scope) ||
          (scopes.includes('over-sheet') && 'overSheet' in s && s.overSheet),
      ).flatMap((shortcut) => shortcut.bindings.map((binding) => ({ id: shortcut.id, binding })));
      for (const a of live)
        for (const b of live) {
          if (a === b) continue;
          const [short, long] =
            a.binding.strokes.length <= b.binding.strokes.length ? [a, b] : [b, a];
          const prefix = short.binding.strokes.every((s, i) => long.binding.strokes[i] === s);
          // The only keys two scopes share are Escape's: the filter's own, and the overlays',
          // which are never live together.
          expect(prefix, `${a.id} and ${b.id} in ${scopes.join(',')}`).toBe(false);
        }
    }
  });
});
