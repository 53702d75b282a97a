// "Layout": the store's files, absent and unlisted names, and reading that changes nothing.

import { describe, expect, it } from 'vitest';
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { hostIdentities } from '../../electron/store/identities.js';
import { exportRun, exportStore, exportText } from '../support/export.js';
import {
  endLine,
  fileLine,
  metricLine,
  metricsLine,
  readingLine,
  startLine,
  summaryLine,
  useLine,
} from '../support/lines.js';
import { snapshotTree } from '../support/tree-snapshot.js';
import {
  addTag,
  runDir,
  tempStores,
  writeAlias,
  writeArtifactFile,
  writeAt,
  writeBlob,
  writeLog,
  writeNotes,
  writeRunFile,
  writeStats,
  writeWriter,
} from '../support/store-fixture.js';

const newStore = tempStores();
const host = hostIdentities();

/** A store with every file of the layout, and a few entries of no layout. */
function fullStore(): string {
  const root = newStore();
  writeLog(root, '20261101T140307Z-a1f3c9e2', [
    startLine(',"provenance":{"git":{"commit":"abc","dirty":true}}'),
    metricLine('loss', 'minimize'),
    metricsLine(0, { loss: 1 }),
    readingLine(0, { 'sys/cpu': 0.5 }),
    fileLine('img', 0, 'files/img/0.png'),
    summaryLine('{"best":1.0}'),
    useLine('data', 1),
    endLine('finished'),
  ]);
  const id = '20261101T140307Z-a1f3c9e2';
  addTag(root, id, 'baseline');
  writeNotes(root, id, 'notes\n');
  writeRunFile(root, id, 'git.diff', 'diff --git a/x b/x\n');
  writeRunFile(root, id, 'files/img/0.png', 'png');
  writeStats(root, id, '{"format":1,"rules":2,"length":1,"keys":{}}');
  writeWriter(root, id, { machine: 'f'.repeat(64), boot: 'some boot' });
  // An unended run this machine wrote: a reader probes its lock.
  writeLog(root, '20261101T150000Z-00000001', [startLine(), metricsLine(0, { loss: 2 })]);
  if (host.boot !== null) writeWriter(root, '20261101T150000Z-00000001', { boot: host.boot });
  const digest = writeBlob(root, 'weights');
  writeArtifactFile(
    root,
    'data',
    '1.json',
    `{"format":1,"time":1.5,"run":"${id}","digest":"${digest}","size":7,"metadata":{}}`,
  );
  writeAlias(root, 'data', 'best', '1\n');
  writeAt(join(root, 'lock'), '');
  writeAt(join(root, 'deletions'), '');
  return root;
}

describe('the files of a store', () => {
  it('every file of the layout is read where it belongs', () => {
    const root = fullStore();
    const { runs, artifacts } = exportStore(root, host);
    expect(runs.map((r) => r['id'])).toEqual([
      '20261101T140307Z-a1f3c9e2',
      '20261101T150000Z-00000001',
    ]);
    expect(runs[0]).toMatchObject({
      status: 'finished',
      tags: ['baseline'],
      notes: 'notes\n',
      writer: { machine: 'f'.repeat(64), boot: 'some boot' },
      files: [{ key: 'img', step: 0n, path: 'files/img/0.png' }],
      uses: [{ name: 'data', version: 1n }],
      summary: { best: 1 },
    });
    expect(artifacts).toMatchObject({ data: { aliases: { best: 1n }, latest: 1n } });
  });

  it('a file of the layout that does not exist holds nothing', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    expect(exportRun(root)).toEqual({
      id: 'r',
      status: 'silent',
      error: null,
      experiment: 'exp',
      name: null,
      parent: null,
      steps: null,
      params: {},
      provenance: null,
      tags: [],
      notes: null,
      writer: null,
      damaged: 0n,
      resumes: [],
      metrics: {},
      series: {},
      summary: {},
      uses: [],
      files: [],
      stats: {},
    });
    expect(exportText(newStore())).toBe('{"runs":[],"artifacts":{}}\n');
  });
});

describe('names the layout does not list, and .-named entries', () => {
  it('are ignored wherever they are', () => {
    const root = fullStore();
    const before = exportStore(root, host);
    const id = '20261101T140307Z-a1f3c9e2';
    writeAt(join(root, 'README.md'), 'hello');
    writeAt(join(root, 'extra', 'thing.json'), '{}');
    writeAt(join(root, '.cache', 'x'), 'x');
    writeRunFile(root, id, 'unknown.txt', 'x');
    writeRunFile(root, id, 'events.jsonl.bak', startLine());
    writeRunFile(root, id, '.events.jsonl', startLine());
    writeRunFile(root, id, 'tags/README', 'x');
    writeRunFile(root, id, 'tags/.wip', 'x');
    writeArtifactFile(root, 'data', 'notes.txt', 'x');
    writeArtifactFile(root, 'data', '2.json.partial', '{}');
    writeArtifactFile(root, 'data', '.2.json', '{"format":1}');
    writeArtifactFile(root, '.data-old', '1.json', '{"format":1}');
    writeAt(join(root, 'blobs', 'sha256', 'abc'), 'x');
    writeAt(join(root, 'blobs', 'blake2b-256', '.partial'), 'x');
    writeLog(root, '.20261101T160000Z-dead', [startLine()]);
    expect(exportStore(root, host)).toEqual(before);
  });
});

describe('reading a store', () => {
  it('creates nothing and changes nothing: names, sizes, modification times and bytes', () => {
    const root = fullStore();
    // Times in the past, so that any write would show in a changed time.
    const past = 1_700_000_000;
    const tree = snapshotTree(root);
    for (const path of [...tree.keys()].reverse()) utimesSync(join(root, path), past, past);
    const before = snapshotTree(root);
    exportText(root, host);
    exportText(root);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('creates no directory of the layout in a store that lacks it', () => {
    const root = newStore();
    mkdirSync(runDir(root, 'r'), { recursive: true });
    const before = snapshotTree(root);
    exportText(root, host);
    expect(snapshotTree(root)).toEqual(before);
    const empty = newStore();
    exportText(empty, host);
    expect([...snapshotTree(empty).keys()]).toEqual(['']);
  });
});
