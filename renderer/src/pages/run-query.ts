// The runs filter's query language: its syntax, parsed into a tree, with a message saying what
// is wrong in a query that does not parse. Pure; run-query-match.ts matches the tree to runs.

/** The syntax in a few lines, for the filter's tooltip. */
export const QUERY_HELP = [
  'Words match a run’s name, experiment, id, status, tags and key names.',
  'key=value  key!=value  key<value  key<=value  key>value  key>=value compare a param or summary',
  '  value: numbers by value (lr=1e-3 is lr=0.001), text ignoring case, true/false.',
  'key:text  the value starts with text; tag:x  status:x  experiment:x  name:x  id:x  is:dirty.',
  'is:stalled  is:nonfinite  health:stalled|nonfinite|clock|ok  a run’s health as the host follows it.',
  'key.last key.min key.max key.best compare a metric’s statistic (train/loss.min<0.2); a derived',
  '  view by its name (gap.last>0). A param or summary value of the same name is compared first.',
  'Terms separated by spaces must all match; a OR b: either; -term: not; ( ) group; "a b" quotes.',
].join('\n');

export type Operator = ':' | '=' | '!=' | '<' | '<=' | '>' | '>=';

/** The value of a comparison as typed, with what it reads as. */
export interface QueryValue {
  readonly text: string;
  /** The number it names, when unquoted and a number: an integer as a bigint, exactly. */
  readonly number: number | bigint | null;
  /** true or false when unquoted and one of those words. */
  readonly boolean: boolean | null;
}

export type QueryNode =
  | { readonly type: 'and'; readonly terms: readonly QueryNode[] }
  | { readonly type: 'or'; readonly terms: readonly QueryNode[] }
  | { readonly type: 'not'; readonly term: QueryNode }
  /** A plain word, lowercased. */
  | { readonly type: 'word'; readonly text: string }
  | {
      readonly type: 'compare';
      /** Lowercased: keys match ignoring case. */
      readonly key: string;
      readonly op: Operator;
      readonly value: QueryValue;
    };

export type ParsedQuery =
  { readonly ok: true; readonly query: QueryNode } | { readonly ok: false; readonly error: string };

/** The query of an empty filter: every run matches it. */
export const MATCH_ALL: QueryNode = { type: 'and', terms: [] };

type Token =
  | { readonly kind: 'open' | 'close' | 'or' | 'and' | 'not'; readonly text: string }
  | { readonly kind: 'term'; readonly node: QueryNode; readonly text: string };

class QueryError extends Error {}

const NEGATION_PROBLEM = '-: put the term to leave out right after it (as in -tag:diverged)';

const OPERATORS: readonly string[] = ['<=', '>=', '!=', '==', '=', '<', '>', ':'];
const OPERATOR_START = /[=<>:]|!=/y;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const SPECIAL_NUMBERS: ReadonlyMap<string, number> = new Map([
  ['nan', NaN],
  ['inf', Infinity],
  ['+inf', Infinity],
  ['-inf', -Infinity],
  ['infinity', Infinity],
  ['+infinity', Infinity],
  ['-infinity', -Infinity],
]);

/** The number a text names, if it names one: integers as bigints so that none is rounded. */
export function parseNumber(text: string): number | bigint | null {
  const special = SPECIAL_NUMBERS.get(text.toLowerCase());
  if (special !== undefined) return special;
  if (!NUMBER.test(text)) return null;
  return INTEGER.test(text) ? BigInt(text) : Number(text);
}

function queryValue(text: string, quoted: boolean): QueryValue {
  const lower = text.toLowerCase();
  return {
    text,
    number: quoted ? null : parseNumber(text),
    boolean: quoted ? null : lower === 'true' ? true : lower === 'false' ? false : null,
  };
}

