// `plot --width N` keeps every line of stdout to N columns, header and notes included, for a run
// whose id, name and keys are all wider than N; what had to be cut says so with an ellipsis.

import { beforeAll, describe, expect, it } from 'vitest';
import { tempStores } from '../support/store-fixture.js';
import { START_TIME } from '../support/lines.js';
import {
  LONG,
  LONG_CLASS,
  LONG_KEY,
  LONG_NAME,
  LONG_SCALAR,
  pictureOf,
  runPlot,
  writeLongRun,
} from './plot-fixture.js';

const newStore = tempStores();
let root = '';
beforeAll(() => {
  root = newStore();
  writeLongRun(root);
});

const WIDTHS = [20, 24, 30, 40, 80];
// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/** Columns as a terminal shows them: a code point each (braille and box included), no escapes. */
function columns(line: string): number {
  return [...line.replace(SGR, '')].length;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function ellipsisOf(unicode: boolean): string {
  return unicode ? '…' : '...';
}

/** The options of each picture a sweep draws: panels and an overlay, plain and with extras. */
const VARIANTS: readonly (readonly string[])[] = [
  [],
  ['--smooth', '0.6', '--log-y'],
  ['--x', 'step_metric'],
  ['--key', 'train/', '--key', 'optimizer/', '--key', 'noise', '--key', LONG_KEY],
];

describe('every line keeps to --width', () => {
  for (const unicode of [true, false])
    for (const overlay of [false, true])
      it(`at ${WIDTHS.join(', ')} columns (${unicode ? 'braille' : 'ASCII'}, ${overlay ? 'overlay' : 'panels'})`, async () => {
        for (const width of WIDTHS)
          for (const variant of VARIANTS)
            for (const colour of [false, true]) {
              // A clock adds "last write ... ago" to the header, as --follow draws it.
              const now = colour ? START_TIME + 20_000 : null;
              const argv = [LONG, ...variant, '--width', String(width), '--height', '80'];
              if (overlay) argv.push('--overlay');
              const { picture } = await pictureOf(root, argv, { unicode, colour }, now);
              expect(picture.drawn).toBe(true);
              for (const line of picture.lines)
                expect(
                  columns(line),
                  `${JSON.stringify(line)}: ${argv.join(' ')}`,
                ).toBeLessThanOrEqual(width);
              if (!unicode)
                expect(picture.lines.join('\n').replace(SGR, '')).toMatch(/^[\x20-\x7e\n]*$/);
            }
      });
});

describe('a cut says so', () => {
  for (const unicode of [true, false])
    it(`in the header, which keeps the status (${unicode ? 'braille' : 'ASCII'})`, async () => {
      const ellipsis = ellipsisOf(unicode);
      for (const width of WIDTHS) {
        const { picture } = await pictureOf(root, [LONG, '--width', String(width)], { unicode });
        const header = picture.lines[0]!;
        expect(header, `width ${width}`).toMatch(/ {2}finished( [·-] step 200 of 200)?$/);
        const id = header.split('  ')[0]!;
        // The id is cut in the middle: its date and its end both still show.
        expect(id, `width ${width}`).toContain(ellipsis);
        const [head, tail] = id.split(ellipsis);
        expect(LONG.startsWith(head!) && head!.length > 0, `${id} at ${width}`).toBe(true);
        expect(LONG.endsWith(tail!) && tail!.length > 0, `${id} at ${width}`).toBe(true);
      }
      // Wide enough for a share each, the name shows too, cut the same way.
      const { picture } = await pictureOf(root, [LONG, '--width', '80'], { unicode });
      const name = picture.lines[0]!.split('  ')[1]!;
      expect(name).toContain(ellipsis);
      expect(LONG_NAME.startsWith(name.split(ellipsis)[0]!)).toBe(true);
    });

  for (const unicode of [true, false])
    it(`in titles, legends, footers, scalar lines and bars (${unicode ? 'braille' : 'ASCII'})`, async () => {
      const ellipsis = ellipsisOf(unicode);
      for (const width of WIDTHS) {
        const draw = async (more: readonly string[]) =>
          (
            await pictureOf(root, [LONG, '--width', String(width), '--height', '80', ...more], {
              unicode,
            })
          ).picture.lines;
        const panels = await draw([]);
        const title = panels.find((l) => l.startsWith('eval/'))!;
        expect(title, `width ${width}`).toContain(ellipsis);
        expect(title.split(ellipsis)[1]!.trimEnd(), `width ${width}`).toMatch(/on$/);
        // train/loss has a goal: a footer without its best value says it left something out.
        const lossTitle = panels.findIndex((l) => l.startsWith('train/loss'));
        const lossFooter = panels.slice(lossTitle).find((l) => l.startsWith('last '))!;
        expect(lossFooter.includes('best') || lossFooter.endsWith(ellipsis), lossFooter).toBe(true);
        const scalar = panels.find((l) => l.includes('0.9312'))!;
        expect(scalar, `width ${width}`).toMatch(new RegExp(`^te.*${escaped(ellipsis)}`));
        const golden = panels.find((l) => l.includes('0.81'))!;
        expect(golden, `width ${width}`).toMatch(new RegExp(`^  g.*${escaped(ellipsis)}`));

        const overlay = await draw([
          '--overlay',
          '--key',
          'train/',
          '--key',
          'optimizer/',
          '--key',
          LONG_KEY,
        ]);
        // The legend keeps every curve, wrapped as it must be; the long key is cut in the middle.
        const legend = overlay
          .slice(
            2,
            overlay.findIndex((l) => /[┤│|+]/.test(l)),
          )
          .join('   ');
        const entries = legend.split(/ {3}/);
        expect(entries.map((e) => e.split(' ')[0])).toEqual(['1', '2', '3']);
        const long = entries.find((e) => e.includes('eval/'))!;
        expect(long, `width ${width}`).toContain(ellipsis);
        expect(long.endsWith('_on'), long).toBe(true);
        // The learning rate is flat on the loss's scale: the note on it is cut, or whole.
        const flattened = overlay.find((l) => l.includes(' flattened'));
        expect(flattened, `width ${width}`).toBeDefined();
        expect(
          flattened!.includes('(plot it without --overlay') || flattened!.endsWith(ellipsis),
        ).toBe(true);
      }
    });
});

describe('the command', () => {
  it.each([
    ['braille', { LANG: 'C.UTF-8' }, []],
    ['braille overlay', { LANG: 'C.UTF-8' }, ['--overlay']],
    ['ASCII', { LANG: 'C' }, []],
    ['ASCII overlay', { LANG: 'C' }, ['--overlay']],
  ] as const)('writes no stdout line past --width 30 (%s)', (_, env, more) => {
    const result = runPlot([root, LONG, '--width', '30', '--height', '40', ...more], env);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(columns(line), JSON.stringify(line)).toBeLessThanOrEqual(30);
    expect(lines[0]).toContain(env.LANG === 'C' ? '...' : '…');
    if (env.LANG === 'C') expect([...result.stdoutBytes].every((b) => b < 0x80)).toBe(true);
  });

  it('refuses a width below 20 (exit 2), saying the least it takes', () => {
    const result = runPlot([root, LONG, '--width', '19']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--width takes a whole number of at least 20, not 19');
    expect(result.stdout).toBe('');
  });
});

// The names the sweeps above lean on are as long as they claim: wider than the widest plot.
describe('the long run', () => {
  it('has an id, a name and keys wider than 80 columns', () => {
    for (const text of [LONG, LONG_NAME, LONG_KEY]) expect(columns(text), text).toBeGreaterThan(80);
    expect(columns(LONG_SCALAR)).toBeGreaterThan(40);
    expect(columns(LONG_CLASS)).toBeGreaterThan(40);
  });
});
