// renderer/src/pages/column-layout: the columns shown and hidden, param and summary headers, the grid template (shrinking to fit, sized widths kept) and how many tags fit a cell.

import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_COLUMNS,
  CHECKBOX_WIDTH,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  canHide,
  clampWidth,
  fitTags,
  gridTemplate,
  tableColumns,
  valueColumn,
} from '../../renderer/src/pages/column-layout.js';
import { columnKey } from '../../renderer/src/pages/column-id.js';

const keys = (columns: { id: Parameters<typeof columnKey>[0] }[]): string[] =>
  columns.map((c) => columnKey(c.id));

describe('tableColumns', () => {
  it('shows the built-ins not hidden, then the param and summary columns once each', () => {
    const columns = tableColumns(new Set(['id', 'lastWrite']), [
      { kind: 'param', key: 'lr' },
      { kind: 'summary', key: 'lr' },
      { kind: 'param', key: 'lr' },
      // Stored by an older version, when Last write was chosen with the params.
      { kind: 'lastWrite' },
    ]);
    expect(keys(columns)).toEqual([
      'status',
      'name',
      'start',
      'duration',
      'progress',
      'tags',
      'param:lr',
      'summary:lr',
    ]);
  });

  it('can hide every column but the run name', () => {
    const all = new Set(BUILT_IN_COLUMNS.map((c) => columnKey(c.id)));
    expect(keys(tableColumns(all, []))).toEqual(['name']);
    expect(BUILT_IN_COLUMNS.filter((c) => !canHide(c.id)).map((c) => c.name)).toEqual(['Run']);
  });

  it('labels a value column by its kind and key, as wide as its header within bounds', () => {
    const lr = valueColumn({ kind: 'param', key: 'lr' });
    expect(lr).toMatchObject({ label: 'param · lr', prefix: 'param', name: 'lr', numeric: true });
    const long = valueColumn({ kind: 'summary', key: 'best/eval_acc' });
    expect(long.label).toBe('summary · best/eval_acc');
    expect(long.width).toBeGreaterThan(lr.width);
    expect(valueColumn({ kind: 'summary', key: 'x'.repeat(200) }).width).toBe(240);
  });
});

describe('gridTemplate', () => {
  const status = BUILT_IN_COLUMNS.find((c) => c.id.kind === 'status')!;
  const name = BUILT_IN_COLUMNS.find((c) => c.id.kind === 'name')!;
  const lr = valueColumn({ kind: 'param', key: 'lr' });
  const columns = [status, name, lr];
  const narrowest = CHECKBOX_WIDTH + status.minWidth + name.minWidth + lr.width;
  const widest = CHECKBOX_WIDTH + status.width + name.width + lr.width;

  it('lets columns shrink to their minimum when that makes the table fit', () => {
    expect(gridTemplate(columns, {}, narrowest)).toEqual({
      template: `${CHECKBOX_WIDTH}px minmax(${status.minWidth}px, ${status.width}px) minmax(${name.minWidth}px, 1fr) ${lr.width}px`,
      minWidth: narrowest,
    });
  });

  it('keeps every width when the table cannot fit anyway, and scrolls', () => {
    expect(gridTemplate(columns, {}, narrowest - 1)).toEqual({
      template: `${CHECKBOX_WIDTH}px ${status.width}px minmax(${name.width}px, 1fr) ${lr.width}px`,
      minWidth: widest,
    });
  });

  it('keeps a sized column at its size, the run name included', () => {
    const sized = { status: 300, name: 150, [columnKey(lr.id)]: 10 };
    const { template, minWidth } = gridTemplate(columns, sized, 5000);
    expect(template).toBe(`${CHECKBOX_WIDTH}px 300px 150px ${MIN_COLUMN_WIDTH}px`);
    expect(minWidth).toBe(CHECKBOX_WIDTH + 300 + 150 + MIN_COLUMN_WIDTH);
  });

  it('clamps sizes to the bounds', () => {
    expect(clampWidth(1)).toBe(MIN_COLUMN_WIDTH);
    expect(clampWidth(1e9)).toBe(MAX_COLUMN_WIDTH);
    expect(clampWidth(100.6)).toBe(101);
  });
});

describe('fitTags', () => {
  const more = (left: number): number => 20 + 2 * left;

  it('shows all tags when they fit, gaps included', () => {
    expect(fitTags([50, 50], 104, 4, more)).toBe(2);
    expect(fitTags([], 10, 4, more)).toBe(0);
  });

  it('leaves room for the +n mark when they do not', () => {
    // 50 + 4 + 50 = 104 > 103: one tag and its +1 mark (4 + 22) fit in 76 of 103.
    expect(fitTags([50, 50], 103, 4, more)).toBe(1);
    expect(fitTags([30, 30, 30, 30], 100, 4, more)).toBe(2);
    expect(fitTags([30, 30, 30, 30], 131, 4, more)).toBe(3);
    expect(fitTags([30, 30, 30, 30], 132, 4, more)).toBe(4);
  });

  it('shows at least the first tag, to be cut short', () => {
    expect(fitTags([300, 20], 100, 4, more)).toBe(1);
  });
});
