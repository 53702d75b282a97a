// A JSON (RFC 8259) tokenizer over text that keeps each number as written: JSON.parse turns 1.0,
// 1e-7 and 2^63 + 1 into doubles and loses how they were written, which a table shows as is.
// It reads one value at a time, so a table's rows are read without building the whole tree.

/** Where the text stops being JSON, and why. */
export class JsonSyntax extends Error {
  constructor(
    readonly at: number,
    what: string,
  ) {
    super(`${what} at character ${at.toLocaleString('en')}`);
  }
}

/** A value as a table cell: its text (a string's value, a number as written), or null. */
export interface JsonCell {
  readonly text: string | null;
  readonly isNumber: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export class JsonCursor {
  pos: number;

  constructor(
    readonly text: string,
    start = 0,
    readonly end = text.length,
  ) {
    this.pos = start;
  }

  /** Skips whitespace; the character code there, or -1 at the end. */
  peek(): number {
    const { text, end } = this;
    while (this.pos < end) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else return c;
    }
    return -1;
  }

  fail(what: string): never {
    throw new JsonSyntax(this.pos, what);
  }

  /** Consumes the character code c (after whitespace), or fails naming what was expected. */
  expect(c: number, what: string): void {
    if (this.peek() !== c) this.fail(`expected ${what}`);
    this.pos++;
  }

  /** A string's value; the cursor is at its opening quote. */
  string(): string {
    const { text, end } = this;
    let at = this.pos + 1;
    let out = '';
    let run = at;
    for (;;) {
      if (at >= end) this.fail('a string that is not closed');
      const c = text.charCodeAt(at);
      if (c === QUOTE) break;
      if (c < 0x20) {
        this.pos = at;
        this.fail('a control character in a string');
      }
      if (c !== BACKSLASH) {
        at++;
        continue;
      }
      out += text.slice(run, at);
      const next = text[at + 1];
      if (next === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          this.pos = at;
          this.fail('a bad \\u escape');
        }
        out += String.fromCharCode(parseInt(hex, 16));
        at += 6;
      } else {
        const escaped = next === undefined ? undefined : ESCAPES[next];
        if (escaped === undefined) {
          this.pos = at;
          this.fail('a bad escape');
        }
        out += escaped;
        at += 2;
      }
      run = at;
    }
    out += text.slice(run, at);
    this.pos = at + 1;
    return out;
  }

  /** A number's text as written; the cursor is at its first character. */
  number(): string {
    const { text } = this;
    const match = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    match.lastIndex = this.pos;
    const found = match.exec(text);
    if (found === null || found[0] === '' || found[0] === '-') this.fail('a bad number');
    this.pos += found[0].length;
    return found[0];
  }

  private literal(word: string): void {
    if (!this.text.startsWith(word, this.pos)) this.fail('an unknown word');
    this.pos += word.length;
  }

  /** Skips one value, checking it is JSON; the cursor is at its first character. */
  skip(depth = 0): void {
    if (depth > 512) this.fail('nesting too deep');
    const c = this.peek();
    if (c === QUOTE) return void this.string();
    if (c === 0x5b /* [ */) {
      this.pos++;
      if (this.peek() === 0x5d) return void this.pos++;
      for (;;) {
        this.skip(depth + 1);
        if (this.peek() === 0x2c) this.pos++;
        else return this.expect(0x5d, '"," or "]"');
      }
    }
    if (c === 0x7b /* { */) {
      this.pos++;
      if (this.peek() === 0x7d) return void this.pos++;
      for (;;) {
        if (this.peek() !== QUOTE) this.fail('expected a member name');
        this.string();
        this.expect(0x3a, '":"');
        this.skip(depth + 1);
        if (this.peek() === 0x2c) this.pos++;
        else return this.expect(0x7d, '"," or "}"');
      }
    }
    this.cell();
  }

  /** One value as a cell: an object or array as its text, as written. */
  cell(): JsonCell {
    const c = this.peek();
    if (c === QUOTE) return { text: this.string(), isNumber: false };
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return { text: this.number(), isNumber: true };
    if (c === 0x74) return (this.literal('true'), { text: 'true', isNumber: false });
    if (c === 0x66) return (this.literal('false'), { text: 'false', isNumber: false });
    if (c === 0x6e) return (this.literal('null'), { text: null, isNumber: false });
    if (c === 0x5b || c === 0x7b) {
      const start = this.pos;
      this.skip();
      return { text: this.text.slice(start, this.pos), isNumber: false };
    }
    return this.fail(c < 0 ? 'the text ends where a value should be' : 'expected a value');
  }

  /**
   * The members of the object at the cursor, each handed to visit with the cursor at its value;
   * visit consumes the value.
   */
  members(visit: (name: string) => void): void {
    this.expect(0x7b, '"{"');
    if (this.peek() === 0x7d) return void this.pos++;
    for (;;) {
      if (this.peek() !== QUOTE) this.fail('expected a member name');
      const name = this.string();
      this.expect(0x3a, '":"');
      visit(name);
      if (this.peek() === 0x2c) this.pos++;
      else return this.expect(0x7d, '"," or "}"');
    }
  }

  /** The elements of the array at the cursor, each handed to visit, which consumes it. */
  elements(visit: (index: number) => void): void {
    this.expect(0x5b, '"["');
    if (this.peek() === 0x5d) return void this.pos++;
    for (let index = 0; ; index++) {
      visit(index);
      if (this.peek() === 0x2c) this.pos++;
      else return this.expect(0x5d, '"," or "]"');
    }
  }
}
