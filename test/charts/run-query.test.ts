// renderer/src/pages/run-query and run-query-match: the runs filter's grammar (words, comparisons, fields, negation, OR, groups, quotes), its parse errors, and exact number comparison across floats and bigints.

import { describe, expect, it } from 'vitest';
import type { Value } from '../../shared/format/values.js';
import type { QueryNode } from '../../renderer/src/pages/run-query.js';
import { comparedKeys, parseNumber, parseRunQuery } from '../../renderer/src/pages/run-query.js';
import { compareNumbers, matchesRunQuery } from '../../renderer/src/pages/run-query-match.js';
import { runSummary } from '../support/run-summary.js';

const run = runSummary;

const runs = [
  run('r1', {
    name: 'resnet18-lr0.1',
    experiment: 'cifar-sweep',
    params: new Map<string, Value>([
      ['lr', 0.1],
      ['batch', 128n],
      ['Model', 'resnet18'],
      ['augment', true],
    ]),
    summary: new Map<string, Value>([
      ['test_acc', 0.91],
      ['best/eval_acc', 0.9315],
    ]),
    tags: ['sweep', 'Baseline'],
  }),
  run('r2', {
    name: 'resnet18-lr0.05',
    experiment: 'cifar-sweep',
    params: new Map<string, Value>([
      ['lr', 0.05],
      ['batch', 256n],
      ['augment', false],
    ]),
    summary: new Map<string, Value>([
      ['test_acc', 0.93],
      ['best/eval_acc', 0.9401],
    ]),
    tags: ['sweep', 'best'],
  }),
  run('r3', {
    name: 'resnet50-b4096',
    experiment: 'cifar-resnet',
    status: 'failed',
    params: new Map<string, Value>([['lr', 0.4]]),
    tags: ['oom'],
  }),
  run('r4', {
    name: 'gpt-small-lr1e-3',
    experiment: 'gpt-small',
    status: 'running',
    endTime: null,
    params: new Map<string, Value>([
      ['lr', 0.001],
      ['tokens', 9_007_199_254_740_993n],
    ]),
    summary: new Map<string, Value>([['loss', NaN]]),
    tags: ['diverged'],
  }),
  run('r5', {
    name: null,
    experiment: null,
    status: 'unreadable',
    tags: [],
  }),
];

/** The query, which must parse. */
function query(text: string): QueryNode {
  const parsed = parseRunQuery(text);
  if (!parsed.ok) throw new Error(`${text} did not parse: ${parsed.error}`);
  return parsed.query;
}

function matching(text: string): string[] {
  const node = query(text);
  return runs.filter((r) => matchesRunQuery(r, node)).map((r) => r.id);
}

/** The parse error of a query that must not parse. */
function errorOf(text: string): string {
  const parsed = parseRunQuery(text);
  if (parsed.ok) throw new Error(`${text} parsed as ${JSON.stringify(parsed.query)}`);
  return parsed.error;
}

