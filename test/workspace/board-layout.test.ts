// renderer/src/workspace: an arrangement applied to a page's sections (pinned first, hidden apart,
// a section's panels in the order put in, keys that appear later in their default place, keys
// that vanish forgotten by nothing), moving, pinning, hiding and setting panels; what is kept of
// it; and what an address carries of it, read back exactly, and as the text a board is keyed by.

import { describe, expect, it } from 'vitest';
import type { Panel, Section } from '../../renderer/src/charts/panel-layout.js';
import {
  EMPTY_LAYOUT,
  PINNED,
  arrange,
  movePanel,
  ordered,
  panelId,
  setHidden,
  setPanel,
  setPinned,
} from '../../renderer/src/workspace/board-layout.js';
import type { BoardLayout } from '../../renderer/src/workspace/board-layout.js';
import {
  linkOf,
  linkText,
  putBoardLink,
  readBoardLink,
  withLink,
} from '../../renderer/src/workspace/board-link.js';
import { keptPart, WorkspaceStore } from '../../renderer/src/workspace/workspace-store.js';
import type { Route } from '../../renderer/src/state/route.js';
import { parseRoute, routeHash } from '../../renderer/src/state/route.js';

const curve = (key: string): Panel => ({ type: 'curve', key });
const section = (prefix: string, ...keys: string[]): Section => ({
  prefix,
  panels: keys.map(curve),
});
const ids = (panels: readonly Panel[]) => panels.map(panelId);

describe('ordered', () => {
  const name = (x: string) => x;
  it('puts the named items in their order among their own places, the rest where they were', () => {
    expect(ordered(['a', 'b', 'c', 'd'], ['d', 'b'], name)).toEqual(['a', 'd', 'c', 'b']);
    expect(ordered(['a', 'b', 'c'], [], name)).toEqual(['a', 'b', 'c']);
    // Names of items no longer there change nothing.
    expect(ordered(['a', 'b'], ['gone', 'b', 'a'], name)).toEqual(['b', 'a']);
  });
});

describe('arrange', () => {
  const sections = [
    section('eval', 'eval/acc', 'eval/loss'),
    section('train', 'train/a', 'train/b', 'train/c'),
  ];

  it('pins, hides and orders, by name', () => {
    let layout: BoardLayout = setPinned(EMPTY_LAYOUT, 'train/b', true);
    layout = setPinned(layout, 'eval/loss', true);
    layout = setHidden(layout, ['train/a'], true);
    layout = movePanel(layout, 'eval', ['eval/acc'], 0, 0);
    const arranged = arrange(sections, layout);
    expect(ids(arranged.pinned)).toEqual(['train/b', 'eval/loss']);
    expect(arranged.sections.map((s) => [s.prefix, ids(s.panels)])).toEqual([
      ['eval', ['eval/acc']],
      ['train', ['train/c']],
    ]);
    expect(ids(arranged.hidden)).toEqual(['train/a']);
  });

  it('keeps an order when keys appear later (in their default place) or vanish', () => {
    let layout = movePanel(EMPTY_LAYOUT, 'train', ['train/a', 'train/b', 'train/c'], 2, 0);
    expect(ids(arrange(sections, layout).sections[1]!.panels)).toEqual([
      'train/c',
      'train/a',
      'train/b',
    ]);
    // train/aa appears: it keeps its default place (the second), the order of the rest holds.
    const grown = [section('train', 'train/a', 'train/aa', 'train/b', 'train/c')];
    expect(ids(arrange(grown, layout).sections[0]!.panels)).toEqual([
      'train/c',
      'train/aa',
      'train/a',
      'train/b',
    ]);
    // train/c vanishes: the others keep their order, and it comes back where it was put.
    const shrunk = [section('train', 'train/a', 'train/b')];
    expect(ids(arrange(shrunk, layout).sections[0]!.panels)).toEqual(['train/a', 'train/b']);
    expect(ids(arrange(sections, layout).sections[1]!.panels)).toEqual([
      'train/c',
      'train/a',
      'train/b',
    ]);
    // A pinned key not on this page (another run has it) pins nothing here.
    layout = setPinned(layout, 'other/key', true);
    expect(arrange(sections, layout).pinned).toEqual([]);
  });

  it('leaves out a section all of whose panels are pinned or hidden', () => {
    const layout = setHidden(setPinned(EMPTY_LAYOUT, 'eval/acc', true), ['eval/loss'], true);
    expect(arrange(sections, layout).sections.map((s) => s.prefix)).toEqual(['train']);
  });
});

