// A table of any number of rows drawn a screenful at a time: a sticky header whose names sort
// (ascending, descending, file order) and whose edges drag to resize, rows of one height placed
// where they scroll to (past a few million pixels the scroll bar stands for rows, not pixels).

import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import type { ColumnMeta, SortSpec } from './table-types.js';
import type { TableRows } from './use-table-rows.js';
import { useColumnWidths } from './use-column-widths.js';

/** The tallest a scrolled area is made; beyond it a pixel of scroll stands for several rows. */
const MAX_SCROLL_PX = 4_000_000;
/** Rows drawn beyond each edge of the view, so a short scroll shows no blank. */
const OVERSCAN = 8;
const HEADER_PX = 32;

export interface VirtualTableProps {
  readonly columns: readonly ColumnMeta[];
  readonly rows: TableRows;
  readonly rowHeight: number;
  readonly sort: SortSpec | null;
  readonly onSort: (next: SortSpec | null) => void;
  /** A cell's own drawing (a logged file's path as the file); undefined for its text. */
  readonly renderCell?: (text: string, column: ColumnMeta) => ReactNode | undefined;
  /** A header's own label (a joined column's run); undefined for the column's name. */
  readonly renderHeader?: (column: ColumnMeta) => ReactNode | undefined;
  /** How many characters a header reads, when renderHeader draws more than the name. */
  readonly headerChars?: (column: ColumnMeta) => number;
  readonly testId: string;
}

function nextSort(sort: SortSpec | null, column: number): SortSpec | null {
  if (sort?.column !== column) return { column, descending: false };
  return sort.descending ? null : { column, descending: true };
}

export function VirtualTable(props: VirtualTableProps) {
  const { columns, rows, rowHeight, sort } = props;
  const [widths, resize] = useColumnWidths(columns, props.headerChars);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(480);
  const rowCount = rows.rowCount ?? 0;

  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // A new view starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [rows.rowCount]);

  const bodyPx = rowCount * rowHeight;
  const scrollPx = Math.min(bodyPx, MAX_SCROLL_PX);
  const visible = Math.max(1, Math.ceil((viewport - HEADER_PX) / rowHeight));
  // Where the view's first row is: by pixels, or, past MAX_SCROLL_PX, by the share scrolled.
  const scrollable = Math.max(1, scrollPx + HEADER_PX - viewport);
  const first =
    bodyPx <= MAX_SCROLL_PX
      ? Math.floor(scrollTop / rowHeight)
      : Math.floor(
          (Math.min(scrollTop, scrollable) / scrollable) * Math.max(0, rowCount - visible),
        );
  const from = Math.max(0, first - OVERSCAN);
  const to = Math.min(rowCount, first + visible + OVERSCAN);
  const { need } = rows;
  useEffect(() => need(from, to), [need, from, to]);

  const template = widths.map((w) => `${w}px`).join(' ');
  const totalWidth = widths.reduce((sum, w) => sum + w, 0);
  // Rows are placed under the header, where the scroll puts the first of them.
  const offset =
    bodyPx <= MAX_SCROLL_PX ? from * rowHeight : scrollTop - (first - from) * rowHeight;

  const startResize = (event: ReactPointerEvent<HTMLSpanElement>, column: number): void => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const startX = event.clientX;
    const startWidth = widths[column]!;
    handle.setPointerCapture(event.pointerId);
    const move = (moved: PointerEvent): void => resize(column, startWidth + moved.clientX - startX);
    const end = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  return (
    <div
      className="vt"
      ref={scroller}
      // As tall as its rows (and a scroll bar), up to the CSS max-height.
      style={{ height: HEADER_PX + bodyPx + 16 }}
      tabIndex={0}
      role="table"
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={props.testId}
    >
      <div className="vt-sizer" style={{ width: totalWidth, height: HEADER_PX + scrollPx }}>
        <div className="vt-head" role="row" style={{ gridTemplateColumns: template }}>
          {columns.map((column, index) => {
            const sorted = sort?.column === index ? sort : null;
            return (
              <div
                key={index}
                role="columnheader"
                className={`vt-th ${column.type === 'number' ? 'vt-number' : ''}`}
                aria-sort={
                  sorted === null ? 'none' : sorted.descending ? 'descending' : 'ascending'
                }
                data-column={column.name}
              >
                <button
                  className="vt-sort"
                  title={`${column.name} (${column.type}): click to sort`}
                  onClick={() => props.onSort(nextSort(sort, index))}
                  data-testid="table-sort"
                >
                  <span className="vt-name">{props.renderHeader?.(column) ?? column.name}</span>
                  <span className="vt-arrow" aria-hidden>
                    {sorted === null ? '' : sorted.descending ? '▼' : '▲'}
                  </span>
                </button>
                <span
                  className="vt-resize"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize ${column.name}`}
                  onPointerDown={(event) => startResize(event, index)}
                  data-testid="table-resize"
                />
              </div>
            );
          })}
        </div>
        <div className="vt-rows" style={{ transform: `translateY(${offset}px)` }}>
          {Array.from({ length: to - from }, (_, i) => {
            const index = from + i;
            const row = rows.row(index);
            return (
              <div
                key={index}
                role="row"
                aria-rowindex={index + 2}
                className={`vt-row ${index % 2 === 1 ? 'vt-odd' : ''}`}
                style={{ gridTemplateColumns: template, height: rowHeight }}
                data-testid="table-row"
              >
                {columns.map((column, c) => {
                  const text = row?.cells[c] ?? null;
                  const differs = row?.differing.has(c) === true;
                  return (
                    <div
                      key={c}
                      role="cell"
                      className={`vt-cell ${column.type === 'number' ? 'vt-number' : ''} ${differs ? 'vt-differs' : ''}`}
                      title={text !== null && text.length > 24 ? text : undefined}
                      data-differs={differs ? 'true' : undefined}
                    >
                      {row === undefined ? (
                        <span className="vt-pending" />
                      ) : text === null ? null : (
                        (props.renderCell?.(text, column) ?? text)
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
