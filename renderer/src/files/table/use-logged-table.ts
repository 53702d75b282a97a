// A logged table file opened in the worker while the page shows it, closed when it no longer
// does; a file the reader cannot read, or that is no table, says why.

import { useEffect, useMemo, useState } from 'react';
import type { LoggedFileInfo, LoggedFileKind } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { tableClient } from './table-client.js';
import type { NotATable, TableFormat, TableMeta } from './table-types.js';

/** The first bytes of a table file read at most: the rest of a 2 GB CSV is never fetched. */
export const TABLE_READ_LIMIT = 50e6;

export type LoggedTable =
  | { readonly state: 'loading' }
  | { readonly state: 'table'; readonly meta: TableMeta }
  | { readonly state: 'not-a-table'; readonly notATable: NotATable }
  | { readonly state: 'failed'; readonly message: string };

/** The table format a logged file's name says, or null for a file of no table format. */
export function tableFormat(path: string): TableFormat | null {
  const extension = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'tsv' || extension === 'json' || extension === 'jsonl'
    ? extension
    : null;
}

/** The run's files by path, for cells that name one. */
export function loggedPaths(files: readonly LoggedFileInfo[]): Map<string, LoggedFileKind> {
  return new Map(files.filter((f) => f.problem === null).map((f) => [f.path, f.kind]));
}

export function useLoggedTable(
  runId: string,
  file: LoggedFileInfo,
  paths: ReadonlyMap<string, LoggedFileKind>,
): LoggedTable {
  const [table, setTable] = useState<LoggedTable>({ state: 'loading' });
  const url = loggedFileUrl(runId, file.path);
  const format = tableFormat(file.path);
  // The paths matter only for which columns show files: a new list of the same paths is no reopen.
  const pathsKey = useMemo(() => JSON.stringify([...paths]), [paths]);
  useEffect(() => {
    if (format === null) {
      setTable({ state: 'failed', message: 'this file is of no table format' });
      return;
    }
    let current = true;
    let opened: number | null = null;
    setTable({ state: 'loading' });
    const client = tableClient();
    client
      .request({
        op: 'open',
        url,
        format,
        limit: TABLE_READ_LIMIT,
        fileBytes: file.size,
        loggedPaths: new Map(JSON.parse(pathsKey) as [string, LoggedFileKind][]),
      })
      .then((answer) => {
        if (answer.table !== null) opened = answer.table.tableId;
        if (!current) return;
        setTable(
          answer.table !== null
            ? { state: 'table', meta: answer.table }
            : { state: 'not-a-table', notATable: answer.notATable },
        );
      })
      .catch((error: unknown) => {
        if (current)
          setTable({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
      })
      .finally(() => {
        // Closed once nothing shows it, including when the page left before it opened.
        if (!current && opened !== null) void client.request({ op: 'close', tableId: opened });
      });
    return () => {
      current = false;
      if (opened !== null) void client.request({ op: 'close', tableId: opened });
    };
  }, [url, format, file.size, pathsKey]);
  return table;
}
