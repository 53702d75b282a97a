// The rows of the runs table in view (virtualized): group headers with their colour and
// selection, and run rows.

import type { ColumnSpec } from './column-layout.js';
import type { StatisticsBySource } from './metric-columns.js';
import type { TableRow } from './runs-table-model.js';
import { GroupRow, RunRow } from './RunRow.js';
import type { RemoteSourceState } from '../../../shared/api/contract.js';
import { unreachedSourceOf } from '../remote/remote-sources.js';

export function RunsRows(props: {
  rows: readonly TableRow[];
  /** The rows in view, first to last (exclusive), overscan included. */
  first: number;
  last: number;
  rowHeight: number;
  cursor: number;
  columns: readonly ColumnSpec[];
  template: string;
  widths: ReadonlyMap<string, number>;
  now: number;
  statistics: StatisticsBySource;
  selected: ReadonlySet<string>;
  groupColors: ReadonlyMap<string, string>;
  onToggleGroup: (groupId: string) => void;
  onSelectRow: (row: TableRow) => void;
  onOpen: (runId: string) => void;
  /** Far stores not reached now: their runs show greyed, as last seen. */
  unreached: readonly RemoteSourceState[];
}) {
  const { rows, first, last, rowHeight, cursor, selected } = props;
  return (
    <div style={{ position: 'relative', height: rows.length * rowHeight }}>
      {rows.slice(first, last).map((row, offset) => {
        const index = first + offset;
        const top = index * rowHeight;
        if (row.type === 'group')
          return (
            <GroupRow
              key={`group:${row.group.id}`}
              label={row.group.label}
              count={row.count}
              collapsed={row.collapsed}
              color={props.groupColors.get(row.group.id) ?? 'transparent'}
              top={top}
              atCursor={index === cursor}
              selected={row.group.runIds.filter((id) => selected.has(id)).length}
              onToggle={() => props.onToggleGroup(row.group.id)}
              onSelect={() => props.onSelectRow(row)}
            />
          );
        return (
          <RunRow
            key={row.run.id}
            run={row.run}
            depth={row.depth}
            top={top}
            columns={props.columns}
            template={props.template}
            widths={props.widths}
            now={props.now}
            statistics={props.statistics}
            atCursor={index === cursor}
            selected={selected.has(row.run.id)}
            onSelect={() => props.onSelectRow(row)}
            onOpen={() => props.onOpen(row.run.id)}
            unreached={unreachedSourceOf(row.run.id, props.unreached)}
          />
        );
      })}
    </div>
  );
}
