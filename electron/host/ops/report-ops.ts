// The op that makes an offline report of a page: its runs read whole, its panels laid out as
// exact envelopes (or every sample) fitted to the report's size, the file's text answered for
// the page to save. Derived views are read by the host's own views, as their panels are.

import type { ReportMade } from '../../../shared/api/report-ask.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { appNameAndVersion } from '../../app-version.js';
import { PreparedReport } from '../../report/report-build.js';
import { fitReport, REPORT_BUDGET_BYTES } from '../../report/report-fit.js';
import { readReportPage } from '../../report/report-html.js';
import { reportSummary } from '../../report/report-summary.js';
import { viewSeriesFor } from '../derived/view-series.js';
import { ApiFailure } from './api-failure.js';
import type { OpHandlers } from './op-context.js';

/** A file name for the report from its title: its words, safe on any system, and .html. */
export function reportFileName(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return `${words === '' ? 'munin-report' : words}.html`;
}

export const REPORT_OPS: OpHandlers<'makeReport'> = {
  makeReport: async (context, request): Promise<ReportMade> => {
    const runs = request.runIds.map((runId) => context.withSamples(runId));
    const page = await readReportPage().catch((error: unknown) => {
      throw new ApiFailure('unreadable', (error as Error).message);
    });
    const info = context.storeInfo();
    const prepared = new PreparedReport({
      runs,
      details: await Promise.all(runs.map((run) => run.detail())),
      panels: request.panels,
      viewSeries: (run, formula) => {
        const series = viewSeriesFor(context, run.id, formula);
        return 'refused' in series ? undefined : series;
      },
      missingKeys: [],
      title: request.title,
      note: request.note,
      stores: info.sources.map((source) => ({ root: source.root, name: source.name })),
      madeBy: appNameAndVersion(),
      now: Date.now() / 1000,
      ...(request.styles === undefined ? {} : { styles: request.styles }),
      ...(request.grouping === undefined ? {} : { grouping: request.grouping }),
    });
    const { document, html, overBudget } = fitReport(prepared, page);
    const over = overBudget
      ? `; over the ${byteSize(REPORT_BUDGET_BYTES)} budget even at the coarsest envelopes`
      : '';
    return {
      html: new TextDecoder().decode(html),
      fileName: reportFileName(request.title),
      bytes: html.length,
      summary: `${reportSummary(document)}${over}`,
    };
  },
};
