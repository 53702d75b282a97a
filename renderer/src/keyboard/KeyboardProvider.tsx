// The keyboard layer of a store's pages: the window's shortcuts, the command palette and the `?`
// sheet (one open at a time, focus given back on close), the palette's sources, and the app's
// actions the shortcuts and commands share.

import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRoute, useServices } from '../state/app-context.js';
import type { KeyboardLayer, LentScope, RunsTableCommands, ScopeLoan } from './keyboard-context.js';
import { KeyboardContext } from './keyboard-context.js';
import { PaletteRegistry, PaletteRegistryContext } from './palette-sources.js';
import type { AppActions } from './shortcut-handlers.js';
import { anywhereHandlers, overlayHandlers, runPageHandlers } from './shortcut-handlers.js';
import { activeScopes } from './shortcut-dispatch.js';
import type { ShortcutId } from './shortcuts.js';
import { shortcutById, shortcutText } from './shortcuts.js';
import type { ShortcutState } from './use-shortcut-listener.js';
import { useShortcutListener } from './use-shortcut-listener.js';
import { useLatest } from './use-latest.js';
import { neighbourRun } from './run-order.js';
import { BuiltInSources } from './BuiltInSources.js';
import type { BuiltInActions } from './BuiltInSources.js';
import { CommandPalette } from './CommandPalette.js';
import { ShortcutSheet } from './ShortcutSheet.js';
import { MAC } from './platform.js';
import './keyboard.css';

type Overlay = { readonly kind: 'palette'; readonly query: string } | { readonly kind: 'sheet' };

export function KeyboardProvider(props: {
  theme: 'light' | 'dark';
  onToggleTheme: () => void;
  children: ReactNode;
}) {
  const { bridge, store, toast } = useServices();
  const [route, navigate] = useRoute();
  const registry = useMemo(() => new PaletteRegistry(), []);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const overlayOpen = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const loans = useRef(new Map<LentScope, { readonly current: ScopeLoan }>());
  const tableCommands = useRef<{ readonly current: RunsTableCommands } | null>(null);
  // The palette's "Filter the runs" from another page: the filter is focused once the table is.
  const filterOnArrival = useRef(false);

  const open = useCallback((next: Overlay) => {
    // One overlay in place of another (the menu's Help over the palette) gives back the focus
    // of before the first.
    if (!overlayOpen.current) {
      const focused = document.activeElement;
      returnFocus.current =
        focused instanceof HTMLElement && focused !== document.body ? focused : null;
    }
    overlayOpen.current = true;
    setOverlay(next);
  }, []);

  // Focus goes back at once, not after the render: a command run right after may move it on.
  const close = useCallback(() => {
    const back = returnFocus.current;
    returnFocus.current = null;
    overlayOpen.current = false;
    setOverlay(null);
    if (back !== null && back.isConnected) back.focus({ preventScroll: true });
  }, []);

  const openPalette = useCallback((query = '') => open({ kind: 'palette', query }), [open]);
  const openSheet = useCallback(() => open({ kind: 'sheet' }), [open]);

  const routeNow = useLatest(route);
  const app: AppActions = useMemo(
    () => ({
      openPalette,
      openSheet,
      closeOverlay: close,
      navigate,
      compareSelection: () => {
        const { runs } = store.getView();
        const ids = [...store.session.getSelection()].filter((id) => runs.has(id));
        if (ids.length >= 2) return navigate({ page: 'compare', runIds: ids });
        const how = shortcutText('table.select', MAC);
        toast(
          ids.length === 0
            ? `Select two or more runs to compare (${how} in the runs table).`
            : `One run is selected: select another to compare (${how} in the runs table).`,
        );
      },
      stepRun: (step) => {
        const shown = routeNow.current;
        if (shown.page !== 'run') return;
        const runs = store.getView().runs;
        const next = neighbourRun(shown.runId, step, store.session.getTableOrder(), runs);
        if (next !== null) return navigate({ page: 'run', runId: next, tab: shown.tab });
        toast(`This is the ${step > 0 ? 'last' : 'first'} run in the runs table’s order.`);
      },
    }),
    [openPalette, openSheet, close, navigate, store, toast, routeNow],
  );

  const layer: KeyboardLayer = useMemo(
    () => ({
      openPalette,
      openSheet,
      lendScope: (scope, loan) => {
        const lent = loan as { readonly current: ScopeLoan };
        loans.current.set(scope, lent);
        if (scope === 'runs-table' && filterOnArrival.current) {
          filterOnArrival.current = false;
          (lent.current as ScopeLoan<'runs-table'>).handlers['table.filter']();
        }
        return () => {
          if (loans.current.get(scope) === lent) loans.current.delete(scope);
        };
      },
      lendTableCommands: (commands) => {
        tableCommands.current = commands;
        return () => {
          if (tableCommands.current === commands) tableCommands.current = null;
        };
      },
    }),
    [openPalette, openSheet],
  );

  const builtIn: BuiltInActions = useMemo(
    () => ({
      ...app,
      route: () => routeNow.current,
      toggleTheme: props.onToggleTheme,
      focusRunsFilter: () => {
        const table = loans.current.get('runs-table');
        if (table !== undefined)
          return (table.current as ScopeLoan<'runs-table'>).handlers['table.filter']();
        filterOnArrival.current = true;
        navigate({ page: 'runs' });
      },
      exportRunsCsv: () => tableCommands.current?.current.exportCsv ?? null,
    }),
    [app, routeNow, props.onToggleTheme, navigate],
  );

  const handlers = useMemo(
    () =>
      ({
        ...anywhereHandlers(app),
        ...runPageHandlers(app),
        ...overlayHandlers(app),
      }) as Partial<Record<ShortcutId, () => void>>,
    [app],
  );
  const state = useLatest((): ShortcutState => {
    const lent = (scope: LentScope) => loans.current.get(scope)?.current;
    return {
      scopes: activeScopes({
        palette: overlay?.kind === 'palette',
        sheet: overlay?.kind === 'sheet',
        runsTable: loans.current.has('runs-table'),
        runPage: route.page === 'run',
      }),
      ownField: (scope) =>
        scope === 'runs-table' || scope === 'palette'
          ? (lent(scope)?.ownField.current ?? null)
          : null,
      handler: (id) => {
        const { scope } = shortcutById(id);
        if (scope !== 'runs-table' && scope !== 'palette') return handlers[id];
        return (lent(scope)?.handlers as Partial<Record<ShortcutId, () => void>>)?.[id];
      },
    };
  });
  useShortcutListener(state);

  // The desktop app's Help > Keyboard Shortcuts and View > Command Palette….
  useEffect(
    () =>
      bridge.desktop?.onMenuCommand((command) => {
        if (command === 'show-help') openSheet();
        if (command === 'show-palette') openPalette();
      }),
    [bridge, openSheet, openPalette],
  );

  return (
    <KeyboardContext.Provider value={layer}>
      <PaletteRegistryContext.Provider value={registry}>
        {/* Before the pages: the built-in sources register first, and list first. */}
        <BuiltInSources theme={props.theme} actions={builtIn} />
        {props.children}
        {overlay?.kind === 'palette' ? (
          <CommandPalette initialQuery={overlay.query} registry={registry} onClose={close} />
        ) : null}
        {overlay?.kind === 'sheet' ? <ShortcutSheet onClose={close} /> : null}
      </PaletteRegistryContext.Provider>
    </KeyboardContext.Provider>
  );
}
