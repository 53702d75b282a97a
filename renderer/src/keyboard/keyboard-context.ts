// What the keyboard layer lends the components under it: opening the palette and the sheet, and
// a way for the runs table and the palette to lend their keys their handlers while mounted.

import { createContext, useContext, useEffect } from 'react';
import type { ScopeHandlers } from './shortcut-handlers.js';
import { useLatest } from './use-latest.js';

/** Scopes whose handlers a component lends; the layer itself handles the rest. */
export type LentScope = 'runs-table' | 'palette';

export interface ScopeLoan<S extends LentScope = LentScope> {
  readonly handlers: ScopeHandlers<S>;
  /** The field in which the scope's keys that may (the filter's ↓, Enter, Escape) still work. */
  readonly ownField: { readonly current: HTMLElement | null };
}

/** What the runs table lends the palette's commands while it is shown. */
export interface RunsTableCommands {
  /** Saves the table as shown; null while it lists no run. */
  readonly exportCsv: (() => void) | null;
}

export interface KeyboardLayer {
  openPalette(query?: string): void;
  openSheet(): void;
  lendScope<S extends LentScope>(scope: S, loan: { readonly current: ScopeLoan<S> }): () => void;
  lendTableCommands(commands: { readonly current: RunsTableCommands }): () => void;
}

export const KeyboardContext = createContext<KeyboardLayer | null>(null);

export function useKeyboard(): KeyboardLayer {
  const layer = useContext(KeyboardContext);
  if (layer === null) throw new Error('useKeyboard outside the keyboard layer');
  return layer;
}

/** Lends a scope's keys their handlers for as long as the calling component is mounted. */
export function useShortcutScope<S extends LentScope>(
  scope: S,
  handlers: ScopeHandlers<S>,
  ownField: { readonly current: HTMLElement | null },
): void {
  const layer = useKeyboard();
  const loan = useLatest<ScopeLoan<S>>({ handlers, ownField });
  useEffect(() => layer.lendScope(scope, loan), [layer, scope, loan]);
}

export function useRunsTableCommands(commands: RunsTableCommands): void {
  const layer = useKeyboard();
  const latest = useLatest(commands);
  useEffect(() => layer.lendTableCommands(latest), [layer, latest]);
}
