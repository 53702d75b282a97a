// The runs browser: every run of the store in a virtualized table, with filter, status chips,
// sorting, grouping by experiment, chosen param and summary columns, selection for comparing,
// and keyboard control (/ focuses the filter, arrows move, Enter opens, Space selects).

import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import type { Route } from '../state/app-context.js';
import { useNow, useServices, useStoreView } from '../state/app-context.js';
import type { ColumnId, TableOptions, TableRow } from './runs-table-model.js';
import {
  buildRows,
  columnKey,
  runDuration,
  STATUS_ORDER,
  statusCounts,
} from './runs-table-model.js';
import { comparedKeys, FIELD_KEYS, MATCH_ALL, parseRunQuery, QUERY_HELP } from './run-query.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { ValueView } from '../components/ValueView.js';
import { duration, relativeTime, shortDateTime, absoluteTime } from '../text/time-text.js';

const ROW_HEIGHT = 34;
const OVERSCAN = 8;

interface ColumnSpec {
  readonly id: ColumnId;
  readonly label: string;
  readonly width: string;
  readonly numeric?: boolean;
}

const FIXED_COLUMNS: readonly ColumnSpec[] = [
  { id: { kind: 'status' }, label: 'Status', width: '150px' },
  { id: { kind: 'name' }, label: 'Run', width: 'minmax(220px, 2fr)' },
  { id: { kind: 'id' }, label: 'Id', width: '230px' },
  { id: { kind: 'start' }, label: 'Started', width: '130px' },
  { id: { kind: 'duration' }, label: 'Duration', width: '100px', numeric: true },
  { id: { kind: 'progress' }, label: 'Progress', width: '180px' },
  { id: { kind: 'tags' }, label: 'Tags', width: 'minmax(120px, 1fr)' },
];

