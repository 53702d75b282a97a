// The one safe open of a store's files: what it opens, what it refuses and the words it refuses
// with; a file that is there but cannot be read is never taken for one that is absent.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkStoreDirectory,
  readStoreFile,
  UnreadableFile,
} from '../../electron/store/store-files.js';
import { isAbsent } from '../../electron/store/file-errors.js';

function store(): { root: string; outside: string } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'munin-view-store-files-')));
  const root = join(dir, 'store');
  const outside = join(dir, 'outside');
  mkdirSync(join(root, 'runs', 'r'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret'), 'outside the store');
  return { root, outside };
}

describe('readStoreFile', () => {
  it('reads a regular file up to a limit, telling its whole size', () => {
    const { root } = store();
    writeFileSync(join(root, 'runs', 'r', 'notes'), 'abcdefghij');
    expect(readStoreFile(join(root, 'runs', 'r', 'notes'), root, 4)).toEqual({
      state: 'read',
      bytes: Buffer.from('abcd'),
      size: 10,
      truncated: true,
    });
    expect(readStoreFile(join(root, 'runs', 'r', 'missing'), root, 4)).toEqual({
      state: 'absent',
    });
  });

  it('refuses a FIFO and a directory without blocking, naming what they are', () => {
    const { root } = store();
    const fifo = join(root, 'runs', 'r', 'notes');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(readStoreFile(fifo, root, 100)).toEqual({
      state: 'unreadable',
      reason: 'is a FIFO (named pipe), not a file',
    });
    mkdirSync(join(root, 'runs', 'r', 'writer'));
    expect(readStoreFile(join(root, 'runs', 'r', 'writer'), root, 100)).toEqual({
      state: 'unreadable',
      reason: 'is a directory, not a file',
    });
  });

  it('follows a link inside the store and refuses one out of it, or to nothing', () => {
    const { root, outside } = store();
    writeFileSync(join(root, 'kept'), 'inside');
    const dir = join(root, 'runs', 'r');
    symlinkSync(join(root, 'kept'), join(dir, 'inside'));
    symlinkSync(join(outside, 'secret'), join(dir, 'out'));
    symlinkSync(join(dir, 'nothing-here'), join(dir, 'dangling'));
    symlinkSync('/dev/zero', join(dir, 'device'));
    expect(readStoreFile(join(dir, 'inside'), root, 100)).toMatchObject({
      state: 'read',
      bytes: Buffer.from('inside'),
    });
    expect(readStoreFile(join(dir, 'out'), root, 100)).toEqual({
      state: 'unreadable',
      reason: `is a link out of the store (to ${join(outside, 'secret')}); it is not followed`,
    });
    expect(readStoreFile(join(dir, 'device'), root, 100)).toEqual({
      state: 'unreadable',
      reason: 'is a link out of the store (to /dev/zero); it is not followed',
    });
    // There, but a link to nothing: unreadable, not absent, so that nothing overwrites it unseen.
    expect(readStoreFile(join(dir, 'dangling'), root, 100)).toEqual({
      state: 'unreadable',
      reason: 'is a link to nothing',
    });
  });

  it('refuses a file reached through a directory linked out of the store', () => {
    const { root, outside } = store();
    symlinkSync(outside, join(root, 'runs', 'linked'));
    expect(readStoreFile(join(root, 'runs', 'linked', 'secret'), root, 100)).toEqual({
      state: 'unreadable',
      reason: `leads out of the store (to ${join(outside, 'secret')}); it is not read`,
    });
  });
});

describe('checkStoreDirectory', () => {
  it('takes a directory or a link to one inside, and says why of anything else', () => {
    const { root, outside } = store();
    const runs = join(root, 'runs');
    symlinkSync(join(runs, 'r'), join(runs, 'in'));
    symlinkSync(outside, join(runs, 'out'));
    writeFileSync(join(runs, 'file'), 'not a directory');
    expect(checkStoreDirectory(join(runs, 'r'), root)).toBe(true);
    expect(checkStoreDirectory(join(runs, 'in'), root)).toBe(true);
    expect(checkStoreDirectory(join(runs, 'missing'), root)).toBe(false);
    expect(() => checkStoreDirectory(join(runs, 'out'), root)).toThrow(
      /is a link out of the store/,
    );
    let thrown: unknown;
    try {
      checkStoreDirectory(join(runs, 'file'), root);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnreadableFile);
    expect((thrown as UnreadableFile).reason).toBe('is a file, not a directory');
    // An unreadable file is never taken for an absent one, whatever checks its code.
    expect(isAbsent(thrown)).toBe(false);
  });
});
