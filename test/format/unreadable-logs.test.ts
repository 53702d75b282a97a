// What is no file to read in a log's place (a FIFO, a socket, a link out of the store) is never
// waited on or read: the reader, the follower and the lock probe say why and go on.

import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { RunFollower } from '../../electron/follow/run-follower.js';
import { loadFsExt, probeLock } from '../../electron/store/lock-probe.js';
import { firstLineOf, readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { UnreadableFile } from '../../electron/store/store-files.js';
import { samplesOf } from '../support/fold.js';
import { metricsLine, startLine } from '../support/lines.js';
import { logPath, runDir, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
const held: (() => void)[] = [];
afterEach(() => {
  for (const release of held.splice(0)) release();
});

/**
 * A store whose run's log is a FIFO, held open here for reading and writing: a reader that opens
 * it without O_NONBLOCK then does not hang the tests, and reads what is no file.
 */
function fifoLog(): { root: string; path: string } {
  const root = newStore();
  mkdirSync(runDir(root, 'r'), { recursive: true });
  const path = logPath(root, 'r');
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  const fd = openSync(path, constants.O_RDWR);
  held.push(() => closeSync(fd));
  return { root, path };
}

async function socketLog(): Promise<{ root: string; path: string }> {
  const root = newStore();
  mkdirSync(runDir(root, 'r'), { recursive: true });
  const path = logPath(root, 'r');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  held.push(() => server.close());
  return { root, path };
}

const FIFO = 'is a FIFO (named pipe), not a file';

describe('a FIFO in place of a log', () => {
  it('is not read: the reader throws that it is unreadable, and why', () => {
    const { root, path } = fifoLog();
    let thrown: unknown;
    try {
      readLogInto(path, root, new RunLog());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnreadableFile);
    expect((thrown as UnreadableFile).reason).toBe(FIFO);
    expect(firstLineOf(path, root)).toEqual({ state: 'unreadable', reason: FIFO });
  });

  it('is unreadable to a follower, which reads it once a log stands in its place', () => {
    const { root, path } = fifoLog();
    const follower = new RunFollower(path, root);
    expect(follower.poll()).toEqual({ state: 'unreadable', reason: FIFO });
    rmSync(path);
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 })]);
    expect(follower.poll()).toMatchObject({ state: 'read', fileChanged: true });
    expect(samplesOf(follower.log, 'a')).toHaveLength(1);
  });

  it('has no lock to probe', () => {
    expect(loadFsExt()).not.toBeNull();
    const { root, path } = fifoLog();
    expect(probeLock(path, root)).toBe('unavailable');
  });
});

describe('other things in place of a log', () => {
  it('a socket is unreadable, and has no lock to probe', async () => {
    const { root, path } = await socketLog();
    expect(firstLineOf(path, root)).toEqual({
      state: 'unreadable',
      reason: 'is a socket, not a file',
    });
    expect(new RunFollower(path, root).poll()).toMatchObject({ state: 'unreadable' });
    expect(probeLock(path, root)).toBe('unavailable');
  });

  it('a link out of the store, to a device that never ends, is not followed', () => {
    const root = newStore();
    mkdirSync(runDir(root, 'r'), { recursive: true });
    const path = logPath(root, 'r');
    symlinkSync('/dev/zero', path);
    const follower = new RunFollower(path, root);
    expect(follower.poll()).toEqual({
      state: 'unreadable',
      reason: 'is a link out of the store (to /dev/zero); it is not followed',
    });
    expect(firstLineOf(path, root).state).toBe('unreadable');
    expect(probeLock(path, root)).toBe('unavailable');
  });

  it('a link to a log inside the store is read as the log', () => {
    const root = newStore();
    const target = writeLog(root, 'elsewhere', [startLine(), metricsLine(0, { a: 1 })]);
    mkdirSync(runDir(root, 'r'), { recursive: true });
    symlinkSync(target, logPath(root, 'r'));
    const log = new RunLog();
    readLogInto(logPath(root, 'r'), root, log);
    expect(samplesOf(log, 'a')).toHaveLength(1);
    expect(firstLineOf(logPath(root, 'r'), root)).toEqual({ state: 'whole' });
  });
});
