// A follower reads each byte of a log once: a tail not whole yet is scanned on, not read again,
// and a poll of a log as the last read found it reads nothing.

import { describe, expect, it } from 'vitest';
import { appendFileSync, closeSync, openSync, statSync, utimesSync, writeSync } from 'node:fs';
import { RunFollower } from '../../electron/follow/run-follower.js';
import { MAX_LINE_BYTES } from '../../electron/store/log/log-bytes.js';
import { readLogInWorker } from '../../electron/store/log/threaded-read.js';
import { samplesOf } from '../support/fold.js';
import { logText, metricsLine, startLine } from '../support/lines.js';
import { appendFill, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
const MiB = 1 << 20;

/** Polls and returns the bytes that poll read. */
function bytesOfPoll(follower: RunFollower): number {
  const before = follower.bytesRead;
  follower.poll();
  return follower.bytesRead - before;
}

const HEAD = logText([startLine(), metricsLine(0, { a: 1 })]);

describe('a follower of a tail without a line feed', () => {
  it('reads only what each append brought, and nothing when nothing came', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    appendFill(path, MAX_LINE_BYTES + MiB);
    const follower = new RunFollower(path, root);
    expect(bytesOfPoll(follower)).toBe(statSync(path).size);
    expect(follower.offset).toBe(Buffer.byteLength(HEAD));
    for (const appended of [1, 4096, 3 * MiB]) {
      appendFill(path, appended);
      expect(bytesOfPoll(follower)).toBe(appended);
      expect(bytesOfPoll(follower)).toBe(0);
    }
    appendFileSync(path, `\n${metricsLine(1, { a: 2 })}\n`);
    const result = follower.poll();
    expect(result).toMatchObject({ state: 'read', recordsChanged: true });
    expect(follower.log.damaged).toBe(1);
    expect(samplesOf(follower.log, 'a')).toHaveLength(2);
    expect(follower.offset).toBe(statSync(path).size);
  });

  it('of a record not whole yet, reads its bytes once as they come and once when it is whole', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    // A long record, written a piece at a time: white space is JSON's, so it still parses.
    const record = metricsLine(1, { a: 2 });
    appendFileSync(path, record.slice(0, -1));
    appendFill(path, MiB, ' ');
    const follower = new RunFollower(path, root);
    follower.poll();
    appendFill(path, MiB, ' ');
    expect(bytesOfPoll(follower)).toBe(MiB);
    appendFileSync(path, '}\n');
    const lineBytes = statSync(path).size - Buffer.byteLength(HEAD);
    expect(bytesOfPoll(follower)).toBe(2 + lineBytes);
    expect(follower.log.damaged).toBe(0);
    expect(samplesOf(follower.log, 'a')).toHaveLength(2);
  });

  it('goes on from the scan of the read a thread made, once adopted', async () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    appendFill(path, MAX_LINE_BYTES + MiB);
    const { log, read } = await readLogInWorker(path, root, () => undefined);
    expect(read.partialLine).toEqual({ start: Buffer.byteLength(HEAD), scannedTo: read.size });
    const follower = new RunFollower(path, root);
    follower.adopt(log, read);
    expect(bytesOfPoll(follower)).toBe(0);
    appendFill(path, 5000);
    expect(bytesOfPoll(follower)).toBe(5000);
  });
});

describe('a follower of a log that did not change since its last read', () => {
  it('reads nothing, though the read stopped at a NUL with bytes after it', () => {
    const root = newStore();
    const late = metricsLine(1, { a: 2 });
    const after = logText(Array.from({ length: 20_000 }, (_, i) => metricsLine(i + 2, { a: i })));
    const path = writeLog(root, 'r', `${HEAD}${'\u0000'.repeat(late.length)}\n${after}`);
    // Written well before it is read: its size and time vouch for its bytes.
    const past = Date.now() / 1000 - 60;
    utimesSync(path, past, past);
    const follower = new RunFollower(path, root);
    expect(bytesOfPoll(follower)).toBeGreaterThan(after.length);
    expect(follower.stoppedAtNul).toBe(true);
    expect(bytesOfPoll(follower)).toBe(0);
    expect(follower.poll()).toEqual({
      state: 'read',
      changes: [],
      recordsChanged: false,
      fileChanged: false,
    });
    // The file system fills the hole: the time moves, and the read goes on.
    const fd = openSync(path, 'r+');
    writeSync(fd, late, Buffer.byteLength(HEAD));
    closeSync(fd);
    expect(follower.poll()).toMatchObject({ state: 'read', fileChanged: true });
    expect(samplesOf(follower.log, 'a')).toHaveLength(20_002);
  });
});
