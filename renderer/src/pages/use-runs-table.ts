// What the runs table lists, derived from the store's runs and the table's choices: the parsed
// filter, the statistics its metric columns, filter and result axis need, the runs the filter
// lists (before and after the brush), the rows grouped, and each group's colour.

import { useMemo } from 'react';
import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import { groupStyles } from '../charts/group-style.js';
import type { GroupBy } from '../state/run-groups.js';
import type { DerivedView } from '../state/sweep-choices.js';
import type { Brush, ResultChoice } from '../sweeps/parcoords-model.js';
import { brushedRunIds } from '../sweeps/parcoords-model.js';
import type { ColumnId } from './column-id.js';
import type { TableOptions, TableRow } from './runs-table-model.js';
import { groupRows, sortRuns, tableGroups } from './runs-table-model.js';
import { FilterMemory } from './filter-memory.js';
import type { StatisticsBySource, StatisticsSource } from './metric-columns.js';
import {
  metricLookup,
  nameableSources,
  neededSources,
  sourceId,
  splitMetricName,
} from './metric-columns.js';
import { comparedKeys, MATCH_ALL, parseRunQuery } from './run-query.js';
import type { ParsedQuery } from './run-query.js';
import { FIELD_KEYS } from './run-query-match.js';
import { useTableStatistics } from './use-table-statistics.js';
import { rememberLast } from '../state/remember-last.js';

// What the table derives from all the runs, kept across mounts (and so across renders: these
// serve as memos). The views and the sort come back from storage as new objects each mount, so
// they are compared as their JSON.
const sourcesOf = rememberLast((runs: ReadonlyMap<string, RunSummary>, viewsJson: string) =>
  nameableSources(runs.values(), JSON.parse(viewsJson) as DerivedView[]),
);
const valueNamesOf = rememberLast((runs: ReadonlyMap<string, RunSummary>) => {
  const names = new Set<string>();
  for (const run of runs.values())
    for (const map of [run.params, run.summary])
      for (const key of map.keys()) names.add(key.toLowerCase());
  return names;
});
const NO_STATISTICS: StatisticsBySource = new Map();
// Known again across mounts when the runs listed are the same array: all the sorted runs.
const rowsOf = rememberLast(
  (listed: readonly RunSummary[], groupByJson: string, collapsedJson: string) =>
    groupRows(
      listed,
      JSON.parse(groupByJson) as GroupBy,
      new Set(JSON.parse(collapsedJson) as string[]),
    ),
);
const sortedOf = rememberLast(
  (runs: ReadonlyMap<string, RunSummary>, sortJson: string, statistics: StatisticsBySource) =>
    sortRuns(runs.values(), JSON.parse(sortJson) as TableOptions['sort'], statistics),
);
// The filter's recent results: Backspace, or one more character of a word, filters few runs.
const filterMemory = new FilterMemory();

export interface RunsTable {
  readonly parsed: ParsedQuery;
  /** Keys the filter compares that no run has as a param, summary value or statistic. */
  readonly unknownKeys: readonly string[];
  readonly statistics: StatisticsBySource;
  /** Sources whose statistics could not be read, and why. */
  readonly problems: ReadonlyMap<string, string>;
  /** The runs the filter and status chips list, sorted, before the brush. */
  readonly filtered: readonly RunSummary[];
  /** The runs inside the brushes; null with none. */
  readonly brushed: ReadonlySet<string> | null;
  /** The runs the table lists: filtered, then brushed. */
  readonly listed: readonly RunSummary[];
  readonly rows: readonly TableRow[];
  /** Each group's colour by group id, and each grouped run's, when grouped. */
  readonly groupColors: ReadonlyMap<string, string>;
  readonly runColors: ReadonlyMap<string, string> | null;
}

export function useRunsTable(props: {
  runs: ReadonlyMap<string, RunSummary>;
  filter: string;
  statuses: ReadonlySet<RunStatusName>;
  sort: TableOptions['sort'];
  groupBy: GroupBy;
  collapsed: ReadonlySet<string>;
  columns: readonly ColumnId[];
  views: readonly DerivedView[];
  brushes: readonly Brush[];
  result: ResultChoice | null;
}): RunsTable {
  const { runs, filter, statuses, sort, groupBy, collapsed, columns, views, brushes, result } =
    props;
  const parsed = useMemo(() => parseRunQuery(filter), [filter]);
  const query = parsed.ok ? parsed.query : MATCH_ALL;
  const sources = sourcesOf(runs, JSON.stringify(views));
  const valueNames = valueNamesOf(runs);
  const needed = useMemo(() => {
    const list: StatisticsSource[] = neededSources(columns, query, sources, valueNames);
    if (result?.kind === 'statistic') {
      const source =
        result.formula !== undefined
          ? { key: result.key, formula: result.formula }
          : { key: result.key };
      if (!list.some((s) => sourceId(s) === sourceId(source))) list.push(source);
    }
    return list;
  }, [columns, query, sources, valueNames, result]);
  const { statistics, problems } = useTableStatistics(needed, runs);
  const metrics = useMemo(() => metricLookup(statistics, sources), [statistics, sources]);
  const unknownKeys = useMemo(
    () =>
      comparedKeys(query).filter(
        (key) =>
          !FIELD_KEYS.has(key) && !valueNames.has(key) && splitMetricName(key, sources) === null,
      ),
    [query, valueNames, sources],
  );
  // Sorted once per change of the runs or the sort; each keystroke in the filter only filters.
  // Only a metric column's order depends on the statistics.
  const sorted = sortedOf(
    runs,
    JSON.stringify(sort),
    sort.column.kind === 'metric' ? statistics : NO_STATISTICS,
  );
  const filtered = useMemo(
    () => filterMemory.filter(sorted, { query, statuses, metrics }),
    [sorted, query, statuses, metrics],
  );
  const brushed = useMemo(
    () => brushedRunIds(filtered, brushes, result, statistics),
    [filtered, brushes, result, statistics],
  );
  const listed = useMemo(
    () => (brushed === null ? filtered : filtered.filter((run) => brushed.has(run.id))),
    [filtered, brushed],
  );
  const rows = rowsOf(listed, JSON.stringify(groupBy), JSON.stringify([...collapsed].sort()));
  // Colours go by the groups of the filter before the brush, so brushing does not repaint them.
  const { groupColors, runColors } = useMemo(() => {
    const groupColors = new Map<string, string>();
    if (groupBy.length === 0) return { groupColors, runColors: null };
    const runColors = new Map<string, string>();
    // The rule Compare colours its groups by, so the runs compared show in the same colours.
    const groups = tableGroups(filtered, groupBy);
    const styles = groupStyles(groups.map((group) => group.id));
    for (const group of groups) {
      const color = styles.get(group.id)!.color;
      groupColors.set(group.id, color);
      for (const id of group.runIds) runColors.set(id, color);
    }
    return { groupColors, runColors };
  }, [filtered, groupBy]);
  return {
    parsed,
    unknownKeys,
    statistics,
    problems,
    filtered,
    brushed,
    listed,
    rows,
    groupColors,
    runColors,
  };
}

/** The runs the sweep panel draws: those selected, or with none selected every run listed. */
export function listedOrSelected(
  filtered: readonly RunSummary[],
  selected: ReadonlySet<string>,
): { runs: readonly RunSummary[]; what: string } {
  const chosen = filtered.filter((run) => selected.has(run.id));
  return chosen.length > 0
    ? { runs: chosen, what: `${chosen.length} selected runs` }
    : { runs: filtered, what: `${filtered.length} runs of the filter` };
}
