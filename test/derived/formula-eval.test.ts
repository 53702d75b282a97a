// Evaluating formulas into derived series against a brute force over every sample: pairing by
// step with missing and repeated steps, non-finite results kept, division by zero, ema as the
// app smooths, baselines, and growth of the inputs extending the view rather than rebuilding it.

import { describe, expect, it } from 'vitest';
import type { ViewInputs } from '../../electron/host/derived/formula-eval.js';
import { DerivedView, ViewRefusal } from '../../electron/host/derived/formula-eval.js';
import { Series } from '../../electron/store/log/samples-fold.js';
import { debiasedEma } from '../../shared/series/curve-math.js';
import type { FormulaNode } from '../../shared/series/formula-parse.js';
import { parseFormula } from '../../shared/series/formula-parse.js';
import { Prng } from '../support/prng.js';

interface Sample {
  readonly step: number;
  readonly time: number;
  readonly value: number;
}

type Held = Map<string, Series>;

const ORIGINS: Record<string, number> = { own: 100, base: 40 };

function inputsOf(own: Held, base: Held): ViewInputs {
  return {
    series: (run, key) => {
      const found = (run === null ? own : run === 'base' ? base : undefined)?.get(key);
      if (found === undefined) throw new ViewRefusal(`no ${key}`);
      return found;
    },
    origin: (run) => ORIGINS[run ?? 'own']!,
  };
}

function samplesOf(series: Series): Sample[] {
  const { samples } = series;
  return Array.from({ length: samples.length }, (_, i) => ({
    step: samples.step(i),
    time: samples.time(i),
    value: samples.value(i),
  }));
}

type Brute =
  | { kind: 'series'; samples: Sample[]; origin: number }
  | { kind: 'function'; f: (step: number, time: number) => number };

const OPS: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '^': (a, b) => a ** b,
  min: Math.min,
  max: Math.max,
};

/** The formula's samples by its definition, over whole arrays: no state, no increments. */
function brute(node: FormulaNode, own: Held, base: Held): Brute {
  const lift = (arg: Brute, f: (x: number) => number): Brute =>
    arg.kind === 'function'
      ? { kind: 'function', f: (s, t) => f(arg.f(s, t)) }
      : { ...arg, samples: arg.samples.map((x) => ({ ...x, value: f(x.value) })) };
  switch (node.kind) {
    case 'number':
      return { kind: 'function', f: () => node.value };
    case 'variable':
      return { kind: 'function', f: node.name === 'step' ? (s) => s : (_, t) => t };
    case 'key': {
      const held = (node.run === null ? own : base).get(node.key)!;
      return { kind: 'series', samples: samplesOf(held), origin: ORIGINS[node.run ?? 'own']! };
    }
    case 'negate':
      return lift(brute(node.arg, own, base), (x) => -x);
    case 'binary':
    case 'call': {
      const name = node.kind === 'binary' ? node.op : node.name;
      const args = (node.kind === 'binary' ? [node.left, node.right] : node.args).map((n) =>
        brute(n, own, base),
      );
      if (name in OPS) return combine(args[0]!, args[1]!, OPS[name]!);
      const arg = args[0]!;
      if (arg.kind !== 'series') return lift(arg, Math[name as 'log']);
      const values = arg.samples.map((x) => x.value);
      if (name === 'ema') {
        const smoothed = debiasedEma(values, (node as { weight: number }).weight);
        return { ...arg, samples: arg.samples.map((x, i) => ({ ...x, value: smoothed[i]! })) };
      }
      if (name === 'diff')
        return {
          ...arg,
          samples: arg.samples.slice(1).map((x, i) => ({ ...x, value: x.value - values[i]! })),
        };
      if (name === 'cumsum') {
        let sum = 0;
        return {
          ...arg,
          samples: arg.samples.map((x) => {
            if (Number.isFinite(x.value)) sum += x.value;
            return { ...x, value: Number.isFinite(x.value) ? sum : x.value };
          }),
        };
      }
      return lift(arg, Math[name as 'log']);
    }
  }
}

