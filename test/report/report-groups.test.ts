// A grouped report's group curves: held as the finest level's points of the center's, low's and
// high's envelopes, and drawn by the page with the host's own group envelope, which at that
// level and every coarser one draws every point and band the host draws over the whole curve.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../../shared/report/report-codec.js';
import type { ReportDocument } from '../../shared/report/report-document.js';
import { GroupOrder, groupEnvelopeOf } from '../../shared/series/group-envelope.js';
import { PreparedReport } from '../../electron/report/report-build.js';
import { GroupCurve } from '../../electron/host/groups/group-series.js';
import type { RunsSource, SourceRun } from '../../electron/sources/run-source.js';
import type { RunDetail } from '../../shared/api/contract.js';
import type { Series } from '../../electron/store/log/samples-fold.js';
import { ReportGroupCurves } from '../../renderer/src/report/report-group-curves.js';
import { tempStores } from '../support/store-fixture.js';
import { RESUMED, SPIKY, openReportStore } from '../support/report-store.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const newStore = tempStores();
let source: RunsSource;
let runs: SourceRun[];
let details: RunDetail[];

beforeAll(async () => {
  ({ source, runs } = await openReportStore(newStore()));
  details = await Promise.all(runs.map((run) => run.detail()));
});
afterAll(() => source.close());

function grouped(columns: number, spread: 'min-max' | 'std') {
  const { bytes } = new PreparedReport({
    runs,
    details,
    panels: [{ key: 'train/loss', axis: 'step', smoothing: 0, logY: false, zoom: null }],
    missingKeys: [],
    title: 'groups',
    note: null,
    stores: [],
    madeBy: 'test',
    now: 0,
    grouping: {
      center: 'mean',
      spread,
      groups: [{ label: 'all', style: { color: '#123456' }, runs: [0, 1, 2] }],
    },
  }).lay(columns, encode);
  const read = readReport(bytes, (b) => new TextDecoder().decode(b));
  return { document: read.document as ReportDocument, array: read.array, bytes: 0 };
}

describe('a grouped report', () => {
  it('draws each group as the host does, at its finest level and every coarser one', () => {
    for (const spread of ['min-max', 'std'] as const) {
      const report = grouped(1024, spread);
      const line = report.document.panels[0]!.groupLines![0]!;
      expect(line.layout?.columns).toBe(1024);
      expect(line.runs).toBe(2);
      expect(line.missing).toEqual(['2']);
      const series = [SPIKY, RESUMED].map((id) => source.runs.get(id)!.series('train/loss')!);
      const host = new GroupCurve(series as Series[], { center: 'mean', spread, x: 'step' });
      const page = new ReportGroupCurves(report);
      for (const columns of [1024, 256, 1]) {
        const view = { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width: columns };
        const want = groupEnvelopeOf(host, new GroupOrder(host), { runs: 2, missing: ['2'] }, view);
        const got = page.groupEnvelope({
          runIds: ['0', '1', '2'],
          key: 'train/loss',
          x: 'step',
          center: 'mean',
          spread,
          ...view,
        });
        // Every point the host draws is drawn; a column whose held points are few enough is
        // drawn whole, its band's extremes among them: more real points, none made up.
        const drawn = new Set(got.steps);
        for (const step of want.steps)
          expect(drawn.has(step), `${spread} at ${columns}`).toBe(true);
        const hostCenter = new Map(
          Array.from({ length: host.length }, (_, i) => [
            host.steps.data[i]!,
            host.center.data[i]!,
          ]),
        );
        got.steps.forEach((step, k) => expect(got.center[k]).toBe(hostCenter.get(step)));
        expect([...got.bandColumns.x]).toEqual([...want.bandColumns.x]);
        expect([...got.bandColumns.low]).toEqual([...want.bandColumns.low]);
        expect([...got.bandColumns.high]).toEqual([...want.bandColumns.high]);
        expect(got.total).toBe(want.total);
        expect(got.nonFinite).toBe(want.nonFinite);
      }
      const at = page.groupAt({
        runIds: ['2', '1', '0'],
        key: 'train/loss',
        x: 'step',
        at: 1e9,
        center: 'mean',
        spread,
      });
      expect(at).toMatchObject({ step: 59_999, n: 1, of: 2 });
    }
  });
});
