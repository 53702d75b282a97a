// Saved views written to a file and read back, and the files an import refuses, each with where
// and why: not JSON, another format, a newer or older version, a member no view holds, a value
// of the wrong type, a file of 10 MB; names taken made free.

import { describe, expect, it } from 'vitest';
import { EMPTY_LAYOUT, setPinned } from '../../renderer/src/workspace/board-layout.js';
import type { SavedView } from '../../renderer/src/workspace/saved-views.js';
import {
  MAX_VIEWS_FILE_BYTES,
  freeName,
  readViewsFile,
  viewsFileText,
} from '../../renderer/src/workspace/saved-views.js';
import { parseDesktopLink, linkInArguments, withoutLink } from '../../electron/desktop-link.js';

const view: SavedView = {
  name: 'sweep losses',
  page: 'compare',
  route: '#/compare/a,b?filter=loss',
  layout: {
    ...setPinned(EMPTY_LAYOUT, 'train/loss', true),
    panels: { 'train/loss': { width: 3, tall: true, zoom: { mode: 'step', range: [10, 20] } } },
  },
  filter: 'lr<0.01',
  groupBy: [{ kind: 'param', name: 'lr' }, { kind: 'tags' }],
  selected: ['a', 'b'],
  table: {
    columns: [
      { kind: 'param', key: 'lr' },
      { kind: 'metric', key: 'train/loss', stat: 'min' },
    ],
    hidden: ['lastWrite'],
    widths: { status: 120 },
    sort: { column: { kind: 'start' }, descending: true },
  },
};

const file = (value: unknown): string => JSON.stringify(value);
const read = (text: string) => readViewsFile(text, new TextEncoder().encode(text).length);
const problemOf = (text: string): string => {
  const result = read(text);
  if (result.ok) throw new Error('read as views');
  return result.problem;
};
const withView = (patch: Record<string, unknown>) =>
  file({ format: 'munin-view views', version: 1, views: [{ ...view, ...patch }] });

describe('a views file', () => {
  it('reads back the views it was written with', () => {
    const text = viewsFileText([
      view,
      { ...view, name: 'runs', page: 'runs', route: '#/', layout: null },
    ]);
    expect(read(text)).toEqual({
      ok: true,
      views: [view, { ...view, name: 'runs', page: 'runs', route: '#/', layout: null }],
    });
  });

  it('refuses what is not one, saying why', () => {
    expect(problemOf('{"views": [')).toMatch(/^The file is not JSON: /);
    expect(problemOf(file({ views: [] }))).toBe(
      'This is not a views file: it says no "format": "munin-view views".',
    );
    expect(problemOf(file({ format: 'munin-view views', version: 2, views: [] }))).toBe(
      'The file is of version 2, newer than this app reads (1): update munin-view.',
    );
    expect(problemOf(file({ format: 'munin-view views', version: '1', views: [] }))).toBe(
      'The file\'s version is "1"; this app reads version 1.',
    );
  });

  it('names the place and the reason of a wrong type or an unknown member', () => {
    expect(problemOf(withView({ page: 'table' }))).toBe(
      'Not imported: views[0].page must be runs, run or compare.',
    );
    expect(problemOf(withView({ selected: 'a' }))).toBe(
      'Not imported: views[0].selected must be a list.',
    );
    expect(problemOf(withView({ colour: 'red' }))).toBe(
      'Not imported: views[0] has a member "colour" that no view holds.',
    );
    expect(problemOf(withView({ layout: { ...view.layout, smoothing: 2 } }))).toBe(
      'Not imported: views[0].layout.smoothing must be a number from 0 to 0.999.',
    );
    expect(problemOf(withView({ layout: { ...view.layout, panels: { k: { width: 4 } } } }))).toBe(
      'Not imported: views[0].layout.panels.k.width must be 1, 2 or 3.',
    );
    expect(problemOf(withView({ route: 'http://evil.example/' }))).toBe(
      'Not imported: views[0].route must be an address in the app (#/…).',
    );
    expect(problemOf(withView({ table: { ...view.table, columns: [{ kind: 'secret' }] } }))).toBe(
      'Not imported: views[0].table.columns[0].kind must name a column of the runs table.',
    );
  });

  it('refuses a file of 10 MB before reading it', () => {
    const big = 10 * 1024 * 1024;
    const result = readViewsFile('x'.repeat(16), big);
    expect(result).toEqual({
      ok: false,
      problem: 'The file is 10.5 MB: a views file holds settings, never data, and is at most 1 MB.',
    });
    expect(readViewsFile(viewsFileText([view]), MAX_VIEWS_FILE_BYTES).ok).toBe(true);
  });

  it('makes a taken name free', () => {
    expect(freeName('a', [])).toBe('a');
    expect(freeName('a', ['a', 'a (2)'])).toBe('a (3)');
  });
});

describe('munin-view:// links', () => {
  it('name a store by its full path and a page in it', () => {
    const link = `munin-view://open?${new URLSearchParams({ store: '/data/my store', page: '#/compare/a,b?filter=x' })}`;
    expect(parseDesktopLink(link)).toEqual({
      ok: true,
      store: '/data/my store',
      page: '#/compare/a,b?filter=x',
    });
    expect(parseDesktopLink('munin-view://open?store=%2Fs')).toEqual({
      ok: true,
      store: '/s',
      page: '#/',
    });
    expect(parseDesktopLink('https://open?store=/s')).toMatchObject({ ok: false });
    expect(parseDesktopLink('munin-view://open?store=relative')).toEqual({
      ok: false,
      problem: 'the link names no store by its full path',
    });
    expect(parseDesktopLink('munin-view://open?store=/s&page=javascript:x')).toMatchObject({
      ok: false,
    });
  });

  it('are found among arguments, the rest naming paths', () => {
    const args = ['--verbose', '--open', 'munin-view://open?store=/s', '/other'];
    expect(linkInArguments(args)).toBe('munin-view://open?store=/s');
    expect(withoutLink(args)).toEqual(['--verbose', '/other']);
    expect(linkInArguments(['munin-view://open?store=/s'])).toBe('munin-view://open?store=/s');
    expect(linkInArguments(['/store'])).toBeNull();
  });
});
