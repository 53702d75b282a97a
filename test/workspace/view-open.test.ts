// renderer/src/workspace/view-apply's openView, as the Views menu, the palette and the store's
// default view open a saved view: its arrangement kept for its page's scope, the runs it selected
// that the store still has, its runs filter, the pages opened afresh, and its address to go to.

import { describe, expect, it } from 'vitest';
import { EMPTY_LAYOUT, setPinned } from '../../renderer/src/workspace/board-layout.js';
import type { SavedView } from '../../renderer/src/workspace/saved-views.js';
import { openView } from '../../renderer/src/workspace/view-apply.js';
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

const view: SavedView = {
  name: 'sweep losses',
  page: 'compare',
  route: '#/compare/a,b?filter=loss',
  layout: setPinned(EMPTY_LAYOUT, 'train/loss', true),
  filter: 'lr<0.01',
  groupBy: [],
  selected: ['a', 'gone', 'b'],
  table: {
    columns: [],
    hidden: [],
    widths: {},
    sort: { column: { kind: 'start' }, descending: true },
  },
};

describe('a saved view opened', () => {
  it('is put back where the app keeps each part, and says where to go', () => {
    const workspace = new WorkspaceStore('/store', memory());
    const session = new StoreSession();
    session.setSelection(new Set(['c']));
    session.runsFilter = 'tag:old';
    const runs = new Map(['a', 'b', 'c'].map((id) => [id, runSummary(id, {})]));
    let told = 0;
    workspace.subscribe(() => told++);
    const epoch = workspace.epoch;

    expect(openView(view, { workspace, runs, session })).toBe('#/compare/a,b?filter=loss');
    expect([...session.getSelection()]).toEqual(['a', 'b']);
    expect(session.runsFilter).toBe('lr<0.01');
    expect(workspace.layout(compareScope('metric'))?.pinned).toEqual(['train/loss']);
    expect(workspace.lastRoute).toBe('#/compare/a,b?filter=loss');
    expect(workspace.epoch).toBe(epoch + 1);
    expect(told).toBeGreaterThan(0);
  });
});
