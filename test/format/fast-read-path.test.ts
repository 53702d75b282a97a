// The fast read path: 16-18 digit decimals read as Number() reads them, whole lines found in one
// pass with the whole-line rule intact (chunk ends, NUL bytes, damaged and repeated-key lines).

import { describe, expect, it } from 'vitest';
import { decimalToDouble } from '../../shared/format/decimal-to-double.js';
import { forEachWholeLine } from '../../shared/format/whole-lines.js';
import { parseLogLine } from '../../shared/format/records.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { SamplesLineScanner } from '../../electron/store/log/samples-fast-path.js';
import { Prng } from '../support/prng.js';
import { differenceFromReference, ReferenceFold } from '../support/reference-fold.js';
import { startLine } from '../support/lines.js';
import { digitString, NUMBER_EDGES, numberLiteral } from '../support/number-literals.js';

const bitsOf = (x: number): bigint => new BigUint64Array(new Float64Array([x]).buffer)[0]!;

/** S as decimalToDouble takes it: the double nearest S and what that one lacks. */
function nearestAndError(digits: string): [number, number] {
  const exact = BigInt(digits);
  const nearest = Number(exact);
  return [nearest, Number(exact - BigInt(nearest))];
}

describe('decimalToDouble', () => {
  it('gives the double Number() gives, or NaN, for 10 to 18 digits and 1 to 22 fraction digits', () => {
    const prng = new Prng(0x5eed);
    let undecided = 0;
    const total = 200_000;
    for (let i = 0; i < total; i++) {
      const tailDigits = prng.range(1, 9);
      const fractionDigits = prng.range(1, 22);
      const head = prng.range(1e8, 1e9 - 1);
      const tailText = digitString(prng, tailDigits).replace(/^./, String(prng.int(10)));
      const digits = `${head}${tailText}`;
      const padded = digits.padStart(fractionDigits + 1, '0');
      const point = padded.length - fractionDigits;
      const text = `${padded.slice(0, point)}.${padded.slice(point)}`;
      const fast = decimalToDouble(...nearestAndError(digits), fractionDigits);
      if (Number.isNaN(fast)) {
        undecided++;
        continue;
      }
      expect(bitsOf(fast), text).toBe(bitsOf(Number(text)));
    }
    expect(undecided).toBeLessThan(total / 1000);
  });

  it('decides halfway cases exactly, or hands them back', () => {
    // 2^53 + 1 and its neighbours, written with a fraction: exactly halfway between two doubles.
    for (const [digits, fractionDigits, text] of [
      ['9007199254740993', 1, '900719925474099.3'],
      ['90071992547409930', 1, '9007199254740993.0'],
      ['900719925474099300', 2, '9007199254740993.00'],
      ['900719925474099500', 2, '9007199254740995.00'],
      ['900719925474099499', 2, '9007199254740994.99'],
    ] as const) {
      const fast = decimalToDouble(...nearestAndError(digits), fractionDigits);
      if (!Number.isNaN(fast)) expect(bitsOf(fast), text).toBe(bitsOf(Number(text)));
    }
  });
});

const START = `${startLine()}\n`;
const metrics = (step: number | string, values: string): string =>
  `{"type":"metrics","time":1.5,"step":${step},"values":{${values}}}\n`;

/** Folds text through applyWholeLines in pieces of `piece` bytes, as readLogInto's chunks do. */
function foldInPieces(text: string, piece: number): { log: RunLog; consumed: number } {
  const bytes = Buffer.from(text, 'latin1');
  const log = new RunLog();
  let consumed = 0;
  for (let end = Math.min(piece, bytes.length); ; end = Math.min(end + piece, bytes.length)) {
    const result = log.applyWholeLines(bytes, consumed, end);
    consumed = result.consumed;
    if (result.stoppedAtNul || end === bytes.length) break;
  }
  return { log, consumed };
}

function reference(text: string): { ref: ReferenceFold; consumed: number } {
  const bytes = Buffer.from(text, 'latin1');
  const ref = new ReferenceFold();
  const result = forEachWholeLine(bytes, 0, bytes.length, (s, e) => ref.apply(bytes, s, e));
  return { ref, consumed: result.consumed };
}

