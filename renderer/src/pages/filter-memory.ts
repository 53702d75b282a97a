// The runs filter's recent results, kept across keystrokes: a query typed before (as Backspace
// brings back) is answered from memory, and one whose matches are provably among an earlier
// query's (one more character of a word) filters only that query's runs, not all of them.

import type { RunStatusName, RunSummary } from '../../../shared/api/contract.js';
import type { QueryNode } from './run-query.js';
import type { MetricLookup } from './run-query-match.js';
import { matchesRunQuery } from './run-query-match.js';
import { filterSorted } from './runs-table-model.js';

export interface FilterInputs {
  readonly query: QueryNode;
  readonly statuses: ReadonlySet<RunStatusName>;
  readonly metrics?: MetricLookup;
}

/** A text naming the query exactly: equal texts, equal queries (values keep their bigints). */
export function queryKey(query: QueryNode): string {
  switch (query.type) {
    case 'and':
    case 'or':
      return `${query.type}(${query.terms.map(queryKey).join(',')})`;
    case 'not':
      return `not(${queryKey(query.term)})`;
    case 'word':
      return `w${JSON.stringify(query.text)}`;
    case 'compare': {
      const { key, op, value } = query;
      return `c${JSON.stringify([key, op, value.text, String(value.number), value.boolean])}`;
    }
  }
}

/**
 * Whether every run `next` matches is sure to match `earlier`, for any run and statistics. May
 * say false of a query that does narrow; never says true of one that does not.
 */
export function narrows(next: QueryNode, earlier: QueryNode): boolean {
  if (queryKey(next) === queryKey(earlier)) return true;
  // All of earlier's terms (none: every run) are implied.
  if (earlier.type === 'and') return earlier.terms.every((term) => narrows(next, term));
  // next asks for one of its terms, which alone implies earlier.
  if (next.type === 'and') return next.terms.some((term) => narrows(term, earlier));
  if (next.type === 'or') return next.terms.every((term) => narrows(term, earlier));
  if (earlier.type === 'or') return earlier.terms.some((term) => narrows(next, term));
  // A word matches a text that contains it, and a text containing `abc` contains `ab`.
  return next.type === 'word' && earlier.type === 'word' && next.text.includes(earlier.text);
}

interface Remembered {
  readonly query: QueryNode;
  readonly runs: readonly RunSummary[];
}

export class FilterMemory {
  private sorted: readonly RunSummary[] | null = null;
  private statuses: ReadonlySet<RunStatusName> | null = null;
  private metrics: MetricLookup | undefined = undefined;
  // By query key, the most recently used last.
  private readonly results = new Map<string, Remembered>();

  constructor(private readonly capacity = 8) {}

  /** What filterSorted(sorted, inputs) gives, from memory or from the runs of an earlier query. */
  filter(sorted: readonly RunSummary[], inputs: FilterInputs): readonly RunSummary[] {
    if (
      sorted !== this.sorted ||
      inputs.statuses !== this.statuses ||
      inputs.metrics !== this.metrics
    ) {
      this.results.clear();
      this.sorted = sorted;
      this.statuses = inputs.statuses;
      this.metrics = inputs.metrics;
    }
    const key = queryKey(inputs.query);
    const known = this.results.get(key);
    if (known !== undefined) {
      this.results.delete(key);
      this.results.set(key, known);
      return known.runs;
    }
    const base = this.narrowest(inputs.query);
    const runs =
      base === null
        ? filterSorted(sorted, inputs)
        : // The earlier runs passed the status chips already and are in the table's order.
          base.runs.filter((run) => matchesRunQuery(run, inputs.query, inputs.metrics));
    this.results.set(key, { query: inputs.query, runs });
    if (this.results.size > this.capacity)
      this.results.delete(this.results.keys().next().value as string);
    return runs;
  }

  /** The remembered result with the fewest runs whose query `query` narrows; null with none. */
  private narrowest(query: QueryNode): Remembered | null {
    let best: Remembered | null = null;
    for (const remembered of this.results.values())
      if (
        (best === null || remembered.runs.length < best.runs.length) &&
        narrows(query, remembered.query)
      )
        best = remembered;
    return best;
  }
}
