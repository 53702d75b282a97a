// renderer/src/pages/filter-memory: the filter's remembered and narrowed results are exactly what
// a fresh filter of all the runs gives, over random runs, queries and sequences of keystrokes.

import { describe, expect, it } from 'vitest';
import type { RunStatusName, RunSummary } from '../../shared/api/contract.js';
import type { Value } from '../../shared/format/values.js';
import { FilterMemory, narrows, queryKey } from '../../renderer/src/pages/filter-memory.js';
import type { QueryNode } from '../../renderer/src/pages/run-query.js';
import { MATCH_ALL, parseRunQuery } from '../../renderer/src/pages/run-query.js';
import { matchesRunQuery } from '../../renderer/src/pages/run-query-match.js';
import { filterSorted, sortRuns } from '../../renderer/src/pages/runs-table-model.js';
import { Prng } from '../support/prng.js';
import { runSummary } from '../support/run-summary.js';

/** Seeded draws in [0, 1), so that a failure can be run again. */
function random(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)]!;

const STATUSES: readonly RunStatusName[] = ['running', 'finished', 'crashed', 'failed'];
const SYLLABLES = ['ab', 'ba', 'abc', 'c7', '7', 'x', 'lr', 'bert', 'gpt'];

function randomRuns(next: () => number, count: number): RunSummary[] {
  return Array.from({ length: count }, (_, n) =>
    runSummary(`run${n.toString().padStart(3, '0')}`, {
      name: `${pick(next, SYLLABLES)}${pick(next, SYLLABLES)}`,
      experiment: pick(next, SYLLABLES),
      status: pick(next, STATUSES),
      tags: next() < 0.5 ? [pick(next, SYLLABLES)] : [],
      params: new Map<string, Value>([
        ['lr', Math.floor(next() * 10) / 10],
        [pick(next, ['seed', 'model']), pick(next, SYLLABLES)],
      ]),
    }),
  );
}

// Pieces of queries: words, comparisons, negation, OR and groups, so that both queries that
// narrow and queries that only look as if they do are typed.
const PIECES = [
  'a',
  'b',
  'c',
  '7',
  'x',
  'ab',
  ' ',
  ' ',
  ' OR ',
  '-',
  '(',
  ')',
  'lr>0.5',
  'lr<',
  '=',
  ':',
  'tag:',
  'status:f',
  'model=',
  'seed!=ab',
  '"',
  'is:dirty',
  'name:b',
];

function fresh(sorted: readonly RunSummary[], text: string, statuses: ReadonlySet<RunStatusName>) {
  const parsed = parseRunQuery(text);
  return filterSorted(sorted, { query: parsed.ok ? parsed.query : MATCH_ALL, statuses });
}

describe('the filter’s memory', () => {
  it('gives exactly a fresh filter’s runs, in order, over random typing and Backspace', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const sorted = sortRuns(
        randomRuns(next, 120),
        { column: { kind: 'name' }, descending: false },
        new Map(),
      );
      const memory = new FilterMemory(4);
      let statuses: ReadonlySet<RunStatusName> = new Set();
      let text = '';
      for (let step = 0; step < 150; step++) {
        const roll = next();
        if (roll < 0.55) text += pick(next, PIECES);
        else if (roll < 0.85) text = text.slice(0, -1);
        else if (roll < 0.9) text = '';
        else if (roll < 0.95) statuses = new Set(next() < 0.5 ? [] : [pick(next, STATUSES)]);
        else text = text.slice(0, Math.floor(next() * (text.length + 1)));
        const parsed = parseRunQuery(text);
        const query = parsed.ok ? parsed.query : MATCH_ALL;
        const got = memory.filter(sorted, { query, statuses });
        expect(
          got.map((run) => run.id),
          `seed ${seed}, step ${step}, “${text}”`,
        ).toEqual(fresh(sorted, text, statuses).map((run) => run.id));
      }
    }
  });

  it('narrows only to queries whose matches are among the earlier one’s', () => {
    const next = random(7);
    const runs = randomRuns(next, 200);
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(next, PIECES)).join(''),
    );
    const queries = texts.flatMap((text) => {
      const parsed = parseRunQuery(text);
      return parsed.ok ? [parsed.query] : [];
    });
    let narrowing = 0;
    for (const later of queries)
      for (const earlier of queries) {
        if (!narrows(later, earlier)) continue;
        narrowing++;
        for (const run of runs)
          if (matchesRunQuery(run, later))
            expect(matchesRunQuery(run, earlier), `${queryKey(later)} ⊂ ${queryKey(earlier)}`).toBe(
              true,
            );
      }
    // Enough pairs narrow for the check to mean something.
    expect(narrowing).toBeGreaterThan(queries.length * 2);
  });

  it('sees one more character of a word, and words added, as narrowing; not OR or negation', () => {
    const q = parseQuery;
    expect(narrows(q('ab'), q('a'))).toBe(true);
    expect(narrows(q('bert lr>0.5'), q('ber'))).toBe(true);
    expect(narrows(q('ab'), MATCH_ALL)).toBe(true);
    expect(narrows(q('ab OR x'), q('a'))).toBe(false);
    expect(narrows(q('-ab'), q('-a'))).toBe(false);
    expect(narrows(q('lr>0.55'), q('lr>0.5'))).toBe(false);
  });

  it('answers a query typed before from memory, and forgets when the runs or chips change', () => {
    const runs = sortRuns(
      randomRuns(random(3), 100),
      { column: { kind: 'id' }, descending: false },
      new Map(),
    );
    const memory = new FilterMemory();
    const statuses = new Set<RunStatusName>();
    const a = memory.filter(runs, { query: parseQuery('a'), statuses });
    const ab = memory.filter(runs, { query: parseQuery('ab'), statuses });
    expect(ab.every((run) => a.includes(run))).toBe(true);
    expect(memory.filter(runs, { query: parseQuery('a'), statuses })).toBe(a);
    const finished = new Set<RunStatusName>(['finished']);
    expect(memory.filter(runs, { query: parseQuery('a'), statuses: finished })).toEqual(
      a.filter((run) => run.status === 'finished'),
    );
    const fewer = runs.slice(0, 10);
    expect(memory.filter(fewer, { query: parseQuery('a'), statuses })).toEqual(
      a.filter((run) => fewer.includes(run)),
    );
  });
});

function parseQuery(text: string): QueryNode {
  const parsed = parseRunQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}
