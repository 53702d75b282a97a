// The runs table as CSV, as shown: its visible columns in order (a group column first when
// grouped), the runs its filter, brush and sort list, values exact so they read back the same.

import type { RunSummary } from '../../../shared/api/contract.js';
import { exactFloatText, valueText } from '../text/value-text.js';
import type { ColumnSpec } from './column-layout.js';
import type { StatisticsBySource } from './metric-columns.js';
import { cellValue } from './metric-columns.js';
import type { TableRow } from './runs-table-model.js';
import { runDuration } from './runs-table-model.js';

/** A field quoted when it holds a quote, comma or line break (RFC 4180), quotes doubled. */
export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const seconds = (x: number | null): string => (x === null ? '' : exactFloatText(x));

/** A column's header in the CSV: its label, with the unit where the table shows a time. */
function headerText(column: ColumnSpec): string {
  switch (column.id.kind) {
    case 'start':
      return 'Started (s since epoch)';
    case 'lastWrite':
      return 'Last write (s since epoch)';
    case 'duration':
      return 'Duration (s)';
    default:
      return column.label;
  }
}

/** A cell's exact text: values as the store writes them, times in seconds, none as empty. */
export function cellText(
  column: ColumnSpec,
  run: RunSummary,
  statistics: StatisticsBySource,
): string {
  const id = column.id;
  switch (id.kind) {
    case 'status':
      return run.status;
    case 'name':
      return run.name ?? '';
    case 'id':
      return run.id;
    case 'start':
      return seconds(run.startTime);
    case 'duration':
      return seconds(runDuration(run));
    case 'progress':
      if (run.lastStep === null) return '';
      return run.steps === null ? String(run.lastStep) : `${run.lastStep}/${run.steps}`;
    case 'lastWrite':
      return seconds(run.lastWrite);
    case 'tags':
      return run.tags.join(', ');
    case 'param':
    case 'summary':
    case 'metric': {
      const value = cellValue(id, run, statistics);
      return value === undefined ? '' : valueText(value).exact;
    }
  }
}

/**
 * The table's CSV text. `rows` are the table's rows with no group collapsed, so that a
 * collapsed group's runs are exported too: collapsing hides rows, it does not filter them.
 */
export function tableCsv(
  columns: readonly ColumnSpec[],
  rows: readonly TableRow[],
  statistics: StatisticsBySource,
): string {
  const grouped = rows.some((row) => row.type === 'group');
  const header = [...(grouped ? ['Group'] : []), ...columns.map(headerText)];
  const lines = [header.map(csvField).join(',')];
  let group = '';
  for (const row of rows) {
    if (row.type === 'group') {
      group = row.group.label;
      continue;
    }
    const cells = columns.map((column) => cellText(column, row.run, statistics));
    lines.push([...(grouped ? [group] : []), ...cells].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}
