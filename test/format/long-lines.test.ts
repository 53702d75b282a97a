// Lines too long to hold (over MAX_LINE_BYTES): damaged once whole, scanned past, never re-read.

import { describe, expect, it } from 'vitest';
import { appendFileSync, closeSync, openSync, statSync, writeSync } from 'node:fs';
import { MAX_LINE_BYTES, firstLineOf, readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { logSegments } from '../../electron/store/log/segment-scan.js';
import { evenCuts, segmentCuts } from '../../electron/store/log/segmented-read.js';
import { samplesOf } from '../support/fold.js';
import { endLine, logText, metricsLine, startLine } from '../support/lines.js';
import { readSegmentedHere } from '../support/segments-here.js';
import { appendFill, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
const MiB = 1 << 20;

function writeAt(path: string, at: number, text: string): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from(text), 0, Buffer.byteLength(text), at);
  } finally {
    closeSync(fd);
  }
}

const HEAD = logText([startLine(), metricsLine(0, { a: 1 })]);
const AFTER = logText([metricsLine(1, { a: 2 }), endLine('finished')]);

describe('a whole line longer than MAX_LINE_BYTES', () => {
  it('is damaged, counted once, and the records after it are read', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    appendFill(path, MAX_LINE_BYTES);
    appendFileSync(path, `\n${AFTER}`);
    const log = new RunLog();
    const read = readLogInto(path, root, log);
    expect(log.damaged).toBe(1);
    expect(samplesOf(log, 'a')!.map(([step]) => step)).toEqual([0, 1]);
    expect(log.end?.status).toBe('finished');
    expect(read.offset).toBe(statSync(path).size);
    expect(read.partialLine).toBeNull();
  });

  it('is read as any line when it fits, line feed and all, in MAX_LINE_BYTES', () => {
    const root = newStore();
    // A record padded with the white space JSON allows, up to the limit and one byte over.
    const record = metricsLine(1, { a: 2 });
    const padded = (bytes: number) => record.slice(0, -1) + ' '.repeat(bytes - record.length) + '}';
    for (const [bytes, damaged] of [
      [MAX_LINE_BYTES - 1, 0],
      [MAX_LINE_BYTES, 1],
    ] as const) {
      const path = writeLog(root, `r${bytes}`, `${HEAD}${padded(bytes)}\n`);
      const log = new RunLog();
      readLogInto(path, root, log);
      expect(log.damaged).toBe(damaged);
      expect(samplesOf(log, 'a')).toHaveLength(2 - damaged);
    }
  });

  it('as the first line makes a run that is unreadable, once its line feed is written', () => {
    const root = newStore();
    const path = writeLog(root, 'r', '');
    appendFill(path, MAX_LINE_BYTES + MiB);
    expect(firstLineOf(path, root)).toEqual({ state: 'none' });
    appendFileSync(path, `\n${AFTER}`);
    expect(firstLineOf(path, root)).toEqual({ state: 'whole' });
    const log = new RunLog();
    readLogInto(path, root, log);
    expect(log.unreadable).toEqual({ reason: 'no-start' });
  });
});

describe('a line longer than MAX_LINE_BYTES that is not whole yet', () => {
  it('stops the read at its start, and the next read scans on from where this one got', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    const start = Buffer.byteLength(HEAD);
    appendFill(path, MAX_LINE_BYTES + 3 * MiB);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    let size = statSync(path).size;
    expect(first).toMatchObject({ offset: start, stoppedAtNul: false, bytesRead: size });
    expect(first.partialLine).toEqual({ start, scannedTo: size });

    appendFill(path, 300_000);
    const second = readLogInto(path, root, log, first.offset, { partialLine: first.partialLine });
    expect(second).toMatchObject({ offset: start, bytesRead: 300_000 });
    size = statSync(path).size;
    expect(second.partialLine).toEqual({ start, scannedTo: size });

    const idle = readLogInto(path, root, log, second.offset, { partialLine: second.partialLine });
    expect(idle).toMatchObject({ offset: start, bytesRead: 0 });

    const appended = `\n${AFTER}`;
    appendFileSync(path, appended);
    const whole = readLogInto(path, root, log, idle.offset, { partialLine: idle.partialLine });
    // What came, scanned; the records after the line feed read again, as the fold reads them.
    expect(whole.bytesRead).toBe(2 * Buffer.byteLength(appended) - 1);
    expect(whole.offset).toBe(statSync(path).size);
    expect(log.damaged).toBe(1);
    expect(samplesOf(log, 'a')!.map(([step]) => step)).toEqual([0, 1]);
  });

  it('waits at a NUL in it until the file system fills it, and reads on from the NUL', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    const start = Buffer.byteLength(HEAD);
    appendFill(path, MAX_LINE_BYTES + MiB);
    const hole = statSync(path).size;
    appendFill(path, 100, '\u0000');
    appendFill(path, MiB);
    appendFileSync(path, `\n${AFTER}`);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    expect(first).toMatchObject({ offset: start, stoppedAtNul: true });
    expect(first.partialLine).toEqual({ start, scannedTo: hole });
    expect(log.damaged).toBe(0);

    writeAt(path, hole, 'y'.repeat(100));
    const filled = readLogInto(path, root, log, first.offset, { partialLine: first.partialLine });
    expect(filled.stoppedAtNul).toBe(false);
    // From the NUL on, and none of the line before it; the records after it twice, as above.
    expect(filled.bytesRead).toBe(statSync(path).size - hole + Buffer.byteLength(AFTER));
    expect(log.damaged).toBe(1);
    expect(samplesOf(log, 'a')).toHaveLength(2);
  });

  it('is scanned again from its start when the log was cut below where the scan got', () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    appendFill(path, 2 * MiB);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    expect(first.partialLine).not.toBeNull();
    // A resume cuts the line off and writes its record where it was.
    writeLog(root, 'r', HEAD + AFTER);
    readLogInto(path, root, log, first.offset, { partialLine: first.partialLine });
    expect(samplesOf(log, 'a')).toHaveLength(2);
    expect(log.damaged).toBe(0);
  });
});

describe('reading a log with a line too long to hold in segments', () => {
  it('drops a cut that finds no line feed within MAX_LINE_BYTES, and reads as a whole read', async () => {
    const root = newStore();
    const path = writeLog(root, 'r', HEAD);
    const lineStart = Buffer.byteLength(HEAD);
    appendFill(path, 2 * MAX_LINE_BYTES + 2 * MiB);
    appendFileSync(path, `\n${AFTER}`);
    const size = statSync(path).size;
    // Half way is more than MAX_LINE_BYTES before the line's end: no cut there.
    expect(segmentCuts(path, root, (bytes) => evenCuts(bytes, 2))).toEqual([0, size]);

    const whole = new RunLog();
    const wholeRead = readLogInto(path, root, whole);
    // A segment that starts at the long line stops there at once; the fold scans past it.
    const segmented = new RunLog();
    const read = await readSegmentedHere([0, lineStart, size], logSegments(path, root, segmented), {
      helperTakes: 1,
    });
    expect(read.offset).toBe(wholeRead.offset);
    expect(segmented.damaged).toBe(1);
    expect(samplesOf(segmented, 'a')).toEqual(samplesOf(whole, 'a'));
    expect(segmented.end).toEqual(whole.end);
  });
});
