// The fast path for metric lines takes a line only when it reads it as the general parser does:
// every line it takes, tricky or mutated at random, gives the general parser's event.

import { describe, expect, it } from 'vitest';
import { parseEventLine } from '../../electron/sources/jsonl/event-line.js';
import { MetricLineScanner } from '../../electron/sources/jsonl/metric-line-scan.js';
import { metricLine, Raw, START_MS } from '../support/event-writer.js';
import { Prng } from '../support/prng.js';

/** The event as plain data, -0 and NaN told apart, labels in their order. */
function plain(event: ReturnType<typeof parseEventLine>): unknown {
  if (event === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(event))
    out[k] = v instanceof Map ? [...v] : Object.is(v, -0) ? '-0' : v;
  return out;
}

/** What the fast path makes of the line: undefined when it leaves it to the general parser. */
function fast(scanner: MetricLineScanner, line: string): unknown {
  const bytes = Buffer.from(`${line}\n`, 'latin1');
  return plain(scanner.scan(bytes, 0, bytes.length - 1));
}

const general = (line: string): unknown => {
  const bytes = Buffer.from(line, 'latin1');
  return plain(parseEventLine(bytes, 0, bytes.length));
};

const TRICKY = [
  metricLine(START_MS, 4, 'eval/loss', 3.2047, { pass: 'eval', split: 'eval', stage: 'easy' }),
  metricLine(START_MS, 0, 'train/loss', 0.1 + 0.2, {}),
  metricLine(START_MS, 999999999999999, 'a', -0.0),
  metricLine(1.5, 1, 'a', new Raw('-0')),
  metricLine(START_MS, 1, 'a', new Raw('-0.0')),
  metricLine(START_MS, 1, 'a', new Raw('1e400')),
  metricLine(START_MS, 1, 'a', new Raw('123456789012345678901234567890')),
  metricLine(START_MS, 1, 'a', new Raw('NaN')),
  metricLine(START_MS, 1, 'a', new Raw('2.2250738585072011e-308')),
  metricLine(START_MS, 1, 'a', 5, { split: 'train', split2: 'x' }).replace('split2', 'split'),
  metricLine(START_MS, 1, 'a', 5, { n: 3 }),
  metricLine(START_MS, 1, 'a', 5, { s: 'caf\u00e9' }),
  metricLine(START_MS, 1, 'a', 5, { s: 'a"b' }),
  metricLine(START_MS, 1, 'a', 5, { '': '' }),
  metricLine(START_MS, 1, '', 5),
  metricLine(START_MS, 1, 'a//b', 5),
  metricLine(START_MS, 1, '.a', 5),
  metricLine(START_MS, 1, 'a b', 5),
  metricLine(START_MS, 1.0, 'a', 5).replace('"step":1', '"step":1.0'),
  metricLine(START_MS, 1, 'a', 5).replace('"step":1', '"step":01'),
  metricLine(START_MS, 1, 'a', 5).replace('"step":1', '"step":-1'),
  metricLine(START_MS, 1, 'a', 5).replace('"step":1', '"step":9007199254740993'),
  metricLine(START_MS, 1, 'a', 5).replace(`${START_MS}`, '-0'),
  metricLine(START_MS, 1, 'a', 5).replace(`${START_MS}`, '1e400'),
  `${metricLine(START_MS, 1, 'a', 5)} `,
  `${metricLine(START_MS, 1, 'a', 5)}\r`,
  metricLine(START_MS, 1, 'a', 5).replace('}}', '} }'),
  metricLine(START_MS, 1, 'a', 5).replace('"metadata":{}', '"metadata":{},"extra":1'),
];

describe('the fast path for metric lines', () => {
  it('reads tricky lines as the general parser does, or leaves them to it', () => {
    const scanner = new MetricLineScanner();
    let taken = 0;
    for (const line of TRICKY) {
      const read = fast(scanner, line);
      if (read !== undefined) {
        taken++;
        expect(read, line).toEqual(general(line));
      }
    }
    // The plain lines are taken: a fast path that takes none would pass the check above.
    expect(taken).toBeGreaterThanOrEqual(5);
  });

  it('reads lines mutated at random as the general parser does, or leaves them to it', () => {
    const prng = new Prng(0xfa57);
    const scanner = new MetricLineScanner();
    const alphabet = Array.from('0123456789.-+eE"{}:,\\ abNI/\u00e9\u0000');
    let taken = 0;
    for (let round = 0; round < 20000; round++) {
      const base = metricLine(
        START_MS + prng.int(1000),
        prng.int(100),
        prng.pick(['train/loss', 'eval/acc']),
        prng.next() * 100 - 50,
        prng.pick<Record<string, string>>([
          {},
          { split: 'train', stage: 'easy' },
          { stage: 'hard' },
        ]),
      );
      const chars = Array.from(base);
      for (let n = prng.int(3); n > 0; n--) {
        const at = prng.int(chars.length);
        const what = prng.int(3);
        if (what === 0) chars.splice(at, 1);
        else if (what === 1) chars.splice(at, 0, prng.pick(alphabet));
        else chars[at] = prng.pick(alphabet);
      }
      const line = chars.join('');
      const read = fast(scanner, line);
      if (read !== undefined) {
        taken++;
        expect(read, line).toEqual(general(line));
      }
    }
    expect(taken).toBeGreaterThan(1000);
  });
});