describe('words', () => {
  it('matches everything with an empty query', () => {
    expect(matching('')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(matching('   ')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('matches words in the name, experiment, id, status and tags, ignoring case', () => {
    expect(matching('RESNET50')).toEqual(['r3']);
    expect(matching('cifar-sweep')).toEqual(['r1', 'r2']);
    expect(matching('r4')).toEqual(['r4']);
    expect(matching('failed')).toEqual(['r3']);
    expect(matching('baseline')).toEqual(['r1']);
  });

  it('matches a word naming a param or summary key', () => {
    expect(matching('test_acc')).toEqual(['r1', 'r2']);
    expect(matching('TOKENS')).toEqual(['r4']);
  });

  it('needs every word to match, with or without AND', () => {
    expect(matching('resnet18 sweep')).toEqual(['r1', 'r2']);
    expect(matching('resnet18 lr0.05')).toEqual(['r2']);
    expect(matching('resnet18 AND lr0.05')).toEqual(['r2']);
    expect(matching('resnet18 nothing-here')).toEqual([]);
  });

  it('reads a quoted word as one word, spaces and escaped quotes included', () => {
    const quoted = [run('q', { name: 'two words "here"' })];
    const matches = (text: string): boolean => quoted.every((r) => matchesRunQuery(r, query(text)));
    expect(matches('"two words"')).toBe(true);
    expect(matches('"words two"')).toBe(false);
    expect(matches('"\\"here\\""')).toBe(true);
    expect(matching('"resnet18-lr0.1"')).toEqual(['r1']);
  });
});

describe('comparisons on params and summary', () => {
  it('compares numbers by value, so that 1e-3 is 0.001', () => {
    expect(matching('lr=1e-3')).toEqual(['r4']);
    expect(matching('lr=0.001')).toEqual(['r4']);
    expect(matching('lr>0.001')).toEqual(['r1', 'r2', 'r3']);
    expect(matching('lr>=0.001')).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(matching('lr<=0.001')).toEqual(['r4']);
    expect(matching('lr<0.1')).toEqual(['r2', 'r4']);
    expect(matching('lr!=0.05')).toEqual(['r1', 'r3', 'r4']);
    expect(matching('lr==0.05')).toEqual(['r2']);
  });

  it('compares summary values, keys with slashes included, ignoring the key’s case', () => {
    expect(matching('best/eval_acc>0.932')).toEqual(['r2']);
    expect(matching('BEST/EVAL_ACC>0.93')).toEqual(['r1', 'r2']);
    expect(matching('test_acc>=0.93')).toEqual(['r2']);
  });

  it('compares integers and floats with each other, and bigints past 2^53 exactly', () => {
    expect(matching('batch=128')).toEqual(['r1']);
    expect(matching('batch=128.0')).toEqual(['r1']);
    expect(matching('batch>200')).toEqual(['r2']);
    expect(matching('batch<128.5')).toEqual(['r1']);
    expect(matching('batch>127.5')).toEqual(['r1', 'r2']);
    // 2^53 + 1 is not a float: only its bigint compares as greater than 2^53.
    expect(matching('tokens>9007199254740992')).toEqual(['r4']);
    expect(matching('tokens=9007199254740993')).toEqual(['r4']);
    expect(matching('tokens<9007199254740993')).toEqual([]);
    expect(matching('tokens>9007199254740994')).toEqual([]);
  });

  it('finds NaN values by name, which compare as neither greater nor less', () => {
    expect(matching('loss=nan')).toEqual(['r4']);
    expect(matching('loss>0')).toEqual([]);
    expect(matching('loss<0')).toEqual([]);
  });

  it('compares strings by text ignoring case, and booleans as true and false', () => {
    expect(matching('model=RESNET18')).toEqual(['r1']);
    expect(matching('model=resnet')).toEqual([]);
    expect(matching('model>resnet0')).toEqual(['r1']);
    expect(matching('model>5')).toEqual(['r1']);
    expect(matching('augment=true')).toEqual(['r1']);
    expect(matching('augment=false')).toEqual(['r2']);
    expect(matching('augment!=true')).toEqual(['r2']);
    // A quoted number is text: 0.1 the float is not the text "0.10".
    expect(matching('lr="0.10"')).toEqual([]);
    expect(matching('lr="0.1"')).toEqual(['r1']);
  });

  it('never orders a number against a word, and matches no run without the key', () => {
    expect(matching('lr>abc')).toEqual([]);
    expect(matching('lr=abc')).toEqual([]);
    expect(matching('missing>0')).toEqual([]);
    // != holds only for runs that have the key; - leaves out whatever matches.
    expect(matching('batch!=128')).toEqual(['r2']);
    expect(matching('-batch=128')).toEqual(['r2', 'r3', 'r4', 'r5']);
  });

  it('matches key:value by the start of the value’s text, or by value for numbers', () => {
    expect(matching('lr:0.05')).toEqual(['r2']);
    expect(matching('lr:0.')).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(matching('lr:1e-3')).toEqual(['r4']);
    expect(matching('model:RESNET')).toEqual(['r1']);
    expect(matching('batch:12')).toEqual(['r1']);
    expect(matching('test_acc:0.93')).toEqual(['r2']);
  });
});

describe('fields', () => {
  it('matches tag:, status:, experiment:, name: and id:', () => {
    expect(matching('tag:sweep')).toEqual(['r1', 'r2']);
    expect(matching('tag:oo')).toEqual(['r3']);
    expect(matching('tag=sweep')).toEqual(['r1', 'r2']);
    expect(matching('tag=swe')).toEqual([]);
    expect(matching('status:run')).toEqual(['r4']);
    expect(matching('status:fin tag:best')).toEqual(['r2']);
    expect(matching('status:crashed')).toEqual([]);
    expect(matching('experiment:gpt-small')).toEqual(['r4']);
    expect(matching('experiment:cifar')).toEqual(['r1', 'r2', 'r3']);
    expect(matching('experiment=cifar')).toEqual([]);
    expect(matching('experiment!=cifar-sweep')).toEqual(['r3', 'r4', 'r5']);
    expect(matching('name:lr0.05')).toEqual(['r2']);
    expect(matching('id=R3')).toEqual(['r3']);
  });
});

describe('negation, OR and groups', () => {
  it('leaves out what a - term matches', () => {
    expect(matching('-tag:diverged')).toEqual(['r1', 'r2', 'r3', 'r5']);
    expect(matching('-tag:sweep -status:unreadable')).toEqual(['r3', 'r4']);
    expect(matching('--tag:oom')).toEqual(['r3']);
    expect(matching('cifar -failed')).toEqual(['r1', 'r2']);
  });

  it('matches either side of OR, which binds looser than the spaces between terms', () => {
    expect(matching('tag:best OR tag:oom')).toEqual(['r2', 'r3']);
    expect(matching('tag:none OR tag:other')).toEqual([]);
    expect(matching('tag:a OR tag:b')).toEqual(['r1', 'r2']);
    // a b OR c is (a b) OR c.
    expect(matching('sweep lr0.05 OR oom')).toEqual(['r2', 'r3']);
    expect(matching('tag:best OR tag:oom OR experiment:gpt')).toEqual(['r2', 'r3', 'r4']);
  });

  it('groups with parentheses, negated groups included', () => {
    expect(matching('(tag:best OR tag:oom) lr>0.1')).toEqual(['r3']);
    expect(matching('-(tag:sweep OR tag:oom)')).toEqual(['r4', 'r5']);
    expect(matching('((lr<0.01))')).toEqual(['r4']);
    expect(matching('(lr<0.01)')).toEqual(['r4']);
  });

  it('lists the keys the query compares', () => {
    expect(comparedKeys(query('lr>0.1 -(Tag:x OR best/eval_acc>0.9) word'))).toEqual([
      'lr',
      'tag',
      'best/eval_acc',
    ]);
    expect(comparedKeys(query(''))).toEqual([]);
  });
});

describe('parse errors', () => {
  it('says what is missing or wrong, quoting the part of the query', () => {
    expect(errorOf('lr>')).toBe('lr>: a value is missing after > (as in lr>0.01)');
    expect(errorOf('lr>= 0.1')).toBe('lr>=: a value is missing after >= (as in lr>=0.01)');
    expect(errorOf('>0.1')).toBe('>: a key is missing before > (as in lr>0.01)');
    expect(errorOf('lr=>0.1')).toBe('lr=>: => is not an operator (use = != < <= > >= or :)');
    expect(errorOf('name:"abc')).toBe('"abc: the closing " is missing');
    expect(errorOf('- tag:x')).toMatch(/^-: put the term to leave out right after it/);
    expect(errorOf('tag:x -')).toMatch(/^-: put the term/);
    expect(errorOf('OR tag:x')).toMatch(/^OR: a term is missing before it/);
    expect(errorOf('tag:x OR')).toMatch(/^OR: a term is missing after it/);
    expect(errorOf('tag:x OR OR tag:y')).toMatch(/^OR: a term is missing after it/);
    expect(errorOf('(tag:x')).toBe('(: the closing ) is missing');
    expect(errorOf('tag:x)')).toBe('): there is no ( for it to close');
    expect(errorOf(') tag:x')).toBe('): there is no ( for it to close');
    expect(errorOf('()')).toBe('( ): there is nothing between the parentheses');
    expect(errorOf('AND tag:x')).toMatch(/^AND: it goes between two terms/);
    expect(errorOf('(')).toBe('(: the closing ) is missing');
  });

  it('reads lowercase or and and as words, and a - inside a word or value as itself', () => {
    expect(matching('or')).toEqual([]);
    expect(matching('resnet18-lr0.1')).toEqual(['r1']);
    expect(matching('lr>-1')).toEqual(['r1', 'r2', 'r3', 'r4']);
  });
});

describe('numbers', () => {
  it('reads integers as bigints, other numbers as floats, and the special values', () => {
    expect(parseNumber('128')).toBe(128n);
    expect(parseNumber('-3')).toBe(-3n);
    expect(parseNumber('1e-3')).toBe(0.001);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('2.')).toBe(2);
    expect(parseNumber('NaN')).toBeNaN();
    expect(parseNumber('-inf')).toBe(-Infinity);
    expect(parseNumber('0x10')).toBeNull();
    expect(parseNumber('1e')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('compares floats and bigints exactly', () => {
    expect(compareNumbers(1n, 1)).toBe(0);
    expect(compareNumbers(1n, 1.5)).toBe(-1);
    expect(compareNumbers(2n, 1.5)).toBe(1);
    expect(compareNumbers(-2n, -1.5)).toBe(-1);
    expect(compareNumbers(-1n, -1.5)).toBe(1);
    expect(compareNumbers(1.5, 2n)).toBe(-1);
    expect(compareNumbers(2n ** 53n + 1n, 2 ** 53)).toBe(1);
    expect(compareNumbers(2 ** 53, 2n ** 53n + 1n)).toBe(-1);
    expect(compareNumbers(10n ** 400n, Infinity)).toBe(-1);
    expect(compareNumbers(-(10n ** 400n), -Infinity)).toBe(1);
    expect(compareNumbers(1n, NaN)).toBeNaN();
    expect(compareNumbers(NaN, NaN)).toBeNaN();
  });
});

describe('the filter on a run’s health', () => {
  const healthy = { interval: 5, stalled: false, clockAhead: false, nonFinite: [] };
  const nan = { key: 'train/loss', step: 1204, time: 1, value: Number.NaN };
  const ofHealth = [
    run('ok', { status: 'running', health: healthy }),
    run('stalled', { status: 'running', health: { ...healthy, stalled: true } }),
    run('nan', { health: { ...healthy, nonFinite: [nan] } }),
    run('both', {
      status: 'silent',
      dirty: true,
      health: { ...healthy, stalled: true, nonFinite: [nan] },
    }),
    run('ahead', { status: 'silent', health: { ...healthy, clockAhead: true } }),
    run('unreadable', { status: 'unreadable', health: null }),
  ];
  const matching = (text: string): string[] => {
    const parsed = parseRunQuery(text);
    if (!parsed.ok) throw new Error(parsed.error);
    return ofHealth.filter((r) => matchesRunQuery(r, parsed.query)).map((r) => r.id);
  };

  it('takes is:stalled and is:nonfinite beside is:dirty', () => {
    expect(matching('is:stalled')).toEqual(['stalled', 'both']);
    expect(matching('is:nonfinite')).toEqual(['nan', 'both']);
    expect(matching('is:dirty')).toEqual(['both']);
    expect(matching('-is:stalled')).toEqual(['ok', 'nan', 'ahead', 'unreadable']);
  });

  it('takes health: with its words, ok for a run with none and unknown for no health', () => {
    expect(matching('health:ok')).toEqual(['ok']);
    expect(matching('health:clock')).toEqual(['ahead']);
    expect(matching('health=nonfinite')).toEqual(['nan', 'both']);
    expect(matching('health:unknown')).toEqual(['unreadable']);
    expect(matching('health:stalled OR health:clock')).toEqual(['stalled', 'both', 'ahead']);
  });
});
