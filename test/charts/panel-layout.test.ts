// renderer/src/charts/panel-layout: the key filter (text or /regex/flags) and each key's panel: curve, scalar tile or breakdown, in sections by prefix.

import { describe, expect, it } from 'vitest';
import type { Section } from '../../renderer/src/charts/panel-layout.js';
import { keyMatcher, layoutPanels } from '../../renderer/src/charts/panel-layout.js';

const all = (): boolean => true;

/** A layout as plain text: "prefix: curve k | tile k | breakdown p[k1,k2]". */
function describeLayout(sections: readonly Section[]): string[] {
  return sections.map(
    (section) =>
      `${section.prefix}: ${section.panels
        .map((panel) =>
          panel.type === 'breakdown'
            ? `breakdown ${panel.prefix}[${panel.keys.join(',')}]`
            : `${panel.type} ${panel.key}`,
        )
        .join(' | ')}`,
  );
}

describe('keyMatcher', () => {
  it('matches everything for an empty or blank filter', () => {
    for (const filter of ['', '   ']) {
      const matcher = keyMatcher(filter);
      expect(matcher.error).toBeNull();
      expect(matcher.test('train/loss')).toBe(true);
    }
  });

  it('matches a plain text anywhere in the key, ignoring case', () => {
    const matcher = keyMatcher('  LOSS ');
    expect(matcher.error).toBeNull();
    expect(matcher.test('train/loss')).toBe(true);
    expect(matcher.test('eval/Loss_ema')).toBe(true);
    expect(matcher.test('train/acc')).toBe(false);
  });

  it('reads /…/flags as a regular expression', () => {
    const anchored = keyMatcher('/^eval\\/acc/');
    expect(anchored.error).toBeNull();
    expect(anchored.test('eval/acc')).toBe(true);
    expect(anchored.test('eval/acc_by_class/cat')).toBe(true);
    expect(anchored.test('train/eval/acc')).toBe(false);
    expect(anchored.test('EVAL/ACC')).toBe(false);
    expect(keyMatcher('/^EVAL/i').test('eval/loss')).toBe(true);
  });

  it('gives the same answer every time even with the g or y flag', () => {
    const matcher = keyMatcher('/loss/g');
    expect(matcher.error).toBeNull();
    expect([1, 2, 3].map(() => matcher.test('train/loss'))).toEqual([true, true, true]);
    const sticky = keyMatcher('/loss/y');
    expect(sticky.test('loss')).toBe(true);
    expect(sticky.test('loss')).toBe(true);
  });

  it('reports an invalid pattern or flag and then hides no key', () => {
    for (const filter of ['/(/', '/[a-/', '/x/ii']) {
      const matcher = keyMatcher(filter);
      expect(typeof matcher.error).toBe('string');
      expect(matcher.error!.length).toBeGreaterThan(0);
      expect(matcher.test('anything')).toBe(true);
    }
  });

  it('reads a slash-led key path as text, not as a pattern with bad flags', () => {
    const matcher = keyMatcher('/eval/acc');
    expect(matcher.error).toBeNull();
    expect(matcher.test('eval/acc')).toBe(true);
    expect(matcher.test('eval/acc_by_class/cat')).toBe(true);
    expect(matcher.test('train/acc')).toBe(false);
  });

  it('reads a lone leading slash as the start of a key path', () => {
    const matcher = keyMatcher('/loss');
    expect(matcher.error).toBeNull();
    expect(matcher.test('loss')).toBe(true);
    expect(matcher.test('train/loss')).toBe(true);
    expect(matcher.test('train/acc')).toBe(false);
  });
});

describe('layoutPanels', () => {
  const demo = new Map<string, number>([
    ['train/loss', 2001],
    ['train/acc', 2001],
    ['train/lr', 2001],
    ['epoch', 21],
    ['eval/loss', 21],
    ['eval/acc', 21],
    ['test/acc', 1],
    ['eval/acc_by_class/dog', 1],
    ['eval/acc_by_class/cat', 1],
    ['eval/acc_by_class/airplane', 1],
  ]);

  it('lays out the demo run: curves, a headline tile and a breakdown, sections sorted by prefix', () => {
    expect(describeLayout(layoutPanels(demo, all))).toEqual([
      ': curve epoch',
      'eval: curve eval/acc | curve eval/loss',
      'eval/acc_by_class: breakdown eval/acc_by_class[eval/acc_by_class/airplane,eval/acc_by_class/cat,eval/acc_by_class/dog]',
      'test: tile test/acc',
      'train: curve train/acc | curve train/loss | curve train/lr',
    ]);
  });

  it('puts tiles first, then breakdowns, then curves within a section', () => {
    const counts = new Map<string, number>([
      ['m/z_curve', 5],
      ['m/a_curve', 2],
      ['m/only', 1],
      ['n/curve', 3],
      ['n/b', 1],
      ['n/a', 1],
    ]);
    expect(describeLayout(layoutPanels(counts, all))).toEqual([
      'm: tile m/only | curve m/a_curve | curve m/z_curve',
      'n: breakdown n[n/a,n/b] | curve n/curve',
    ]);
  });

  it('keeps single points of unrelated top-level keys as tiles, never a breakdown', () => {
    const counts = new Map<string, number>([
      ['best_acc', 1],
      ['accuracy', 1],
      ['epoch', 9],
    ]);
    expect(describeLayout(layoutPanels(counts, all))).toEqual([
      ': tile accuracy | tile best_acc | curve epoch',
    ]);
  });

  it('gives a key without samples no panel', () => {
    const counts = new Map<string, number>([
      ['a/x', 0],
      ['a/y', 1],
      ['b', 0],
    ]);
    expect(describeLayout(layoutPanels(counts, all))).toEqual(['a: tile a/y']);
  });

  it('turns a key from a tile into a curve once it holds a second point', () => {
    const counts = new Map<string, number>([
      ['eval/acc', 1],
      ['eval/loss', 1],
    ]);
    expect(describeLayout(layoutPanels(counts, all))).toEqual([
      'eval: breakdown eval[eval/acc,eval/loss]',
    ]);
    counts.set('eval/acc', 2);
    expect(describeLayout(layoutPanels(counts, all))).toEqual([
      'eval: tile eval/loss | curve eval/acc',
    ]);
    counts.set('eval/loss', 2);
    expect(describeLayout(layoutPanels(counts, all))).toEqual([
      'eval: curve eval/acc | curve eval/loss',
    ]);
  });

  it('filters before it decides: one sibling left of a breakdown is a tile', () => {
    const onlyCat = keyMatcher('cat');
    expect(describeLayout(layoutPanels(demo, onlyCat.test))).toEqual([
      'eval/acc_by_class: tile eval/acc_by_class/cat',
    ]);
    const evalOnly = keyMatcher('/^eval\\/[a-z]+$/');
    expect(describeLayout(layoutPanels(demo, evalOnly.test))).toEqual([
      'eval: curve eval/acc | curve eval/loss',
    ]);
    expect(layoutPanels(demo, keyMatcher('nothing-like-this').test)).toEqual([]);
  });
});