describe('applyWholeLines', () => {
  const lines = [
    START,
    metrics(0, '"a":2.650275937980041,"b":3.6120726397493854'),
    metrics(1, '"a":0.0012240667292484524,"b":-0.0'),
    metrics(2, '"a":1,"a":2'),
    metrics('3.0', '"a":1.5'),
    metrics(4294967296, '"a":1e-400,"b":123456789012345678901.5'),
    metrics(5, '"b":1.25,"a":-0'),
    '{"type":"reading","time":2.5,"step":5,"values":{"sys/cpu":0.5}}\n',
    metrics(6, '"sys/cpu":1.0'),
    metrics(7, ''),
    '{"type":"metrics","time":1.5,"step":8,"values":{"a":1.5}} \n',
  ];
  const text = lines.join('');

  it('folds as the general parser does, whatever the chunk size', () => {
    const { ref, consumed } = reference(text);
    for (const piece of [1, 7, 64, 97, text.length]) {
      const folded = foldInPieces(text, piece);
      expect(folded.consumed, `piece ${piece}`).toBe(consumed);
      expect(differenceFromReference(folded.log, ref), `piece ${piece}`).toBeUndefined();
    }
  });

  it('keeps a step past 32 bits exactly and counts repeated keys and float steps as damaged', () => {
    const { log } = foldInPieces(text, 64);
    expect(log.damaged).toBe(3);
    const a = log.series.get('a')!.samples;
    const steps = Array.from({ length: a.length }, (_, i) => a.step(i));
    expect(steps).toEqual([0, 1, 4294967296, 5, 8]);
    expect(Object.is(log.series.get('b')!.samples.value(1), -0)).toBe(true);
    expect(Object.is(a.value(3), 0)).toBe(true);
  });

  it('stops before a line that is cut off or holds a NUL byte, and goes on once it is whole', () => {
    const whole = START + metrics(0, '"a":1.5');
    const cut = metrics(1, '"a":2.5');
    for (let at = 1; at < cut.length; at++) {
      const partial = whole + cut.slice(0, at);
      const { log, consumed } = foldInPieces(partial, 4096);
      expect(consumed, `cut at ${at}`).toBe(whole.length);
      expect(log.series.get('a')!.samples.length).toBe(1);
      const withNul = `${whole}${cut.slice(0, at)}\0${cut.slice(at)}${metrics(2, '"a":3.5')}`;
      const bytes = Buffer.from(withNul, 'latin1');
      const nulLog = new RunLog();
      const result = nulLog.applyWholeLines(bytes, 0, bytes.length);
      expect(result).toEqual({ consumed: whole.length, stoppedAtNul: true });
      expect(nulLog.series.get('a')!.samples.length).toBe(1);
    }
  });

  it('gives every line to a subclass that sees lines through applyLine', () => {
    class Counting extends RunLog {
      seen = 0;
      override applyLine(bytes: Uint8Array, start: number, end: number): void {
        this.seen++;
        super.applyLine(bytes, start, end);
      }
    }
    const log = new Counting();
    const bytes = Buffer.from(text, 'latin1');
    log.applyWholeLines(bytes, 0, bytes.length);
    expect(log.seen).toBe(lines.length);
  });

  it('reads many keys on a line, and refuses one named twice past the eighth', () => {
    const keys = Array.from({ length: 12 }, (_, k) => `k${k}`);
    const line = (names: string[]): string => metrics(0, names.map((k) => `"${k}":1.5`).join(','));
    const repeated = [...keys.slice(0, 10), 'k3', 'k11'];
    const body = [line(keys), line(keys), line(repeated), line(keys)].join('');
    const { ref } = reference(START + body);
    const { log } = foldInPieces(START + body, 4096);
    expect(log.damaged).toBe(1);
    expect(differenceFromReference(log, ref)).toBeUndefined();
  });
});

/** Bytes of exactly the text's length, so that a read past them fails rather than finds more. */
const exactBytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));

/**
 * How the scanner reads the line against the general parser, or undefined when they agree. It
 * may leave a record laid out otherwise than munin writes it to the general parser, unless
 * mustTake says the line is laid out so.
 */
