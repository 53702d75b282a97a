// The keyboard of the welcome screen, where no store is open: `?` and Help > Keyboard Shortcuts
// show the sheet and Escape closes it, through the same listener as a store's pages; the rest
// of the shortcuts need a store, and wait for one.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { DesktopFunctions } from '../../../shared/api/bridge.js';
import type { ShortcutState } from './use-shortcut-listener.js';
import { useShortcutListener } from './use-shortcut-listener.js';
import { ShortcutSheet } from './ShortcutSheet.js';
import './keyboard.css';

export function WelcomeKeys({ desktop }: { desktop: DesktopFunctions }) {
  const [sheet, setSheet] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useMemo(
    () => () => {
      const focused = document.activeElement;
      returnFocus.current =
        focused instanceof HTMLElement && focused !== document.body ? focused : null;
      setSheet(true);
    },
    [],
  );
  const close = useMemo(
    () => () => {
      setSheet(false);
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back !== null && back.isConnected) back.focus({ preventScroll: true });
    },
    [],
  );

  useEffect(
    () =>
      desktop.onMenuCommand((command) => {
        if (command === 'show-help') open();
      }),
    [desktop, open],
  );

  const state = useRef<() => ShortcutState>(() => ({
    scopes: [],
    ownField: () => null,
    handler: () => undefined,
  }));
  state.current = () => ({
    scopes: sheet ? ['anywhere', 'overlay'] : ['anywhere'],
    ownField: () => null,
    handler: (id) =>
      id === 'sheet.open' ? open : id === 'overlay.close' && sheet ? close : undefined,
  });
  useShortcutListener(state);

  return sheet ? <ShortcutSheet onClose={close} /> : null;
}
