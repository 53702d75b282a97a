// `munin-view plot` as a user runs it (needs `npm run build`): goldens in both character sets,
// the stderr notes, no escape bytes in a pipe or under NO_COLOR, pure ASCII under LANG=C, the
// forms of RUN, and the exit statuses.

import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempStores } from '../support/store-fixture.js';
import { ODD, runPlot, TINY, TWIN_A, TWIN_B, writePlotStore } from './plot-fixture.js';

const newStore = tempStores();
let root = '';
beforeAll(() => {
  root = newStore();
  writePlotStore(root);
});

const GOLDEN = join(import.meta.dirname, 'golden');
const UPDATE = process.env.MUNIN_UPDATE_GOLDEN === '1';

/** Compares stdout and stderr of a run with the golden file; MUNIN_UPDATE_GOLDEN=1 rewrites it. */
function expectGolden(name: string, args: readonly string[], env: Record<string, string>): void {
  const result = runPlot([root, ...args], env);
  const text =
    `$ munin-view plot STORE ${args.join(' ')}\n` +
    `# env ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}; exit ${result.status}\n` +
    `--- stderr\n${result.stderr}--- stdout\n${result.stdout}`;
  const path = join(GOLDEN, `${name}.txt`);
  if (UPDATE) writeFileSync(path, text);
  expect(text).toBe(readFileSync(path, 'utf8'));
}

describe('goldens', () => {
  const sizes = ['--width', '64', '--height', '36'];
  it.each([
    ['tiny-braille', [TINY, ...sizes], { LANG: 'C.UTF-8' }],
    ['tiny-ascii', [TINY, ...sizes], { LANG: 'C' }],
    [
      'tiny-overlay-braille',
      [TINY, '--key', 'train/', '--key', 'eval/', '--overlay', ...sizes],
      { LANG: 'C.UTF-8' },
    ],
    [
      'tiny-overlay-ascii',
      [TINY, '--key', 'train/', '--key', 'eval/', '--overlay', ...sizes],
      { LANG: 'C' },
    ],
    [
      'tiny-smooth-log-braille',
      [
        TINY,
        '--key',
        'train/loss',
        '--smooth',
        '0.8',
        '--log-y',
        '--width',
        '50',
        '--height',
        '14',
      ],
      { LANG: 'C.UTF-8' },
    ],
    [
      'odd-step-metric-ascii',
      [ODD, '--x', 'step_metric', '--width', '60', '--height', '30'],
      { LANG: 'C' },
    ],
  ] as const)('%s', (name, args, env) => {
    expectGolden(name, args, env);
  });
});

describe('stderr notes', () => {
  it('come before anything else and say what the picture cannot show', () => {
    const odd = runPlot([
      root,
      ODD,
      '--x',
      'step_metric',
      '--from',
      '2',
      '--key',
      'nothing/',
      '--key',
      '/^(loss|eval/loss)$/',
    ]);
    expect(odd.status).toBe(0);
    const notes = odd.stderr;
    expect(notes).toContain('--key nothing/ matched no key of the run');
    expect(notes).toContain('1 damaged line in the log: skipped');
    expect(notes).toContain('resumed at step 28');
    expect(notes).toContain('loss: 1 NaN and 1 +Inf not plotted');
    expect(notes).toContain('the first at step 20');
    expect(notes).toContain('eval/loss: 9 points have no epoch at their step: not drawn');
    expect(notes).toContain('loss: --from/--to leave out 2 of 38 points');
    expect(notes).toContain('eval/loss: --from/--to leave out 2 of 19 points');
  });

  it('tell a series dropped from an overlay, and why', () => {
    const r = runPlot([
      root,
      ODD,
      '--x',
      'step_metric',
      '--overlay',
      '--key',
      'eval/loss',
      '--key',
      'loss',
    ]);
    expect(r.stderr).toContain(
      "loss: dropped from the overlay: its x is step, the overlay's epoch",
    );
  });

  it('tell values a log scale cannot hold', () => {
    const r = runPlot([root, TINY, '--key', 'acc_by_class/', '--key', 'train/loss', '--log-y']);
    expect(r.status).toBe(0);
    const z = runPlot([root, ODD, '--key', 'epoch', '--log-y']);
    expect(z.stderr).toContain('epoch: 1 values at or below 0 cannot sit on a log scale');
  });

  it('tell when an overlay flattens the smaller curve', () => {
    const r = runPlot([root, ODD, '--key', 'loss', '--key', 'epoch', '--overlay']);
    expect(r.stdout).toMatch(/epoch spans 1\/[\d,]+ of the scale: flattened/);
  });
});

