// renderer/src/keyboard/palette-rank and palette-registry: the palette's results (fuzzy matched on
// labels, then keywords; best first; sources ordered by their best; a prefix lists its source
// alone; what shows before anything is typed) and the registry sources join and leave by.

import { describe, expect, it } from 'vitest';
import type { PaletteItem, PaletteSource } from '../../renderer/src/keyboard/palette-items.js';
import {
  IDLE_PER_SOURCE,
  RESULTS_PER_SOURCE,
  rankPalette,
} from '../../renderer/src/keyboard/palette-rank.js';
import { PaletteRegistry } from '../../renderer/src/keyboard/palette-registry.js';

function item(label: string, keywords: string[] = []): PaletteItem {
  return { id: label, label, keywords, run: () => undefined };
}

function source(id: string, labels: (string | PaletteItem)[], extra: Partial<PaletteSource> = {}) {
  const items = labels.map((l) => (typeof l === 'string' ? item(l) : l));
  const made: PaletteSource = {
    id,
    title: id.toUpperCase(),
    items: (query) => (query === '' ? items.slice(0, 2) : items),
    ...extra,
  };
  return made;
}

function shown(groups: ReturnType<typeof rankPalette>): string[][] {
  return groups.map((group) => [group.title, ...group.items.map((ranked) => ranked.item.label)]);
}

const runs = source('runs', [
  'resnet18-lr0.1-s2',
  'resnet18-lr0.03-s2',
  item('resnet50-b4096', ['20261202T015347Z-d381d8aa', 'oom']),
  'prepare-cifar10',
]);
const keys = source('keys', ['eval/acc', 'eval/acc_by_class/cat', 'train/acc', 'eval/loss']);
const commands = source('commands', ['Compare the selected runs', 'Filter the runs'], {
  prefix: '>',
});

describe('rankPalette', () => {
  it('lists what each source shows before anything is typed, in the sources’ order', () => {
    expect(shown(rankPalette([runs, keys, commands], ''))).toEqual([
      ['RUNS', 'resnet18-lr0.1-s2', 'resnet18-lr0.03-s2'],
      ['KEYS', 'eval/acc', 'eval/acc_by_class/cat'],
      ['COMMANDS', 'Compare the selected runs', 'Filter the runs'],
    ]);
  });

  it('matches by fuzzy text, best first, the source with the best result first', () => {
    expect(shown(rankPalette([runs, keys, commands], 'evacc'))).toEqual([
      ['KEYS', 'eval/acc', 'eval/acc_by_class/cat'],
    ]);
    expect(shown(rankPalette([runs, keys, commands], 'rn18lr03s2'))).toEqual([
      ['RUNS', 'resnet18-lr0.03-s2'],
    ]);
    const acc = rankPalette([runs, keys, commands], 'acc');
    expect(acc[0]!.title).toBe('KEYS');
    // "acc" at a word start and shortest first; the class key's longer label comes later.
    expect(acc[0]!.items.map((r) => r.item.label)).toEqual([
      'eval/acc',
      'train/acc',
      'eval/acc_by_class/cat',
    ]);
  });

  it('matches keywords below labels, without marking the label', () => {
    const byTag = rankPalette([runs], 'oom');
    expect(shown(byTag)).toEqual([['RUNS', 'resnet50-b4096']]);
    expect(byTag[0]!.items[0]!.positions).toEqual([]);
    const byId = rankPalette([runs], 'd381d8aa');
    expect(shown(byId)).toEqual([['RUNS', 'resnet50-b4096']]);
    const onLabel = rankPalette([runs], 'rn50');
    expect(onLabel[0]!.items[0]!.positions).toEqual([0, 3, 6, 7]);
  });

  it('lists a prefixed source alone, matching what follows the prefix', () => {
    expect(shown(rankPalette([runs, keys, commands], '>'))).toEqual([
      ['COMMANDS', 'Compare the selected runs', 'Filter the runs'],
    ]);
    expect(shown(rankPalette([runs, keys, commands], '> filt'))).toEqual([
      ['COMMANDS', 'Filter the runs'],
    ]);
    // Without the prefix, commands are found with everything else.
    expect(shown(rankPalette([runs, keys, commands], 'filter'))).toEqual([
      ['COMMANDS', 'Filter the runs'],
    ]);
  });

  it('shows a bounded number of results per source', () => {
    const labels = Array.from({ length: 50 }, (_, i) => `item-${i}`);
    const many = source('many', labels, { items: () => labels.map((label) => item(label)) });
    expect(rankPalette([many], 'item')[0]!.items).toHaveLength(RESULTS_PER_SOURCE);
    expect(rankPalette([many], '')[0]!.items).toHaveLength(IDLE_PER_SOURCE);
    expect(rankPalette([many], 'zzz')).toEqual([]);
  });
});

describe('PaletteRegistry', () => {
  it('lists sources in the order registered, one per id, in its first place', () => {
    const registry = new PaletteRegistry();
    const offRuns = registry.register(runs);
    registry.register(keys);
    const newer = source('runs', ['another']);
    const offNewer = registry.register(newer);
    expect(registry.list()).toEqual([newer, keys]);
    // The first registration's removal leaves the source that replaced it.
    offRuns();
    expect(registry.list()).toEqual([newer, keys]);
    offNewer();
    expect(registry.list()).toEqual([keys]);
  });
});
