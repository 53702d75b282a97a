// The runs table's Columns menu: show or hide each built-in column but the run name, add param,
// summary and metric columns (a key's or a derived view's last, min, max or best), show only the
// columns whose values differ, and reset the widths dragged. Escape or a click outside closes it.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { ColumnId, MetricStat } from './column-id.js';
import { columnKey, METRIC_STATS } from './column-id.js';
import { BUILT_IN_COLUMNS, canHide } from './column-layout.js';
import type { DerivedView } from '../state/sweep-choices.js';

/** The form that adds a metric column: a key or a view (by name), and a statistic. */
function AddMetric(props: {
  keys: readonly string[];
  views: readonly DerivedView[];
  onAdd: (id: ColumnId) => void;
}) {
  const [key, setKey] = useState('');
  const [stat, setStat] = useState<MetricStat>('last');
  const view = props.views.find((v) => v.name === key);
  const known = view !== undefined || props.keys.includes(key);
  const add = (): void => {
    if (!known) return;
    props.onAdd(
      view !== undefined
        ? { kind: 'metric', key: view.name, stat, formula: view.formula }
        : { kind: 'metric', key, stat },
    );
    setKey('');
  };
  return (
    <div className="metric-add">
      <input
        className="text"
        list="metric-column-keys"
        placeholder="key or view"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add();
        }}
        aria-label="Metric column key"
        data-testid="metric-column-key"
        spellCheck={false}
      />
      <datalist id="metric-column-keys">
        {props.keys.map((k) => (
          <option key={`key:${k}`} value={k} />
        ))}
        {props.views.map((v) => (
          <option key={`view:${v.name}`} value={v.name}>
            derived: {v.formula}
          </option>
        ))}
      </datalist>
      <select
        value={stat}
        onChange={(event) => setStat(event.target.value as MetricStat)}
        aria-label="Statistic"
        data-testid="metric-column-stat"
      >
        {METRIC_STATS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button
        className="btn small"
        disabled={!known}
        onClick={add}
        title={known ? undefined : 'Type a key of the listed runs or a derived view’s name'}
        data-testid="metric-column-add"
      >
        Add
      </button>
    </div>
  );
}

export function ColumnsMenu(props: {
  runs: ReadonlyMap<string, RunSummary>;
  hidden: ReadonlySet<string>;
  values: readonly ColumnId[];
  views: readonly DerivedView[];
  onlyDiffering: boolean;
  onOnlyDiffering: (on: boolean) => void;
  onHiddenChange: (hidden: ReadonlySet<string>) => void;
  onValuesChange: (values: ColumnId[]) => void;
  /** Undefined when no width was dragged. */
  onResetWidths: (() => void) | undefined;
  /** Closes the menu; `restoreFocus` when closed from the keyboard. */
  onClose: (restoreFocus: boolean) => void;
  /** The button that opens the menu, whose clicks are its own and not outside ones. */
  opener: React.RefObject<HTMLElement | null>;
}) {
  const { onClose, opener } = props;
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      // Before the table's own Escape (which clears the filter): one Escape does one thing.
      event.stopPropagation();
      onClose(true);
    };
    const onPointer = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || opener.current?.contains(target)) return;
      onClose(false);
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [onClose, opener]);

  const { paramKeys, summaryKeys, seriesKeys } = useMemo(() => {
    const params = new Set<string>();
    const summary = new Set<string>();
    const series = new Set<string>();
    for (const run of props.runs.values()) {
      for (const key of run.params.keys()) params.add(key);
      for (const key of run.summary.keys()) summary.add(key);
      for (const { key } of run.keys) series.add(key);
    }
    return {
      paramKeys: [...params].sort(),
      summaryKeys: [...summary].sort(),
      seriesKeys: [...series].sort(),
    };
  }, [props.runs]);
  const metrics = props.values.filter((c) => c.kind === 'metric');

  const chosen = new Set(props.values.map(columnKey));
  const toggleValue = (id: ColumnId): void => {
    const key = columnKey(id);
    props.onValuesChange(
      chosen.has(key) ? props.values.filter((c) => columnKey(c) !== key) : [...props.values, id],
    );
  };
  const toggleHidden = (key: string): void => {
    const next = new Set(props.hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    props.onHiddenChange(next);
  };

  const section = (title: string, kind: 'param' | 'summary', keys: string[]) => (
    <>
      <div className="section">{title}</div>
      {keys.length === 0 ? <div className="muted none">none in this store</div> : null}
      {keys.map((key) => (
        <label key={key}>
          <input
            type="checkbox"
            checked={chosen.has(`${kind}:${key}`)}
            onChange={() => toggleValue({ kind, key })}
          />
          <span className="mono">{key}</span>
        </label>
      ))}
    </>
  );

  return (
    <div className="columns-menu" role="dialog" aria-label="Columns" ref={menu}>
      <div className="section">Table</div>
      {BUILT_IN_COLUMNS.map((column) => {
        const key = columnKey(column.id);
        const hideable = canHide(column.id);
        return (
          <label key={key} className={hideable ? undefined : 'fixed'}>
            <input
              type="checkbox"
              checked={!hideable || !props.hidden.has(key)}
              disabled={!hideable}
              onChange={() => toggleHidden(key)}
              data-column-toggle={key}
            />
            {column.name}
            {hideable ? null : <span className="muted">always shown</span>}
          </label>
        );
      })}
      <label>
        <input
          type="checkbox"
          checked={props.onlyDiffering}
          onChange={(event) => props.onOnlyDiffering(event.target.checked)}
          data-testid="only-differing"
        />
        Only columns that differ
        <span className="muted">among the listed runs</span>
      </label>
      <div className="section">Metrics · a key’s statistic</div>
      {metrics.map((id) => (
        <label key={columnKey(id)}>
          <input type="checkbox" checked onChange={() => toggleValue(id)} />
          <span className="mono">
            {id.key}.{id.stat}
          </span>
          {id.formula !== undefined ? <span className="derived-mark">derived</span> : null}
        </label>
      ))}
      <AddMetric
        keys={seriesKeys}
        views={props.views}
        onAdd={(id) => {
          if (!chosen.has(columnKey(id))) props.onValuesChange([...props.values, id]);
        }}
      />
      {section('Params', 'param', paramKeys)}
      {section('Summary', 'summary', summaryKeys)}
      <div className="menu-foot">
        <button
          className="btn small"
          disabled={props.onResetWidths === undefined}
          onClick={props.onResetWidths}
          title="Give every column its own width again"
        >
          Reset widths
        </button>
      </div>
    </div>
  );
}
