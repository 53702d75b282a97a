// renderer/src/workspace/views-palette: the saved views as the command palette lists them ("Open
// view: NAME", the page's kind, the default marked), read when the palette asks, found by fuzzy
// text, and opened as the Views menu opens them.

import { describe, expect, it } from 'vitest';
import { rankPalette } from '../../renderer/src/keyboard/palette-rank.js';
import { EMPTY_LAYOUT, setPinned } from '../../renderer/src/workspace/board-layout.js';
import type { SavedView } from '../../renderer/src/workspace/saved-views.js';
import { openView } from '../../renderer/src/workspace/view-apply.js';
import { viewsSource } from '../../renderer/src/workspace/views-palette.js';
import { WorkspaceStore } from '../../renderer/src/workspace/workspace-store.js';
import { compareScope } from '../../renderer/src/workspace/scopes.js';
import { StoreSession } from '../../renderer/src/state/store-session.js';
import { runSummary } from '../support/run-summary.js';

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function savedView(name: string, page: SavedView['page'], route: string): SavedView {
  return {
    name,
    page,
    route,
    layout: page === 'runs' ? null : setPinned(EMPTY_LAYOUT, 'train/loss', true),
    filter: page === 'runs' ? 'tag:best' : '',
    groupBy: [],
    selected: page === 'compare' ? ['a', 'b'] : [],
    table: {
      columns: [],
      hidden: [],
      widths: {},
      sort: { column: { kind: 'start' }, descending: true },
    },
  };
}

const losses = savedView('sweep losses', 'compare', '#/compare/a,b?filter=loss');
const best = savedView('best runs', 'runs', '#/?filter=tag%3Abest');
const oneRun = savedView('a\u200bb', 'run', '#/run/a/metrics');

describe('the saved views in the palette', () => {
  const workspace = new WorkspaceStore('/store', memory());
  workspace.saveView(losses);
  workspace.saveView(best);
  workspace.setDefaultView('best runs');
  const opened: SavedView[] = [];
  const source = viewsSource(workspace, (view) => opened.push(view));

  it('lists each view to open, its page and whether the store opens on it, untyped too', () => {
    expect(source.items('').map(({ label, detail }) => ({ label, detail }))).toEqual([
      { label: 'Open view: sweep losses', detail: 'compare' },
      { label: 'Open view: best runs', detail: 'runs · opens first' },
    ]);
    expect(source.items('').map((item) => item.id)).toEqual(['sweep losses', 'best runs']);
  });

  it('lists the views as they are when the palette asks, names shown as they are', () => {
    workspace.saveView(oneRun);
    expect(source.items('x').map((item) => item.label)).toEqual([
      'Open view: sweep losses',
      'Open view: best runs',
      'Open view: a\\u200bb',
    ]);
    workspace.deleteView(oneRun.name);
    expect(source.items('x')).toHaveLength(2);
  });

  it('is found by fuzzy text, and opens the view chosen', () => {
    const [group] = rankPalette([source], 'swplss');
    expect(group?.title).toBe('Saved views');
    expect(group?.items.map((ranked) => ranked.item.label)).toEqual(['Open view: sweep losses']);
    group!.items[0]!.item.run();
    expect(opened).toEqual([losses]);
  });

  it('lists none until the store’s workspace is known', () => {
    expect(viewsSource(null, () => undefined).items('')).toEqual([]);
  });

  it('puts a view back as the Views menu does when its item opens it', () => {
    const session = new StoreSession();
    const runs = new Map(['a', 'b'].map((id) => [id, runSummary(id, {})]));
    const addresses: string[] = [];
    const opening = viewsSource(workspace, (view) =>
      addresses.push(openView(view, { workspace, runs, session })),
    );
    const epoch = workspace.epoch;
    opening
      .items('')
      .find((item) => item.id === 'sweep losses')!
      .run();
    expect(addresses).toEqual(['#/compare/a,b?filter=loss']);
    expect([...session.getSelection()]).toEqual(['a', 'b']);
    expect(workspace.layout(compareScope('metric'))?.pinned).toEqual(['train/loss']);
    expect(workspace.epoch).toBe(epoch + 1);
  });
});
