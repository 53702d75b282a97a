// "Files a run logged": file records, orphaned ones left out, unnamed files ignored, git.diff.

import { describe, expect, it } from 'vitest';
import { exportRun } from '../support/export.js';
import { fileLine, metricsLine, resumeLine, startLine } from '../support/lines.js';
import { tempStores, writeLog, writeRunFile } from '../support/store-fixture.js';

const newStore = tempStores();

describe('files a run logged', () => {
  it("are the file records, in log order, with paths relative to the run's directory", () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      fileLine('samples/image', 0, 'files/samples/image/0.png'),
      fileLine('samples/image', 0, 'files/samples/image/0-1.png'),
      fileLine('model', 5, 'files/model/5'),
    ]);
    writeRunFile(root, 'r', 'files/samples/image/0.png', 'png');
    writeRunFile(root, 'r', 'files/samples/image/0-1.png', 'png');
    writeRunFile(root, 'r', 'files/model/5', 'weights');
    expect(exportRun(root)['files']).toEqual([
      { key: 'samples/image', step: 0n, path: 'files/samples/image/0.png' },
      { key: 'samples/image', step: 0n, path: 'files/samples/image/0-1.png' },
      { key: 'model', step: 5n, path: 'files/model/5' },
    ]);
  });

  it('a file under files/ that no file record names is ignored', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), fileLine('img', 1, 'files/img/1.png')]);
    writeRunFile(root, 'r', 'files/img/1.png', 'named');
    writeRunFile(root, 'r', 'files/img/2.png', 'a crash left it before its record');
    writeRunFile(root, 'r', 'files/other/0.txt', 'unnamed');
    expect(exportRun(root)['files']).toEqual([{ key: 'img', step: 1n, path: 'files/img/1.png' }]);
  });

  it('a file record whose step a resume abandoned is left out', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      metricsLine(3, { a: 1 }),
      fileLine('ckpt', 3, 'files/ckpt/3'),
      fileLine('ckpt', 6, 'files/ckpt/6'),
      resumeLine(3),
    ]);
    expect(exportRun(root)['files']).toEqual([{ key: 'ckpt', step: 3n, path: 'files/ckpt/3' }]);
  });

  it('a file record with a key that is not a key is damaged', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      '{"type":"file","time":1.0,"key":"a/.b","step":0,"path":"files/a/.b/0"}',
    ]);
    const run = exportRun(root);
    expect(run['files']).toEqual([]);
    expect(run['damaged']).toBe(1n);
  });

  it('git.diff, the uncommitted changes at the start, changes nothing in the run as read', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(',"provenance":{"git":{"commit":"abc","dirty":true}}')]);
    const before = exportRun(root);
    writeRunFile(root, 'r', 'git.diff', 'diff --git a/x b/x\n');
    expect(exportRun(root)).toEqual(before);
    expect(before['provenance']).toEqual({ git: { commit: 'abc', dirty: true } });
  });
});
