// A followed log that can no longer be read says why: unreadable, with a warning told once, when
// the log is there but cannot be read; vanished, with a debug line, when it is gone (a deletion).

import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { configureLog } from '../../electron/log.js';
import { RunFollower } from '../../electron/follow/run-follower.js';
import { startLine } from '../support/lines.js';
import { tempStores, writeLog } from '../support/store-fixture.js';
import { captureLog } from '../support/captured-log.js';

const newStore = tempStores();
const captured = captureLog(false);

describe('a followed log that cannot be read', () => {
  it('is unreadable, saying why, and warned of once, naming it', () => {
    const root = newStore();
    const path = writeLog(root, 'r', [startLine()]);
    const follower = new RunFollower(path, root);
    expect(follower.poll().state).toBe('read');
    // Something other than a deletion took the log's place: a directory.
    rmSync(path);
    mkdirSync(path);
    const unreadable = { state: 'unreadable', reason: 'is a directory, not a file' };
    expect(follower.poll()).toEqual(unreadable);
    expect(follower.poll()).toEqual(unreadable);
    expect(captured.lines).toEqual([
      [
        'warn',
        `munin-view: warning: ${path} is a directory, not a file; its run is unreadable until it can be read`,
      ],
    ]);
    // What was read is kept for when the log can be read again.
    expect(follower.log.start).not.toBeNull();
  });

  it('is a debug line, shown with --verbose only, when the log is gone', () => {
    const root = newStore();
    const path = writeLog(root, 'r', [startLine()]);
    const follower = new RunFollower(path, root);
    follower.poll();
    rmSync(path);
    expect(follower.poll()).toEqual({ state: 'vanished' });
    expect(captured.lines).toEqual([]);
    configureLog({ verbose: true });
    expect(follower.poll()).toEqual({ state: 'vanished' });
    expect(captured.lines).toEqual([
      ['debug', `munin-view: debug: ${path} is gone: its run was deleted`],
    ]);
  });
});
