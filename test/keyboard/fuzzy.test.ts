// renderer/src/keyboard/fuzzy: the palette's fuzzy match: characters in order, case aside, the best
// of all alignments, and the scores that rank word starts and adjacent characters first.

import { describe, expect, it } from 'vitest';
import { fuzzyMatch } from '../../renderer/src/keyboard/fuzzy.js';

function score(query: string, text: string): number {
  const match = fuzzyMatch(query, text);
  if (match === null) throw new Error(`${query} does not match ${text}`);
  return match.score;
}

function marked(query: string, text: string): string {
  const match = fuzzyMatch(query, text)!;
  return [...text]
    .map((char, i) => (match.positions.includes(i) ? char.toUpperCase() : char))
    .join('');
}

describe('fuzzyMatch', () => {
  it('matches the query’s characters in order, case aside, and nothing else', () => {
    expect(fuzzyMatch('rn18lr03s2', 'resnet18-lr0.03-s2')).not.toBeNull();
    expect(fuzzyMatch('EVACC', 'eval/acc')).not.toBeNull();
    expect(fuzzyMatch('evacc', 'eval/loss')).toBeNull();
    // In order: the characters are all there, but "ca" is not "ac".
    expect(fuzzyMatch('eval/ca', 'eval/acc')).toBeNull();
    expect(fuzzyMatch('resnet18-lr0.03-s2x', 'resnet18-lr0.03-s2')).toBeNull();
  });

  it('ignores spaces in the query and matches everything with an empty one', () => {
    expect(fuzzyMatch('eval acc', 'eval/acc')?.positions).toEqual([0, 1, 2, 3, 5, 6, 7]);
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, positions: [] });
    expect(fuzzyMatch('   ', 'anything')).toEqual({ score: 0, positions: [] });
  });

  it('takes the best alignment, not the first one found', () => {
    // The first "0" after "lr" is lr0's; the best way puts "03" on the adjacent "03".
    expect(fuzzyMatch('rn18lr03s2', 'resnet18-lr0.03-s2')!.positions).toEqual([
      0, 3, 6, 7, 9, 10, 13, 14, 16, 17,
    ]);
    // "acc" on the word "acc", not on the "a" of "eval" and the "cc" after it.
    expect(marked('evacc', 'eval/acc')).toBe('EVal/ACC');
  });

  it('ranks word starts over letters inside words', () => {
    expect(score('tl', 'train/loss')).toBeGreaterThan(score('tl', 'outlier'));
    expect(score('acc', 'eval/acc')).toBeGreaterThan(score('acc', 'eval/bacc'));
    // A capital inside a word is a start too, weaker than one after a separator.
    expect(score('ml', 'myLoss')).toBeGreaterThan(score('ml', 'mylloss'));
    expect(score('ml', 'my-loss')).toBeGreaterThan(score('ml', 'myLoss'));
  });

  it('ranks adjacent characters over scattered ones', () => {
    expect(score('lr', 'train/lr')).toBeGreaterThan(score('lr', 'train/layer'));
    expect(score('sys', 'sys/cpu')).toBeGreaterThan(score('sys', 'sweep-yes'));
  });

  it('ranks the run a query names first among the demo store’s names', () => {
    const names = [
      'resnet18-lr0.1-s1',
      'resnet18-lr0.1-s2',
      'resnet18-lr0.03-s1',
      'resnet18-lr0.03-s2',
      'resnet18-lr0.03-s3',
      'resnet18-lr3',
      'resnet18-finetune',
    ];
    const ranked = names
      .map((name) => ({ name, match: fuzzyMatch('rn18lr03s2', name) }))
      .filter((entry) => entry.match !== null);
    expect(ranked.map((entry) => entry.name)).toEqual(['resnet18-lr0.03-s2']);
    const eval_ = ['eval/acc', 'eval/acc_by_class/airplane', 'eval/loss', 'train/acc', 'test/acc']
      .map((key) => ({ key, match: fuzzyMatch('evacc', key) }))
      .filter((entry) => entry.match !== null)
      .sort((a, b) => b.match!.score - a.match!.score || a.key.length - b.key.length);
    expect(eval_.map((entry) => entry.key)).toEqual(['eval/acc', 'eval/acc_by_class/airplane']);
  });

  it('matches long texts on their start without scoring their whole length', () => {
    const long = `${'x'.repeat(300)}needle`;
    expect(fuzzyMatch('needle', long)).toBeNull();
    expect(fuzzyMatch('xx', long)?.positions).toEqual([0, 1]);
  });
});