function combine(a: Brute, b: Brute, op: (x: number, y: number) => number): Brute {
  if (a.kind === 'function' && b.kind === 'function')
    return { kind: 'function', f: (s, t) => op(a.f(s, t), b.f(s, t)) };
  if (a.kind === 'series' && b.kind === 'function')
    return {
      ...a,
      samples: a.samples.map((x) => ({ ...x, value: op(x.value, b.f(x.step, x.time - a.origin)) })),
    };
  if (a.kind === 'function' && b.kind === 'series')
    return {
      ...b,
      samples: b.samples.map((x) => ({ ...x, value: op(a.f(x.step, x.time - b.origin), x.value) })),
    };
  const left = (a as { samples: Sample[] }).samples;
  const right = (b as { samples: Sample[] }).samples;
  // Each side's last sample at a step; the left's order and time; a step either lacks, nothing.
  const lastLeft = new Map(left.map((x, i) => [x.step, i]));
  const lastRight = new Map(right.map((x) => [x.step, x]));
  return {
    kind: 'series',
    origin: (a as { origin: number }).origin,
    samples: left
      .filter((x, i) => lastLeft.get(x.step) === i && lastRight.has(x.step))
      .map((x) => ({ ...x, value: op(x.value, lastRight.get(x.step)!.value) })),
  };
}

function expectSame(view: DerivedView, formula: string, own: Held, base: Held): void {
  const parsed = parseFormula(formula);
  if (!parsed.ok) throw new Error(parsed.problem);
  const expected = brute(parsed.formula.root, own, base);
  if (expected.kind !== 'series') throw new Error('no series');
  // One comparison per view: toEqual tells NaN from a number and -0 from 0, as Object.is does.
  expect(samplesOf(view.series), formula).toEqual(expected.samples);
}

function viewOf(formula: string, own: Held, base: Held): DerivedView {
  const parsed = parseFormula(formula);
  if (!parsed.ok) throw new Error(parsed.problem);
  return new DerivedView(parsed.formula, inputsOf(own, base), formula);
}

const FORMULAS = [
  'a',
  'a - b',
  'b / a',
  'log(a) + b * 2',
  'ema(a - b, 0.8)',
  'ema(a, 0)',
  'diff(a) / b',
  'cumsum(a) - max(a, b)',
  'a * step - time',
  '-a ^ 2 + min(a, 0.5)',
  'a - c@"base"',
  'c@"base" * time - a',
  'exp(b) / (a - a)',
  '2 / a + (step + 1) / time',
  'abs(a) ^ 0.5 - sqrt(abs(b)) + log10(abs(a))',
  'diff(cumsum(a)) - a',
  'ema(diff(b), 0.95) * a + b - c@"base"',
];

/** Samples at steps that mostly rise, some missing, some repeated, and (when wild) going back. */
function randomSamples(prng: Prng, count: number, wild: boolean): Sample[] {
  const out: Sample[] = [];
  let step = prng.int(3);
  for (let i = 0; i < count; i++) {
    const value = prng.chance(0.05) ? 0 : prng.chance(0.03) ? NaN : prng.next() * 4 - 1;
    out.push({ step, time: 100 + step * 2 + prng.next(), value });
    if (wild && prng.chance(0.1)) step = Math.max(0, step - prng.range(1, 5));
    else if (!(wild && prng.chance(0.2))) step += prng.range(1, 3);
  }
  return out;
}

