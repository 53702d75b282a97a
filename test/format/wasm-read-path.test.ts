// The WebAssembly read path: runs of lines that repeat their keys, read where reads land, fold
// as the general parser folds them: every number, a line cut anywhere with digits left past the
// bytes read, NUL bytes, keys it cannot hold, a type that changes, runs longer than its output.

import { describe, expect, it } from 'vitest';
import { forEachWholeLine } from '../../shared/format/whole-lines.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import {
  giveBackReadBuffer,
  lendReadBuffer,
  scannerHolding,
} from '../../electron/store/log/samples-wasm/wasm-lines.js';
import { Prng } from '../support/prng.js';
import { differenceFromReference, ReferenceFold } from '../support/reference-fold.js';
import { startLine } from '../support/lines.js';
import { NUMBER_EDGES, numberLiteral } from '../support/number-literals.js';

const START = `${startLine()}\n`;
const line = (type: string, time: string, step: string | number, values: string): string =>
  `{"type":"${type}","time":${time},"step":${step},"values":{${values}}}\n`;
const metrics = (step: string | number, values: string, time = '1.5'): string =>
  line('metrics', time, step, values);

/** Stale bytes past what a read filled: digits, which a scan that read past its end would take. */
const STALE = 0x39;

/**
 * Folds text as readLogInto folds a read: in the scanner's memory, `piece` bytes more at a time,
 * digits past the bytes given, or `after` past the whole text. Returns the fold, where it
 * stopped and the lines the scanner read.
 */
function foldInScannerMemory(
  text: string,
  piece = text.length,
  after = '',
): { log: RunLog; consumed: number; scanned: number } {
  const bytes = Buffer.from(text, 'latin1');
  const buffer = lendReadBuffer(bytes.length + 4096);
  const scanner = scannerHolding(buffer);
  expect(scanner, 'the read buffer lies in the scanner memory').not.toBeNull();
  let scanned = 0;
  const scan = scanner!.scan.bind(scanner);
  scanner!.scan = (...args) => {
    const lines = scan(...args);
    scanned += lines;
    return lines;
  };
  try {
    buffer.fill(STALE);
    bytes.copy(buffer, 0);
    const log = new RunLog();
    let consumed = 0;
    for (let end = Math.min(piece, bytes.length); ; end = Math.min(end + piece, bytes.length)) {
      // As a read that filled the buffer up to end: the bytes past it are not the log's.
      buffer.fill(STALE, end, Math.min(buffer.length, end + 4096));
      if (end === bytes.length) buffer.write(after, end, 'latin1');
      const result = log.applyWholeLines(buffer, consumed, end);
      consumed = result.consumed;
      if (result.stoppedAtNul || end === bytes.length) break;
      bytes.copy(buffer, end, end);
    }
    return { log, consumed, scanned };
  } finally {
    scanner!.scan = scan;
    giveBackReadBuffer(buffer);
  }
}

function reference(text: string): { ref: ReferenceFold; consumed: number } {
  const bytes = Buffer.from(text, 'latin1');
  const ref = new ReferenceFold();
  const result = forEachWholeLine(bytes, 0, bytes.length, (s, e) => ref.apply(bytes, s, e));
  return { ref, consumed: result.consumed };
}

/** Folds text in the scanner's memory and says how it differs from the general parser's fold. */
function expectAsReference(text: string, piece?: number, after?: string): number {
  const { ref, consumed } = reference(text);
  const folded = foldInScannerMemory(text, piece, after);
  expect(folded.consumed).toBe(consumed);
  expect(differenceFromReference(folded.log, ref)).toBeUndefined();
  return folded.scanned;
}

/** Literals the scanner hands back, or reads to their last digit. */
const SCANNER_EDGES = [
  '12345678901234567890',
  '1234567890123456789.5',
  '0.00000000000000000012345678901234567',
  '0.000000000000000000000000000001',
  '1e00000001',
  '1e000000001',
  '123456781234567812345678',
  '1234567812345678123456781',
  '-0.000',
  '0.1e-23',
];

