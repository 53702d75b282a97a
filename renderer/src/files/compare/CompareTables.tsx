// Compare's tables at the shared step cursor, joined on a key column the user picks: a row per
// key, each other column once per run, the cells that differ between runs marked, and a way to
// see only the rows that differ. Runs whose file is no table say why and are left out.

import { useMemo, useState } from 'react';
import type {
  LoggedFileInfo,
  LoggedFileKind,
  RunSummary,
} from '../../../../shared/api/contract.js';
import type { RunStyle } from '../../charts/run-colors.js';
import { RunSwatch } from '../../charts/RunSwatch.js';
import { visibleText } from '../../text/visible-text.js';
import { VirtualTable } from '../table/VirtualTable.js';
import { TableFileCell } from '../table/TableFileCell.js';
import { rowHeightFor, rowsText, TableNotes, useSettledText } from '../table/TableView.js';
import type { ColumnMeta, SortSpec, TableMeta } from '../table/table-types.js';
import { loggedPaths } from '../table/use-logged-table.js';
import { useTableRows } from '../table/use-table-rows.js';
import { stepNote } from './CompareColumn.js';
import type { OpenedTable, TableSource } from './use-joined-table.js';
import { useJoinedTable } from './use-joined-table.js';
import '../files.css';

function JoinedRows(props: {
  meta: TableMeta;
  runsOfColumns: readonly string[];
  names: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, RunStyle>;
  paths: ReadonlyMap<string, ReadonlyMap<string, LoggedFileKind>>;
}) {
  const { meta, runsOfColumns, names, styles, paths } = props;
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [typed, setTyped] = useState('');
  const filter = useSettledText(typed);
  const [sort, setSort] = useState<SortSpec | null>(null);
  const view = useMemo(() => ({ sort, filter, onlyDiffering }), [sort, filter, onlyDiffering]);
  const rows = useTableRows(meta.tableId, view);
  const runOf = (column: ColumnMeta): string => runsOfColumns[column.joined?.run ?? 0]!;
  return (
    <div className="stack">
      <TableNotes notes={meta.notes} />
      <div className="row table-tools">
        <input
          className="text table-filter"
          placeholder="Filter rows"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-label="Filter the rows: those with a cell holding this text"
          data-testid="table-filter"
        />
        <label className="row">
          <input
            type="checkbox"
            checked={onlyDiffering}
            onChange={(event) => setOnlyDiffering(event.target.checked)}
            data-testid="compare-table-differing"
          />
          only rows that differ
        </label>
        <span className="muted" data-testid="compare-table-count">
          {rowsText(meta.rowCount)}, {meta.differingRows?.toLocaleString('en')} differ
          {rows.rowCount !== null && rows.rowCount !== meta.rowCount
            ? ` · ${rows.rowCount.toLocaleString('en')} shown`
            : ''}
        </span>
      </div>
      <VirtualTable
        columns={meta.columns}
        rows={rows}
        rowHeight={rowHeightFor(meta.columns)}
        sort={sort}
        onSort={setSort}
        renderHeader={(column) =>
          column.joined === null ? undefined : (
            <>
              {column.joined.column}{' '}
              <span className="vt-run">
                <RunSwatch {...styles.get(runOf(column))!} />
                {names.get(runOf(column))}
              </span>
            </>
          )
        }
        headerChars={(column) =>
          column.joined === null
            ? column.name.length
            : column.joined.column.length + (names.get(runOf(column))?.length ?? 0) + 4
        }
        renderCell={(text, column) => {
          if (column.pathKinds.length === 0) return undefined;
          const runId = runOf(column);
          const kind = paths.get(runId)?.get(text);
          return kind === undefined ? undefined : (
            <TableFileCell runId={runId} path={text} kind={kind} />
          );
        }}
        testId="compare-table"
      />
    </div>
  );
}

export function CompareTables(props: {
  styles: ReadonlyMap<string, RunStyle>;
  cursor: number;
  shown: readonly { readonly run: RunSummary; readonly file: LoggedFileInfo | null }[];
  files: ReadonlyMap<string, readonly LoggedFileInfo[]>;
}) {
  const { shown, styles, files } = props;
  const paths = useMemo(
    () => new Map([...files].map(([id, list]) => [id, loggedPaths(list)])),
    [files],
  );
  const sources: TableSource[] = shown.flatMap(({ run, file }) =>
    file === null ? [] : [{ runId: run.id, file, paths: paths.get(run.id) ?? new Map() }],
  );
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const join = useJoinedTable(sources, chosenKey);
  const names = new Map(shown.map(({ run }) => [run.id, visibleText(run.name ?? run.id)]));
  const missing = shown.filter((s) => s.file === null);
  if (join.state === 'opening')
    return (
      <div className="row muted" data-testid="table-loading">
        <div className="spinner" /> Reading the tables…
      </div>
    );
  const problems = join.opened.filter(
    (t): t is Extract<OpenedTable, { problem: string }> => 'problem' in t,
  );
  const runsOfColumns = join.opened.filter((t) => 'meta' in t).map((t) => t.runId);
  return (
    <div className="stack" data-testid="compare-tables">
      <div className="row">
        <label className="row">
          join on
          <select
            value={join.key ?? ''}
            onChange={(event) => setChosenKey(event.target.value)}
            disabled={join.keyChoices.length === 0}
            data-testid="compare-table-key"
          >
            {join.keyChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">
          {shown
            .filter((s) => s.file !== null)
            .map((s) => `${names.get(s.run.id)}: ${stepNote(s.file, props.cursor)}`)
            .join(' · ')}
        </span>
      </div>
      {missing.map(({ run }) => (
        <div className="muted" key={run.id}>
          {names.get(run.id)} logged no table at or before step {props.cursor}.
        </div>
      ))}
      {problems.map((problem) => (
        <div className="warn-box" key={problem.runId} data-testid="compare-table-problem">
          {names.get(problem.runId)}: {problem.problem} It is left out of the join.
        </div>
      ))}
      {join.state === 'no-key' ? (
        <div className="warn-box">The tables share no column to join them on.</div>
      ) : null}
      {join.error !== null ? <div className="error-box">{join.error}</div> : null}
      {join.state === 'joining' ? <div className="spinner" /> : null}
      {join.joined !== null ? (
        <JoinedRows
          meta={join.joined}
          runsOfColumns={runsOfColumns}
          names={names}
          styles={styles}
          paths={paths}
        />
      ) : null}
    </div>
  );
}
