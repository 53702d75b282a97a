// The document a report's HTML file holds, read back as its page reads it: for tests that check
// what a report holds, wherever it was made.

import { gunzipSync } from 'node:zlib';
import { readReport } from '../../shared/report/report-codec.js';
import type { ReportDocument } from '../../shared/report/report-document.js';

export function reportDocumentOf(html: string): ReportDocument {
  const data =
    /<script type="application\/x-munin-report" id="munin-report-data">\n([^<]*)\n<\/script>/.exec(
      html,
    )![1]!;
  const bytes = gunzipSync(Buffer.from(data.replace(/\n/g, ''), 'base64'));
  return readReport(new Uint8Array(bytes), (b) => new TextDecoder().decode(b))
    .document as ReportDocument;
}
