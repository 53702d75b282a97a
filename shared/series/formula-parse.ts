// The formula language of derived views, parsed into a tree: shared so the renderer can say at
// once why a formula does not parse, with the same words and offsets as the host.

import { isKey } from '../format/names.js';

export type BinaryOp = '+' | '-' | '*' | '/' | '^';
/** Functions of one value, applied sample by sample. */
export type MapFunction = 'log' | 'log10' | 'exp' | 'sqrt' | 'abs';
/** Functions of a series in sample order: each needs a key in its argument. */
export type SequenceFunction = 'ema' | 'diff' | 'cumsum';
export type FunctionName = MapFunction | SequenceFunction | 'min' | 'max';

export type FormulaNode =
  | { readonly kind: 'number'; readonly value: number; readonly at: number }
  /** A key of the run, or of another run (`run`) as a baseline. */
  | { readonly kind: 'key'; readonly key: string; readonly run: string | null; readonly at: number }
  | { readonly kind: 'variable'; readonly name: 'step' | 'time'; readonly at: number }
  | { readonly kind: 'negate'; readonly arg: FormulaNode; readonly at: number }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOp;
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly at: number;
    }
  | {
      readonly kind: 'call';
      readonly name: FunctionName;
      readonly args: readonly FormulaNode[];
      /** ema's weight, checked to be a constant in [0, 1). */
      readonly weight: number | null;
      readonly at: number;
    };

export interface ParsedFormula {
  readonly root: FormulaNode;
  /** Keys read, in order of first use, own or baseline. */
  readonly keys: readonly string[];
  /** Keys read from the run itself. */
  readonly ownKeys: readonly string[];
  /** Baselines read, in order of first use: the other run and its key. */
  readonly baselines: readonly { readonly run: string; readonly key: string }[];
}

export type FormulaParse =
  | { readonly ok: true; readonly formula: ParsedFormula }
  | { readonly ok: false; readonly problem: string; readonly at: number };

const ARITY: Readonly<Record<FunctionName, number>> = {
  log: 1,
  log10: 1,
  exp: 1,
  sqrt: 1,
  abs: 1,
  min: 2,
  max: 2,
  ema: 2,
  diff: 1,
  cumsum: 1,
};
const SEQUENCE = new Set<string>(['ema', 'diff', 'cumsum']);
const MAX_DEPTH = 64;

const SLASH_RULE =
  'a "/" with no space around it is part of a key (train/loss), and one with spaces on both ' +
  'sides divides (a / b)';

class FormulaError extends Error {
  constructor(
    readonly problem: string,
    readonly at: number,
  ) {
    super(problem);
  }
}

/** A character that may start a key or name written bare: a letter or `_`. */
function isNameStart(c: string): boolean {
  return /^[\p{L}_]$/u.test(c);
}

