// Column widths of a table, first from what the columns hold, then as the user drags them; a
// new table (other columns) starts again from what its columns hold.

import { useCallback, useState } from 'react';
import type { ColumnMeta } from './table-types.js';

export const MIN_COLUMN = 48;
const MAX_FIRST_WIDTH = 360;
/** About a character of the table's font, for the first widths. */
const CHARACTER = 7.5;

function firstWidth(column: ColumnMeta, headerChars: number): number {
  const media = column.pathKinds.some((kind) => kind === 'image' || kind === 'video');
  const wanted = Math.max(headerChars + 2, column.typicalLength + 1) * CHARACTER + 24;
  return Math.round(Math.min(MAX_FIRST_WIDTH, Math.max(media ? 96 : MIN_COLUMN, wanted)));
}

/**
 * The widths of the columns, and a way to set one. `headerChars` is how long a column's header
 * reads (its name, unless the table draws more there).
 */
export function useColumnWidths(
  columns: readonly ColumnMeta[],
  headerChars: (column: ColumnMeta) => number = (column) => column.name.length,
): [readonly number[], (column: number, width: number) => void] {
  const key = JSON.stringify(columns.map((c) => c.name));
  const first = (): number[] => columns.map((c) => firstWidth(c, headerChars(c)));
  const [held, setHeld] = useState<{ key: string; widths: number[] }>(() => ({
    key,
    widths: first(),
  }));
  const widths = held.key === key ? held.widths : first();
  const resize = useCallback(
    (column: number, width: number) =>
      setHeld((now) => {
        const base = now.key === key ? now.widths : first();
        const next = [...base];
        next[column] = Math.max(MIN_COLUMN, Math.round(width));
        return { key, widths: next };
      }),
    // first reads only the columns and headerChars, both named by key for what they give.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return [widths, resize];
}