describe('the WebAssembly read path', () => {
  it('reads every number of a run of lines as the general parser does', () => {
    const prng = new Prng(0x3a5e);
    const literals = [...NUMBER_EDGES, ...SCANNER_EDGES];
    for (let i = 0; i < 12_000; i++) literals.push(numberLiteral(prng));
    const lines = [START];
    for (let i = 0; i < literals.length; i++) {
      // Most lines take a literal where a value is, some where the time is; runs of plain lines
      // between them let the scanner start again after each line it hands back.
      const literal = literals[i]!;
      const time = prng.chance(0.2) ? literal : '1793541787.25';
      const value = prng.chance(0.2) ? '2.650275937980041' : literal;
      lines.push(metrics(i, `"train/loss":${value},"train/acc":${literal},"lr":0.5`, time));
      for (let k = prng.int(4); k > 0; k--)
        lines.push(metrics(i, `"train/loss":1.25,"train/acc":${literal.length},"lr":0.5`));
    }
    const scanned = expectAsReference(lines.join(''));
    expect(scanned).toBeGreaterThan(lines.length * 0.6);
  });

  it('reads steps as the general parser does', () => {
    const steps = ['0', '7', '00', '01', '-1', '1.0', '1e3', '123456789012345', '1234567890123456'];
    const lines = [START];
    for (const step of steps) lines.push(metrics(1, '"a":1'), metrics(step, '"a":2'));
    expectAsReference(lines.join(''));
  });

  it('stops before a line cut anywhere, whatever follows the bytes read', () => {
    const body = [
      metrics(1, '"train/loss":2.650275937980041,"b":3'),
      metrics(2, '"train/loss":1234567890,"b":3.6120726397493854'),
    ].join('');
    const last = metrics(3, '"train/loss":0.0012240667292484524,"b":1e-5', '1793541787.25');
    for (let cut = 0; cut <= last.length; cut++) {
      const text = START + body + last.slice(0, cut);
      expectAsReference(text);
      // The rest of the line in the buffer past the bytes read, as a read before left it.
      expectAsReference(text, text.length, last.slice(cut));
    }
  });

  it('stops at a NUL byte anywhere in a line, as the whole-line rule says', () => {
    const before = START + metrics(1, '"a":1.5,"b":2') + metrics(2, '"a":1.5,"b":2');
    const next = metrics(3, '"a":12.5,"b":2');
    for (let at = 0; at < next.length; at++) {
      const text = `${before}${next.slice(0, at)}\0${next.slice(at)}${metrics(4, '"a":1,"b":2')}`;
      const { log, consumed } = foldInScannerMemory(text);
      expect(consumed, `NUL at ${at}`).toBe(before.length);
      expect(log.series.get('a')!.samples.length).toBe(2);
    }
  });

  it('matches keys of every length, and changes of key, type and count', () => {
    const lines = [START];
    for (let length = 1; length <= 40; length++) {
      const key = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD'.slice(0, length);
      for (let k = 0; k < 3; k++) lines.push(metrics(k, `"${key}":1.5,"x/${key}":2.5`));
      // A key one letter off, one longer and one shorter, at the same position.
      const other = `${key.slice(0, -1)}${key.endsWith('z') ? 'y' : 'z'}`;
      lines.push(metrics(4, `"${other}":1,"x/${key}":2`), metrics(5, `"${key}x":1`));
      lines.push(metrics(6, `"${key}":1.5,"x/${key}":2.5,"extra":1`), metrics(7, `"${key}":1`));
      // The same keys on a reading line: a kind conflict, damaged.
      lines.push(line('reading', '2.5', 7, `"${key}":1.5,"x/${key}":2.5`));
    }
    expect(expectAsReference(lines.join(''))).toBeGreaterThan(0);
  });

  it('leaves to the JavaScript path keys it cannot hold, and reads past them', () => {
    const many = (count: number): string =>
      Array.from({ length: count }, (_, k) => `"k${k}":${k}.5`).join(',');
    for (const values of [many(64), many(65), '"\\u0061":1,"b":2', '"é":1,"b":2', '"a b":1']) {
      const lines = [START];
      for (let step = 0; step < 40; step++) lines.push(metrics(step, values));
      const scanned = expectAsReference(lines.join(''));
      if (values === many(64)) expect(scanned).toBe(39);
      if (values === many(65)) expect(scanned).toBe(0);
    }
  });

  it('reads a run longer than its output holds, in pieces of any size', () => {
    const lines = [START];
    for (let step = 0; step < 50_000; step++) lines.push(metrics(step, `"a":${step}.25`));
    const text = lines.join('');
    expect(expectAsReference(text)).toBe(50_000 - 1);
    const shorter = lines.slice(0, 10_000).join('');
    for (const piece of [97, 4096, 65_537]) expectAsReference(shorter, piece);
  });
});
