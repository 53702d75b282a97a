// The runs table's keyboard: / focuses the filter, arrows move the cursor, Enter opens a run (or
// folds a group), Space selects a run (or a group's runs), Escape in the filter clears it.

import { useEffect } from 'react';
import type { TableRow } from './runs-table-model.js';

export function useRunsKeyboard(props: {
  rows: readonly TableRow[];
  cursor: number;
  setCursor: (update: (c: number) => number) => void;
  filter: React.RefObject<HTMLInputElement | null>;
  onOpen: (runId: string) => void;
  onToggleGroup: (groupId: string) => void;
  onSelectRow: (row: TableRow) => void;
  onClearFilter: () => void;
}): void {
  useEffect(() => {
    const { rows, cursor, setCursor, filter } = props;
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement;
      const typing =
        target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
      if (event.key === '/' && !typing) {
        event.preventDefault();
        filter.current?.focus();
        return;
      }
      if (typing && target !== filter.current) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setCursor((c) =>
          Math.max(0, Math.min(rows.length - 1, c + (event.key === 'ArrowDown' ? 1 : -1))),
        );
      } else if (event.key === 'Enter') {
        const row = rows[cursor];
        if (row?.type === 'run') props.onOpen(row.run.id);
        else if (row?.type === 'group') props.onToggleGroup(row.group.id);
      } else if (event.key === ' ' && !typing) {
        event.preventDefault();
        const row = rows[cursor];
        if (row !== undefined) props.onSelectRow(row);
      } else if (event.key === 'Escape' && target === filter.current) {
        props.onClearFilter();
        filter.current?.blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
