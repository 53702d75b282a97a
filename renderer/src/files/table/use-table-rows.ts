// A view of a table held by the worker (its sort, filter and the differing rows only), and the
// rows of it the page draws, asked for in blocks as they scroll into sight and forgotten when
// many blocks away: the page holds a few thousand rows of a table of millions.

import { useCallback, useEffect, useRef, useState } from 'react';
import { tableClient } from './table-client.js';
import type { ViewSpec } from './table-types.js';

/** Rows asked for at a time. */
const BLOCK = 200;
/** Blocks kept; the ones asked for longest ago go first. */
const KEPT_BLOCKS = 40;

export interface TableRow {
  readonly cells: readonly (string | null)[];
  /** In a joined table, the columns whose cells differ between the runs. */
  readonly differing: ReadonlySet<number>;
}

export interface TableRows {
  /** The rows the view holds; null until the worker has said. */
  readonly rowCount: number | null;
  /** A row of the view, once its block has come. */
  row(index: number): TableRow | undefined;
  /** Asks for the rows [from, to) the page is about to draw. */
  need(from: number, to: number): void;
  /** Why the view could not be made, when it could not. */
  readonly error: string | null;
}

const NO_DIFFERENCES: ReadonlySet<number> = new Set();

export function useTableRows(tableId: number, view: ViewSpec): TableRows {
  const [state, setState] = useState<{ version: number; rowCount: number | null }>({
    version: 0,
    rowCount: null,
  });
  const [error, setError] = useState<string | null>(null);
  const blocks = useRef(new Map<number, TableRow[]>());
  const asked = useRef(new Set<number>());
  const version = useRef(0);
  // Re-renders once a block the page waits for has come.
  const [, setArrivals] = useState(0);
  const viewKey = JSON.stringify(view);

  useEffect(() => {
    const mine = ++version.current;
    blocks.current = new Map();
    asked.current = new Set();
    setState({ version: mine, rowCount: null });
    tableClient()
      .request({ op: 'view', tableId, view: JSON.parse(viewKey) as ViewSpec })
      .then(({ rowCount }) => {
        if (version.current !== mine) return;
        setError(null);
        setState({ version: mine, rowCount });
      })
      .catch((failure: unknown) => {
        if (version.current === mine)
          setError(failure instanceof Error ? failure.message : String(failure));
      });
  }, [tableId, viewKey]);

  const need = useCallback(
    (from: number, to: number) => {
      if (state.rowCount === null || state.version !== version.current) return;
      const mine = state.version;
      for (
        let block = Math.floor(from / BLOCK);
        block * BLOCK < Math.min(to, state.rowCount);
        block++
      ) {
        if (asked.current.has(block)) continue;
        asked.current.add(block);
        void tableClient()
          .request({ op: 'rows', tableId, from: block * BLOCK, to: (block + 1) * BLOCK })
          .then((answer) => {
            if (version.current !== mine) return;
            const rows = answer.cells.map((cells, i) => ({
              cells,
              differing: answer.differing === null ? NO_DIFFERENCES : new Set(answer.differing[i]),
            }));
            blocks.current.set(block, rows);
            // Forget the blocks asked for first once too many are held.
            while (blocks.current.size > KEPT_BLOCKS) {
              const oldest = blocks.current.keys().next().value!;
              blocks.current.delete(oldest);
              asked.current.delete(oldest);
            }
            setArrivals((n) => n + 1);
          })
          .catch((failure: unknown) => {
            asked.current.delete(block);
            if (version.current === mine)
              setError(failure instanceof Error ? failure.message : String(failure));
          });
      }
    },
    [tableId, state],
  );

  const row = useCallback(
    (index: number) => blocks.current.get(Math.floor(index / BLOCK))?.[index % BLOCK],
    [],
  );

  return { rowCount: state.rowCount, row, need, error };
}
