// Which shortcut a stroke fires: the scopes active now, the typing guard (what each binding may
// do while a field has focus) and two-key chords such as g then r, which wait a moment for their
// second key.

import type { FocusKind } from './key-strokes.js';
import { activatesControl } from './key-strokes.js';
import type { FieldRule, ShortcutId, ShortcutScope, ShortcutSpec } from './shortcuts.js';

/** How long a chord's first key waits for its second: GitHub's hotkeys wait 1.5 s. */
export const CHORD_TIMEOUT_MS = 1500;

/** Where focus is, seen from one scope: in a text field, and whether it is the scope's own. */
export interface FocusHere {
  readonly kind: FocusKind;
  /** True when the focused element is the field the scope owns (the runs table's filter). */
  readonly inOwnField: boolean;
}

/** Whether a binding with this field rule may fire with focus where it is. */
export function fieldAllows(
  rule: FieldRule,
  strokes: readonly string[],
  focus: FocusHere,
): boolean {
  if (rule === 'any-field') return true;
  if (rule === 'only-own-field') return focus.inOwnField;
  // A focused button or checkbox takes its own Enter and Space; a shortcut would act twice.
  if (focus.kind === 'control' && strokes.some(activatesControl)) return false;
  if (focus.kind !== 'text') return true;
  return rule === 'also-own-field' && focus.inOwnField;
}

/** A binding that may fire now: its shortcut and its strokes. */
export interface LiveBinding {
  readonly id: ShortcutId;
  readonly strokes: readonly string[];
}

/**
 * The bindings that may fire now, in the order the scopes are given (the first scope wins a
 * stroke two of them bind). `focusIn(scope)` tells where focus is as that scope sees it. With
 * the sheet open, only its own keys and those that work over it (the palette's) are live.
 */
export function liveBindings(
  shortcuts: readonly ShortcutSpec[],
  scopes: readonly ActiveScope[],
  focusIn: (scope: ShortcutScope) => FocusHere,
): LiveBinding[] {
  const live: LiveBinding[] = [];
  for (const active of scopes) {
    const scope = active === 'over-sheet' ? 'anywhere' : active;
    const focus = focusIn(scope);
    for (const shortcut of shortcuts) {
      if (shortcut.scope !== scope) continue;
      if (active === 'over-sheet' && shortcut.overSheet !== true) continue;
      for (const binding of shortcut.bindings)
        if (fieldAllows(binding.fields, binding.strokes, focus))
          live.push({ id: shortcut.id as ShortcutId, strokes: binding.strokes });
    }
  }
  return live;
}

/** A scope live now, or the keys of 'anywhere' that work over the open sheet. */
export type ActiveScope = ShortcutScope | 'over-sheet';

/**
 * The scopes active now, first the one that wins: an open palette or sheet silences the pages'
 * keys; otherwise the runs table's (when it is shown), a run page's, and those that work
 * anywhere.
 */
export function activeScopes(state: {
  readonly palette: boolean;
  readonly sheet: boolean;
  readonly runsTable: boolean;
  readonly runPage: boolean;
}): ActiveScope[] {
  if (state.palette) return ['palette', 'overlay'];
  if (state.sheet) return ['overlay', 'over-sheet'];
  const scopes: ActiveScope[] = [];
  if (state.runsTable) scopes.push('runs-table');
  if (state.runPage) scopes.push('run-page');
  scopes.push('anywhere');
  return scopes;
}

export type ChordResult =
  | { readonly kind: 'fire'; readonly id: ShortcutId }
  /** The stroke starts a chord: wait for the next. */
  | { readonly kind: 'wait' }
  | { readonly kind: 'none' };

function startsWith(strokes: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= strokes.length && prefix.every((stroke, i) => strokes[i] === stroke);
}

/** Strokes in, shortcuts out: remembers a chord's first key until its second or its timeout. */
export class ChordReader {
  private pending: readonly string[] = [];
  private pendingSince = 0;

  constructor(private readonly timeoutMs = CHORD_TIMEOUT_MS) {}

  /** Reads a stroke pressed at `nowMs` against the bindings live now. */
  read(stroke: string, nowMs: number, bindings: readonly LiveBinding[]): ChordResult {
    if (this.pending.length > 0 && nowMs - this.pendingSince > this.timeoutMs) this.pending = [];
    const sequence = [...this.pending, stroke];
    const exact = bindings.find(
      (binding) =>
        binding.strokes.length === sequence.length && startsWith(binding.strokes, sequence),
    );
    if (exact !== undefined) {
      this.pending = [];
      return { kind: 'fire', id: exact.id };
    }
    if (bindings.some((binding) => startsWith(binding.strokes, sequence))) {
      this.pending = sequence;
      this.pendingSince = nowMs;
      return { kind: 'wait' };
    }
    // A chord broken off: the stroke that broke it counts on its own (g then j moves down).
    if (this.pending.length > 0) {
      this.pending = [];
      return this.read(stroke, nowMs, bindings);
    }
    return { kind: 'none' };
  }

  /** Forgets a chord's first key (focus moved, a dialog opened). */
  reset(): void {
    this.pending = [];
  }
}
