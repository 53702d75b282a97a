// A column of the runs table by what it shows (a built-in, a param, a summary value, or a key's
// statistic), and the string that keys it in choices and the DOM. Its own module, since the
// table's model, its metric columns and its layout all name it.

export const METRIC_STATS = ['last', 'min', 'max', 'best'] as const;
export type MetricStat = (typeof METRIC_STATS)[number];

export type ColumnId =
  | { readonly kind: 'status' }
  | { readonly kind: 'name' }
  | { readonly kind: 'id' }
  | { readonly kind: 'start' }
  | { readonly kind: 'duration' }
  | { readonly kind: 'progress' }
  | { readonly kind: 'lastWrite' }
  | { readonly kind: 'tags' }
  | { readonly kind: 'param'; readonly key: string }
  | { readonly kind: 'summary'; readonly key: string }
  /** A key's statistic; with `formula`, a derived view's, `key` being the view's name. */
  | {
      readonly kind: 'metric';
      readonly key: string;
      readonly stat: MetricStat;
      readonly formula?: string;
    };

export function columnKey(column: ColumnId): string {
  if (column.kind === 'metric')
    return `metric:${column.formula !== undefined ? 'view:' : ''}${column.key}.${column.stat}`;
  return column.kind === 'param' || column.kind === 'summary'
    ? `${column.kind}:${column.key}`
    : column.kind;
}

/** A metric column: `key` is the series key, or the view's name when `formula` is given. */
export type MetricColumnId = ColumnId & { readonly kind: 'metric' };
