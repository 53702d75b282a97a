// The Backend on runs whose directory names are odd (`\`, control characters, `%`, `#`, `?`, emoji, 255 bytes): each is listed, read, followed and written to by its exact id.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { Session } from '../../electron/host/backend.js';
import type { ApiResponse, RunDetail, SeriesColumns, Snapshot } from '../../shared/api/contract.js';
import { tagDigest } from '../../shared/format/digest.js';
import { endLine, metricLine, metricsLine, startLine } from '../support/lines.js';
import { runDir, tempStores, writeLog } from '../support/store-fixture.js';

/** Names a writer may give a run's directory; readers compare them and never parse them. */
const ODD_IDS = [
  'a\\b',
  'tab\there',
  '100%',
  'x#y?z',
  'line\nfeed',
  'bell\u0007 and del\u007f',
  ' spaced  out ',
  '%2F%00+plus',
  'a,b',
  'Grüße 日本 🎉',
  // 63 four-byte emoji and three bytes more: a directory name of exactly 255 bytes.
  `${'🎉'.repeat(63)}xyz`,
];

const newStore = tempStores();
let root: string;
let backend: Backend;
let session: Session;

/** The loss of run number i of ODD_IDS at steps 0, 1 and 2: each run's own, to tell them apart. */
const lossOf = (i: number, step: number): number => i + step / 10;

beforeAll(async () => {
  root = newStore();
  ODD_IDS.forEach((id, i) =>
    writeLog(root, id, [
      startLine(`,"name":${JSON.stringify(`run ${i}`)}`),
      metricLine('train/loss', 'minimize'),
      ...[0, 1, 2].map((step) => metricsLine(step, { 'train/loss': lossOf(i, step) })),
      endLine('finished'),
    ]),
  );
  backend = await Backend.open(root, { watch: { mode: 'events' } });
  while (backend.storeInfo().runsToRead > 0) await new Promise((r) => setTimeout(r, 5));
  session = backend.connect(() => undefined);
});

afterAll(async () => {
  session.close();
  await backend.close();
});

async function ok<T>(request: unknown): Promise<T> {
  const response: ApiResponse = await session.request(request);
  if (!response.ok)
    throw new Error(`${JSON.stringify(request)}: ${response.error.code} ${response.error.message}`);
  return response.result as T;
}

describe('runs with odd ids', () => {
  it('are on disk under their very names', () => {
    expect(readdirSync(join(root, 'runs')).sort()).toEqual([...ODD_IDS].sort());
  });

  it('are listed, each by its exact id', () => {
    expect(
      backend
        .listRuns()
        .map((run) => run.id)
        .sort(),
    ).toEqual([...ODD_IDS].sort());
  });

  it('each open: runDetail answers with the run and its metrics', async () => {
    for (const [i, id] of ODD_IDS.entries()) {
      const detail = await ok<RunDetail>({ op: 'runDetail', runId: id });
      expect(detail.summary.id).toBe(id);
      expect(detail.summary.name).toBe(`run ${i}`);
      expect(detail.metrics.map((metric) => metric.key)).toEqual(['train/loss']);
    }
  });

  it('each give their own samples, asked for alone or followed together', async () => {
    for (const [i, id] of ODD_IDS.entries()) {
      const [series] = await ok<SeriesColumns[]>({ op: 'series', runId: id, keys: ['train/loss'] });
      expect(series?.runId).toBe(id);
      expect([...series!.values]).toEqual([0, 1, 2].map((step) => lossOf(i, step)));
    }
    const snapshot = await ok<Snapshot>({ op: 'subscribe', runIds: ODD_IDS });
    for (const [i, id] of ODD_IDS.entries()) {
      const series = snapshot.series.find((s) => s.runId === id && s.key === 'train/loss');
      expect([...series!.values], JSON.stringify(id)).toEqual(
        [0, 1, 2].map((step) => lossOf(i, step)),
      );
    }
  });

  it('each take tags and notes, written into their own directory', async () => {
    for (const [i, id] of ODD_IDS.entries()) {
      const tag = `tag of ${i}`;
      expect(await ok<string[]>({ op: 'addTag', runId: id, tag })).toEqual([tag]);
      const tagFile = join(runDir(root, id), 'tags', tagDigest(tag));
      expect(readFileSync(tagFile, 'utf8')).toBe(tag);
      await ok<null>({ op: 'setNotes', runId: id, text: `notes of ${i}` });
      expect(readFileSync(join(runDir(root, id), 'notes'), 'utf8')).toBe(`notes of ${i}`);
      const detail = await ok<RunDetail>({ op: 'runDetail', runId: id });
      expect(detail.notes).toBe(`notes of ${i}`);
      expect(detail.summary.tags).toEqual([tag]);
      expect(await ok<string[]>({ op: 'removeTag', runId: id, tag })).toEqual([]);
    }
  });

  it('are never decoded or unescaped: an id spelled like one names no run', async () => {
    for (const near of ['a\\\\b', 'tab here', 'tab\\there', '100%25', 'x%23y%3Fz', 'x#y']) {
      const response = await session.request({ op: 'runDetail', runId: near });
      expect(response.ok, near).toBe(false);
      if (!response.ok) expect(response.error.code, near).toBe('no-such-run');
    }
  });
});
