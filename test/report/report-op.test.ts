// makeReport through the Backend, as the app's Save report asks it: the file's text with a name
// from its title and a line of what it holds; a derived view laid out from the host's view of
// its formula; runs that are not there refused; and viewing still changes nothing in the store.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import type { ApiResponse } from '../../shared/api/contract.js';
import type { ReportMade } from '../../shared/api/report-ask.js';
import { reportDocumentOf } from '../support/report-file.js';
import { tempStores } from '../support/store-fixture.js';
import { snapshotTree } from '../support/tree-snapshot.js';
import { RESUMED, SPIKY, writeReportStore } from '../support/report-store.js';

const newStore = tempStores();
let backend: Backend;
let root = '';

beforeAll(async () => {
  root = newStore();
  writeReportStore(root);
  backend = await Backend.open(root);
});
afterAll(() => backend.close());

describe('makeReport', () => {
  it('makes the file of a page, derived views included', async () => {
    const before = snapshotTree(root);
    const session = backend.connect(() => {});
    const response = (await session.request({
      op: 'makeReport',
      runIds: [SPIKY, RESUMED],
      title: 'Loss & its gap: a test',
      note: 'A *note*.',
      panels: [
        { key: 'train/loss', axis: 'step', smoothing: 0.6, logY: true, zoom: [100, 2000] },
        {
          key: 'loss per epoch',
          formula: 'train/loss / (train/epoch + 1)',
          axis: 'step',
          smoothing: 0,
          logY: false,
          zoom: null,
        },
      ],
      styles: [{ color: '#1f77b4' }, { color: '#ff7f0e', dash: [6, 3] }],
    })) as ApiResponse<'makeReport'>;
    expect(response.ok, JSON.stringify(response).slice(0, 300)).toBe(true);
    const made = (response as { ok: true; result: ReportMade }).result;
    expect(made.fileName).toBe('Loss-its-gap-a-test.html');
    expect(made.bytes).toBe(new TextEncoder().encode(made.html).length);
    expect(made.summary).toBe('2 runs, 2 curves (2 exact envelopes at 4,096 columns)');
    const document = reportDocumentOf(made.html);
    expect(document.title).toBe('Loss & its gap: a test');
    expect(document.note).toBe('A *note*.');
    expect(document.runs.map((run) => run.style)).toEqual([
      { color: '#1f77b4' },
      { color: '#ff7f0e', dash: [6, 3] },
    ]);
    const [loss, view] = document.panels;
    expect(loss).toMatchObject({
      key: 'train/loss',
      smoothing: 0.6,
      logY: true,
      zoom: [100, 2000],
    });
    expect(view).toMatchObject({
      key: 'loss per epoch',
      formula: 'train/loss / (train/epoch + 1)',
    });
    expect(view!.lines.map((line) => line.total)).toEqual([60_000, 6_000]);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('refuses runs that are not there, and a request that is no report', async () => {
    const session = backend.connect(() => {});
    const missing = (await session.request({
      op: 'makeReport',
      runIds: [SPIKY, '20991231T000000Z-deadbeef'],
      title: 't',
      note: null,
      panels: [{ key: 'train/loss', axis: 'step', smoothing: 0, logY: false, zoom: null }],
    })) as ApiResponse;
    expect(missing).toMatchObject({ ok: false, error: { code: 'no-such-run' } });
    const bad = (await session.request({
      op: 'makeReport',
      runIds: [SPIKY],
      title: 't',
      note: null,
      panels: [{ key: 'train/loss', axis: 'sideways', smoothing: 0, logY: false, zoom: null }],
    } as never)) as ApiResponse;
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(!bad.ok && bad.error.message).toMatch(/panels\[0\]: axis must be one of/);
  });
});
