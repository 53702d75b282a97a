// Plot's parts on their own: ticks and their labels, the arguments, dot columns, the raster,
// text cut to a width.

import { describe, expect, it } from 'vitest';
import { ArgsError } from '../../electron/cli-options.js';
import { parsePlotArgs, keyMatcher } from '../../electron/plot/plot-args.js';
import { columnEdge, columnOf } from '../../electron/plot/fold.js';
import { Canvas } from '../../electron/plot/raster.js';
import { cutAtSpace, cutEnd, cutMiddle, textWidth } from '../../electron/plot/fit.js';
import { yTicks } from '../../electron/plot/panel.js';
import { terminalInfo, utf8Locale } from '../../electron/plot/terminal.js';
import { formatDuration, niceTicks, stepLabels, tickLabels } from '../../electron/plot/ticks.js';

describe('tick labels', () => {
  it('are distinct and read back as their values', () => {
    for (const [lo, hi] of [
      [0, 1],
      [0.1201, 0.1209],
      [0.9990001, 0.9990009],
      [-3, 7],
      [1e-6, 5e-6],
      [12_000, 48_000],
      [2.5e9, 2.5000004e9],
    ] as const) {
      for (const count of [2, 3, 5, 8]) {
        const ticks = niceTicks(lo, hi, count);
        const labels = tickLabels(ticks);
        expect(new Set(labels).size).toBe(labels.length);
        labels.forEach((label, i) => {
          const si = { k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[label.slice(-1)];
          const back = si === undefined ? Number(label) : Number(label.slice(0, -1)) * si;
          expect(Math.abs(back - ticks[i]!)).toBeLessThanOrEqual(Math.abs(hi) * 1e-6);
        });
      }
    }
  });

  it('use SI suffixes for big numbers and separators for steps', () => {
    expect(tickLabels([10_000, 20_000, 30_000])).toEqual(['10k', '20k', '30k']);
    expect(tickLabels([0, 0.5, 1])).toEqual(['0', '0.5', '1.0']);
    expect(stepLabels([0, 5000, 10000])).toEqual(['0', '5,000', '10,000']);
    expect(formatDuration(5400)).toBe('1h30m');
    expect(formatDuration(42)).toBe('42s');
  });
});

describe('arguments', () => {
  it('take every option', () => {
    const args = parsePlotArgs(
      ['s', 'r', '--key', 'a', '--key=/b/', '--overlay', '--x', 'time', '--smooth', '0.6'].concat([
        '--log-y',
        '--from',
        '2026-01-01T00:00:00Z',
        '--to',
        '1.8e9',
        '--width',
        '90',
        '--follow',
      ]),
    );
    expect(args).toMatchObject({
      path: 's',
      run: 'r',
      keys: ['a', '/b/'],
      overlay: true,
      x: 'time',
      smooth: 0.6,
      logY: true,
      from: Date.parse('2026-01-01T00:00:00Z') / 1000,
      to: 1.8e9,
      width: 90,
      follow: true,
    });
  });

  it.each([
    [['s']],
    [['s', 'r', 'x']],
    [['s', 'r', '--smooth', '1']],
    [['s', 'r', '--x', 'epoch']],
    [['s', 'r', '--width', '3']],
    [['s', 'r', '--from', '9', '--to', '1']],
    [['s', 'r', '--key', '/(/']],
    [['s', 'r', '--nope']],
  ])('refuse %j', (argv) => {
    expect(() => parsePlotArgs(argv)).toThrow(ArgsError);
  });

  it('match keys exactly, by prefix, by regex', () => {
    expect(keyMatcher('train/loss')('train/loss')).toBe(true);
    expect(keyMatcher('train/')('train/loss')).toBe(true);
    expect(keyMatcher('train/')('trainer')).toBe(false);
    expect(keyMatcher('/loss$/')('eval/loss')).toBe(true);
  });
});

describe('terminal', () => {
  it('reads the locale as setlocale does', () => {
    expect(utf8Locale({ LANG: 'en_US.UTF-8' })).toBe(true);
    expect(utf8Locale({ LANG: 'en_US.UTF-8', LC_ALL: 'C' })).toBe(false);
    expect(utf8Locale({})).toBe(false);
  });

  it('takes colour only on a terminal without NO_COLOR', () => {
    const t = (env: NodeJS.ProcessEnv, isTTY: boolean) =>
      terminalInfo(
        { env, isTTY, columns: 100, rows: 40 },
        { width: null, height: null, ascii: false },
      );
    expect(t({}, true).colour).toBe(true);
    expect(t({ NO_COLOR: '' }, true).colour).toBe(false);
    expect(t({}, false).colour).toBe(false);
    expect(t({}, false).width).toBe(80);
    expect(t({ COLUMNS: '132', LINES: '50' }, false)).toMatchObject({ width: 132, height: 50 });
  });
});

describe('dot columns', () => {
  it('put x where the host puts it: edge(c) <= x < edge(c + 1)', () => {
    const layout = { x0: 0, x1: 0.3, width: 7 };
    for (let c = 0; c < 7; c++) {
      expect(columnOf(layout, columnEdge(layout, c))).toBe(c);
      if (c > 0) expect(columnOf(layout, columnEdge(layout, c) - 1e-12)).toBe(c - 1);
    }
    expect(columnOf(layout, 0.3)).toBe(6);
  });
});

describe('raster', () => {
  const columns = (values: (number | null)[]) => {
    const f = (v: number | null) => (v === null ? NaN : v);
    const arr = Float64Array.from(values, f);
    return { min: arr, max: arr, first: arr, last: arr };
  };

  it('fills a column from its least to its greatest value', () => {
    const canvas = new Canvas(2, 2, true);
    const min = Float64Array.from([0, 0, 0, 0]);
    const max = Float64Array.from([0, 1, 0, 0]);
    canvas.draw(0, 'main', { min, max, first: min, last: min }, { lo: 0, hi: 1, log: false });
    // Dot column 1 spans all 8 dot rows (the right half of cell 0 in both rows); the others
    // sit on the bottom row.
    expect(canvas.lines(false)).toEqual(['⢸ ', '⣸⣀']);
  });

  it('marks a cell two curves reach with %', () => {
    const canvas = new Canvas(3, 1, false);
    canvas.draw(0, 'main', columns([0.5, 0.5, 0.5]), { lo: 0, hi: 1, log: false });
    canvas.draw(1, 'main', columns([null, 0.5, 1]), { lo: 0, hi: 1, log: false });
    expect(canvas.lines(false)).toEqual(['-%%']);
  });

  it('draws ASCII levels and vertical spans', () => {
    const canvas = new Canvas(4, 1, false);
    canvas.draw(0, 'main', columns([1, 0.5, 0, 0]), { lo: 0, hi: 1, log: false });
    expect(canvas.lines(false)).toEqual(["'-.."]);
  });
});

describe('text cut to a width', () => {
  const key = 'eval/accuracy_top1_on_the_validation_split';

  it('counts a column a code point, colour escapes aside', () => {
    expect(textWidth('⣿⡇ │┤')).toBe(5);
    expect(textWidth('\x1b[1mtrain/loss\x1b[0m')).toBe(10);
    expect(textWidth('𝑥')).toBe(1);
  });

  it('cuts to exactly the width, with one ellipsis, keeping the ends where asked', () => {
    for (const ellipsis of ['…', '...'])
      for (let width = ellipsis.length + 2; width < key.length; width++) {
        for (const cut of [cutEnd, cutMiddle, cutAtSpace]) {
          const text = cut(key, width, ellipsis);
          expect(textWidth(text), `${cut.name} ${width}`).toBeLessThanOrEqual(width);
          expect(text.split(ellipsis).length, `${cut.name} ${width}: ${text}`).toBe(2);
        }
        const middle = cutMiddle(key, width, ellipsis);
        expect(textWidth(middle)).toBe(width);
        const [head, tail] = middle.split(ellipsis);
        expect(key.startsWith(head!) && key.endsWith(tail!)).toBe(true);
        expect(tail!.length).toBeGreaterThanOrEqual(head!.length);
        expect(key.startsWith(cutEnd(key, width, ellipsis).slice(0, -ellipsis.length))).toBe(true);
      }
    expect(cutMiddle(key, key.length, '…')).toBe(key);
  });

  it('cuts prose between words, never through a number', () => {
    expect(cutAtSpace('last 0.136645 @ step 60', 16, '…')).toBe('last 0.136645 …');
    expect(cutAtSpace('last 0.136645 @ step 60', 14, '...')).toBe('last ...');
  });
});

describe('y ticks in a narrow width', () => {
  it('keep labels to the width they are given, one mid tick when none fit', () => {
    const canvas = new Canvas(10, 8, true);
    const noise = { lo: 0.1 - 2 ** -56, hi: 0.1 + 2 ** -56, log: false };
    expect(Math.max(...yTicks(canvas, noise).map((t) => t.label.length))).toBeGreaterThan(10);
    const narrow = yTicks(canvas, noise, 6);
    expect(narrow.map((t) => t.label)).toEqual(['0.1']);
    const loss = { lo: 0.1234, hi: 2.5, log: false };
    for (const widest of [1, 3, 6])
      for (const tick of yTicks(canvas, loss, widest))
        expect(tick.label.length, tick.label).toBeLessThanOrEqual(widest);
  });
});
