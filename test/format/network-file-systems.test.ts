// "Network file systems": a reader stops at a NUL-holed line, reads on once filled, reopens the log.

import { describe, expect, it } from 'vitest';
import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { listRunIds } from '../../electron/store/store.js';
import { samplesOf } from '../support/fold.js';
import { endLine, logText, metricsLine, resumeLine, startLine } from '../support/lines.js';
import { runDir, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();

/** Writes bytes into the file at an offset, as the file system shows a late part arriving. */
function fillAt(path: string, offset: number, text: string): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from(text), 0, Buffer.byteLength(text), offset);
  } finally {
    closeSync(fd);
  }
}

const blank = (text: string): string => '\u0000'.repeat(Buffer.byteLength(text));

describe('a reader that meets a NUL byte', () => {
  it('stops at the line holding it, whole lines after it included, and reads on once it is filled', () => {
    const root = newStore();
    const head = logText([startLine(), metricsLine(0, { a: 1 })]);
    const late = metricsLine(1, { a: 2 });
    const tail = logText([metricsLine(2, { a: 3 }), endLine('finished')]);
    // The line's bytes have not arrived, but its line feed and the lines after it have.
    const path = writeLog(root, 'r', `${head}${blank(late)}\n${tail}`);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    expect(first.stoppedAtNul).toBe(true);
    expect(first.offset).toBe(Buffer.byteLength(head));
    expect(samplesOf(log, 'a')!.map(([s]) => s)).toEqual([0]);
    expect(log.end).toBeNull();

    // Reading again before the line is filled changes nothing.
    const again = readLogInto(path, root, log, first.offset);
    expect(again.offset).toBe(first.offset);
    expect(samplesOf(log, 'a')).toHaveLength(1);

    fillAt(path, Buffer.byteLength(head), late);
    const second = readLogInto(path, root, log, again.offset);
    expect(second.stoppedAtNul).toBe(false);
    expect(second.offset).toBe(second.size);
    expect(samplesOf(log, 'a')!.map(([s]) => s)).toEqual([0, 1, 2]);
    expect(log.end?.status).toBe('finished');
    expect(log.damaged).toBe(0);
  });

  it('stops at a line only part of which has arrived', () => {
    const root = newStore();
    const head = logText([startLine()]);
    const line = metricsLine(0, { a: 1 });
    const half = Math.floor(line.length / 2);
    const path = writeLog(root, 'r', `${head}${line.slice(0, half)}${blank(line.slice(half))}\n`);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    expect(first.offset).toBe(Buffer.byteLength(head));
    expect(log.damaged).toBe(0);
    fillAt(path, Buffer.byteLength(head) + half, line.slice(half));
    readLogInto(path, root, log, first.offset);
    expect(samplesOf(log, 'a')).toHaveLength(1);
    expect(log.damaged).toBe(0);
  });

  it('fills holes one at a time, reading on only to the next hole', () => {
    const root = newStore();
    const lines = [startLine(), ...[0, 1, 2, 3].map((s) => metricsLine(s, { a: s }))];
    const offsets: number[] = [];
    let text = '';
    for (const line of lines) {
      offsets.push(Buffer.byteLength(text));
      text += `${line}\n`;
    }
    const holed = lines.map((line, i) => (i === 2 || i === 4 ? blank(line) : line));
    const path = writeLog(root, 'r', holed);
    const log = new RunLog();
    let read = readLogInto(path, root, log);
    expect(read.offset).toBe(offsets[2]);
    fillAt(path, offsets[2]!, lines[2]!);
    read = readLogInto(path, root, log, read.offset);
    expect(read.offset).toBe(offsets[4]);
    expect(samplesOf(log, 'a')!.map(([s]) => s)).toEqual([0, 1, 2]);
    fillAt(path, offsets[4]!, lines[4]!);
    read = readLogInto(path, root, log, read.offset);
    expect(samplesOf(log, 'a')!.map(([s]) => s)).toEqual([0, 1, 2, 3]);
  });

  it('a run whose first line has not arrived is not a run until it has', () => {
    const root = newStore();
    const path = writeLog(root, 'r', `${blank(startLine())}\n${metricsLine(0, { a: 1 })}\n`);
    expect(listRunIds(root)).toEqual([]);
    fillAt(path, 0, startLine());
    expect(listRunIds(root)).toEqual(['r']);
  });
});

describe('a reader that follows a log', () => {
  it('opens it again for each read, so it sees the file the system shows now', () => {
    const root = newStore();
    const head = logText([startLine(), metricsLine(0, { a: 1 })]);
    const path = writeLog(root, 'r', head);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    // The file system shows a new file under the name: the same bytes and more.
    const replacement = join(runDir(root, 'r'), '.replacement');
    writeFileSync(replacement, head + logText([metricsLine(1, { a: 2 })]));
    renameSync(replacement, path);
    const second = readLogInto(path, root, log, first.offset);
    expect(second.offset).toBe(second.size);
    expect(samplesOf(log, 'a')).toHaveLength(2);
  });

  it("reads two writers' interleaved records in log order", () => {
    const root = newStore();
    const path = writeLog(root, 'r', [
      startLine(),
      metricsLine(0, { a: 0 }),
      metricsLine(1, { a: 1 }),
      resumeLine(0),
      // The last writer, still running on another machine, writes on between the new one's records.
      metricsLine(2, { a: 2 }),
      metricsLine(1, { a: 10 }),
      metricsLine(3, { a: 3 }),
    ]);
    const log = new RunLog();
    readLogInto(path, root, log);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'a')!.map(([s, , v]) => [s, v])).toEqual([
      [0, 0],
      [2, 2],
      [1, 10],
      [3, 3],
    ]);
  });
});
