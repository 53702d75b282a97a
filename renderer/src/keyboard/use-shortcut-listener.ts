// The window's one keydown listener for shortcuts: a press becomes a stroke, the typing guard and
// the scopes live now choose the bindings, the chord reader the shortcut, and its handler runs.

import { useEffect } from 'react';
import { focusKind, strokeOf } from './key-strokes.js';
import { ChordReader, liveBindings } from './shortcut-dispatch.js';
import type { ActiveScope } from './shortcut-dispatch.js';
import type { ShortcutId, ShortcutScope } from './shortcuts.js';
import { SHORTCUTS } from './shortcuts.js';
import { MAC } from './platform.js';

/** What the listener asks of the layer at each press: it changes with the page and overlays. */
export interface ShortcutState {
  readonly scopes: readonly ActiveScope[];
  /** The field a scope owns, if any (the runs filter, the palette's input). */
  ownField(scope: ShortcutScope): HTMLElement | null;
  handler(id: ShortcutId): (() => void) | undefined;
}

export function useShortcutListener(state: { readonly current: () => ShortcutState }): void {
  useEffect(() => {
    const reader = new ChordReader();
    const onKey = (event: KeyboardEvent): void => {
      // Keys an IME is composing with, or a component already took, are not shortcuts.
      if (event.isComposing || event.defaultPrevented) return;
      const stroke = strokeOf(event, MAC);
      if (stroke === null) return;
      const now = state.current();
      const focused =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
      const kind = focusKind(focused);
      const live = liveBindings(SHORTCUTS, now.scopes, (scope) => ({
        kind,
        inOwnField: focused !== null && now.ownField(scope) === focused,
      }));
      const result = reader.read(stroke, event.timeStamp, live);
      if (result.kind === 'wait') {
        event.preventDefault();
        return;
      }
      if (result.kind !== 'fire') return;
      const handler = now.handler(result.id);
      if (handler === undefined) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state]);
}
