// The runs table's Columns menu: show or hide each built-in column but the run name, add param
// and summary columns, and reset the widths dragged. Escape or a click outside closes it.

import { useEffect, useMemo, useRef } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { ColumnId } from './runs-table-model.js';
import { columnKey } from './runs-table-model.js';
import { BUILT_IN_COLUMNS, canHide } from './column-layout.js';

export function ColumnsMenu(props: {
  runs: ReadonlyMap<string, RunSummary>;
  hidden: ReadonlySet<string>;
  values: readonly ColumnId[];
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

  const { paramKeys, summaryKeys } = useMemo(() => {
    const params = new Set<string>();
    const summary = new Set<string>();
    for (const run of props.runs.values()) {
      for (const key of run.params.keys()) params.add(key);
      for (const key of run.summary.keys()) summary.add(key);
    }
    return { paramKeys: [...params].sort(), summaryKeys: [...summary].sort() };
  }, [props.runs]);

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
