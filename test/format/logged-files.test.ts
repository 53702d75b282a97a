// openLoggedFile, the one safe open of the files a run logged: every refusal with its status and
// reason, through the Backend (records as the log reads them, orphans left out) and directly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { LoggedFileRefusal, openLoggedFile } from '../../electron/store/logged-files.js';
import type { OpenedFile } from '../../electron/store/store-files.js';
import type { FileRecord } from '../../shared/format/records.js';
import { fileLine, metricsLine, resumeLine, startLine } from '../support/lines.js';
import { runDir, tempStores, writeLog, writeRunFile } from '../support/store-fixture.js';

const newStore = tempStores();
let root: string;
let backend: Backend;
let outside: string;

/** The refusal that opening path throws, as status and reason; fails when it opens. */
function refusalOf(open: () => OpenedFile): { status: number; reason: string } {
  let opened: OpenedFile;
  try {
    opened = open();
  } catch (error) {
    if (!(error instanceof LoggedFileRefusal)) throw error;
    return { status: error.status, reason: error.reason };
  }
  closeSync(opened.fd);
  throw new Error('it opened');
}

/** The bytes of the file opened, its fd closed. */
function bytesOf(opened: OpenedFile): string {
  try {
    return readFileSync(opened.fd, 'utf8');
  } finally {
    closeSync(opened.fd);
  }
}

const open = (path: string, runId = 'r') => backend.openLoggedFile(runId, path);

beforeAll(async () => {
  root = realpathSync(newStore());
  outside = join(root, 'outside.txt');
  writeFileSync(outside, 'not the run’s');
  writeLog(root, 'r', [
    startLine(),
    metricsLine(3, { a: 1 }),
    fileLine('img', 3, 'files/img/3.png'),
    fileLine('img', 6, 'files/img/6.png'),
    resumeLine(3),
    fileLine('img', 4, 'files/img/4.png'),
    fileLine('linked', 4, 'files/linked/4.png'),
    fileLine('leak', 4, 'files/leak/4.txt'),
    fileLine('pipe', 4, 'files/pipe/4.txt'),
    fileLine('dir', 4, 'files/dir/4'),
    fileLine('gone', 4, 'files/gone/4.png'),
  ]);
  const dir = runDir(root, 'r');
  writeRunFile(root, 'r', 'files/img/3.png', 'three');
  writeRunFile(root, 'r', 'files/img/6.png', 'six, from the abandoned history');
  writeRunFile(root, 'r', 'files/img/4.png', 'four');
  mkdirSync(join(dir, 'files/linked'));
  // A link that stays inside the run: followed.
  symlinkSync('../img/4.png', join(dir, 'files/linked/4.png'));
  mkdirSync(join(dir, 'files/leak'));
  symlinkSync(outside, join(dir, 'files/leak/4.txt'));
  mkdirSync(join(dir, 'files/pipe'));
  expect(spawnSync('mkfifo', [join(dir, 'files/pipe/4.txt')]).status).toBe(0);
  mkdirSync(join(dir, 'files/dir/4'), { recursive: true });
  backend = await Backend.open(root);
});

afterAll(async () => {
  await backend.close();
});

describe('openLoggedFile through the Backend', () => {
  it('opens a file a record names, and one through a link that stays inside the run', () => {
    expect(bytesOf(open('files/img/3.png'))).toBe('three');
    expect(bytesOf(open('files/img/4.png'))).toBe('four');
    expect(bytesOf(open('files/linked/4.png'))).toBe('four');
  });

  it('refuses 404 for a run that is not in the store', () => {
    expect(refusalOf(() => open('files/img/3.png', 'no-such-run'))).toEqual({
      status: 404,
      reason: 'no run of the store has this id',
    });
  });

  it('refuses 404 for a file no record names, though it is there', () => {
    writeRunFile(root, 'r', 'files/img/9.png', 'unnamed');
    expect(refusalOf(() => open('files/img/9.png'))).toEqual({
      status: 404,
      reason: 'no file record of the run names this file',
    });
  });

  it('refuses 404 for an orphan: a resume to a step below its step abandoned it', () => {
    expect(refusalOf(() => open('files/img/6.png'))).toEqual({
      status: 404,
      reason: 'no file record of the run names this file',
    });
  });

  it('refuses 404 for a file its record names that is not there', () => {
    expect(refusalOf(() => open('files/gone/4.png'))).toEqual({
      status: 404,
      reason: 'the file is not there',
    });
  });

  it('refuses 403 for a link out of the run, saying where it leads', () => {
    expect(refusalOf(() => open('files/leak/4.txt'))).toEqual({
      status: 403,
      reason: `the file is a link out of the run’s directory (to ${outside}); it is not followed`,
    });
  });

  it('refuses 403 for a FIFO, without waiting for a writer', () => {
    expect(refusalOf(() => open('files/pipe/4.txt'))).toEqual({
      status: 403,
      reason: 'the file is a FIFO (named pipe), not a file',
    });
  });

  it('refuses 403 for a directory', () => {
    expect(refusalOf(() => open('files/dir/4'))).toEqual({
      status: 403,
      reason: 'the file is a directory, not a file',
    });
  });
});

describe('openLoggedFile on paths no file of the run may have', () => {
  /** A record naming path, as a writer that is not this format's might write it. */
  const recordOf = (path: string): FileRecord[] => [
    { type: 'file', time: 0, key: 'k', step: 0, path },
  ];
  const direct = (path: string) => () => openLoggedFile(runDir(root, 'r'), recordOf(path), path);

  it('refuses 403 for a path that climbs out with ..', () => {
    expect(refusalOf(direct('../../etc/passwd'))).toEqual({
      status: 403,
      reason: 'the path leads out of the run’s directory (..)',
    });
    expect(refusalOf(direct('files/../../outside.txt'))).toEqual({
      status: 403,
      reason: 'the path leads out of the run’s directory (..)',
    });
  });

  it('refuses 403 for an absolute path', () => {
    expect(refusalOf(direct('/etc/passwd'))).toEqual({
      status: 403,
      reason: 'the path is absolute',
    });
    expect(refusalOf(direct(outside))).toEqual({ status: 403, reason: 'the path is absolute' });
  });

  it('refuses 403 for an empty segment, a backslash and a NUL', () => {
    expect(refusalOf(direct('files//img/3.png')).status).toBe(403);
    expect(refusalOf(direct('files\\img\\3.png'))).toEqual({
      status: 403,
      reason: 'the path holds a backslash',
    });
    expect(refusalOf(direct('files/img/3.png\0.txt'))).toEqual({
      status: 403,
      reason: 'the path holds a NUL byte',
    });
  });
});
