// CSV and TSV into a table, parsed by papaparse (RFC 4180 quoting, quoted line breaks, any line
// ending) a row at a time: the first row names the columns, rows of other lengths are counted,
// and reading stops when the cell budget is spent.

import Papa from 'papaparse';
import type { TableBuilder } from './table-builder.js';
import type { TableNote } from './table-types.js';

export interface DelimitedRead {
  readonly notes: readonly TableNote[];
  /** True when the cell budget stopped the read before the text's end. */
  readonly stopped: boolean;
}

export function readDelimited(
  text: string,
  delimiter: ',' | '\t',
  builder: TableBuilder,
): DelimitedRead {
  let header = true;
  let stopped = false;
  let badQuotes = 0;
  let firstBadQuoteRow = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    // Blank lines are no rows; a line of delimiters is a row of empty cells.
    skipEmptyLines: true,
    step: (result, parser) => {
      if (result.errors.some((error) => error.type === 'Quotes')) {
        if (badQuotes++ === 0) firstBadQuoteRow = builder.rowCount + 1;
      }
      if (header) {
        builder.setHeader(result.data);
        header = false;
        return;
      }
      builder.addRow(result.data);
      if (builder.full) {
        stopped = true;
        parser.abort();
      }
    },
  });
  const notes: TableNote[] = [];
  if (builder.shortRows > 0)
    notes.push({
      level: 'warn',
      text: `${rowsHave(builder.shortRows)} fewer cells than the header names (the first is row ${builder.firstShortRow}); ${builder.shortRows === 1 ? 'its' : 'their'} missing cells are empty.`,
    });
  if (builder.longRows > 0)
    notes.push({
      level: 'warn',
      text: `${rowsHave(builder.longRows)} more cells than the header names (the first is row ${builder.firstLongRow}); the extra cells are in columns of their own.`,
    });
  if (badQuotes > 0)
    notes.push({
      level: 'warn',
      text: `${rowsHave(badQuotes)} a quote that is stray or not closed (the first near row ${firstBadQuoteRow}); ${badQuotes === 1 ? 'it is' : 'they are'} read as papaparse reads ${badQuotes === 1 ? 'it' : 'them'}.`,
    });
  return { notes, stopped };
}

function rowsHave(count: number): string {
  return count === 1 ? '1 row has' : `${count.toLocaleString('en')} rows have`;
}
