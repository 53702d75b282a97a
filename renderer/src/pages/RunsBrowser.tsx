// The runs browser: every run of the store in a virtualized table, with a query filter, status
// chips, sorting, grouping by the sweep's group-by, param, summary and metric columns to show,
// hide and resize, the params-against-results panel whose brushes narrow the table, CSV export,
// selection for comparing, and keyboard control (/ filter, j k or arrows move, Enter opens, Space
// selects).

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { useNow, useSelection, useServices, useStoreView } from '../state/app-context.js';
import { useDerivedViews, useGroupBy } from '../state/sweep-choices.js';
import { saveBlob, safeFileName } from '../charts/download.js';
import type { ColumnId } from './column-id.js';
import { columnKey } from './column-id.js';
import type { TableOptions, TableRow } from './runs-table-model.js';
import { groupRows, statusCounts } from './runs-table-model.js';
import type { ColumnSpec } from './column-layout.js';
import { gridTemplate, HIDDEN_BY_DEFAULT, tableColumns } from './column-layout.js';
import { QUERY_HELP } from './run-query.js';
import { usePersistedState } from './persisted-choice.js';
import { isColumnList, isKeyList, isWidths } from './table-choices.js';
import { columnsThatDiffer } from './metric-columns.js';
import { tableCsv } from './table-csv.js';
import { listedOrSelected, useRunsTable } from './use-runs-table.js';
import { useRunsKeyboard } from './use-runs-keyboard.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { GroupByControl } from './GroupByControl.js';
import { groupFieldName } from '../state/run-groups.js';
import { RunsTableHead } from './RunsTableHead.js';
import { RunsRows } from './RunsRows.js';
import { unreachedSources } from '../remote/remote-sources.js';
import { rowsToRender, useTableGeometry } from './use-table-geometry.js';
import { rememberLast } from '../state/remember-last.js';
import { FilterChips, filterProblem } from './FilterChips.js';
import { useSweepState } from '../sweeps/sweep-state.js';
import { SweepPanel } from '../sweeps/SweepPanel.js';
import { WatchToggle } from '../health/HealthMarks.js';
import { replaceAddress } from '../workspace/WorkspaceProvider.js';
import { KeyHints } from '../keyboard/KeyCaps.js';

const countsOf = rememberLast((runs: ReadonlyMap<string, RunSummary>) =>
  statusCounts(runs.values()),
);

const ROW_HEIGHT = 34;

function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

