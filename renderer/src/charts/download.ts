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

/** At most this many bytes of UTF-8 before the extension: file systems hold 255 in a name. */
const MAX_FILE_NAME_BYTES = 200;

/**
 * text (a key, or anything a store holds) as a file's name on any system: letters, marks and
 * digits of any script, `.`, `-` and `_` are kept, and each run of anything else (`/`, `\`,
 * control characters, `:*?"<>|`, spaces, emoji) becomes one `_`. It never starts with `.`
 * (a hidden file) and is cut to MAX_FILE_NAME_BYTES. Only the file is named so: requests use
 * the text itself.
 */
export function safeFileName(text: string): string {
  const kept = text.replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '_').replace(/^[_.]+|_+$/g, '');
  let name = '';
  let bytes = 0;
  for (const char of kept) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > MAX_FILE_NAME_BYTES) break;
    name += char;
  }
  return name || 'panel';
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
