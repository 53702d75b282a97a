// The keyboard in Chromium against `munin-view serve` of the demo store: the command palette finds a run, a key and a saved view by fuzzy text and opens them where the route says (a key as a link to it would, its board filtered to it, also on the page already shown); every shortcut the `?` sheet lists does what it says; no shortcut fires while typing in the runs filter; screenshots of the palette and the sheet in both themes.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  onlyRun,
  openDemoApp,
  routeOf,
  rowIds,
  screenshot,
} from './support.js';
import { FILTER, KeyboardPage, PALETTE, SHEET, TOAST } from './keyboard-page.js';

/** A row of the sheet as the page shows it. */
interface SheetRow {
  readonly id: string;
  readonly description: string;
  /** Each binding's strokes, as the keycaps' data-strokes name them. */
  readonly bindings: readonly (readonly string[])[];
}

describeE2e('the keyboard', () => {
  const session = new E2eSession();
  let runs: ExportedRun[];
  let page: Page;
  /** The runs table's rows, top to bottom, as first shown (newest first). */
  let order: string[];

  let keys: KeyboardPage;

  beforeAll(async () => {
    ({ runs, page } = await openDemoApp(session));
    keys = new KeyboardPage(page);
    order = await rowIds(page);
  });

  afterAll(() => session.close());

  const withKey = (key: string) => (run: ExportedRun) => run.stats[key] !== undefined;
  /** The query of a link to a board showing `key` alone: its filter, the key whole. */
  const alone = (key: string): string =>
    new URLSearchParams({ filter: `/^${key.replaceAll('/', '\\/')}$/` }).toString();

  it('finds a run by fuzzy text and opens it', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.03-s2');
    await keys.openPalette('rn18lr03s2');
    await expect
      .poll(() => keys.activeOption(), WAIT)
      .toEqual({ label: 'resnet18-lr0.03-s2', source: 'runs', item: run.id });
    // The one run it names, and nothing else among the runs.
    expect(await page.$$eval('[data-source="runs"][role="option"]', (o) => o.length)).toBe(1);
    await screenshot(page, 'keyboard-palette-run');
    await page.keyboard.press('Enter');
    await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${run.id}/overview`);
    expect(await page.$(PALETTE)).toBeNull();
  });

  it('finds a key by fuzzy text and shows it alone on the run shown', async () => {
    const run = onlyRun(runs, (r) => r.name === 'resnet18-lr0.03-s2');
    expect(withKey('eval/acc')(run)).toBe(true);
    await goToRoute(page, `#/run/${run.id}/overview`);
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await keys.chooseKey('evacc', 'eval/acc');
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${run.id}/metrics?${alone('eval/acc')}`);
    await expect
      .poll(() => keys.board(), WAIT)
      .toEqual({ filter: '/^eval\\/acc$/', panels: ['eval/acc'] });

    // On the board shown, another key opens it anew, filtered to that key.
    await keys.chooseKey('trainloss', 'train/loss');
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${run.id}/metrics?${alone('train/loss')}`);
    await expect
      .poll(() => keys.board(), WAIT)
      .toEqual({ filter: '/^train\\/loss$/', panels: ['train/loss'] });
  });

  it('opens a key from the runs at the newest run that logged it, a reading on System', async () => {
    await keys.goToRuns();
    const newestWith = (key: string): string =>
      order.find((id) => withKey(key)(runs.find((r) => r.id === id)!))!;
    await keys.chooseKey('evacc', 'eval/acc');
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${newestWith('eval/acc')}/metrics?${alone('eval/acc')}`);

    await keys.goToRuns();
    await keys.chooseKey('syscpu', 'sys/cpu');
    await expect
      .poll(() => routeOf(page), WAIT)
      .toBe(`#/run/${newestWith('sys/cpu')}/system?${alone('sys/cpu')}`);
    await expect
      .poll(() => keys.board(), WAIT)
      .toEqual({ filter: '/^sys\\/cpu$/', panels: ['sys/cpu'] });
  });

  it('filters Compare’s board to a key chosen there, a reading on its System tab', async () => {
    const both = (run: ExportedRun): boolean => withKey('eval/acc')(run) && withKey('sys/cpu')(run);
    const pair = order.filter((id) => both(runs.find((r) => r.id === id)!)).slice(0, 2);
    expect(pair).toHaveLength(2);
    const compare = `#/compare/${pair.map(encodeURIComponent).join(',')}`;
    await goToRoute(page, compare);
    await page.waitForSelector('[data-testid="compare-page"]', WAIT);
    await keys.chooseKey('evacc', 'eval/acc');
    await expect.poll(() => routeOf(page), WAIT).toBe(`${compare}?${alone('eval/acc')}`);
    await expect
      .poll(() => keys.board(), WAIT)
      .toEqual({ filter: '/^eval\\/acc$/', panels: ['eval/acc'] });

    // The page stays; its tab turns to the reading's.
    await keys.chooseKey('syscpu', 'sys/cpu');
    await expect.poll(() => routeOf(page), WAIT).toBe(`${compare}?tab=system&${alone('sys/cpu')}`);
    await expect
      .poll(() => page.getAttribute('[data-testid="compare-tab-system"]', 'aria-selected'), WAIT)
      .toBe('true');
    await expect
      .poll(() => keys.board(), WAIT)
      .toEqual({ filter: '/^sys\\/cpu$/', panels: ['sys/cpu'] });
  });

  it('finds a saved view and opens it as the Views menu does', async () => {
    // A Compare of two selected runs, saved as a view with its selection.
    const pair = [order[0]!, order[1]!];
    await keys.goToRuns();
    for (const id of pair) await page.click(`[data-run-id="${id}"] input[type="checkbox"]`);
    await keys.blur();
    await keys.press(['c']);
    const compare = `#/compare/${pair.join(',')}`;
    await expect.poll(() => routeOf(page), WAIT).toBe(compare);
    await page.click('[data-testid="views-button"]');
    await page.fill('[data-testid="view-name"]', 'first pair');
    await page.click('[data-testid="view-save"]');
    await page.keyboard.press('Escape');
    await keys.goToRuns();
    await page.click('.status-bar .link-btn');
    await expect.poll(() => keys.selectedIds(), WAIT).toEqual([]);

    await keys.openPalette('frstpair');
    await expect
      .poll(() => keys.activeOption(), WAIT)
      .toEqual({ label: 'Open view: first pair', source: 'views', item: 'first pair' });
    await page.keyboard.press('Enter');
    await expect.poll(() => routeOf(page), WAIT).toBe(compare);
    expect(await page.$(PALETTE)).toBeNull();
    // Its runs are selected again, as the Views menu selects them.
    await keys.goToRuns();
    await expect.poll(async () => (await keys.selectedIds()).sort(), WAIT).toEqual(pair.sort());
    await page.click('.status-bar .link-btn');
    await expect.poll(() => keys.selectedIds(), WAIT).toEqual([]);
  });

  /** For each shortcut the sheet may list: presses one of its bindings and checks the effect. */
  const CHECKS: Record<string, (strokes: readonly string[]) => Promise<void>> = {
    'palette.open': async (strokes) => {
      await keys.goToRuns();
      await keys.press(strokes);
      await page.waitForSelector(PALETTE, WAIT);
      expect(await page.inputValue('[data-testid="palette-input"]')).toBe('');
      await page.keyboard.press('Escape');
    },
    'palette.commands': async (strokes) => {
      await keys.goToRuns();
      await keys.press(strokes);
      await page.waitForSelector(PALETTE, WAIT);
      expect(await page.inputValue('[data-testid="palette-input"]')).toBe('>');
      const sources = await page.$$eval('[role="option"]', (options) =>
        options.map((o) => o.getAttribute('data-source')),
      );
      expect(sources.length).toBeGreaterThan(2);
      expect(new Set(sources)).toEqual(new Set(['commands']));
      await page.keyboard.press('Escape');
    },
    'sheet.open': async (strokes) => {
      await keys.goToRuns();
      await keys.press(strokes);
      await page.waitForSelector(SHEET, WAIT);
      // Its footer says the palette's keys work everywhere: over the sheet, in its place.
      await keys.press(['Mod+k']);
      await page.waitForSelector(PALETTE, WAIT);
      expect(await page.locator(SHEET).count()).toBe(0);
      await page.keyboard.press('Escape');
    },
    'go.runs': async (strokes) => {
      await goToRoute(page, `#/run/${order[0]}/metrics`);
      await page.waitForSelector('[data-testid="run-page"]', WAIT);
      await keys.press(strokes);
      await expect.poll(() => routeOf(page), WAIT).toBe('#/');
    },
    'go.artifacts': async (strokes) => {
      await keys.goToRuns();
      await keys.press(strokes);
      await expect.poll(() => routeOf(page), WAIT).toBe('#/artifacts');
    },
    'compare.selected': async (strokes) => {
      await keys.goToRuns();
      await page.click(`[data-run-id="${order[2]}"] input[type="checkbox"]`);
      await keys.blur();
      await keys.press(strokes);
      await expect.poll(() => page.textContent(TOAST), WAIT).toContain('select another');
      expect(await routeOf(page)).toBe('#/');
      await page.click(`[data-run-id="${order[4]}"] input[type="checkbox"]`);
      await keys.blur();
      await keys.press(strokes);
      await expect
        .poll(() => routeOf(page), WAIT)
        .toBe(`#/compare/${[order[2], order[4]].join(',')}`);
      await keys.goToRuns();
      await page.click('.status-bar .link-btn');
    },
    'run.next': async (strokes) => {
      await keys.goToRuns();
      await goToRoute(page, `#/run/${order[1]}/metrics`);
      await page.waitForSelector('[data-testid="run-page"]', WAIT);
      await keys.press(strokes);
      await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${order[2]}/metrics`);
    },
    'run.previous': async (strokes) => {
      await keys.goToRuns();
      await goToRoute(page, `#/run/${order[1]}/files`);
      await page.waitForSelector('[data-testid="run-page"]', WAIT);
      await keys.press(strokes);
      await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${order[0]}/files`);
    },
    'table.filter': async (strokes) => {
      await keys.goToRuns();
      await keys.press(strokes);
      await expect.poll(() => keys.focusedTestId(), WAIT).toBe('run-filter');
      // The key focused the filter; it typed nothing into it.
      expect(await page.inputValue(FILTER)).toBe('');
    },
    'table.down': async (strokes) => {
      await keys.goToRuns();
      const from = order.indexOf((await keys.cursorId())!);
      expect(from).toBeLessThan(order.length - 1);
      await keys.press(strokes);
      await expect.poll(() => keys.cursorId(), WAIT).toBe(order[from + 1]);
    },
    'table.up': async (strokes) => {
      await keys.goToRuns();
      await keys.press(['j']);
      const from = order.indexOf((await keys.cursorId())!);
      expect(from).toBeGreaterThan(0);
      await keys.press(strokes);
      await expect.poll(() => keys.cursorId(), WAIT).toBe(order[from - 1]);
    },
    'table.open': async (strokes) => {
      await keys.goToRuns();
      const at = (await keys.cursorId())!;
      await keys.press(strokes);
      await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${at}/overview`);
    },
    'table.select': async (strokes) => {
      await keys.goToRuns();
      const at = (await keys.cursorId())!;
      expect(await keys.selectedIds()).toEqual([]);
      await keys.press(strokes);
      await expect.poll(() => keys.selectedIds(), WAIT).toEqual([at]);
      await keys.press(strokes);
      await expect.poll(() => keys.selectedIds(), WAIT).toEqual([]);
    },
    'table.clear-filter': async (strokes) => {
      await keys.goToRuns();
      await page.click(FILTER);
      await page.keyboard.type('resnet50');
      await expect.poll(() => rowIds(page), WAIT).toHaveLength(1);
      await keys.press(strokes);
      expect(await page.inputValue(FILTER)).toBe('');
      expect(await keys.focusedTestId()).not.toBe('run-filter');
      await expect.poll(() => rowIds(page), WAIT).toHaveLength(order.length);
    },
    'palette.down': async (strokes) => {
      await keys.goToRuns();
      await keys.openPalette('');
      const first = await keys.activeOption();
      await keys.press(strokes);
      await expect.poll(() => keys.activeOption(), WAIT).not.toEqual(first);
      expect(
        await page.getAttribute('[data-testid="palette-input"]', 'aria-activedescendant'),
      ).toBe('palette-option-1');
      await page.keyboard.press('Escape');
    },
    'palette.up': async (strokes) => {
      await keys.goToRuns();
      await keys.openPalette('');
      await keys.press(['ArrowDown']);
      await keys.press(['ArrowDown']);
      await keys.press(strokes);
      expect(
        await page.getAttribute('[data-testid="palette-input"]', 'aria-activedescendant'),
      ).toBe('palette-option-1');
      await page.keyboard.press('Escape');
    },
    'palette.choose': async (strokes) => {
      await keys.goToRuns();
      await keys.openPalette('>theme');
      const before = await keys.theme();
      await keys.press(strokes);
      await expect.poll(() => keys.theme(), WAIT).toBe(before === 'dark' ? 'light' : 'dark');
      expect(await page.$(PALETTE)).toBeNull();
      // Back to the theme of before.
      await keys.openPalette('>theme');
      await keys.press(strokes);
      await expect.poll(() => keys.theme(), WAIT).toBe(before);
    },
    'overlay.close': async (strokes) => {
      await keys.goToRuns();
      // The palette, opened from the filter, gives focus back to it.
      await page.click(FILTER);
      await keys.press(['Mod+k']);
      await page.waitForSelector(PALETTE, WAIT);
      await keys.press(strokes);
      await expect.poll(() => page.$(PALETTE), WAIT).toBeNull();
      expect(await keys.focusedTestId()).toBe('run-filter');
      await keys.blur();
      await keys.press(['?']);
      await page.waitForSelector(SHEET, WAIT);
      await keys.press(strokes);
      await expect.poll(() => page.$(SHEET), WAIT).toBeNull();
      // A menu too.
      await page.click('[data-testid="columns-button"]');
      await page.waitForSelector('.columns-menu', WAIT);
      await keys.press(strokes);
      await expect.poll(() => page.$('.columns-menu'), WAIT).toBeNull();
    },
  };

  it('lists every shortcut in the sheet, and each does what the sheet says', async () => {
    await keys.goToRuns();
    await keys.press(['?']);
    await page.waitForSelector(SHEET, WAIT);
    const rows = await evaluate<SheetRow[]>(
      page,
      `[...document.querySelectorAll('[data-testid="shortcut-row"]')].map((row) => ({
        id: row.getAttribute('data-shortcut'),
        description: row.querySelector('td').textContent,
        bindings: [...row.querySelectorAll('.keycaps')].map((caps) =>
          caps.getAttribute('data-strokes').split(' ')),
      }))`,
    );
    await screenshot(page, 'keyboard-sheet-light');
    await page.keyboard.press('Escape');
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(CHECKS).sort());
    for (const row of rows) {
      expect(row.description.length, row.id).toBeGreaterThan(5);
      for (const strokes of row.bindings) {
        await CHECKS[row.id]!(strokes);
        // Whatever the check left open, the next starts from the runs with no overlay.
        await expect.poll(() => page.$(`${PALETTE}, ${SHEET}`), WAIT).toBeNull();
      }
    }
  });

  it('fires no shortcut while typing in the runs filter', async () => {
    await keys.goToRuns();
    // A toast of an earlier test must not pass for one typing made.
    await expect.poll(() => page.$(TOAST), WAIT).toBeNull();
    await page.click(FILTER);
    const typed = 'jkxo?cgrga[]/ ';
    await page.keyboard.type(typed);
    expect(await page.inputValue(FILTER)).toBe(typed);
    // Still the runs table, whose address holds the filter typed.
    expect(await routeOf(page)).toBe(`#/?${new URLSearchParams({ filter: typed })}`);
    expect(await page.$(`${PALETTE}, ${SHEET}, ${TOAST}`)).toBeNull();
    expect(await keys.focusedTestId()).toBe('run-filter');
    await page.fill(FILTER, '');
    expect(await keys.selectedIds()).toEqual([]);
  });

  it('looks right in both themes', async () => {
    await keys.goToRuns();
    await keys.openPalette('acc');
    await page.waitForSelector('[data-source="keys"][role="option"]', WAIT);
    await screenshot(page, 'keyboard-palette-light');
    await page.keyboard.press('Escape');
    await page.click('.topbar .icon-btn[title^="Switch to the"]');
    await expect.poll(() => keys.theme(), WAIT).toBe('dark');
    await keys.blur();
    await keys.openPalette('');
    await screenshot(page, 'keyboard-palette-dark');
    await page.keyboard.press('Escape');
    await keys.press(['?']);
    await page.waitForSelector(SHEET, WAIT);
    await screenshot(page, 'keyboard-sheet-dark');
    await page.keyboard.press('Escape');
  });
});