describe('derived series', () => {
  it('match the brute force as their inputs grow in any interleaving, repeats and steps going back included', () => {
    const prng = new Prng(21);
    for (let trial = 0; trial < 24; trial++) {
      const wild = trial % 2 === 1;
      const written = {
        a: randomSamples(prng, prng.range(0, 120), wild),
        b: randomSamples(prng, prng.range(0, 120), wild),
        c: randomSamples(prng, prng.range(1, 120), wild),
      };
      const own: Held = new Map([
        ['a', new Series('a', 'metric')],
        ['b', new Series('b', 'metric')],
      ]);
      const base: Held = new Map([['c', new Series('c', 'metric')]]);
      const views = FORMULAS.map((f) => viewOf(f, own, base));
      const taken = { a: 0, b: 0, c: 0 };
      while (
        taken.a < written.a.length ||
        taken.b < written.b.length ||
        taken.c < written.c.length
      ) {
        for (const key of ['a', 'b', 'c'] as const) {
          const upTo = Math.min(written[key].length, taken[key] + prng.int(12));
          const series = (key === 'c' ? base : own).get(key)!;
          for (; taken[key] < upTo; taken[key]++) {
            const { step, time, value } = written[key][taken[key]]!;
            series.push(step, time, value);
          }
        }
        for (const [k, view] of views.entries()) {
          view.update();
          expectSame(view, FORMULAS[k]!, own, base);
        }
      }
    }
  });

  it('extend as inputs grow without starting over, and start over after a cut', () => {
    const own: Held = new Map([
      ['a', new Series('a', 'metric')],
      ['b', new Series('b', 'metric')],
    ]);
    const base: Held = new Map([['c', new Series('c', 'metric')]]);
    const formula = 'ema(a - b, 0.9) / c@"base"';
    const view = viewOf(formula, own, base);
    const samples = view.series.samples;
    // The second input lags the first, as a key logged on later lines does.
    for (let step = 0; step < 300; step++) {
      own.get('a')!.push(step, 100 + step, Math.sin(step));
      if (step >= 5) own.get('b')!.push(step - 5, 100 + step, Math.cos(step - 5));
      base.get('c')!.push(step, 40 + step, 1 + step);
      view.update();
    }
    expect(view.series.generation).toBe(0);
    expect(view.series.samples).toBe(samples);
    expect(view.series.samples.length).toBe(295);
    expect(view.series.maxStep).toBe(294);
    expectSame(view, formula, own, base);
    // A resume cut the first input: what was derived from the cut samples goes.
    own.get('a')!.samples.keepStepsUpTo(100);
    own.get('a')!.generation++;
    view.update();
    expect(view.series.generation).toBe(1);
    expect(view.series.samples.length).toBe(101);
    expect(view.series.maxStep).toBe(100);
    expectSame(view, formula, own, base);
  });

  it('keep non-finite results as samples: division by zero and logs of what is not positive', () => {
    const own: Held = new Map([
      ['a', new Series('a', 'metric')],
      ['b', new Series('b', 'metric')],
    ]);
    const a = [1, -1, 0, 2, 0, 4, 5];
    const b = [0, 0, 0, 1, -0, 2, 1];
    a.forEach((v, step) => own.get('a')!.push(step, step, v));
    b.forEach((v, step) => own.get('b')!.push(step, step, v));
    const divided = samplesOf(viewOf('a / b', own, new Map()).series).map((s) => s.value);
    expect(divided).toEqual([Infinity, -Infinity, NaN, 2, NaN, 2, 5]);
    const logged = samplesOf(viewOf('log(a)', own, new Map()).series).map((s) => s.value);
    expect(logged.slice(0, 3)).toEqual([0, NaN, -Infinity]);
    // A non-finite input carries on into ema's output without entering its average.
    own.get('a')!.push(7, 7, NaN);
    own.get('a')!.push(8, 8, 3);
    const values = samplesOf(own.get('a')!).map((s) => s.value);
    const smoothed = samplesOf(viewOf('ema(a, 0.9)', own, new Map()).series).map((s) => s.value);
    expect(smoothed).toEqual([...debiasedEma(values, 0.9)]);
    expect(smoothed[7]).toBeNaN();
  });

  it('are refused when a key they read is not there, and again once it goes', () => {
    const own: Held = new Map([['a', new Series('a', 'metric')]]);
    expect(() => viewOf('a - b', own, new Map())).toThrow(ViewRefusal);
    own.set('b', new Series('b', 'metric'));
    const view = viewOf('a - b', own, new Map());
    own.delete('b');
    own.get('a')!.push(0, 0, 1);
    expect(() => view.update()).toThrow('no b');
  });
});
