// What the runs table keeps in local storage, checked as it is read back: a list written by
// another version of the app reads as the default rather than breaking the table.

import type { ColumnId } from './column-id.js';

export const isColumnList = (value: unknown): ColumnId[] | undefined =>
  Array.isArray(value) ? (value as ColumnId[]) : undefined;
export const isKeyList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
export const isWidths = (value: unknown): Record<string, number> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, number] =>
            typeof entry[1] === 'number' && Number.isFinite(entry[1]),
        ),
      )
    : undefined;
