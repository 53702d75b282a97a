// The runs table's header row: a label per column (cut with an ellipsis, its full text as the
// title), click to sort, and an edge to drag to resize, double-click to reset.

import { useEffect, useRef } from 'react';
import type { TableOptions } from './runs-table-model.js';
import { columnKey } from './column-id.js';
import type { ColumnSpec } from './column-layout.js';
import { clampWidth } from './column-layout.js';

function ResizeHandle(props: {
  column: ColumnSpec;
  onResize: (width: number) => void;
  onReset: () => void;
}) {
  const { column, onResize, onReset } = props;
  const drag = useRef<{ pointer: number; startX: number; startWidth: number } | null>(null);
  const cellWidth = (element: HTMLElement): number =>
    element.parentElement?.getBoundingClientRect().width ?? column.width;
  return (
    <span
      className="col-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${column.label} column`}
      title="Drag to resize, double-click to reset"
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => (event.stopPropagation(), onReset())}
      onPointerDown={(event) => {
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = {
          pointer: event.pointerId,
          startX: event.clientX,
          startWidth: cellWidth(event.currentTarget),
        };
      }}
      onPointerMove={(event) => {
        const state = drag.current;
        if (state === null || state.pointer !== event.pointerId) return;
        onResize(clampWidth(state.startWidth + event.clientX - state.startX));
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
    />
  );
}

export function RunsTableHead(props: {
  columns: readonly ColumnSpec[];
  template: string;
  sort: TableOptions['sort'];
  onSort: (column: ColumnSpec) => void;
  onResize: (key: string, width: number | null) => void;
  /** Told each column's laid-out width, in px, as it changes. */
  onWidths: (widths: ReadonlyMap<string, number>) => void;
}) {
  const { columns, onWidths } = props;
  const head = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = head.current;
    if (element === null) return;
    const report = (): void => {
      const widths = new Map<string, number>();
      for (const cell of element.querySelectorAll<HTMLElement>('[data-column]'))
        widths.set(cell.dataset['column']!, cell.getBoundingClientRect().width);
      onWidths(widths);
    };
    // The observer tells of each cell's first size too, once the frame is laid out: measuring
    // here forced a layout of the whole table before its rows were painted (14 ms of an open).
    const observer = new ResizeObserver(report);
    for (const cell of element.querySelectorAll('[data-column]')) observer.observe(cell);
    return () => observer.disconnect();
  }, [columns, onWidths]);

  return (
    <div className="grid-head" style={{ gridTemplateColumns: props.template }} ref={head}>
      <div />
      {columns.map((column) => {
        const key = columnKey(column.id);
        const sorted = columnKey(props.sort.column) === key;
        return (
          <div
            key={key}
            className={`${sorted ? 'sorted' : ''} ${column.numeric ? 'num' : ''}`}
            onClick={() => props.onSort(column)}
            role="columnheader"
            aria-sort={sorted ? (props.sort.descending ? 'descending' : 'ascending') : 'none'}
            data-column={key}
            title={`${column.label}: click to sort`}
          >
            {column.prefix !== null ? (
              <span className="label parts">
                <span className="prefix">{column.prefix} · </span>
                <span className="key">{column.name}</span>
                {column.derived === true ? (
                  <span className="derived-mark" title="A derived view: a formula of keys">
                    derived
                  </span>
                ) : null}
              </span>
            ) : (
              <span className="label">{column.name}</span>
            )}
            {sorted ? <span className="arrow">{props.sort.descending ? '↓' : '↑'}</span> : null}
            <ResizeHandle
              column={column}
              onResize={(width) => props.onResize(key, width)}
              onReset={() => props.onResize(key, null)}
            />
          </div>
        );
      })}
    </div>
  );
}
