// renderer/src/keyboard/shortcut-dispatch: the typing guard (what fires while a field has focus),
// which scopes are live, and chords that wait for their second key, then give up.

import { describe, expect, it } from 'vitest';
import type { ActiveScope, FocusHere } from '../../renderer/src/keyboard/shortcut-dispatch.js';
import {
  CHORD_TIMEOUT_MS,
  ChordReader,
  activeScopes,
  fieldAllows,
  liveBindings,
} from '../../renderer/src/keyboard/shortcut-dispatch.js';
import { SHORTCUTS } from '../../renderer/src/keyboard/shortcuts.js';

const NOWHERE: FocusHere = { kind: 'none', inOwnField: false };
const OTHER_FIELD: FocusHere = { kind: 'text', inOwnField: false };
const OWN_FIELD: FocusHere = { kind: 'text', inOwnField: true };
const BUTTON: FocusHere = { kind: 'control', inOwnField: false };

/** What a stroke fires, read alone, with focus where given and the pages' scopes live. */
function fired(stroke: string, focus: FocusHere, scopes?: ActiveScope[]): string | null {
  const live = liveBindings(
    SHORTCUTS,
    scopes ?? activeScopes({ palette: false, sheet: false, runsTable: true, runPage: true }),
    () => focus,
  );
  const result = new ChordReader().read(stroke, 0, live);
  return result.kind === 'fire' ? result.id : result.kind;
}

describe('the typing guard', () => {
  it('lets no key that types fire while a field has focus', () => {
    for (const stroke of ['j', 'k', 'x', 'o', 'c', '?', '/', '[', ']', 'g', 'Space']) {
      expect(fired(stroke, OTHER_FIELD), stroke).toBe('none');
      expect(fired(stroke, OWN_FIELD), stroke).toBe('none');
    }
  });

  it('lets the table’s arrows and Enter work in its own filter, not in other fields', () => {
    expect(fired('ArrowDown', OWN_FIELD)).toBe('table.down');
    expect(fired('ArrowUp', OWN_FIELD)).toBe('table.up');
    expect(fired('Enter', OWN_FIELD)).toBe('table.open');
    expect(fired('Escape', OWN_FIELD)).toBe('table.clear-filter');
    expect(fired('ArrowDown', OTHER_FIELD)).toBe('none');
    expect(fired('Enter', OTHER_FIELD)).toBe('none');
    expect(fired('Escape', OTHER_FIELD)).toBe('none');
    // Escape clears the filter only from inside it.
    expect(fired('Escape', NOWHERE)).toBe('none');
  });

  it('lets Ctrl+K and Ctrl+Shift+P work in any field: they type nothing', () => {
    expect(fired('Mod+k', OTHER_FIELD)).toBe('palette.open');
    expect(fired('Mod+Shift+p', OWN_FIELD)).toBe('palette.commands');
  });

  it('leaves Enter and Space to a focused button, and the rest of the keys fire', () => {
    expect(fired('Enter', BUTTON)).toBe('none');
    expect(fired('Space', BUTTON)).toBe('none');
    expect(fired('x', BUTTON)).toBe('table.select');
    expect(fired('j', BUTTON)).toBe('table.down');
    expect(fired('Enter', NOWHERE)).toBe('table.open');
    expect(fired('Space', NOWHERE)).toBe('table.select');
  });

  it('states each rule once', () => {
    expect(fieldAllows('outside', ['j'], NOWHERE)).toBe(true);
    expect(fieldAllows('outside', ['j'], OWN_FIELD)).toBe(false);
    expect(fieldAllows('also-own-field', ['ArrowDown'], OWN_FIELD)).toBe(true);
    expect(fieldAllows('also-own-field', ['ArrowDown'], OTHER_FIELD)).toBe(false);
    expect(fieldAllows('only-own-field', ['Escape'], NOWHERE)).toBe(false);
    expect(fieldAllows('any-field', ['Mod+k'], OTHER_FIELD)).toBe(true);
  });
});

