// Saving what a panel shows as browser downloads: its exact samples as CSV, and any file made
// of it (the PNG of png-export.ts).

import type { Columns } from '../../../shared/series/curve-math.js';
import { formatFloat } from '../../../shared/format/float-text.js';

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'panel';
}

/** A float as the store writes it, so the CSV reads back to the very same number. */
function exactNumber(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return formatFloat(x);
}

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvSeries {
  readonly runId: string;
  readonly runName: string;
  readonly key: string;
  readonly columns: Columns;
}

/** The samples as CSV: one row per sample in log order, values exact. */
export function samplesCsv(series: readonly CsvSeries[]): string {
  const lines = ['run_id,run_name,key,step,time,value'];
  for (const s of series) {
    const prefix = `${csvField(s.runId)},${csvField(s.runName)},${csvField(s.key)}`;
    for (let i = 0; i < s.columns.length; i++) {
      lines.push(
        `${prefix},${s.columns.steps[i]!},${exactNumber(s.columns.times[i]!)},${exactNumber(s.columns.values[i]!)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function downloadCsv(series: readonly CsvSeries[], name: string): void {
  saveBlob(
    new Blob([samplesCsv(series)], { type: 'text/csv;charset=utf-8' }),
    `${safeFileName(name)}.csv`,
  );
}
