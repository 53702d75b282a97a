// The runs browser: every run of the store in a virtualized table, with a query filter, status
// chips, sorting, grouping by experiment, columns to show, hide and resize, selection for
// comparing, and keyboard control (/ focuses the filter, arrows move, Enter opens, Space selects).

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunStatusName } from '../../../shared/api/contract.js';
import type { Route } from '../state/route.js';
import { useNow, useSelection, useServices, useStoreView } from '../state/app-context.js';
import type { ColumnId, TableOptions, TableRow } from './runs-table-model.js';
import { buildRows, columnKey, STATUS_ORDER, statusCounts } from './runs-table-model.js';
import type { ColumnSpec } from './column-layout.js';
import { gridTemplate, HIDDEN_BY_DEFAULT, tableColumns } from './column-layout.js';
import { comparedKeys, MATCH_ALL, parseRunQuery, QUERY_HELP } from './run-query.js';
import { FIELD_KEYS } from './run-query-match.js';
import { usePersistedState } from './persisted-choice.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { RunsTableHead } from './RunsTableHead.js';
import { RunRow } from './RunRow.js';

const ROW_HEIGHT = 34;
const OVERSCAN = 8;

const isColumnList = (value: unknown): ColumnId[] | undefined =>
  Array.isArray(value) ? (value as ColumnId[]) : undefined;
const isKeyList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
const isWidths = (value: unknown): Record<string, number> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, number] =>
            typeof entry[1] === 'number' && Number.isFinite(entry[1]),
        ),
      )
    : undefined;

function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