export function RunsBrowser(props: {
  navigate: (route: Route) => void;
  /** The filter the address holds. */
  initialFilter: string;
}) {
  const view = useStoreView();
  const { store } = useServices();
  const now = useNow(5000);
  const [filter, setFilterState] = useState(props.initialFilter);
  // The filter is in the address too, so that a link to the table holds it.
  const setFilter = useCallback(
    (next: string) => {
      setFilterState(next);
      store.session.runsFilter = next;
      replaceAddress(routeHash({ page: 'runs', filter: next }));
    },
    [store],
  );
  useEffect(
    () => void (store.session.runsFilter = props.initialFilter),
    [store, props.initialFilter],
  );
  const [statuses, setStatuses] = useState<ReadonlySet<RunStatusName>>(new Set());
  const [sort, setSort] = usePersistedState<TableOptions['sort']>('sort', {
    column: { kind: 'start' },
    descending: true,
  });
  const [groupBy, setGroupBy] = useGroupBy();
  const { views } = useDerivedViews();
  const sweep = useSweepState(view.runs);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // Param, summary and metric columns chosen (the key predates the built-ins being hideable).
  const [valueColumns, setValueColumns] = usePersistedState<ColumnId[]>(
    'columns',
    [],
    isColumnList,
  );
  const [onlyDiffering, setOnlyDiffering] = usePersistedState<boolean>(
    'only-differing',
    false,
    (v) => (typeof v === 'boolean' ? v : undefined),
  );
  const [hiddenList, setHiddenList] = usePersistedState<string[]>(
    'hidden-columns',
    // Last write was once chosen in the same list as params: a choice made then still shows it.
    valueColumns.some((c) => c.kind === 'lastWrite') ? [] : [...HIDDEN_BY_DEFAULT],
    isKeyList,
  );
  const [widths, setWidths] = usePersistedState<Record<string, number>>(
    'column-widths',
    {},
    isWidths,
  );
  const [selected, setSelected] = useSelection();
  const [cursor, setCursor] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { viewport, laidOut, onWidths, overscan } = useTableGeometry(
    scrollRef,
    !view.loading && view.error === null,
  );
  const columnsButton = useRef<HTMLButtonElement>(null);

  useEffect(() => void store.follow([]), [store]);

  const table = useRunsTable({
    runs: view.runs,
    filter,
    statuses,
    sort,
    groupBy,
    collapsed,
    columns: valueColumns,
    views,
    brushes: sweep.brushes,
    result: sweep.result,
  });
  const { parsed, rows, statistics, listed, brushed } = table;
  const counts = countsOf(view.runs);
  const hidden = useMemo(() => new Set(hiddenList), [hiddenList]);
  const allColumns = useMemo(() => tableColumns(hidden, valueColumns), [hidden, valueColumns]);
  const columns = useMemo(
    () => (onlyDiffering ? columnsThatDiffer(allColumns, listed, statistics) : allColumns),
    [onlyDiffering, allColumns, listed, statistics],
  );
  const { template, minWidth } = gridTemplate(columns, widths, viewport.width);
  const closeMenu = useCallback((restoreFocus: boolean) => {
    setMenuOpen(false);
    if (restoreFocus) columnsButton.current?.focus();
  }, []);

  const toggleGroup = (id: string): void => setCollapsed((set) => toggled(set, id));
  const selectRow = (row: TableRow): void => {
    if (row.type === 'run') return setSelected(toggled(selected, row.run.id));
    // A group's checkbox selects all its runs, or, when all are selected, none of them.
    const ids = row.group.runIds;
    const next = new Set(selected);
    const all = ids.every((id) => next.has(id));
    for (const id of ids)
      if (all) next.delete(id);
      else next.add(id);
    setSelected(next);
  };
  const openRun = (runId: string): void => props.navigate({ page: 'run', runId, tab: 'overview' });

  useRunsKeyboard({
    rows,
    cursor,
    setCursor,
    filter: filterRef,
    onOpen: openRun,
    onToggleGroup: toggleGroup,
    onSelectRow: selectRow,
    onClearFilter: () => setFilter(''),
    // exportCsv is declared below: called, not read, here.
    onExportCsv: listed.length > 0 ? () => exportCsv() : null,
  });

  // Not on mount: the first row is in view of a fresh table, and asking the scroller where it
  // is forced a layout of the table before its rows were painted (29 ms of an open, profiled).
  const cursorMoved = useRef(false);
  useEffect(() => {
    // Keep the cursor's row in view as the keyboard moves it.
    const element = scrollRef.current;
    if (!cursorMoved.current) {
      cursorMoved.current = true;
      return;
    }
    if (element === null) return;
    const top = cursor * ROW_HEIGHT;
    const headerHeight = 32;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight - headerHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight + headerHeight;
    }
  }, [cursor]);

  useEffect(() => setCursor((c) => Math.min(c, Math.max(0, rows.length - 1))), [rows.length]);

  const sortBy = (column: ColumnSpec): void =>
    setSort((current) =>
      columnKey(current.column) === columnKey(column.id)
        ? { column: column.id, descending: !current.descending }
        : {
            column: column.id,
            descending: column.id.kind === 'start' || column.id.kind === 'lastWrite',
          },
    );

  const resize = (key: string, width: number | null): void =>
    setWidths((current) => {
      const next = { ...current };
      if (width === null) delete next[key];
      else next[key] = width;
      return next;
    });

  const exportCsv = (): void => {
    // Collapsed groups' runs are exported too: folding hides rows, it does not filter them.
    const text = tableCsv(columns, groupRows(listed, groupBy, new Set()), statistics);
    const root = view.info?.root ?? 'store';
    const name =
      root
        .split(/[\\/]/)
        .filter((p) => p.length > 0)
        .pop() ?? 'store';
    saveBlob(
      new Blob([text], { type: 'text/csv;charset=utf-8' }),
      `${safeFileName(name)}-runs.csv`,
    );
  };

  const selectedRuns = [...selected].filter((id) => view.runs.has(id));
  // With a brush, Compare takes the selected runs inside it, or, with none selected, its runs.
  const compareRuns =
    brushed === null
      ? selectedRuns
      : selectedRuns.length > 0
        ? selectedRuns.filter((id) => brushed.has(id))
        : listed.map((run) => run.id);
  // Only while the panel shows them: it walked all 10,000 runs on each open of the table.
  const sweepRuns = useMemo(
    () => (sweep.open ? listedOrSelected(table.filtered, selected) : null),
    [sweep.open, table.filtered, selected],
  );
  const groupColor = useMemo(() => {
    const colors = table.runColors;
    return colors === null ? null : (id: string) => colors.get(id) ?? '#7a8292';
  }, [table.runColors]);
  const shownRuns = rows.filter((r) => r.type === 'run').length;
  const { first, last } = rowsToRender(
    scrollTop,
    viewport.height,
    ROW_HEIGHT,
    rows.length,
    overscan,
  );

  if (view.loading) {
    return (
      <div className="empty-state">
        <div className="spinner" />
        Reading the store…
      </div>
    );
  }
  if (view.error !== null) {
    return (
      <div className="empty-state">
        <h2>The store could not be read</h2>
        <div className="error-box">{view.error}</div>
      </div>
    );
  }

  const problem = filterProblem(parsed, table.unknownKeys, table.problems);

  return (
    <div className="browser">
      <div className="toolbar">
        <input
          ref={filterRef}
          className={`text filter ${parsed.ok ? '' : 'invalid'}`}
          placeholder="Filter: tag:best lr<0.01 train/loss.min<0.2 is:dirty …  ( / )"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          aria-label="Filter runs"
          aria-invalid={!parsed.ok}
          aria-describedby={problem !== null ? 'run-filter-problem' : undefined}
          title={QUERY_HELP}
          spellCheck={false}
          data-testid="run-filter"
        />
        <FilterChips
          counts={counts}
          statuses={statuses}
          onToggleStatus={(status) => setStatuses((set) => toggled(set, status))}
          sweep={sweep}
        />
        <div className="spacer" />
        <GroupByControl
          runs={view.runs}
          groupBy={groupBy}
          onChange={setGroupBy}
          label={`Group: ${groupBy.length === 0 ? 'none' : groupBy.map(groupFieldName).join(' · ')}`}
          title="Group runs by params, experiment or tags (Compare groups the same way)"
        />
        <button
          className={`btn ${sweep.open ? 'on' : ''}`}
          onClick={() => sweep.setOpen(!sweep.open)}
          aria-expanded={sweep.open}
          data-testid="sweep-toggle"
          title="Params against results: parallel coordinates and a scatter"
        >
          Params vs results
        </button>
        <div style={{ position: 'relative' }}>
          <button
            ref={columnsButton}
            className="btn"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            data-testid="columns-button"
          >
            Columns
          </button>
          {menuOpen ? (
            <ColumnsMenu
              runs={view.runs}
              hidden={hidden}
              values={valueColumns}
              views={views}
              onlyDiffering={onlyDiffering}
              onOnlyDiffering={setOnlyDiffering}
              onHiddenChange={(next) => setHiddenList([...next])}
              onValuesChange={setValueColumns}
              onResetWidths={Object.keys(widths).length > 0 ? () => setWidths({}) : undefined}
              onClose={closeMenu}
              opener={columnsButton}
            />
          ) : null}
        </div>
        <button
          className="btn"
          onClick={exportCsv}
          disabled={listed.length === 0}
          title="Save the table as shown (its columns, filter and sort) as CSV"
          data-testid="export-csv"
        >
          CSV
        </button>
        {selectedRuns.length > 0 ? (
          <WatchToggle
            runIds={selectedRuns}
            label={selectedRuns.length === 1 ? 'the selected run' : 'the selected runs'}
            small={false}
          />
        ) : null}
        <button
          className="btn primary"
          disabled={compareRuns.length < 2}
          onClick={() => props.navigate({ page: 'compare', runIds: compareRuns })}
          title="Select runs with their checkboxes (or Space) to compare them"
          data-testid="compare-button"
        >
          Compare{compareRuns.length > 0 ? ` (${compareRuns.length})` : ''}
        </button>
      </div>
      {problem !== null ? (
        <div
          className={`filter-problem ${problem.kind}`}
          id="run-filter-problem"
          role={problem.kind === 'error' ? 'alert' : 'status'}
          data-testid="run-filter-problem"
        >
          {problem.text}
        </div>
      ) : null}
      {sweepRuns !== null ? (
        <SweepPanel
          sweep={sweep}
          runs={sweepRuns.runs}
          what={sweepRuns.what}
          statistics={statistics}
          brushed={brushed}
          groupColor={groupColor}
          views={views}
        />
      ) : null}
      <div
        className="table-wrap"
        ref={scrollRef}
        onScroll={(event) => setScrollTop((event.target as HTMLDivElement).scrollTop)}
        data-testid="runs-table"
      >
        <div className="grid" style={{ minWidth }}>
          <RunsTableHead
            columns={columns}
            template={template}
            sort={sort}
            onSort={sortBy}
            onResize={resize}
            onWidths={onWidths}
          />
          {rows.length === 0 ? (
            <div className="empty-state">
              {view.runs.size === 0 ? (
                <>
                  <h2>No runs yet</h2>
                  <p>
                    A run appears here, live, as soon as a program starts one: munin writes its log
                    to <code>runs/&lt;id&gt;/events.jsonl</code>
                    {view.info !== null ? (
                      <>
                        {' '}
                        in <code>{view.info.root}</code>
                      </>
                    ) : null}
                    .
                  </p>
                </>
              ) : (
                <>
                  <h2>No run matches</h2>
                  <button
                    className="btn"
                    onClick={() => (setFilter(''), setStatuses(new Set()), sweep.clearBrushes())}
                  >
                    Clear the filter
                  </button>
                </>
              )}
            </div>
          ) : null}
          <RunsRows
            rows={rows}
            first={first}
            last={last}
            rowHeight={ROW_HEIGHT}
            cursor={cursor}
            columns={columns}
            template={template}
            widths={laidOut}
            now={now}
            statistics={statistics}
            selected={selected}
            groupColors={table.groupColors}
            onToggleGroup={toggleGroup}
            onSelectRow={selectRow}
            onOpen={openRun}
            unreached={unreachedSources(view.info)}
          />
        </div>
      </div>
      <div className="status-bar">
        <span data-testid="shown-count">
          {shownRuns} of {view.runs.size} runs
          {parsed.ok ? '' : ' · filter not applied'}
          {brushed !== null ? ' · brushed' : ''}
        </span>
        {selectedRuns.length > 0 ? (
          <span>
            {selectedRuns.length} selected{' '}
            <button className="link-btn" onClick={() => setSelected(new Set())}>
              clear
            </button>
          </span>
        ) : null}
        <span className="spacer" />
        <KeyHints
          hints={[
            [['table.filter'], 'filter'],
            [['table.down', 'table.up'], 'move'],
            [['table.open'], 'open'],
            [['table.select'], 'select'],
            [['sheet.open'], 'all shortcuts'],
          ]}
        />
      </div>
    </div>
  );
}