function loadPersisted<T>(name: string, fallback: T): T {
  try {
    const text = localStorage.getItem(`munin-view:${name}`);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function persist(name: string, value: unknown): void {
  try {
    localStorage.setItem(`munin-view:${name}`, JSON.stringify(value));
  } catch {
    // Storage may be off (private windows): the choice just does not outlive the page.
  }
}

/** The line of an error that says what went wrong: a traceback's last line, not its first. */
function errorHeadline(error: string): string {
  const lines = error
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines[lines.length - 1] ?? error;
}

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

/** A step count as the column has room for it: exact up to 99,999, then 7.14M; the title is exact. */
function stepCount(n: number): string {
  return n < 100_000 ? String(n) : COMPACT.format(n);
}

function Progress({ run }: { run: RunSummary }) {
  if (run.lastStep === null) return <span className="muted">—</span>;
  if (run.steps === null || run.steps <= 0)
    return <span className="progress label">step {run.lastStep}</span>;
  const fraction = Math.min(1, run.lastStep / run.steps);
  return (
    <div className="progress" title={`step ${run.lastStep} of ${run.steps}`}>
      <div className="bar">
        <div style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
      <span className="label">
        {stepCount(run.lastStep)}/{stepCount(run.steps)}
      </span>
    </div>
  );
}

function Cell({
  column,
  run,
  now,
  depth,
}: {
  column: ColumnSpec;
  run: RunSummary;
  now: number;
  depth: number;
}) {
  const id = column.id;
  switch (id.kind) {
    case 'status':
      return <StatusBadge status={run.status} lastWrite={run.lastWrite} now={now} />;
    case 'name':
      return (
        <div className="run-name" style={{ paddingLeft: depth * 18 }}>
          <span className="title">
            {depth > 0 ? '↳ ' : ''}
            {run.name ?? run.experiment ?? run.id}
          </span>
          <span className="sub" title={run.error ?? undefined}>
            {run.error !== null ? errorHeadline(run.error) : (run.experiment ?? '')}
          </span>
        </div>
      );
    case 'id':
      return <span className="mono muted">{run.id}</span>;
    case 'start':
      return run.startTime === null ? (
        <span className="muted">—</span>
      ) : (
        <span title={absoluteTime(run.startTime)}>{shortDateTime(run.startTime)}</span>
      );
    case 'duration': {
      const seconds = runDuration(run);
      return <span>{seconds === null ? '—' : duration(seconds)}</span>;
    }
    case 'progress':
      return <Progress run={run} />;
    case 'lastWrite':
      return <span title={absoluteTime(run.lastWrite)}>{relativeTime(run.lastWrite, now)}</span>;
    case 'tags':
      return (
        <>
          {run.tags.map((tag) => (
            <span className="tag" key={tag}>
              {tag}
            </span>
          ))}
        </>
      );
    case 'param':
    case 'summary': {
      const value = (id.kind === 'param' ? run.params : run.summary).get(id.key);
      return value === undefined ? <span className="muted">—</span> : <ValueView value={value} />;
    }
  }
}

function ColumnsMenu(props: {
  runs: ReadonlyMap<string, RunSummary>;
  chosen: readonly ColumnId[];
  onChange: (columns: ColumnId[]) => void;
  onClose: () => void;
}) {
  const { paramKeys, summaryKeys } = useMemo(() => {
    const params = new Set<string>();
    const summary = new Set<string>();
    for (const run of props.runs.values()) {
      for (const key of run.params.keys()) params.add(key);
      for (const key of run.summary.keys()) summary.add(key);
    }
    return { paramKeys: [...params].sort(), summaryKeys: [...summary].sort() };
  }, [props.runs]);
  const chosen = new Set(props.chosen.map(columnKey));
  const toggle = (id: ColumnId): void => {
    const key = columnKey(id);
    props.onChange(
      chosen.has(key) ? props.chosen.filter((c) => columnKey(c) !== key) : [...props.chosen, id],
    );
  };
  const section = (title: string, kind: 'param' | 'summary', keys: string[]) => (
    <>
      <div className="section">{title}</div>
      {keys.length === 0 ? (
        <div className="muted" style={{ padding: '2px 6px' }}>
          none in this store
        </div>
      ) : null}
      {keys.map((key) => (
        <label key={key}>
          <input
            type="checkbox"
            checked={chosen.has(`${kind}:${key}`)}
            onChange={() => toggle({ kind, key })}
          />
          <span className="mono">{key}</span>
        </label>
      ))}
    </>
  );
  return (
    <div className="columns-menu" role="dialog" aria-label="Columns" onMouseLeave={props.onClose}>
      {section('Params', 'param', paramKeys)}
      {section('Summary', 'summary', summaryKeys)}
      <label>
        <input
          type="checkbox"
          checked={chosen.has('lastWrite')}
          onChange={() => toggle({ kind: 'lastWrite' })}
        />
        Last write
      </label>
    </div>
  );
}

export function RunsBrowser(props: { navigate: (route: Route) => void }) {
  const view = useStoreView();
  const { store } = useServices();
  const now = useNow(5000);
  const [filter, setFilter] = useState('');
  const [statuses, setStatuses] = useState<ReadonlySet<RunStatusName>>(new Set());
  const [sort, setSort] = useState<TableOptions['sort']>(() =>
    loadPersisted('sort', { column: { kind: 'start' }, descending: true }),
  );
  const [groupByExperiment, setGroup] = useState<boolean>(() => loadPersisted('group', false));
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [extraColumns, setExtraColumns] = useState<ColumnId[]>(() => loadPersisted('columns', []));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const filterRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => persist('sort', sort), [sort]);
  useEffect(() => persist('group', groupByExperiment), [groupByExperiment]);
  useEffect(() => persist('columns', extraColumns), [extraColumns]);
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
  const columns = useMemo(
    () => [
      ...FIXED_COLUMNS,
      ...extraColumns.map((id): ColumnSpec => {
        if (id.kind === 'param' || id.kind === 'summary') {
          return {
            id,
            label: `${id.kind === 'param' ? 'param' : 'summary'} · ${id.key}`,
            width: '140px',
            numeric: true,
          };
        }
        return { id, label: 'Last write', width: '110px' };
      }),
    ],
    [extraColumns],
  );
  const template = `36px ${columns.map((c) => c.width).join(' ')}`;

  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
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
        if (row?.type === 'run') toggleSelected(row.run.id);
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

  const toggleGroup = (experiment: string): void =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (next.has(experiment)) next.delete(experiment);
      else next.add(experiment);
      return next;
    });

  const toggleSelected = (id: string): void =>
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleStatus = (status: RunStatusName): void =>
    setStatuses((set) => {
      const next = new Set(set);
      if (next.has(status)) next.delete(status);
      else next.add(status);
      return next;
    });

  const sortBy = (id: ColumnId): void =>
    setSort((current) =>
      columnKey(current.column) === columnKey(id)
        ? { column: id, descending: !current.descending }
        : { column: id, descending: id.kind === 'start' || id.kind === 'lastWrite' },
    );

  const selectedRuns = [...selected].filter((id) => view.runs.has(id));
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

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
              onClick={() => toggleStatus(status)}
              data-testid={`status-chip-${status}`}
            >
              {status} <span className="count">{counts.get(status)}</span>
            </button>
          ))}
        </div>
        <div className="spacer" />
        <label className="row" style={{ cursor: 'pointer' }}>
          <input
            type="checkbox"
            checked={groupByExperiment}
            onChange={(e) => setGroup(e.target.checked)}
          />
          Group by experiment
        </label>
        <div style={{ position: 'relative' }}>
          <button
            className="btn"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
          >
            Columns
          </button>
          {menuOpen ? (
            <ColumnsMenu
              runs={view.runs}
              chosen={extraColumns}
              onChange={setExtraColumns}
              onClose={() => setMenuOpen(false)}
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
        <div className="grid-head" style={{ gridTemplateColumns: template }}>
          <div />
          {columns.map((column) => {
            const sorted = columnKey(sort.column) === columnKey(column.id);
            return (
              <div
                key={columnKey(column.id)}
                className={sorted ? 'sorted' : undefined}
                onClick={() => sortBy(column.id)}
                style={column.numeric === true ? { justifyContent: 'flex-end' } : undefined}
                role="columnheader"
                aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                data-column={columnKey(column.id)}
              >
                {column.label}
                {sorted ? (sort.descending ? ' ↓' : ' ↑') : ''}
              </div>
            );
          })}
        </div>
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
                  <span>{row.collapsed ? '▸' : '▾'}</span>
                  {row.experiment}
                  <span className="muted">{row.count}</span>
                </div>
              );
            }
            const { run } = row;
            return (
              <div
                key={run.id}
                className={`grid-row ${index === cursor ? 'cursor' : ''} ${selected.has(run.id) ? 'selected' : ''}`}
                style={{ top, gridTemplateColumns: template }}
                onClick={() => props.navigate({ page: 'run', runId: run.id, tab: 'overview' })}
                data-run-id={run.id}
                role="row"
              >
                <div onClick={(event) => event.stopPropagation()}>
                  <input
                    type="checkbox"
                    checked={selected.has(run.id)}
                    onChange={() => toggleSelected(run.id)}
                    aria-label={`Select ${run.name ?? run.id}`}
                  />
                </div>
                {columns.map((column) => (
                  <div
                    key={columnKey(column.id)}
                    className={column.numeric === true ? 'num' : undefined}
                  >
                    <Cell column={column} run={run} now={now} depth={row.depth} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <div className="status-bar">
        <span>
          {rows.filter((r) => r.type === 'run').length} of {view.runs.size} runs
          {parsed.ok ? '' : ' · filter not applied'}
        </span>
        {selectedRuns.length > 0 ? <span>{selectedRuns.length} selected</span> : null}
        <span className="spacer" />
        <span>/ filter · ↑↓ move · Enter open · Space select</span>
      </div>
    </div>
  );
}