export function RunsBrowser(props: { navigate: (route: Route) => void }) {
  const view = useStoreView();
  const { store } = useServices();
  const now = useNow(5000);
  const [filter, setFilter] = useState('');
  const [statuses, setStatuses] = useState<ReadonlySet<RunStatusName>>(new Set());
  const [sort, setSort] = usePersistedState<TableOptions['sort']>('sort', {
    column: { kind: 'start' },
    descending: true,
  });
  const [groupByExperiment, setGroup] = usePersistedState<boolean>('group', false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // Param and summary columns chosen (the key predates the built-ins being hideable).
  const [valueColumns, setValueColumns] = usePersistedState<ColumnId[]>(
    'columns',
    [],
    isColumnList,
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
  const [laidOut, setLaidOut] = useState<ReadonlyMap<string, number>>(new Map());
  const [selected, setSelected] = useSelection();
  const [cursor, setCursor] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState({ width: 1200, height: 600 });
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnsButton = useRef<HTMLButtonElement>(null);

  useEffect(() => void store.follow([]), [store]);

  const parsed = useMemo(() => parseRunQuery(filter), [filter]);
  const query = parsed.ok ? parsed.query : MATCH_ALL;
  const unknownKeys = useMemo(() => {
    const known = new Set<string>(FIELD_KEYS);
    for (const run of view.runs.values())
      for (const map of [run.params, run.summary])
        for (const key of map.keys()) known.add(key.toLowerCase());
    return comparedKeys(query).filter((key) => !known.has(key));
  }, [query, view.runs]);

  const rows: TableRow[] = useMemo(
    () =>
      buildRows(view.runs.values(), {
        query,
        statuses,
        sort,
        groupByExperiment,
        collapsedGroups: collapsed,
      }),
    [view.runs, query, statuses, sort, groupByExperiment, collapsed],
  );
  const counts = useMemo(() => statusCounts(view.runs.values()), [view.runs]);
  const hidden = useMemo(() => new Set(hiddenList), [hiddenList]);
  const columns = useMemo(() => tableColumns(hidden, valueColumns), [hidden, valueColumns]);
  const { template, minWidth } = gridTemplate(columns, widths, viewport.width);
  const closeMenu = useCallback((restoreFocus: boolean) => {
    setMenuOpen(false);
    if (restoreFocus) columnsButton.current?.focus();
  }, []);

  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const observer = new ResizeObserver(() =>
      setViewport({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement;
      const typing = target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
      if (event.key === '/' && !typing) {
        event.preventDefault();
        filterRef.current?.focus();
        return;
      }
      if (typing && target !== filterRef.current) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setCursor((c) =>
          Math.max(0, Math.min(rows.length - 1, c + (event.key === 'ArrowDown' ? 1 : -1))),
        );
      } else if (event.key === 'Enter') {
        const row = rows[cursor];
        if (row?.type === 'run')
          props.navigate({ page: 'run', runId: row.run.id, tab: 'overview' });
        else if (row?.type === 'group') toggleGroup(row.experiment);
      } else if (event.key === ' ' && !typing) {
        event.preventDefault();
        const row = rows[cursor];
        if (row?.type === 'run') setSelected(toggled(selected, row.run.id));
      } else if (event.key === 'Escape' && target === filterRef.current) {
        setFilter('');
        filterRef.current?.blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    // Keep the cursor's row in view as the keyboard moves it.
    const element = scrollRef.current;
    if (element === null) return;
    const top = cursor * ROW_HEIGHT;
    const headerHeight = 32;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight - headerHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight + headerHeight;
    }
  }, [cursor]);

  useEffect(() => setCursor((c) => Math.min(c, Math.max(0, rows.length - 1))), [rows.length]);

  const toggleGroup = (experiment: string): void => setCollapsed((set) => toggled(set, experiment));

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

  const selectedRuns = [...selected].filter((id) => view.runs.has(id));
  const shownRuns = rows.filter((r) => r.type === 'run').length;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(
    rows.length,
    Math.ceil((scrollTop + viewport.height) / ROW_HEIGHT) + OVERSCAN,
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

  const problem = !parsed.ok
    ? { kind: 'error', text: `${parsed.error} — the filter is not applied.` }
    : unknownKeys.length > 0
      ? {
          kind: 'note',
          text: `No run has a param or summary named ${unknownKeys.map((k) => `“${k}”`).join(', ')}.`,
        }
      : null;

  return (
    <div className="browser">
      <div className="toolbar">
        <input
          ref={filterRef}
          className={`text filter ${parsed.ok ? '' : 'invalid'}`}
          placeholder="Filter: tag:best lr<0.01 -status:failed …  ( / )"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          aria-label="Filter runs"
          aria-invalid={!parsed.ok}
          aria-describedby={problem !== null ? 'run-filter-problem' : undefined}
          title={QUERY_HELP}
          spellCheck={false}
          data-testid="run-filter"
        />
        <div className="chips" role="group" aria-label="Status">
          {STATUS_ORDER.filter((status) => counts.has(status)).map((status) => (
            <button
              key={status}
              className={`chip ${statuses.has(status) ? 'on' : ''}`}
              onClick={() => setStatuses((set) => toggled(set, status))}
              data-testid={`status-chip-${status}`}
            >
              {status} <span className="count">{counts.get(status)}</span>
            </button>
          ))}
        </div>
        <div className="spacer" />
        <label className="row group-toggle">
          <input
            type="checkbox"
            checked={groupByExperiment}
            onChange={(e) => setGroup(e.target.checked)}
          />
          Group by experiment
        </label>
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
              onHiddenChange={(next) => setHiddenList([...next])}
              onValuesChange={setValueColumns}
              onResetWidths={Object.keys(widths).length > 0 ? () => setWidths({}) : undefined}
              onClose={closeMenu}
              opener={columnsButton}
            />
          ) : null}
        </div>
        <button
          className="btn primary"
          disabled={selectedRuns.length < 2}
          onClick={() => props.navigate({ page: 'compare', runIds: selectedRuns })}
          title="Select runs with their checkboxes (or Space) to compare them"
        >
          Compare{selectedRuns.length > 0 ? ` (${selectedRuns.length})` : ''}
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
            onWidths={setLaidOut}
          />
          {rows.length === 0 ? (
            <div className="empty-state">
              {view.runs.size === 0 ? (
                <>
                  <h2>No runs yet</h2>
                  This store has no runs. Runs appear here as soon as a writer starts one.
                </>
              ) : (
                <>
                  <h2>No run matches</h2>
                  <button className="btn" onClick={() => (setFilter(''), setStatuses(new Set()))}>
                    Clear the filter
                  </button>
                </>
              )}
            </div>
          ) : null}
          <div style={{ position: 'relative', height: rows.length * ROW_HEIGHT }}>
            {rows.slice(first, last).map((row, offset) => {
              const index = first + offset;
              const top = index * ROW_HEIGHT;
              if (row.type === 'group') {
                return (
                  <div
                    key={`group:${row.experiment}`}
                    className={`group-row ${index === cursor ? 'cursor' : ''}`}
                    style={{ top }}
                    onClick={() => toggleGroup(row.experiment)}
                  >
                    <span className="group-label">
                      <span>{row.collapsed ? '▸' : '▾'}</span>
                      {row.experiment}
                      <span className="muted">{row.count}</span>
                    </span>
                  </div>
                );
              }
              return (
                <RunRow
                  key={row.run.id}
                  run={row.run}
                  depth={row.depth}
                  top={top}
                  columns={columns}
                  template={template}
                  widths={laidOut}
                  now={now}
                  atCursor={index === cursor}
                  selected={selected.has(row.run.id)}
                  onSelect={() => setSelected(toggled(selected, row.run.id))}
                  onOpen={() => props.navigate({ page: 'run', runId: row.run.id, tab: 'overview' })}
                />
              );
            })}
          </div>
        </div>
      </div>
      <div className="status-bar">
        <span>
          {shownRuns} of {view.runs.size} runs
          {parsed.ok ? '' : ' · filter not applied'}
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
        <span>/ filter · ↑↓ move · Enter open · Space select</span>
      </div>
    </div>
  );
}
