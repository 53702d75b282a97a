// Seeded fuzzing of the log reader: no throws, damaged lines never taken, fast path = general parser.

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { SamplesLineScanner } from '../../electron/store/log/samples-fast-path.js';
import type { ScannedSamples } from '../../electron/store/log/samples-fast-path.js';
import { parseJson } from '../../shared/format/json.js';
import { encodeRecord, parseLogLine } from '../../shared/format/records.js';
import type { LogRecord, ParsedLine } from '../../shared/format/records.js';
import { forEachWholeLine } from '../../shared/format/whole-lines.js';
import { formatFloat } from '../../shared/format/float-text.js';
import { encodeFloat } from '../../shared/format/values.js';
import type { Value } from '../../shared/format/values.js';
import { Prng } from '../support/prng.js';
import { differenceFromReference, ReferenceFold } from '../support/reference-fold.js';
import { lineBytes } from '../support/fold.js';
import { metricLine, readingLine, startLine, metricsLine } from '../support/lines.js';

const dir = mkdtempSync(join(tmpdir(), 'munin-view-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---- Numbers and keys as a writer or a hand might spell them ----

const SPECIAL_FLOATS = [
  0,
  -0,
  1,
  -1,
  0.1,
  1e16,
  5e-324,
  1e-5,
  2 ** 53,
  2 ** 53 + 2,
  1.7976931348623157e308,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  0.45500000000000007,
  1 / 3,
  123456789012345680000,
  4.35,
  0.30000000000000004,
];

function randomFloat(prng: Prng): number {
  switch (prng.int(5)) {
    case 0:
      return prng.pick(SPECIAL_FLOATS);
    case 1:
      return prng.finiteDouble();
    case 2: {
      const digits = prng.range(1, 19);
      const mantissa = Math.floor(prng.next() * 10 ** digits);
      return (prng.chance(0.3) ? -1 : 1) * mantissa * 10 ** prng.range(-25, 25);
    }
    case 3:
      return prng.range(-1000, 1000) / prng.pick([1, 2, 4, 8, 10, 100, 1000, 3]);
    default:
      return prng.range(-(2 ** 31), 2 ** 31);
  }
}

const ODD_NUMBERS = [
  '-0',
  '-0.0',
  '0e5',
  '-0e-5',
  '0.0e0',
  '1e400',
  '-1e400',
  `1${'0'.repeat(400)}`,
  '1e-400',
  '-1e-400',
  '4.9e-324',
  '2.4703282292062328e-324',
  '2.4703282292062327e-324',
  '9007199254740993',
  '9007199254740992.5',
  '123456789012345678901234567890',
  '1E5',
  '1e+05',
  '1e-0005',
  '0.000000000000000000000001',
  '1.00000000000000000000000000001',
  '12345678901234567890.123',
  '0.1234567890123456789',
  '7e22',
  '7e23',
  '1e22',
  '1e23',
  '{"float":"NaN"}',
  '{"float":"Infinity"}',
  '{"float":"-Infinity"}',
  '{"float":"nan"}',
  '{"int":"5"}',
  '01',
  '1.',
  '.5',
  '+1',
  '1e',
  '-',
  'NaN',
  '0x1',
  '1.5.5',
  '--1',
  '1e+-5',
  'true',
  '"1.0"',
  'null',
  '[]',
];

/** A number text for a float slot: the format's own spelling, or another way to write it. */
function numberText(prng: Prng): string {
  if (prng.chance(0.12)) return prng.pick(ODD_NUMBERS);
  const x = randomFloat(prng);
  switch (prng.int(9)) {
    case 0:
    case 1:
    case 2:
      return formatFloat(x);
    case 3:
      return String(x); // integral values spell as integer literals
    case 4:
      return x.toExponential(prng.int(21));
    case 5:
      return x.toPrecision(prng.range(1, 21));
    case 6:
      return formatFloat(x)
        .replace('e', 'E')
        .replace('E+', prng.chance(0.5) ? 'E' : 'E+00');
    case 7: {
      const text = formatFloat(x);
      return text.includes('e') ? text : `${text}${'0'.repeat(prng.range(1, 6))}`;
    }
    default: {
      const digits = prng.range(1, 25);
      let out = String(prng.range(1, 9));
      for (let i = 1; i < digits; i++) out += String(prng.int(10));
      return prng.chance(0.3) ? `-${out}` : out;
    }
  }
}

const PLAIN_KEYS = [
  'a',
  'loss',
  'train/loss',
  'val/acc_top1',
  'x y',
  'gpu/0/util',
  'sys/cpu',
  'lr',
];
/** JSON string bodies: keys with escapes and non-ASCII text, and some that are not keys. */
const ODD_KEYS = [
  'é',
  '日本/損失',
  '\u{1F600}',
  '\\u0061',
  'a\\/b',
  'a\\"b',
  '\\u00e9/x',
  '\\ud83d\\ude00',
  '',
  '.a',
  'a/',
  'a//b',
  '\\u0001',
  'a/.b',
  '\\ud800',
  '\u007f',
  'a\\tb',
  '/a',
  'a b/c.d',
];

function keyBody(prng: Prng): string {
  return prng.chance(0.8) ? prng.pick(PLAIN_KEYS) : prng.pick(ODD_KEYS);
}

function stepText(prng: Prng): string {
  if (prng.chance(0.9)) return String(prng.chance(0.9) ? prng.int(1000) : prng.int(2 ** 40));
  return prng.pick([
    '0',
    '9007199254740992',
    '9007199254740993',
    '123456789012345',
    '1234567890123456',
    '1.0',
    '-1',
    '01',
    '1e2',
    '-0',
    '{"int":"7"}',
    '"3"',
  ]);
}

let spaced = false;

/** JSON whitespace between tokens, on the lines samplesLine chose to space out. */
function whitespace(prng: Prng): string {
  if (!spaced || prng.chance(0.7)) return '';
  let out = '';
  for (let i = prng.range(1, 3); i > 0; i--) out += prng.pick([' ', '\t', '\r', ' ']);
  return out;
}

/** A metrics or reading line in munin's member order, or with whitespace, order or extras varied. */
function samplesLine(prng: Prng): string {
  spaced = prng.chance(0.25);
  const type = prng.chance(0.75) ? 'metrics' : 'reading';
  const count = prng.chance(0.1) ? 0 : prng.range(1, 5);
  const values: string[] = [];
  const used: string[] = [];
  for (let i = 0; i < count; i++) {
    let key = keyBody(prng);
    if (prng.chance(0.05) && used.length > 0) key = prng.pick(used); // a duplicate member
    used.push(key);
    values.push(`"${key}"${whitespace(prng)}:${whitespace(prng)}${numberText(prng)}`);
  }
  const members = [
    `"type"${whitespace(prng)}:${whitespace(prng)}"${type}"`,
    `"time"${whitespace(prng)}:${whitespace(prng)}${prng.chance(0.9) ? encodeFloat(1793541787 + prng.int(10000) / 8) : numberText(prng)}`,
    `"step"${whitespace(prng)}:${whitespace(prng)}${stepText(prng)}`,
    `"values"${whitespace(prng)}:${whitespace(prng)}{${values.join(`,${whitespace(prng)}`)}}`,
  ];
  if (prng.chance(0.05)) members.push('"extra":[1,{"x":null}]');
  if (prng.chance(0.05)) members.splice(1, 0, members.splice(2, 1)[0]!);
  return `${whitespace(prng)}{${members.join(`,${whitespace(prng)}`)}}${whitespace(prng)}`;
}

// ---- Valid logs, and mutations of them ----

function validLog(prng: Prng): string[] {
  const metricKeys = ['loss', 'acc', 'train/loss', 'lr'];
  const readingKeys = ['sys/cpu', 'gpu/0/util'];
  const lines = [
    startLine(`,"steps":${prng.int(100)}`),
    metricLine('loss', 'minimize'),
    metricLine('acc', 'maximize', 'loss'),
  ];
  let step = 0;
  const length = prng.range(5, 30);
  for (let i = 0; i < length; i++) {
    const time = 1793541787 + i;
    const pick = prng.int(20);
    let record: LogRecord;
    if (pick < 10) {
      const values = new Map<string, number>();
      for (const key of metricKeys)
        if (prng.chance(0.5)) values.set(key, prng.chance(0.05) ? NaN : randomFloat(prng));
      // Now and then a key of the other kind, which makes the record damaged.
      if (prng.chance(0.03)) values.set(prng.pick(readingKeys), 1);
      record = { type: 'metrics', time, step: step++, values };
    } else if (pick < 13) {
      const values = new Map([[prng.pick(readingKeys), randomFloat(prng)]]);
      record = { type: 'reading', time, step, values };
    } else if (pick < 14) {
      record = {
        type: 'resume',
        time,
        step: prng.int(step + 1),
        provenance: new Map([['pid', 7n]]),
      };
      step = record.step + 1;
    } else if (pick < 15) {
      record = {
        type: 'file',
        time,
        key: 'img',
        step: prng.int(step + 1),
        path: `files/img/${i}.png`,
      };
    } else if (pick < 16) {
      record = {
        type: 'summary',
        time,
        values: new Map<string, Value>([
          ['best', randomFloat(prng)],
          ['n', BigInt(i)],
        ]),
      };
    } else if (pick < 17) {
      record = { type: 'use', time, name: 'data', version: prng.range(1, 5) };
    } else if (pick < 18) {
      record = {
        type: 'metric',
        time,
        key: prng.pick(metricKeys),
        goal: prng.pick(['minimize', 'maximize'] as const),
        stepMetric: null,
      };
    } else if (pick < 19) {
      lines.push(samplesLine(prng));
      continue;
    } else {
      record = {
        type: 'end',
        time,
        status: prng.pick(['finished', 'failed', 'killed'] as const),
        error: null,
      };
    }
    lines.push(encodeRecord(record));
  }
  return lines;
}

const INTERESTING_BYTES = [
  0x0a, 0x00, 0x22, 0x7b, 0x7d, 0x2c, 0x3a, 0x5c, 0xff, 0xc3, 0x2e, 0x65, 0x2d, 0x30, 0x39, 0x20,
];

function mutate(prng: Prng, lines: string[], other: string[]): Uint8Array {
  let bytes: number[] = [...Buffer.from(lines.map((line) => `${line}\n`).join(''))];
  const mutations = prng.range(1, 4);
  for (let m = 0; m < mutations; m++) {
    const at = prng.int(bytes.length + 1);
    switch (prng.int(9)) {
      case 0:
        if (at < bytes.length) bytes[at] = bytes[at]! ^ (1 << prng.int(8));
        break;
      case 1:
        if (at < bytes.length)
          bytes[at] = prng.chance(0.5) ? prng.pick(INTERESTING_BYTES) : prng.int(256);
        break;
      case 2:
        bytes.splice(
          at,
          0,
          ...Array.from({ length: prng.range(1, 4) }, () => prng.pick(INTERESTING_BYTES)),
        );
        break;
      case 3:
        bytes.splice(at, prng.range(1, 12));
        break;
      case 4:
        bytes = bytes.slice(0, at);
        break;
      case 5:
        bytes.splice(at, 0, ...new Array<number>(prng.range(1, 40)).fill(0));
        break;
      case 6: {
        // Splice in a line of another log.
        bytes.splice(at, 0, ...Buffer.from(`${prng.pick(other)}\n`));
        break;
      }
      case 7: {
        // Join two lines by removing a line feed.
        const lf = bytes.indexOf(0x0a, at);
        if (lf >= 0) bytes.splice(lf, 1);
        break;
      }
      default: {
        // Change one digit.
        const digits = bytes.flatMap((b, i) => (b >= 0x30 && b <= 0x39 ? [i] : []));
        if (digits.length > 0) bytes[prng.pick(digits)] = 0x30 + prng.int(10);
        break;
      }
    }
  }
  return Uint8Array.from(bytes);
}

function foldBoth(bytes: Uint8Array): {
  log: RunLog;
  ref: ReferenceFold;
  consumed: number;
  stoppedAtNul: boolean;
} {
  const log = new RunLog();
  const ref = new ReferenceFold();
  const result = forEachWholeLine(bytes, 0, bytes.length, (start, end) => {
    log.applyLine(bytes, start, end);
    ref.apply(bytes, start, end);
  });
  return { log, ref, ...result };
}

/** A small valid log to apply one suspect line after: declarations, samples of both kinds. */
const PREFIX = [
  startLine(),
  metricLine('loss', 'minimize'),
  metricsLine(0, { loss: 1, acc: 0.5 }),
  readingLine(0, { 'sys/cpu': 0.25 }),
  '{"type":"summary","time":1.0,"values":{"best":1.0}}',
];

function stateOf(log: RunLog): string {
  const series = [...log.series].map(([key, s]) => {
    const n = s.samples.length;
    return `${key}:${s.kind}:${n}:${n > 0 ? `${s.samples.step(n - 1)},${s.samples.time(n - 1)},${s.samples.value(n - 1)}` : ''}`;
  });
  return JSON.stringify({
    series,
    summary: [...log.summary].map(([k, v]) => `${k}=${String(v)}`),
    kinds: [...log.kinds],
    metrics: [...log.metricDeclarations.keys()],
    files: log.files.length,
    uses: log.uses.length,
    resumes: log.resumes.length,
    end: log.end?.status ?? null,
  });
}

/** How the fast path's reading of a line differs from the general parser's, if it does. */
function fastPathDifference(fast: ScannedSamples, general: ParsedLine): string | undefined {
  if (general?.type !== fast.type) return `type ${fast.type} vs ${general?.type}`;
  if (general.type !== 'metrics' && general.type !== 'reading') return 'not samples';
  if (!Object.is(fast.time, general.time)) return `time ${fast.time} vs ${general.time}`;
  if (fast.step !== general.step) return `step ${fast.step} vs ${general.step}`;
  const keys = [...general.values.keys()];
  if (fast.count !== keys.length) return `count ${fast.count} vs ${keys.length}`;
  for (let k = 0; k < keys.length; k++) {
    if (fast.keys[k] !== keys[k]) return `key ${fast.keys[k]} vs ${keys[k]}`;
    const value = general.values.get(keys[k]!)!;
    if (!Object.is(fast.values[k], value)) return `${keys[k]}: ${fast.values[k]} vs ${value}`;
  }
  return undefined;
}

describe('the fast path and the general parser', () => {
  it('agree on every generated metrics and reading line, bit for bit', () => {
    const prng = new Prng(0x6d756e69);
    const scanner = new SamplesLineScanner();
    let fastTaken = 0;
    let records = 0;
    const total = 6000;
    for (let i = 0; i < total; i++) {
      const line = samplesLine(prng);
      const bytes = lineBytes(line);
      const end = bytes.length - 1;
      const general = parseLogLine(bytes, 0, end);
      const fast = scanner.scan(bytes, 0, end);
      if (general?.type === 'metrics' || general?.type === 'reading') records++;
      if (fast === undefined) continue;
      fastTaken++;
      expect(fastPathDifference(fast, general), `line ${i}: ${line}`).toBeUndefined();
    }
    // The generator reaches both paths often.
    expect(fastTaken).toBeGreaterThan(total * 0.2);
    expect(records - fastTaken).toBeGreaterThan(total * 0.05);
  });

  it('a RunLog (fast path) and a fold of parseLogLine results agree line by line', () => {
    const prng = new Prng(0x0ddba11);
    for (let batch = 0; batch < 60; batch++) {
      const log = new RunLog();
      const ref = new ReferenceFold();
      const lines = [startLine(), metricLine('loss'), readingLine(0, { 'sys/cpu': 1 })];
      for (let i = 0; i < 80; i++) lines.push(samplesLine(prng));
      if (prng.chance(0.3))
        lines.splice(
          prng.range(3, lines.length),
          0,
          '{"type":"resume","time":1.0,"step":5,"provenance":{}}',
        );
      for (const line of lines) {
        const bytes = lineBytes(line);
        log.applyLine(bytes, 0, bytes.length - 1);
        ref.apply(bytes, 0, bytes.length - 1);
        expect(log.damaged, line).toBe(ref.damaged);
      }
      expect(differenceFromReference(log, ref), `batch ${batch}`).toBeUndefined();
    }
  });

  it('agree on garbage after a metrics or reading head', () => {
    const prng = new Prng(0xfeed);
    const scanner = new SamplesLineScanner();
    const alphabet = [...Buffer.from('0123456789.eE+-",:{}[] abtrsv/\\u')];
    for (let i = 0; i < 3000; i++) {
      const head = prng.pick(['{"type":"metrics","time":', '{"type":"reading","time":']);
      const valid = samplesLine(prng);
      const tail = prng.chance(0.5)
        ? Buffer.from(prng.bytes(prng.range(0, 60), alphabet)).toString('latin1')
        : valid.slice(prng.int(valid.length));
      const bytes = lineBytes(Buffer.concat([Buffer.from(head), Buffer.from(tail, 'latin1')]));
      const general = parseLogLine(bytes, 0, bytes.length - 1);
      const fast = scanner.scan(bytes, 0, bytes.length - 1);
      if (fast === undefined) continue;
      expect(general?.type).toBe(fast.type);
    }
  });
});

describe('random bytes and mutated logs', () => {
  it('never make the parsers or the fold throw, and fold as the general parser reads them', () => {
    const prng = new Prng(0xbadc0de);
    const jsonish = [...Buffer.from('{}[]":,0123456789.eE+-truefalsnl\\ \n\t\r')];
    const start = lineBytes(startLine());
    for (let i = 0; i < 3000; i++) {
      const length = prng.range(0, 200);
      const bytes = prng.chance(0.5) ? prng.bytes(length) : prng.bytes(length, jsonish);
      parseJson(bytes);
      parseLogLine(bytes, 0, bytes.length);
      const asFirst = new RunLog();
      const asFirstRef = new ReferenceFold();
      const afterStart = new RunLog();
      const afterStartRef = new ReferenceFold();
      afterStart.applyLine(start, 0, start.length - 1);
      afterStartRef.apply(start, 0, start.length - 1);
      forEachWholeLine(bytes, 0, bytes.length, (s, e) => {
        asFirst.applyLine(bytes, s, e);
        asFirstRef.apply(bytes, s, e);
        afterStart.applyLine(bytes, s, e);
        afterStartRef.apply(bytes, s, e);
      });
      // The whole buffer as one line, line feeds and NULs inside it included.
      afterStart.applyLine(bytes, 0, bytes.length);
      afterStartRef.apply(bytes, 0, bytes.length);
      expect(differenceFromReference(asFirst, asFirstRef), `case ${i}`).toBeUndefined();
      expect(differenceFromReference(afterStart, afterStartRef), `case ${i}`).toBeUndefined();
    }
  });

  it('a mutated log folds as the general parser reads it, from memory and from a file', () => {
    const prng = new Prng(0xc0ffee);
    const other = validLog(new Prng(7));
    let damagedLines = 0;
    let takenLines = 0;
    let nulStops = 0;
    for (let i = 0; i < 800; i++) {
      const bytes = mutate(prng, validLog(prng), other);
      const { log, ref, consumed, stoppedAtNul } = foldBoth(bytes);
      expect(differenceFromReference(log, ref), `case ${i}`).toBeUndefined();
      damagedLines += ref.damaged;
      if (stoppedAtNul) nulStops++;
      if (i % 8 === 0) {
        const path = join(dir, `log-${i}.jsonl`);
        writeFileSync(path, bytes);
        const fromFile = new RunLog();
        const read = readLogInto(path, dir, fromFile);
        expect(read.offset, `case ${i}`).toBe(consumed);
        expect(read.stoppedAtNul, `case ${i}`).toBe(stoppedAtNul);
        expect(read.size).toBe(bytes.length);
        expect(differenceFromReference(fromFile, ref), `case ${i} from file`).toBeUndefined();
        // Read again in two pieces, from where the first read of a prefix stopped.
        const cut = prng.int(bytes.length + 1);
        writeFileSync(path, bytes.subarray(0, cut));
        const pieces = new RunLog();
        const first = readLogInto(path, dir, pieces);
        writeFileSync(path, bytes);
        readLogInto(path, dir, pieces, first.offset);
        expect(differenceFromReference(pieces, ref), `case ${i} in pieces`).toBeUndefined();
      }
      takenLines += log.lines - ref.damaged;
    }
    expect(damagedLines).toBeGreaterThan(300);
    expect(takenLines).toBeGreaterThan(5000);
    expect(nulStops).toBeGreaterThan(50);
  });

  it('a line the general parser calls damaged is counted and changes nothing', () => {
    const prng = new Prng(0x5eed);
    const other = validLog(new Prng(8));
    const base = new RunLog();
    for (const line of PREFIX) base.applyLine(lineBytes(line), 0, lineBytes(line).length - 1);
    const baseState = stateOf(base);
    let checked = 0;
    for (let i = 0; i < 600; i++) {
      const bytes = mutate(prng, validLog(prng).slice(1), other);
      forEachWholeLine(bytes, 0, bytes.length, (start, end) => {
        const parsed = parseLogLine(bytes, start, end);
        if (parsed !== undefined && parsed.type !== 'foreign-start' && parsed.type !== 'start')
          return;
        const log = new RunLog();
        for (const line of PREFIX) {
          const b = lineBytes(line);
          log.applyLine(b, 0, b.length - 1);
        }
        log.applyLine(bytes, start, end);
        expect(log.damaged).toBe(base.damaged + 1);
        expect(stateOf(log)).toBe(baseState);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(300);
  });
});
