// The runs' tables at Compare's cursor opened in the worker, and joined there on the key column
// the user picks (the first column they all have, until one is picked); each table and the join
// are closed when the page no longer shows them.

import { useEffect, useMemo, useState } from 'react';
import type { LoggedFileInfo, LoggedFileKind } from '../../../../shared/api/contract.js';
import { loggedFileUrl } from '../../../../shared/api/logged-file-url.js';
import { tableClient } from '../table/table-client.js';
import type { TableMeta } from '../table/table-types.js';
import { TABLE_READ_LIMIT, tableFormat } from '../table/use-logged-table.js';

export interface TableSource {
  readonly runId: string;
  readonly file: LoggedFileInfo;
  readonly paths: ReadonlyMap<string, LoggedFileKind>;
}

/** Per source, its table, or why it has none. */
export type OpenedTable =
  | { readonly runId: string; readonly meta: TableMeta }
  | { readonly runId: string; readonly problem: string };

export type JoinState =
  | { readonly state: 'opening' }
  | {
      readonly state: 'joined' | 'joining' | 'no-key';
      readonly opened: readonly OpenedTable[];
      /** The columns every table has: the keys a join can take. */
      readonly keyChoices: readonly string[];
      readonly key: string | null;
      readonly joined: TableMeta | null;
      readonly error: string | null;
    };

function openAll(sources: readonly TableSource[]): Promise<OpenedTable[]> {
  const client = tableClient();
  return Promise.all(
    sources.map(async ({ runId, file, paths }): Promise<OpenedTable> => {
      const format = tableFormat(file.path);
      if (file.problem !== null) return { runId, problem: file.problem };
      if (format === null) return { runId, problem: 'the file is of no table format' };
      try {
        const answer = await client.request({
          op: 'open',
          url: loggedFileUrl(runId, file.path),
          format,
          limit: TABLE_READ_LIMIT,
          fileBytes: file.size,
          loggedPaths: paths,
        });
        return answer.table !== null
          ? { runId, meta: answer.table }
          : { runId, problem: answer.notATable.reason };
      } catch (error) {
        return { runId, problem: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

export function useJoinedTable(
  sources: readonly TableSource[],
  chosenKey: string | null,
): JoinState {
  const sourcesKey = JSON.stringify(sources.map((s) => [s.runId, s.file.path, s.file.size]));
  const [opened, setOpened] = useState<{ key: string; tables: OpenedTable[] } | null>(null);
  useEffect(() => {
    let current = true;
    let tables: OpenedTable[] = [];
    void openAll(sources).then((result) => {
      tables = result;
      if (current) setOpened({ key: sourcesKey, tables: result });
      else closeAll(result);
    });
    return () => {
      current = false;
      closeAll(tables);
    };
    // sourcesKey names the sources: a new list of the same files opens nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourcesKey]);

  const tables = useMemo(
    () =>
      opened?.key === sourcesKey
        ? opened.tables.filter((t): t is Extract<OpenedTable, { meta: TableMeta }> => 'meta' in t)
        : [],
    [opened, sourcesKey],
  );
  const keyChoices = useMemo(() => {
    const [first, ...rest] = tables;
    if (first === undefined) return [];
    return first.meta.columns
      .map((c) => c.name)
      .filter((name) => rest.every((t) => t.meta.columns.some((c) => c.name === name)));
  }, [tables]);
  const key =
    chosenKey !== null && keyChoices.includes(chosenKey) ? chosenKey : (keyChoices[0] ?? null);

  const [joined, setJoined] = useState<{
    of: string;
    meta: TableMeta | null;
    error: string | null;
  } | null>(null);
  const joinOf = JSON.stringify([tables.map((t) => t.meta.tableId), key]);
  useEffect(() => {
    if (key === null || tables.length === 0) return;
    let current = true;
    let tableId: number | null = null;
    tableClient()
      .request({ op: 'join', tableIds: tables.map((t) => t.meta.tableId), key })
      .then((meta) => {
        tableId = meta.tableId;
        if (current) setJoined({ of: joinOf, meta, error: null });
        else void tableClient().request({ op: 'close', tableId });
      })
      .catch((error: unknown) => {
        if (current)
          setJoined({
            of: joinOf,
            meta: null,
            error: error instanceof Error ? error.message : String(error),
          });
      });
    return () => {
      current = false;
      if (tableId !== null) void tableClient().request({ op: 'close', tableId });
    };
  }, [joinOf, key, tables]);

  if (opened?.key !== sourcesKey) return { state: 'opening' };
  const shown = joined?.of === joinOf ? joined : null;
  return {
    state: key === null ? 'no-key' : shown === null ? 'joining' : 'joined',
    opened: opened.tables,
    keyChoices,
    key,
    joined: shown?.meta ?? null,
    error: shown?.error ?? null,
  };
}

function closeAll(tables: readonly OpenedTable[]): void {
  for (const table of tables)
    if ('meta' in table) void tableClient().request({ op: 'close', tableId: table.meta.tableId });
}