/** A character that may go on in a bare name: a letter, digit, `_` or `.`. */
function isNameChar(c: string): boolean {
  return /^[\p{L}\p{N}_.]$/u.test(c);
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** What the token before a `/` was, which decides whether it divides. */
type Before = 'name' | 'closed' | 'none';

class Parser {
  private pos = 0;
  private depth = 0;
  private before: Before = 'none';
  readonly keys: string[] = [];
  readonly ownKeys: string[] = [];
  readonly baselines: { run: string; key: string }[] = [];

  constructor(private readonly text: string) {}

  parse(): FormulaNode {
    const root = this.expression();
    this.skipSpace();
    if (this.pos < this.text.length) this.unexpected();
    return root;
  }

  /** Says what is wrong with the character at pos, where an operator or the end was due. */
  private unexpected(): never {
    const c = this.text[this.pos]!;
    if (c === ')') this.fail('a ")" with no "(" before it');
    if (c === ',') this.fail('a "," outside the arguments of a function');
    if (c === '@') this.fail('a baseline @"run id" follows a key, as in eval/loss@"run id"');
    this.fail(`an operator is missing before "${this.text.slice(this.pos, this.pos + 12)}"`);
  }

  private fail(problem: string, at = this.pos): never {
    throw new FormulaError(problem, at);
  }

  private skipSpace(): void {
    while (isSpace(this.text[this.pos])) this.pos++;
  }

  /** The next operator character after spaces, or undefined; `/` is checked by slash(). */
  private peekOperator(): string | undefined {
    this.skipSpace();
    return this.text[this.pos];
  }

  private expression(): FormulaNode {
    let left = this.term();
    for (;;) {
      const c = this.peekOperator();
      if (c !== '+' && c !== '-') return left;
      const at = this.pos++;
      left = { kind: 'binary', op: c, left, right: this.term(), at };
    }
  }

  private term(): FormulaNode {
    let left = this.unary();
    for (;;) {
      const spaceBefore = isSpace(this.text[this.pos - 1]);
      const c = this.peekOperator();
      if (c === '/') this.checkDivision(spaceBefore || isSpace(this.text[this.pos - 1]));
      else if (c !== '*') return left;
      const at = this.pos++;
      left = { kind: 'binary', op: c, left, right: this.unary(), at };
    }
  }

  /** A `/` after a key divides only with spaces on both sides; else it is ambiguous. */
  private checkDivision(spaceBefore: boolean): void {
    if (this.before !== 'name') return;
    const spaceAfter = isSpace(this.text[this.pos + 1]);
    if (spaceBefore && spaceAfter) return;
    this.fail(`this "/" is ambiguous: ${SLASH_RULE}`);
  }

  private unary(): FormulaNode {
    const c = this.peekOperator();
    if (c === '-' || c === '+') {
      const at = this.pos++;
      const arg = this.nested(() => this.unary());
      return c === '-' ? { kind: 'negate', arg, at } : arg;
    }
    return this.power();
  }

  private power(): FormulaNode {
    const base = this.primary();
    if (this.peekOperator() !== '^') return base;
    const at = this.pos++;
    // Right-associative, and binding tighter than a unary minus on its left: -2^2 is -(2^2).
    return { kind: 'binary', op: '^', left: base, right: this.nested(() => this.unary()), at };
  }

  private nested<T>(read: () => T): T {
    // Each nesting is entered just past its "(", operator or ",": the offset names that.
    if (++this.depth > MAX_DEPTH)
      this.fail(`the formula nests deeper than ${MAX_DEPTH}`, this.pos - 1);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private primary(): FormulaNode {
    this.skipSpace();
    const at = this.pos;
    const c = this.text[at];
    if (c === undefined) this.fail('the formula ends where a value was expected');
    if (c === '(') {
      this.pos++;
      const inner = this.nested(() => this.expression());
      const close = this.peekOperator();
      if (close === undefined) this.fail('a "(" is not closed', at);
      if (close !== ')') this.unexpected();
      this.pos++;
      this.before = 'closed';
      return inner;
    }
    if (/[0-9.]/.test(c)) return this.number();
    if (c === '[') return this.key(this.bracketed(), at, true);
    if (isNameStart(c)) return this.name();
    if (c === '"') this.fail('a quoted run id names a baseline: write key@"run id"');
    if (c === ')') this.fail('a value is missing before ")"');
    this.fail(
      `"${c}" cannot start a value; a key with characters other than letters, digits, "_", "." ` +
        'and "/" is written in brackets, [like this]',
    );
  }

  private number(): FormulaNode {
    const at = this.pos;
    const match = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(this.text.slice(at));
    if (match === null) this.fail('a "." that starts no number');
    this.pos += match[0].length;
    if (isNameChar(this.text[this.pos] ?? ''))
      this.fail('a number runs into a name: put an operator between them', this.pos);
    this.before = 'closed';
    return { kind: 'number', value: Number(match[0]), at };
  }

  /** A bare name: a key (segments joined by `/` with no space), a variable, or a function. */
  private name(): FormulaNode {
    const at = this.pos;
    const { text } = this;
    let end = at;
    for (;;) {
      while (end < text.length && isNameChar(text[end]!)) end++;
      // A `/` goes on in the key only when a segment follows it at once.
      if (text[end] === '/' && isNameStart(text[end + 1] ?? '')) end++;
      else if (text[end] === '/' && /[0-9]/.test(text[end + 1] ?? '')) end++;
      else break;
    }
    const word = text.slice(at, end);
    this.pos = end;
    const next = this.peekOperator();
    if (next === '(') {
      if (!Object.hasOwn(ARITY, word))
        this.fail(
          `no function ${word}: the functions are log, log10, exp, sqrt, abs, min, max, ema, diff and cumsum`,
          at,
        );
      return this.call(word as FunctionName, at);
    }
    if (Object.hasOwn(ARITY, word))
      this.fail(`${word} is a function: write ${word}(…), or [${word}] for a key of that name`, at);
    if (word === 'step' || word === 'time') {
      if (next === '@')
        this.fail(`${word} is a variable: write [${word}]@"run id" for a key of that name`);
      this.before = 'name';
      return { kind: 'variable', name: word, at };
    }
    // Letters, digits, "_" and "." with a letter or digit after each "/": always a key.
    return this.key(word, at, false);
  }

  /** A key read, with its baseline run when `@"run id"` follows. */
  private key(key: string, at: number, bracketed: boolean): FormulaNode {
    let run: string | null = null;
    if (this.peekOperator() === '@') {
      this.pos++;
      if (this.peekOperator() !== '"')
        this.fail('a baseline names its run in double quotes: key@"run id"');
      run = this.quoted();
    }
    // A key in brackets or with a baseline cannot run on: a "/" after it divides.
    this.before = run === null && !bracketed ? 'name' : 'closed';
    if (!this.keys.includes(key)) this.keys.push(key);
    if (run === null) {
      if (!this.ownKeys.includes(key)) this.ownKeys.push(key);
    } else if (!this.baselines.some((b) => b.run === run && b.key === key)) {
      this.baselines.push({ run, key });
    }
    return { kind: 'key', key, run, at };
  }

  /** A run id in double quotes, with \" and \\ escapes. */
  private quoted(): string {
    const at = this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail('a run id\'s quotes are not closed: end it with "', at);
      this.pos++;
      if (c === '"') break;
      if (c === '\\') {
        const escaped = this.text[this.pos];
        if (escaped !== '"' && escaped !== '\\')
          this.fail('in a quoted run id, "\\" escapes only \\" and \\\\', this.pos - 1);
        out += escaped;
        this.pos++;
      } else out += c;
    }
    if (out.length === 0) this.fail('a baseline\'s run id is empty: key@"run id"', at);
    return out;
  }

  /** A key in brackets, with \] and \\ escapes: any key, even one named like a function. */
  private bracketed(): string {
    const at = this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail('a "[" is not closed: end the key with "]"', at);
      this.pos++;
      if (c === ']') break;
      if (c === '\\') {
        const escaped = this.text[this.pos];
        if (escaped !== ']' && escaped !== '\\')
          this.fail('in a key in brackets, "\\" escapes only \\] and \\\\', this.pos - 1);
        out += escaped;
        this.pos++;
      } else out += c;
    }
    if (!isKey(out))
      this.fail(
        `[${out}] is not a key: a key is segments joined by "/", none empty or starting with "."`,
        at,
      );
    return out;
  }

  private call(name: FunctionName, at: number): FormulaNode {
    const open = this.pos++;
    const args: FormulaNode[] = [];
    if (this.peekOperator() !== ')') {
      for (;;) {
        args.push(this.nested(() => this.expression()));
        const c = this.peekOperator();
        if (c === ',') {
          this.pos++;
          continue;
        }
        if (c === undefined) this.fail(`the arguments of ${name}( are not closed with ")"`, open);
        if (c !== ')') this.unexpected();
        break;
      }
    }
    this.pos++;
    this.before = 'closed';
    const arity = ARITY[name];
    if (args.length !== arity) {
      const usage =
        name === 'ema' ? 'ema(x, weight)' : arity === 2 ? `${name}(a, b)` : `${name}(x)`;
      this.fail(`${name} takes ${arity === 1 ? 'one argument' : 'two arguments'}: ${usage}`, at);
    }
    if (SEQUENCE.has(name) && !namesKey(args[0]!))
      this.fail(`${name} runs over a series in sample order: its argument must name a key`, at);
    let weight: number | null = null;
    if (name === 'ema') {
      const w = constantOf(args[1]!);
      if (w === null || !(w >= 0 && w < 1))
        this.fail(
          "ema's weight is a constant from 0 to below 1, as the app's smoothing is (0.9 smooths more than 0.6)",
          args[1]!.at,
        );
      weight = w;
    }
    return { kind: 'call', name, args, weight, at };
  }
}

/** Whether a tree reads a key anywhere. */
export function namesKey(node: FormulaNode): boolean {
  switch (node.kind) {
    case 'key':
      return true;
    case 'number':
    case 'variable':
      return false;
    case 'negate':
      return namesKey(node.arg);
    case 'binary':
      return namesKey(node.left) || namesKey(node.right);
    case 'call':
      return node.args.some(namesKey);
  }
}

/** The value of a tree of numbers alone, or null when it reads a key or variable. */
function constantOf(node: FormulaNode): number | null {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'negate': {
      const v = constantOf(node.arg);
      return v === null ? null : -v;
    }
    default:
      return null;
  }
}

/** Parses a formula; a failure says why, at which character offset. */
export function parseFormula(text: string): FormulaParse {
  const parser = new Parser(text);
  try {
    const root = parser.parse();
    if (!namesKey(root))
      return {
        ok: false,
        problem: "the formula names no key: a view is a formula over a run's keys",
        at: 0,
      };
    const { keys, ownKeys, baselines } = parser;
    return { ok: true, formula: { root, keys, ownKeys, baselines } };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, problem: error.problem, at: error.at };
    throw error;
  }
}
