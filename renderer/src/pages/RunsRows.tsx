// The rows of the runs table in view (virtualized): group headers with their colour and
// selection, and run rows.

import type { ColumnSpec } from './column-layout.js';
import type { StatisticsBySource } from './metric-columns.js';
import type { TableRow } from './runs-table-model.js';
import { GroupRow, RunRow } from './RunRow.js';
import type { RemoteSourceState } from '../../../shared/api/contract.js';
import { unreachedSourceOf } from '../remote/remote-sources.js';

/** More rows than a window shows, overscan included, on any screen. */
const ROW_SLOTS = 256;

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
  // Rows are keyed by their slot, the row's index modulo a count larger than any window, not by
  // run: a keystroke in the filter that brings other runs into view updates the rows in place
  // rather than making them anew (rows hold no state of their own), and a scroll makes the rows
  // it brings in, as keys by run did. A count that followed the window's size would key every
  // row anew whenever the window grew (a long task in the middle of a scroll).
  const slots = Math.max(ROW_SLOTS, last - first);
  return (
    <div style={{ position: 'relative', height: rows.length * rowHeight }}>
      {rows.slice(first, last).map((row, offset) => {
        const index = first + offset;
        const top = index * rowHeight;
        const slot = index % slots;
        if (row.type === 'group')
          return (
            <GroupRow
              key={`group:${slot}`}
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
            key={`run:${slot}`}
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