function scanDifference(
  scanner: SamplesLineScanner,
  text: string,
  mustTake = true,
): string | undefined {
  const bytes = exactBytes(text);
  const general = parseLogLine(bytes, 0, bytes.length);
  const fast = scanner.scan(bytes, 0, bytes.length);
  if (general?.type !== 'metrics') return fast === undefined ? undefined : 'taken, not a record';
  if (fast === undefined) return mustTake ? 'refused' : undefined;
  if (!Object.is(fast.time, general.time)) return `time ${fast.time} vs ${general.time}`;
  if (fast.step !== general.step) return `step ${fast.step} vs ${general.step}`;
  const keys = [...general.values.keys()];
  if (fast.count !== keys.length) return `count ${fast.count} vs ${keys.length}`;
  for (let k = 0; k < keys.length; k++) {
    const value = general.values.get(keys[k]!);
    if (fast.keys[k] !== keys[k] || !Object.is(fast.values[k], value))
      return `${fast.keys[k]}: ${fast.values[k]} vs ${keys[k]}: ${value}`;
  }
  return undefined;
}

const withNumber = (text: string): string[] => [
  `{"type":"metrics","time":1.5,"step":0,"values":{"a":${text}}}`,
  `{"type":"metrics","time":${text},"step":0,"values":{"a":1}}`,
  `{"type":"metrics","time":1.5,"step":0,"values":{"a":${text},"b":${text}}}`,
];

describe('SamplesLineScanner', () => {
  it('reads numbers at the edges of its word reads as the general parser does', () => {
    const scanner = new SamplesLineScanner();
    const edges = NUMBER_EDGES;
    for (const text of edges)
      for (const line of withNumber(text))
        expect(scanDifference(scanner, line), line).toBeUndefined();
    const prng = new Prng(0xd161);
    for (let i = 0; i < 20_000; i++) {
      const text = numberLiteral(prng);
      for (const line of withNumber(text))
        expect(scanDifference(scanner, line), line).toBeUndefined();
    }
  });

  it('ends digits at any byte that is no digit, wherever it falls in a word', () => {
    const scanner = new SamplesLineScanner();
    for (let byte = 0; byte < 256; byte++) {
      if (byte === 0x0a) continue;
      const other = String.fromCharCode(byte);
      for (const digits of ['1', '12', '123', '1234', '12345', '123456', '1234567', '12345678'])
        for (const text of [`${digits}${other}`, `0.${digits}${other}`, `${digits}${other}5`])
          for (const line of withNumber(text))
            expect(scanDifference(scanner, line, false), JSON.stringify(line)).toBeUndefined();
    }
  });

  it('refuses a line cut anywhere, reading nothing past its bytes', () => {
    const scanner = new SamplesLineScanner();
    for (const value of [
      '1.5',
      '12345678',
      '1234567812345678',
      '-0.001',
      '1e5',
      '1732912345.6789124',
    ]) {
      const line = `{"type":"metrics","time":1.5,"step":12345,"values":{"a":${value}}}`;
      expect(scanDifference(scanner, line), line).toBeUndefined();
      const whole = exactBytes(`${line}\n`);
      for (let end = 0; end < line.length; end++) {
        // A line that ends early, in a buffer that ends there too.
        const cut = exactBytes(line.slice(0, end));
        expect(scanner.scan(cut, 0, cut.length), line.slice(0, end)).toBeUndefined();
        expect(scanner.scanWholeLine(whole, 0, end)).toBe(-1);
        // A limit past the bytes reads as their end.
        expect(scanner.scanWholeLine(cut, 0, cut.length + 8)).toBe(-1);
      }
      expect(scanner.scanWholeLine(whole, 0, whole.length)).toBe(line.length);
    }
  });

  it('reads keys of every length, and a key that changes from one line to the next', () => {
    const names = Array.from({ length: 14 }, (_, k) => 'abcdefghijklmn'.slice(0, k + 1));
    const lines = [START];
    for (const name of names) lines.push(metrics(0, `"${name}":1.5,"x/${name}":2.5`));
    // Keys of the same length and one a prefix of the next, at the same positions.
    for (const [a, b] of [
      ['ab', 'ac'],
      ['abcd', 'abce'],
      ['abcde', 'abcd'],
      ['abcd', 'abcde'],
    ])
      lines.push(metrics(1, `"${a}":1,"z":2`), metrics(2, `"${b}":1,"z":2`));
    const text = lines.join('');
    const { ref, consumed } = reference(text);
    const { log, consumed: read } = foldInPieces(text, text.length);
    expect(read).toBe(consumed);
    expect(differenceFromReference(log, ref)).toBeUndefined();
    const scanner = new SamplesLineScanner();
    for (const line of lines.slice(1))
      expect(scanDifference(scanner, line.trimEnd())).toBeUndefined();
  });
});
