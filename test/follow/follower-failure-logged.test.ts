// A followed log that can no longer be read takes its run out of the app, and says why: a warning
// when the log is there but unreadable, a debug line when it is gone (a deleted run).

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
  it('is warned of, naming it and why, and its run reads as unreadable', () => {
    const path = writeLog(newStore(), 'r', [startLine()]);
    const follower = new RunFollower(path, '/');
    expect(follower.poll().state).toBe('read');
    // Something other than a deletion took the log's place: a directory, which reads EISDIR.
    rmSync(path);
    mkdirSync(path);
    expect(follower.poll()).toEqual({ state: 'unreadable', reason: expect.any(String) });
    expect(captured.lines).toEqual([
      ['warn', expect.stringMatching(/directory.*; its run is listed as unreadable$/i)],
    ]);
    expect(captured.lines[0]![1]).toContain(path);
  });

  it('is a debug line, shown with --verbose only, when the log is gone', () => {
    const path = writeLog(newStore(), 'r', [startLine()]);
    const follower = new RunFollower(path, '/');
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
