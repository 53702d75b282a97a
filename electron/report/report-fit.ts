// Fitting an offline report to its size budget: the finest level of each long series' exact
// envelopes starts at about 4,000 columns and is halved until the whole file fits (each level's
// points are among the finer one's, so a coarser file holds the same pyramid from lower down).
// Sizes are measured on the file itself, not guessed: a guess only picks where to start.

import type { ReportDocument } from '../../shared/report/report-document.js';
import type { PreparedReport } from './report-build.js';
import { FINEST_COLUMNS, LEAST_COLUMNS } from './report-build.js';
import type { ReportPageAssets } from './report-html.js';
import { reportHtml } from './report-html.js';

/** What a report file may come to: 15 MB, its page's code and styles included. */
export const REPORT_BUDGET_BYTES = 15_000_000;
/** Bytes a held point takes in the file once gzipped and in base64, measured on noisy doubles. */
const BYTES_PER_POINT = 13;
/** A file this far under the budget tries the next finer level. */
const ROOM_TO_DOUBLE = 2.2;

export interface FittedReport {
  readonly document: ReportDocument;
  readonly html: Uint8Array;
  /** The finest level's columns the long series were laid out at. */
  readonly columns: number;
  /** True when even the coarsest level passed the budget (the file is written all the same). */
  readonly overBudget: boolean;
}

export function fitReport(
  prepared: PreparedReport,
  page: ReportPageAssets,
  budget = REPORT_BUDGET_BYTES,
): FittedReport {
  const encoder = new TextEncoder();
  const encode = (text: string): Uint8Array => encoder.encode(text);
  const pageBytes = encode(page.script).length + encode(page.styles).length;
  let columns = FINEST_COLUMNS;
  while (
    columns > LEAST_COLUMNS &&
    pageBytes + prepared.pointsAt(columns) * BYTES_PER_POINT > budget
  )
    columns /= 2;
  const failed = new Set<number>();
  let fit: FittedReport | null = null;
  for (;;) {
    const { document, bytes } = prepared.lay(columns, encode);
    const html = encode(reportHtml({ title: document.title, data: bytes, page }));
    const attempt = { document, html, columns, overBudget: html.length > budget };
    if (!attempt.overBudget) {
      fit = attempt;
      const finer = columns * 2;
      // Only a report of long series gains from a finer level: one holding every sample has it.
      const gains = prepared.pointsAt(finer) > prepared.pointsAt(columns);
      if (finer > FINEST_COLUMNS || failed.has(finer) || !gains) break;
      if (html.length * ROOM_TO_DOUBLE > budget) break;
      columns = finer;
      continue;
    }
    failed.add(columns);
    if (fit !== null) break;
    if (columns / 2 < LEAST_COLUMNS) return attempt;
    columns /= 2;
  }
  return fit;
}
