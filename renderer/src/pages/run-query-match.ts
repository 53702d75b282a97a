// Matching a parsed runs filter against a run: words against its fields and key names,
// comparisons against its fields, params, summary and metric statistics, numbers exactly.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';
import type { Operator, QueryNode, QueryValue } from './run-query.js';

/** Keys that name a field of every run rather than a param or summary value. */
export const FIELD_KEYS: ReadonlySet<string> = new Set([
  'tag',
  'status',
  'experiment',
  'name',
  'id',
  'is',
  'health',
]);

/**
 * What a run's health says, as words the filter matches (health:stalled, is:nonfinite): stalled,
 * nonfinite, clock (its log's time ahead of the clock); ok when none of them, unknown when the
 * run has no health (its log cannot be read).
 */
export function healthWords(run: RunSummary): string[] {
  const { health } = run;
  if (health === null) return ['unknown'];
  const words: string[] = [];
  if (health.stalled) words.push('stalled');
  if (health.nonFinite.length > 0) words.push('nonfinite');
  if (health.clockAhead) words.push('clock');
  return words.length > 0 ? words : ['ok'];
}

/**
 * A run's statistic as the filter names it (`train/loss.min`): its value, null when the run has
 * the key but not that statistic (or not the key), undefined when the name is no statistic read.
 */
export type MetricLookup = (name: string, runId: string) => number | null | undefined;

/** a − b as a sign, exactly across floats and bigints; NaN when either is NaN. */
export function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number')
    return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
  if (typeof a === 'number') return -compareNumbers(b, a);
  // a is a bigint, b a float.
  const x = b as number;
  if (Number.isNaN(x)) return NaN;
  if (!Number.isFinite(x)) return x > 0 ? -1 : 1;
  const floor = Math.floor(x);
  const whole = BigInt(floor);
  if (a < whole) return -1;
  if (a > whole) return 1;
  return floor === x ? 0 : -1;
}

function holds(sign: number, op: Operator): boolean {
  if (Number.isNaN(sign)) return false;
  switch (op) {
    case '<':
      return sign < 0;
    case '<=':
      return sign <= 0;
    case '>':
      return sign > 0;
    case '>=':
      return sign >= 0;
    case '=':
    case ':':
      return sign === 0;
    case '!=':
      return sign !== 0;
  }
}

function textSign(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether a param or summary value satisfies `op value`. */
function valueMatches(value: Value, op: Operator, wanted: QueryValue): boolean {
  const exact = valueText(value).exact;
  const asNumber = typeof value === 'number' || typeof value === 'bigint' ? value : null;
  if (op === ':') {
    // The loose match of key:text: by value for numbers (lr:1e-3), else the text's start.
    if (
      asNumber !== null &&
      wanted.number !== null &&
      compareNumbers(asNumber, wanted.number) === 0
    )
      return true;
    return exact.toLowerCase().startsWith(wanted.text.toLowerCase());
  }
  if (typeof value === 'boolean' && wanted.boolean !== null)
    return holds(Number(value) - Number(wanted.boolean), op);
  if (asNumber !== null && wanted.number !== null) {
    // NaN = NaN holds here: asking for the runs whose loss is NaN is the point of writing it.
    if (op === '=' || op === '!=') {
      const same =
        typeof asNumber === 'number' && typeof wanted.number === 'number'
          ? Object.is(asNumber, wanted.number) || asNumber === wanted.number
          : compareNumbers(asNumber, wanted.number) === 0;
      return op === '=' ? same : !same;
    }
    return holds(compareNumbers(asNumber, wanted.number), op);
  }
  if (op === '=' || op === '!=') return holds(textSign(exact, wanted.text), op);
  // Strings order by their text; a number or boolean against a word has no order: no match.
  return typeof value === 'string' && holds(textSign(value, wanted.text), op);
}

/** Whether a run field (tag, status, experiment, name, id, is, health) satisfies `op value`. */
function fieldMatches(run: RunSummary, key: string, op: Operator, wanted: QueryValue): boolean {
  const want = wanted.text.toLowerCase();
  const texts =
    key === 'tag'
      ? run.tags
      : key === 'status'
        ? [run.status]
        : key === 'experiment'
          ? [run.experiment ?? '']
          : key === 'name'
            ? [run.name ?? '']
            : key === 'id'
              ? [run.id]
              : key === 'is'
                ? [
                    ...(run.dirty === true ? ['dirty'] : []),
                    ...healthWords(run).filter((word) => word !== 'ok' && word !== 'unknown'),
                  ]
                : key === 'health'
                  ? healthWords(run)
                  : null;
  if (texts === null) return false;
  const lowered = texts.map((text) => text.toLowerCase()).filter((text) => text.length > 0);
  switch (op) {
    case ':':
      return lowered.some((text) =>
        key === 'status' ? text.startsWith(want) : text.includes(want),
      );
    case '=':
      return lowered.includes(want);
    case '!=':
      return !lowered.includes(want);
    default:
      return false;
  }
}

interface Searchable {
  readonly text: string;
  /** The run's param and summary names, lower-cased. */
  readonly names: readonly string[];
}

// A summary is replaced, never changed, when its run changes: what a word is looked for in is
// made once per summary, not once per run and keystroke.
const searchables = new WeakMap<RunSummary, Searchable>();

function searchable(run: RunSummary): Searchable {
  let held = searchables.get(run);
  if (held === undefined) {
    held = {
      text: [run.name ?? '', run.experiment ?? '', run.id, run.status, ...run.tags]
        .join('\n')
        .toLowerCase(),
      names: [...run.params.keys(), ...run.summary.keys()].map((name) => name.toLowerCase()),
    };
    searchables.set(run, held);
  }
  return held;
}

export function matchesRunQuery(
  run: RunSummary,
  query: QueryNode,
  metrics?: MetricLookup,
): boolean {
  switch (query.type) {
    case 'and':
      return query.terms.every((term) => matchesRunQuery(run, term, metrics));
    case 'or':
      return query.terms.some((term) => matchesRunQuery(run, term, metrics));
    case 'not':
      return !matchesRunQuery(run, query.term, metrics);
    case 'word': {
      const { text, names } = searchable(run);
      return text.includes(query.text) || names.some((name) => name.includes(query.text));
    }
    case 'compare': {
      const { key, op, value } = query;
      if (FIELD_KEYS.has(key) && fieldMatches(run, key, op, value)) return true;
      let named = false;
      for (const map of [run.params, run.summary])
        for (const [name, held] of map) {
          if (name.toLowerCase() !== key) continue;
          named = true;
          if (valueMatches(held, op, value)) return true;
        }
      if (named) return false;
      // A statistic the table read (`train/loss.min<0.2`), when no param or summary has the name.
      const statistic = metrics?.(key, run.id);
      return statistic !== undefined && statistic !== null && valueMatches(statistic, op, value);
    }
  }
}
