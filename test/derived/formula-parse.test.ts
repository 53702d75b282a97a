// The formula language of derived views: precedence, keys with "/" against division, quoted
// keys and run ids, and every refusal with its offset and its words.

import { describe, expect, it } from 'vitest';
import type { FormulaNode } from '../../shared/series/formula-parse.js';
import { parseFormula } from '../../shared/series/formula-parse.js';

/** A tree as an s-expression: keys in brackets, baselines after @. */
function show(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'key':
      return node.run === null ? `[${node.key}]` : `[${node.key}]@${JSON.stringify(node.run)}`;
    case 'variable':
      return node.name;
    case 'negate':
      return `(neg ${show(node.arg)})`;
    case 'binary':
      return `(${node.op} ${show(node.left)} ${show(node.right)})`;
    case 'call':
      return `(${node.name} ${node.args.map(show).join(' ')})`;
  }
}

function tree(text: string): string {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(`${parsed.problem} at ${parsed.at}`);
  return show(parsed.formula.root);
}

function failure(text: string): { problem: string; at: number } {
  const parsed = parseFormula(text);
  if (parsed.ok) throw new Error(`${text} parsed`);
  return { problem: parsed.problem, at: parsed.at };
}

describe('parsing formulas', () => {
  it('gives operators their usual precedence and associativity', () => {
    expect(tree('a + b * c')).toBe('(+ [a] (* [b] [c]))');
    expect(tree('a - b - c')).toBe('(- (- [a] [b]) [c])');
    expect(tree('(a + b) * c')).toBe('(* (+ [a] [b]) [c])');
    expect(tree('-a ^ 2')).toBe('(neg (^ [a] 2))');
    expect(tree('a ^ 3 ^ 2')).toBe('(^ [a] (^ 3 2))');
    expect(tree('a ^ -1')).toBe('(^ [a] (neg 1))');
    expect(tree('a * -b')).toBe('(* [a] (neg [b]))');
    expect(tree('+a')).toBe('[a]');
    expect(tree('a * 1e-3 + .5 - 2.')).toBe('(- (+ (* [a] 0.001) 0.5) 2)');
  });

  it('reads a "/" inside a name as part of the key, and one with spaces around as division', () => {
    expect(tree('eval/loss - train/loss')).toBe('(- [eval/loss] [train/loss])');
    expect(tree('train/tokens / time')).toBe('(/ [train/tokens] time)');
    expect(tree('train/tokens\t/\ttime')).toBe('(/ [train/tokens] time)');
    expect(tree('a/b/c2')).toBe('[a/b/c2]');
    expect(tree('layer/0/norm')).toBe('[layer/0/norm]');
    // After a closing bracket, a number or a call, a "/" can only divide.
    expect(tree('(a)/b')).toBe('(/ [a] [b])');
    expect(tree('2/a')).toBe('(/ 2 [a])');
    expect(tree('[a]/b')).toBe('(/ [a] [b])');
    expect(tree('log(a)/b')).toBe('(/ (log [a]) [b])');
    expect(tree('a@"r"/b')).toBe('(/ [a]@"r" [b])');
  });

  it('refuses a "/" after a name with a space on one side only, saying the rule', () => {
    for (const [text, at] of [
      ['a /b', 2],
      ['a/ b', 1],
      ['step /2', 5],
      ['a/(b)', 1],
    ] as const) {
      const { problem, at: where } = failure(text);
      expect(where, text).toBe(at);
      expect(problem).toContain('ambiguous');
      expect(problem).toContain('with no space around it is part of a key');
      expect(problem).toContain('(a / b)');
    }
  });

  it('reads variables, functions and keys in brackets, even named like functions', () => {
    expect(tree('step * 2 + time + a')).toBe('(+ (+ (* step 2) time) [a])');
    expect(tree('[step] + [log] + [time]')).toBe('(+ (+ [step] [log]) [time])');
    expect(tree('[a b+c]')).toBe('[a b+c]');
    expect(tree('[x\\]y\\\\z]')).toBe('[x]y\\z]');
    expect(tree('log(a) + log10(b) + exp(c) + sqrt(d) + abs(e)')).toBe(
      '(+ (+ (+ (+ (log [a]) (log10 [b])) (exp [c])) (sqrt [d])) (abs [e]))',
    );
    expect(tree('min(a, 1) - max(a, b)')).toBe('(- (min [a] 1) (max [a] [b]))');
    expect(tree('ema(train/loss, 0.9) + diff(a) + cumsum(a)')).toBe(
      '(+ (+ (ema [train/loss] 0.9) (diff [a])) (cumsum [a]))',
    );
    const parsed = parseFormula('ema(a, 0.9)');
    expect(parsed.ok && parsed.formula.root.kind === 'call' && parsed.formula.root.weight).toBe(
      0.9,
    );
  });

  it('reads baselines with quoted run ids and their escapes, and lists what is read', () => {
    const id = '20261101T140307Z-a1f3c9e2';
    expect(tree(`eval/loss - eval/loss@"${id}"`)).toBe(`(- [eval/loss] [eval/loss]@"${id}")`);
    expect(tree('[log]@"a \\"b\\" \\\\ c"')).toBe('[log]@"a \\"b\\" \\\\ c"');
    expect(tree('a @ "r"')).toBe('[a]@"r"');
    const parsed = parseFormula('b - a@"r1" + a - b@"r1" + c@"r2" + a@"r1"');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.formula.keys).toEqual(['b', 'a', 'c']);
    expect(parsed.formula.ownKeys).toEqual(['b', 'a']);
    expect(parsed.formula.baselines).toEqual([
      { run: 'r1', key: 'a' },
      { run: 'r1', key: 'b' },
      { run: 'r2', key: 'c' },
    ]);
  });

  it('says why a formula does not parse, at the character where it goes wrong', () => {
    const cases: [string, number, string][] = [
      ['1 + 2', 0, 'names no key'],
      ['step * time', 0, 'names no key'],
      ['', 0, 'ends where a value was expected'],
      ['a +', 3, 'ends where a value was expected'],
      ['(a + b', 0, '"(" is not closed'],
      ['a + b)', 5, '")" with no "("'],
      ['a, b', 1, '"," outside the arguments'],
      ['a b', 2, 'operator is missing before "b"'],
      ['2a', 1, 'number runs into a name'],
      ['a + .', 4, '"." that starts no number'],
      ['a + #', 4, '"#" cannot start a value'],
      ['foo(a)', 0, 'no function foo'],
      ['constructor(a)', 0, 'no function constructor'],
      ['log + a', 0, 'log is a function: write log(…), or [log]'],
      ['log(a, b)', 0, 'log takes one argument: log(x)'],
      ['min(a)', 0, 'min takes two arguments: min(a, b)'],
      ['ema(a)', 0, 'ema takes two arguments: ema(x, weight)'],
      ['ema(a, 1)', 7, "ema's weight is a constant from 0 to below 1"],
      ['ema(a, b)', 7, "ema's weight is a constant"],
      ['diff(step)', 0, 'diff runs over a series in sample order'],
      ['cumsum(2)', 0, 'cumsum runs over a series'],
      ['log(a', 3, 'arguments of log( are not closed'],
      ['log(a,)', 6, 'value is missing before ")"'],
      ['[a', 0, '"[" is not closed'],
      ['[.a]', 0, '[.a] is not a key'],
      ['[a//b]', 0, 'is not a key'],
      ['[a\\x]', 2, 'escapes only \\] and \\\\'],
      ['a@r', 2, 'names its run in double quotes'],
      ['a@"r', 2, 'quotes are not closed'],
      ['a@""', 2, 'run id is empty'],
      ['a@"\\n"', 3, 'escapes only \\" and \\\\'],
      ['(a)@"r"', 3, 'baseline @"run id" follows a key'],
      ['step@"r"', 4, 'step is a variable: write [step]@"run id"'],
      ['"r"', 0, 'quoted run id names a baseline'],
      ['a + (b @"r" c)', 12, 'operator is missing before "c)"'],
      ['('.repeat(70) + 'a' + ')'.repeat(70), 64, 'nests deeper than 64'],
    ];
    for (const [text, at, words] of cases) {
      const found = failure(text);
      expect(found.problem, text).toContain(words);
      expect(found.at, `${text}: ${found.problem}`).toBe(at);
    }
  });
});
