// The runs table's columns as data: which are shown, their labels and widths, the grid template
// they make, and how many of a run's tags fit its cell. Pure, so it is tested without a DOM.

import type { ColumnId } from './column-id.js';
import { columnKey } from './column-id.js';

export interface ColumnSpec {
  readonly id: ColumnId;
  /** The full header text, for its title: "Started", "param · lr". */
  readonly label: string;
  /** What a param or summary header shows before its key: "param", "summary". */
  readonly prefix: string | null;
  /** The header's name: the built-in column's name, or the param or summary key. */
  readonly name: string;
  /** The width the column has when there is room for it, in px. */
  readonly width: number;
  /** The width it shrinks to before the table scrolls sideways, in px. */
  readonly minWidth: number;
  readonly numeric: boolean;
  /** The run name takes the room the others leave. */
  readonly flexible: boolean;
  /** True for a derived view's column, which the header marks. */
  readonly derived?: boolean;
}

/** The checkbox column's width, in px. */
export const CHECKBOX_WIDTH = 36;
/** No column is dragged narrower than this, in px. */
export const MIN_COLUMN_WIDTH = 56;
export const MAX_COLUMN_WIDTH = 1200;

function builtIn(
  id: ColumnId,
  name: string,
  width: number,
  minWidth: number,
  more: { numeric?: boolean; flexible?: boolean } = {},
): ColumnSpec {
  return {
    id,
    label: name,
    prefix: null,
    name,
    width,
    minWidth,
    numeric: more.numeric ?? false,
    flexible: more.flexible ?? false,
  };
}

/** The built-in columns in table order; every one but the run name can be hidden. */
export const BUILT_IN_COLUMNS: readonly ColumnSpec[] = [
  builtIn({ kind: 'status' }, 'Status', 112, 100),
  builtIn({ kind: 'name' }, 'Run', 260, 190, { flexible: true }),
  builtIn({ kind: 'id' }, 'Id', 214, 130),
  builtIn({ kind: 'start' }, 'Started', 136, 136),
  builtIn({ kind: 'duration' }, 'Duration', 100, 92, { numeric: true }),
  builtIn({ kind: 'progress' }, 'Progress', 170, 136),
  builtIn({ kind: 'tags' }, 'Tags', 190, 120),
  builtIn({ kind: 'lastWrite' }, 'Last write', 116, 100),
];

/** Built-in columns hidden until chosen. */
export const HIDDEN_BY_DEFAULT: readonly string[] = ['lastWrite'];

export function canHide(id: ColumnId): boolean {
  return id.kind !== 'name';
}

/**
 * A param or summary column, as wide as its header text (uppercase 11.5 px runs about 7 px a
 * character, plus padding and the sort arrow) within bounds.
 */
export function valueColumn(id: ColumnId & { kind: 'param' | 'summary' | 'metric' }): ColumnSpec {
  if (id.kind === 'metric') {
    // A metric's header says its statistic first: `min · train/loss`, `last · gap (derived)`.
    const derived = id.formula !== undefined;
    const label = `${id.stat} · ${id.key}${derived ? ' (derived)' : ''}`;
    const width = Math.min(240, Math.max(104, Math.round(label.length * 7.2 + 40)));
    return {
      id,
      label,
      prefix: id.stat,
      name: id.key,
      width,
      minWidth: width,
      numeric: true,
      flexible: false,
      derived,
    };
  }
  const label = `${id.kind} · ${id.key}`;
  const width = Math.min(240, Math.max(104, Math.round(label.length * 7.2 + 40)));
  return {
    id,
    label,
    prefix: id.kind,
    name: id.key,
    width,
    minWidth: width,
    numeric: true,
    flexible: false,
  };
}

/** The columns shown: the built-ins not hidden, then the chosen params, summary and metrics. */
export function tableColumns(
  hidden: ReadonlySet<string>,
  values: readonly ColumnId[],
): ColumnSpec[] {
  const chosen = new Set<string>();
  const extra: ColumnSpec[] = [];
  for (const id of values) {
    if (id.kind !== 'param' && id.kind !== 'summary' && id.kind !== 'metric') continue;
    const key = columnKey(id);
    if (chosen.has(key)) continue;
    chosen.add(key);
    extra.push(valueColumn(id));
  }
  return [
    ...BUILT_IN_COLUMNS.filter((c) => !canHide(c.id) || !hidden.has(columnKey(c.id))),
    ...extra,
  ];
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/**
 * The grid template of the columns for a table `available` px wide, and the narrowest the table
 * gets before it scrolls sideways. A column the user sized keeps that width. The others shrink
 * from their width toward their minimum as room runs out, if that makes the table fit; when it
 * cannot fit anyway they keep their widths, since cutting their text would buy nothing. The run
 * name, until sized, takes whatever room is left over.
 */
export function gridTemplate(
  columns: readonly ColumnSpec[],
  widths: Readonly<Record<string, number>>,
  available: number,
): { template: string; minWidth: number } {
  const sizes = columns.map((column) => {
    const sized = widths[columnKey(column.id)];
    if (sized !== undefined)
      return { min: clampWidth(sized), max: clampWidth(sized), flexible: false };
    return { min: column.minWidth, max: column.width, flexible: column.flexible };
  });
  const narrowest = sizes.reduce((sum, size) => sum + size.min, CHECKBOX_WIDTH);
  const shrink = narrowest <= available;
  const tracks = sizes.map(({ min, max, flexible }) => {
    if (flexible) return `minmax(${shrink ? min : max}px, 1fr)`;
    if (!shrink || min === max) return `${max}px`;
    return `minmax(${min}px, ${max}px)`;
  });
  const minWidth = shrink ? narrowest : sizes.reduce((sum, size) => sum + size.max, CHECKBOX_WIDTH);
  return { template: [`${CHECKBOX_WIDTH}px`, ...tracks].join(' '), minWidth };
}

/**
 * How many of a run's tags, in order, fit a cell `available` px wide, given each tag's width and
 * the width of the "+n" mark for the n left out. At least one is shown (cut short if need be).
 */
export function fitTags(
  tagWidths: readonly number[],
  available: number,
  gap: number,
  moreWidth: (left: number) => number,
): number {
  const total = tagWidths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, tagWidths.length - 1);
  if (total <= available) return tagWidths.length;
  let used = 0;
  let fits = 0;
  for (let i = 0; i < tagWidths.length - 1; i++) {
    used += tagWidths[i]! + (i > 0 ? gap : 0);
    if (used + gap + moreWidth(tagWidths.length - i - 1) > available) break;
    fits = i + 1;
  }
  return Math.max(1, fits);
}