describe('characters and colour', () => {
  it('a pipe gets no escape bytes, NO_COLOR or not', () => {
    for (const env of [{}, { NO_COLOR: '1' }] as Record<string, string>[]) {
      const r = runPlot([root, TINY], env);
      expect(r.status).toBe(0);
      expect(r.stdoutBytes.includes(0x1b)).toBe(false);
    }
  });

  it('LANG=C and --ascii give pure ASCII', () => {
    for (const [args, env] of [
      [[TINY], { LANG: 'C' }],
      [[TINY, '--ascii', '--overlay', '--smooth', '0.5'], { LANG: 'C.UTF-8' }],
      [[TINY, '--width', '30'], { LANG: 'C', LC_ALL: 'C' }],
    ] as const) {
      const r = runPlot([root, ...args], env);
      expect(r.status).toBe(0);
      expect([...r.stdoutBytes].every((b) => b < 0x80)).toBe(true);
    }
  });
});

describe('RUN', () => {
  it.each([
    ['the full id', TINY],
    ['a prefix of the id', '20260101'],
    ['the short id', '0a1b'],
    ['the name', 'tiny'],
    ['experiment/name', 'demo/tiny'],
  ])('takes %s', (_, spec) => {
    const r = runPlot([root, spec, '--key', 'test/acc']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${TINY}  demo/tiny`);
    expect(r.stdout).toContain('test/acc  0.9312 @ step 60');
  });

  it('refuses an ambiguous one, listing the matches (exit 2)', () => {
    const r = runPlot([root, 'twin']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('"twin" names 2 runs');
    expect(r.stderr).toContain(`${TWIN_A}  demo/twin  finished`);
    expect(r.stderr).toContain(`${TWIN_B}  demo/twin  finished`);
    expect(runPlot([root, '20260102']).status).toBe(2);
  });
});

describe('exit status', () => {
  it('is 1 when nothing matched or nothing could be drawn', () => {
    const none = runPlot([root, TINY, '--key', 'nope']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('--key nope matched no key of the run');
    expect(runPlot([root, 'no-such-run']).status).toBe(1);
    expect(runPlot([root, TINY, '--from', '1000']).status).toBe(1);
  });

  it('is 2 for bad arguments or a path that cannot be read', () => {
    expect(runPlot([root]).status).toBe(2);
    expect(runPlot([root, TINY, '--smooth', '2']).status).toBe(2);
    expect(runPlot(['/nonexistent/store', TINY]).status).toBe(2);
  });

  it('draws readings only when --key names them', () => {
    expect(runPlot([root, TINY]).stdout).not.toContain('sys/cpu');
    expect(runPlot([root, TINY, '--key', 'sys/']).stdout).toContain('sys/cpu');
  });
});

describe('a JSONL event stream', () => {
  const stream = join(import.meta.dirname, '..', '..', '..', 'shared', 'examples', 'jsonl');
  it('is plotted as a run, by its file or its folder, its orphans counted on stderr', () => {
    for (const [path, run] of [
      [join(stream, 'streams', 'train.jsonl'), 'train.jsonl'],
      [join(stream, 'streams'), 'train'],
    ] as const) {
      const result = runPlot([path, run, '--key', 'train/loss', '--width', '60', '--height', '12']);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('train/loss: 1 orphan (samples a resume abandoned) left out');
      expect(result.stdout).toContain('last 0.208333 @ step 11');
      expect(result.stdout).toContain('finished');
    }
  });
});