describe('moving and setting panels', () => {
  it('moves within a section and among the pinned', () => {
    const shown = ['a', 'b', 'c'];
    expect(movePanel(EMPTY_LAYOUT, 's', shown, 0, 2).order['s']).toEqual(['b', 'c', 'a']);
    expect(movePanel(EMPTY_LAYOUT, 's', shown, 2, 5)).toBe(EMPTY_LAYOUT);
    const pinned = { ...EMPTY_LAYOUT, pinned: ['x', 'y'] };
    expect(movePanel(pinned, PINNED, ['x', 'y'], 1, 0).pinned).toEqual(['y', 'x']);
  });

  it('sets a panel’s own settings, undefined going back to the page’s', () => {
    let layout = setPanel(EMPTY_LAYOUT, 'k', { width: 2, logY: true });
    expect(layout.panels['k']).toEqual({ width: 2, logY: true });
    layout = setPanel(layout, 'k', { logY: undefined });
    expect(layout.panels['k']).toEqual({ width: 2 });
    layout = setPanel(layout, 'k', { width: undefined });
    expect(layout.panels).toEqual({});
    expect(setHidden(setHidden(EMPTY_LAYOUT, ['a', 'b'], true), ['a'], false).hidden).toEqual([
      'b',
    ]);
  });

  it('keeps what outlives the page: not the key filter, nor a zoom', () => {
    const layout = setPanel({ ...EMPTY_LAYOUT, filter: 'loss', smoothing: 0.5 }, 'k', {
      width: 3,
      zoom: { mode: 'step', range: [1, 2] },
    });
    expect(keptPart(layout)).toEqual({
      ...EMPTY_LAYOUT,
      smoothing: 0.5,
      panels: { k: { width: 3 } },
    });
  });
});

describe('what an address carries of a board', () => {
  it('reads back exactly, zooms of keys holding any character included', () => {
    const layout = withLink(EMPTY_LAYOUT, {
      filter: '/^train/',
      pageMode: 'relative',
      smoothing: 0.37,
      logY: true,
      zooms: {
        'a:b/c d': { mode: 'step', range: [0.1 + 0.2, 1234.5678901234567] },
        'eval/acc': { mode: 'wall', range: [1796363057.147, 1796363065.145] },
      },
    });
    const params = new URLSearchParams();
    putBoardLink(linkOf(layout), params);
    expect(readBoardLink(new URLSearchParams(params.toString()))).toEqual(linkOf(layout));
    expect(linkOf(withLink(EMPTY_LAYOUT, readBoardLink(params)))).toEqual(linkOf(layout));
    expect(
      readBoardLink(new URLSearchParams('zoom=step:5:1:k&x=sideways&smooth=2')),
    ).toBeUndefined();
  });

  it('is the same text for the same link, and other text for another', () => {
    const link = { filter: '/^eval\\/acc$/', logY: true };
    expect(linkText(undefined)).toBe('');
    expect(linkText({})).toBe('');
    expect(linkText(link)).toBe(linkText(readBoardLink(new URLSearchParams(linkText(link)))));
    expect(linkText(link)).not.toBe(linkText({ ...link, filter: '/^eval\\/loss$/' }));
    expect(linkText(link)).not.toBe(linkText({ filter: link.filter }));
  });

  it('is in the routes of a run’s metrics, a comparison and the runs table', () => {
    const board = {
      filter: 'loss',
      zooms: { 'train/loss': { mode: 'step' as const, range: [10, 20] as const } },
    };
    const routes: Route[] = [
      { page: 'run', runId: 'r?1', tab: 'metrics', board },
      { page: 'run', runId: 'r', tab: 'system', board: { logY: true } },
      { page: 'compare', runIds: ['a?b', 'c,d'], tab: 'system', board },
      { page: 'compare', runIds: ['a', 'b'] },
      { page: 'runs', filter: 'lr<0.01 tag:best' },
      { page: 'runs' },
    ];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
    // A board's settings belong to the tabs that show one.
    expect(routeHash({ page: 'run', runId: 'r', tab: 'overview', board })).toBe('#/run/r/overview');
  });
});

describe('WorkspaceStore', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  };

  it('keeps arrangements and the last page per store, and reads back only what is sound', () => {
    const kept = storage();
    const a = new WorkspaceStore('/a', kept);
    a.setLayout('run:exp:metric', setPinned(EMPTY_LAYOUT, 'loss', true));
    a.rememberRoute('#/compare/x,y');
    const again = new WorkspaceStore('/a', kept);
    expect(again.layout('run:exp:metric')?.pinned).toEqual(['loss']);
    expect(again.lastRoute).toBe('#/compare/x,y');
    expect(new WorkspaceStore('/b', kept).layout('run:exp:metric')).toBeUndefined();
    kept.items.set(
      'munin-view:workspace:/c',
      JSON.stringify({ layouts: { s: { pinned: 3 } }, views: 'no', lastRoute: 5 }),
    );
    const damaged = new WorkspaceStore('/c', kept);
    expect(damaged.layout('s')).toBeUndefined();
    expect(damaged.views).toEqual([]);
    expect(damaged.lastRoute).toBeNull();
  });
});