/** Splits the query into tokens; a key, its operator and its value make one term. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
  const atOperator = (): boolean => {
    OPERATOR_START.lastIndex = at;
    return OPERATOR_START.test(source);
  };
  /** A quoted text from the quote at `at`, with \" and \\ read as the character they escape. */
  const readQuoted = (): string => {
    const start = at;
    let text = '';
    at++;
    while (at < source.length && source[at] !== '"') {
      if (source[at] === '\\' && at + 1 < source.length) at++;
      text += source[at];
      at++;
    }
    if (at >= source.length)
      throw new QueryError(`${source.slice(start)}: the closing " is missing`);
    at++;
    return text;
  };
  /** A key or word: bare characters up to a space, a parenthesis, a quote or an operator. */
  const readKey = (): string => {
    const start = at;
    while (at < source.length) {
      const c = source[at]!;
      if (isSpace(c) || c === '(' || c === ')' || c === '"' || atOperator()) break;
      at++;
    }
    return source.slice(start, at);
  };
  /** A value: bare characters up to a space or the ) that closes a group. */
  const readValue = (): string => {
    const start = at;
    while (at < source.length && !isSpace(source[at]) && source[at] !== ')') at++;
    return source.slice(start, at);
  };

  while (at < source.length) {
    const c = source[at]!;
    if (isSpace(c)) {
      at++;
      continue;
    }
    const start = at;
    if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', text: c });
      at++;
      continue;
    }
    if (c === '-') {
      const next = source[at + 1];
      if (next === undefined || isSpace(next)) throw new QueryError(NEGATION_PROBLEM);
      tokens.push({ kind: 'not', text: '-' });
      at++;
      continue;
    }
    const quoted = c === '"';
    const key = quoted ? readQuoted() : readKey();
    if (!quoted && (key === 'OR' || key === 'AND')) {
      tokens.push({ kind: key === 'OR' ? 'or' : 'and', text: key });
      continue;
    }
    if (!atOperator()) {
      tokens.push({ kind: 'term', node: { type: 'word', text: key.toLowerCase() }, text: key });
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, at))!;
    at += op.length;
    const written = source.slice(start, at);
    if (key.length === 0)
      throw new QueryError(`${written}: a key is missing before ${op} (as in lr${op}0.01)`);
    if (/[=<>!]/.test(source[at] ?? ''))
      throw new QueryError(
        `${source.slice(start, at + 1)}: ${op}${source[at]} is not an operator (use = != < <= > >= or :)`,
      );
    const valueQuoted = source[at] === '"';
    const value = valueQuoted ? readQuoted() : readValue();
    if (!valueQuoted && value.length === 0)
      throw new QueryError(`${written}: a value is missing after ${op} (as in ${key}${op}0.01)`);
    tokens.push({
      kind: 'term',
      node: {
        type: 'compare',
        key: key.toLowerCase(),
        op: op === '==' ? '=' : (op as Operator),
        value: queryValue(value, valueQuoted),
      },
      text: source.slice(start, at),
    });
  }
  return tokens;
}

/** Where a run of ANDed terms starts: the query's start, just inside a (, or just after an OR. */
type AndStart = 'query' | 'group' | 'or';

/** Reads tokens as: or := and (OR and)*; and := unary (AND? unary)*; unary := -unary | ( or ) | term. */
class Parser {
  private at = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): QueryNode {
    if (this.tokens.length === 0) return MATCH_ALL;
    const node = this.parseOr('query');
    if (this.at < this.tokens.length) throw new QueryError('): there is no ( for it to close');
    return node;
  }

  private parseOr(start: 'query' | 'group'): QueryNode {
    const terms = [this.parseAnd(start)];
    while (this.tokens[this.at]?.kind === 'or') {
      this.at++;
      terms.push(this.parseAnd('or'));
    }
    return terms.length === 1 ? terms[0]! : { type: 'or', terms };
  }

  private parseAnd(start: AndStart): QueryNode {
    const terms: QueryNode[] = [];
    for (;;) {
      const token = this.tokens[this.at];
      if (token === undefined || token.kind === 'close' || token.kind === 'or') break;
      if (token.kind === 'and') {
        this.at++;
        const next = this.tokens[this.at];
        if (terms.length === 0 || next === undefined || next.kind === 'close' || next.kind === 'or')
          throw new QueryError('AND: it goes between two terms (as in tag:a AND lr<0.1)');
        continue;
      }
      terms.push(this.parseUnary());
    }
    if (terms.length === 0) throw new QueryError(this.emptyAndProblem(start));
    return terms.length === 1 ? terms[0]! : { type: 'and', terms };
  }

  /** Why no term stands where one must: the message for what is there instead. */
  private emptyAndProblem(start: AndStart): string {
    const token = this.tokens[this.at];
    if (start === 'or') return 'OR: a term is missing after it (as in tag:a OR tag:b)';
    if (token?.kind === 'or') return 'OR: a term is missing before it (as in tag:a OR tag:b)';
    if (start === 'query') return '): there is no ( for it to close';
    return token === undefined
      ? '(: the closing ) is missing'
      : '( ): there is nothing between the parentheses';
  }

  private parseUnary(): QueryNode {
    const token = this.tokens[this.at]!;
    this.at++;
    switch (token.kind) {
      case 'not': {
        const next = this.tokens[this.at];
        if (
          next === undefined ||
          next.kind === 'close' ||
          next.kind === 'or' ||
          next.kind === 'and'
        )
          throw new QueryError(NEGATION_PROBLEM);
        return { type: 'not', term: this.parseUnary() };
      }
      case 'open': {
        const node = this.parseOr('group');
        if (this.tokens[this.at]?.kind !== 'close')
          throw new QueryError('(: the closing ) is missing');
        this.at++;
        return node;
      }
      case 'term':
        return token.node;
      default:
        throw new QueryError(`${token.text}: unexpected here`);
    }
  }
}

export function parseRunQuery(source: string): ParsedQuery {
  try {
    return { ok: true, query: new Parser(tokenize(source)).parseAll() };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, error: error.message };
    throw error;
  }
}

/** The keys the query compares, once each, as typed (lowercased). */
export function comparedKeys(query: QueryNode): string[] {
  const keys = new Set<string>();
  const visit = (node: QueryNode): void => {
    if (node.type === 'compare') keys.add(node.key);
    else if (node.type === 'not') visit(node.term);
    else if (node.type === 'and' || node.type === 'or') node.terms.forEach(visit);
  };
  visit(query);
  return [...keys];
}
