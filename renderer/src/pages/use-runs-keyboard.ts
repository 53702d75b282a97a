// The runs table's keyboard, as the shortcut table binds it: / focuses the filter, j k and the
// arrows move the cursor, Enter or o opens a run (or folds a group), Space or x selects a run (or a
// group's runs), Escape in the filter clears it. Also keeps the order the table shows for [ and ].

import { useEffect } from 'react';
import type { TableRow } from './runs-table-model.js';
import { useServices } from '../state/app-context.js';
import { tableHandlers } from '../keyboard/shortcut-handlers.js';
import { useRunsTableCommands, useShortcutScope } from '../keyboard/keyboard-context.js';

export function useRunsKeyboard(props: {
  rows: readonly TableRow[];
  cursor: number;
  setCursor: (update: (c: number) => number) => void;
  filter: React.RefObject<HTMLInputElement | null>;
  onOpen: (runId: string) => void;
  onToggleGroup: (groupId: string) => void;
  onSelectRow: (row: TableRow) => void;
  onClearFilter: () => void;
  /** The table's CSV export for the palette; null while it lists no run. */
  onExportCsv: (() => void) | null;
}): void {
  const { rows, cursor, setCursor, filter } = props;
  const { session } = useServices().store;
  useShortcutScope(
    'runs-table',
    tableHandlers({
      focusFilter: () => filter.current?.focus(),
      clearFilter: () => {
        props.onClearFilter();
        filter.current?.blur();
      },
      moveCursor: (step) => setCursor((c) => Math.max(0, Math.min(rows.length - 1, c + step))),
      openAtCursor: () => {
        const row = rows[cursor];
        if (row?.type === 'run') props.onOpen(row.run.id);
        else if (row?.type === 'group') props.onToggleGroup(row.group.id);
      },
      selectAtCursor: () => {
        const row = rows[cursor];
        if (row !== undefined) props.onSelectRow(row);
      },
    }),
    filter,
  );
  useRunsTableCommands({ exportCsv: props.onExportCsv });
  useEffect(() => session.setTableOrder(rows), [session, rows]);
}