describe('the scopes live', () => {
  it('silences the pages’ keys while the palette or the sheet is open', () => {
    expect(activeScopes({ palette: true, sheet: false, runsTable: true, runPage: false })).toEqual([
      'palette',
      'overlay',
    ]);
    expect(activeScopes({ palette: false, sheet: true, runsTable: true, runPage: true })).toEqual([
      'overlay',
      'over-sheet',
    ]);
    const sheetOpen = activeScopes({ palette: false, sheet: true, runsTable: true, runPage: true });
    expect(fired('j', NOWHERE, sheetOpen)).toBe('none');
    expect(fired('Escape', NOWHERE, sheetOpen)).toBe('overlay.close');
    // The sheet's footer says the palette's keys work everywhere: over the sheet too.
    expect(fired('Mod+k', NOWHERE, sheetOpen)).toBe('palette.open');
    expect(fired('Mod+Shift+p', NOWHERE, sheetOpen)).toBe('palette.commands');
    expect(fired('?', NOWHERE, sheetOpen)).toBe('none');
    expect(fired('g', NOWHERE, sheetOpen)).toBe('none');
  });

  it('has the table’s keys only with the table, and [ ] only on a run page', () => {
    const runsPage = activeScopes({
      palette: false,
      sheet: false,
      runsTable: true,
      runPage: false,
    });
    expect(runsPage).toEqual(['runs-table', 'anywhere']);
    expect(fired(']', NOWHERE, runsPage)).toBe('none');
    const runPage = activeScopes({ palette: false, sheet: false, runsTable: false, runPage: true });
    expect(fired(']', NOWHERE, runPage)).toBe('run.next');
    expect(fired('j', NOWHERE, runPage)).toBe('none');
  });

  it('gives the palette its arrows and Enter in its own input, and Escape closes it', () => {
    const open = activeScopes({ palette: true, sheet: false, runsTable: true, runPage: false });
    expect(fired('ArrowDown', OWN_FIELD, open)).toBe('palette.down');
    expect(fired('Enter', OWN_FIELD, open)).toBe('palette.choose');
    expect(fired('Escape', OWN_FIELD, open)).toBe('overlay.close');
    expect(fired('c', OWN_FIELD, open)).toBe('none');
  });
});

describe('ChordReader', () => {
  const live = liveBindings(
    SHORTCUTS,
    activeScopes({ palette: false, sheet: false, runsTable: true, runPage: false }),
    () => NOWHERE,
  );

  it('waits after g and fires g then r within the timeout', () => {
    const reader = new ChordReader();
    expect(reader.read('g', 1000, live)).toEqual({ kind: 'wait' });
    expect(reader.read('r', 1000 + CHORD_TIMEOUT_MS, live)).toEqual({
      kind: 'fire',
      id: 'go.runs',
    });
    // Fired: the next r is an r alone, which is nothing.
    expect(reader.read('r', 1000 + CHORD_TIMEOUT_MS + 10, live)).toEqual({ kind: 'none' });
  });

  it('forgets the g after the timeout', () => {
    const reader = new ChordReader();
    reader.read('g', 1000, live);
    expect(reader.read('a', 1000 + CHORD_TIMEOUT_MS + 1, live)).toEqual({ kind: 'none' });
  });

  it('reads the key that breaks a chord on its own', () => {
    const reader = new ChordReader();
    reader.read('g', 0, live);
    expect(reader.read('j', 10, live)).toEqual({ kind: 'fire', id: 'table.down' });
    reader.read('g', 20, live);
    expect(reader.read('q', 30, live)).toEqual({ kind: 'none' });
    expect(reader.read('a', 40, live)).toEqual({ kind: 'none' });
  });

  it('forgets a chord on reset', () => {
    const reader = new ChordReader();
    reader.read('g', 0, live);
    reader.reset();
    expect(reader.read('a', 10, live)).toEqual({ kind: 'none' });
  });
});
