// Metric columns of the runs table: a key's (or a derived view's) last, min, max or best value per
// run from keyStatistics, what the filter calls them (`train/loss.min`), and which statistics the
// table must fetch for its columns and its filter. Pure, so it is tested without a DOM.

import type { KeyStatisticsRow, RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';
import type { ColumnId, MetricColumnId, MetricStat } from './column-id.js';
import { METRIC_STATS } from './column-id.js';
import type { QueryNode } from './run-query.js';
import { comparedKeys } from './run-query.js';

/** What one keyStatistics read is for: a key, or a derived view by its formula. */
export interface StatisticsSource {
  /** The key, or the view's name. */
  readonly key: string;
  readonly formula?: string;
}

/** A source's identity, for caching its statistics: a view by its formula, so a rename keeps it. */
export function sourceId(source: StatisticsSource): string {
  return source.formula !== undefined ? `formula:${source.formula}` : `key:${source.key}`;
}

/** A run's value of the statistic; null when the run lacks it (no finite value, no goal). */
export function statisticValue(row: KeyStatisticsRow, stat: MetricStat): number | null {
  switch (stat) {
    case 'last':
      return row.last;
    case 'min':
      return row.least;
    case 'max':
      return row.greatest;
    case 'best':
      return row.best;
  }
}

/** Statistics read, by sourceId, then by run id. */
export type StatisticsBySource = ReadonlyMap<string, ReadonlyMap<string, KeyStatisticsRow>>;

/** How the filter names a statistic: `train/loss.min`, lowercased as the filter reads keys. */
export function metricQueryName(key: string, stat: MetricStat): string {
  return `${key}.${stat}`.toLowerCase();
}

/** Splits a filter key into a known source and a statistic: `train/loss.min` → train/loss, min. */
export function splitMetricName(
  name: string,
  sources: ReadonlyMap<string, StatisticsSource>,
): { source: StatisticsSource; stat: MetricStat } | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const stat = name.slice(dot + 1) as MetricStat;
  if (!METRIC_STATS.includes(stat)) return null;
  const source = sources.get(name.slice(0, dot));
  return source === undefined ? null : { source, stat };
}

/**
 * The sources the filter can name, by lowercased key: every key of the listed runs, and every
 * derived view by its name (a view named as a key is the view: the user named it so).
 */
export function nameableSources(
  runs: Iterable<RunSummary>,
  views: readonly { readonly name: string; readonly formula: string }[],
): Map<string, StatisticsSource> {
  const sources = new Map<string, StatisticsSource>();
  for (const run of runs)
    for (const { key } of run.keys)
      if (!sources.has(key.toLowerCase())) sources.set(key.toLowerCase(), { key });
  for (const view of views)
    sources.set(view.name.toLowerCase(), { key: view.name, formula: view.formula });
  return sources;
}

/**
 * The statistics the table needs, once each: those of its metric columns, and those its filter
 * compares (`train/loss.min<0.2`) that no param or summary value of that name shadows.
 */
export function neededSources(
  columns: readonly ColumnId[],
  query: QueryNode,
  sources: ReadonlyMap<string, StatisticsSource>,
  valueNames: ReadonlySet<string>,
): StatisticsSource[] {
  const needed = new Map<string, StatisticsSource>();
  for (const column of columns)
    if (column.kind === 'metric') {
      const source =
        column.formula !== undefined
          ? { key: column.key, formula: column.formula }
          : { key: column.key };
      needed.set(sourceId(source), source);
    }
  for (const name of comparedKeys(query)) {
    if (valueNames.has(name)) continue;
    const split = splitMetricName(name, sources);
    if (split !== null) needed.set(sourceId(split.source), split.source);
  }
  return [...needed.values()];
}

/**
 * The filter's view of statistics: by query name (`train/loss.min`), each run's value. Only the
 * names whose source was read are there; a run without the key is absent.
 */
export function metricLookup(
  statistics: StatisticsBySource,
  sources: ReadonlyMap<string, StatisticsSource>,
): (name: string, runId: string) => number | null | undefined {
  return (name, runId) => {
    const split = splitMetricName(name, sources);
    if (split === null) return undefined;
    const rows = statistics.get(sourceId(split.source));
    if (rows === undefined) return undefined;
    const row = rows.get(runId);
    return row === undefined ? null : statisticValue(row, split.stat);
  };
}

/** A metric column's value for a run: undefined while unread or when the run lacks it. */
export function metricCellValue(
  column: MetricColumnId,
  runId: string,
  statistics: StatisticsBySource,
): number | undefined {
  const source =
    column.formula !== undefined
      ? { key: column.key, formula: column.formula }
      : { key: column.key };
  const row = statistics.get(sourceId(source))?.get(runId);
  if (row === undefined) return undefined;
  return statisticValue(row, column.stat) ?? undefined;
}

/** A cell's value as a Value (a float), for the views and comparisons params use. */
export function cellValue(
  column: ColumnId,
  run: RunSummary,
  statistics: StatisticsBySource,
): Value | undefined {
  switch (column.kind) {
    case 'param':
      return run.params.get(column.key);
    case 'summary':
      return run.summary.get(column.key);
    case 'metric':
      return metricCellValue(column, run.id, statistics);
    default:
      return undefined;
  }
}

/**
 * The param, summary and metric columns whose values differ among the runs: a column is kept
 * when two runs hold different values (by exact text and kind) or one holds it and another not.
 * Built-in columns are always kept. With one run or none nothing differs, and all are kept.
 */
export function columnsThatDiffer<C extends { readonly id: ColumnId }>(
  columns: readonly C[],
  runs: readonly RunSummary[],
  statistics: StatisticsBySource,
): C[] {
  if (runs.length < 2) return [...columns];
  return columns.filter((column) => {
    const { kind } = column.id;
    if (kind !== 'param' && kind !== 'summary' && kind !== 'metric') return true;
    let first: string | undefined;
    for (let i = 0; i < runs.length; i++) {
      const value = cellValue(column.id, runs[i]!, statistics);
      const text = value === undefined ? '' : `${typeof value}:${valueText(value).exact}`;
      if (i === 0) first = text;
      else if (text !== first) return true;
    }
    return false;
  });
}
