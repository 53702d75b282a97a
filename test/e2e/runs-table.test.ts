// The runs table in Chromium against `munin-view serve` of the demo store: the query filter and its errors, columns shown, hidden and resized, the layout at 1440 and 1024 px, and what outlives opening a run.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  openDemoApp,
  rowIds,
  screenshot,
} from './support.js';

/** The export's summary values, which ExportedRun leaves out. */
function summaryOf(run: ExportedRun): Record<string, unknown> {
  return (run as unknown as { summary: Record<string, unknown> }).summary;
}

describeE2e('the runs table', () => {
  const session = new E2eSession();
  let runs: ExportedRun[];
  let page: Page;

  beforeAll(async () => {
    ({ runs, page } = await openDemoApp(session));
  });

  afterAll(() => session.close());

  async function setFilter(text: string): Promise<void> {
    await page.fill('[data-testid="run-filter"]', text);
  }

  async function expectRows(ids: readonly string[]): Promise<void> {
    await expect.poll(async () => [...(await rowIds(page))].sort(), WAIT).toEqual([...ids].sort());
  }

  function idsWhere(keep: (run: ExportedRun) => boolean): string[] {
    return runs.filter(keep).map((run) => run.id);
  }

  const lrOf = (run: ExportedRun): number | undefined => run.params['lr'] as number | undefined;

  it('filters by comparisons, fields, negation and OR', async () => {
    const cases: [string, (run: ExportedRun) => boolean][] = [
      ['lr>0.01', (run) => (lrOf(run) ?? 0) > 0.01],
      ['lr<=0.01', (run) => lrOf(run) !== undefined && lrOf(run)! <= 0.01],
      ['lr=3e-2', (run) => lrOf(run) === 0.03],
      [
        'best_eval_acc>0.9',
        (run) => ((summaryOf(run)['best_eval_acc'] as number | undefined) ?? 0) > 0.9,
      ],
      ['experiment:cifar-resnet', (run) => run.experiment === 'cifar-resnet'],
      ['-tag:sweep', (run) => !run.tags.includes('sweep')],
      ['tag:best OR tag:oom', (run) => run.tags.includes('best') || run.tags.includes('oom')],
      ['final_loss=nan', (run) => run.name === 'resnet18-lr3'],
    ];
    for (const [query, keep] of cases) {
      const expected = idsWhere(keep);
      // Each case narrows the table to some runs but not all, so that it tests something.
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(runs.length);
      await setFilter(query);
      await expectRows(expected);
      expect(await page.$('[data-testid="run-filter-problem"]'), query).toBeNull();
    }
    await setFilter('tag:best OR tag:oom');
    await screenshot(page, 'runs-table-filter-or');
  });

  it('updates its rows in place as the filter changes, each showing its own run', async () => {
    // Two filters with no run in common: every run the second lists is new to the view.
    const high = idsWhere((run) => (lrOf(run) ?? 0) > 0.01);
    const low = idsWhere((run) => lrOf(run) !== undefined && lrOf(run)! <= 0.01);
    expect(high.filter((id) => low.includes(id))).toEqual([]);
    await setFilter('lr>0.01');
    await expectRows(high);
    await evaluate(
      page,
      `document.querySelectorAll('[data-testid="runs-table"] [data-run-id]').forEach((row) => (row.__kept = true))`,
    );
    await setFilter('lr<=0.01');
    await expectRows(low);
    const shown = await evaluate<{ id: string; kept: boolean; checkbox: string }[]>(
      page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')].map((row) => ({
        id: row.getAttribute('data-run-id'), kept: row.__kept === true,
        checkbox: row.querySelector('input[type=checkbox]').getAttribute('aria-label') }))`,
    );
    // Rows are keyed by their slot: the elements stay, and take the runs now listed.
    expect(shown.filter((row) => row.kept).length).toBe(Math.min(high.length, low.length));
    for (const row of shown) {
      const run = runs.find((r) => r.id === row.id)!;
      expect(row.checkbox).toBe(`Select ${run.name ?? run.id}`);
    }
    await setFilter('');
  });

  it('says what is wrong with a query that does not parse, and leaves the table unfiltered', async () => {
    await setFilter('lr>');
    const problem = '[data-testid="run-filter-problem"]';
    await expect
      .poll(() => page.textContent(problem), WAIT)
      .toBe('lr>: a value is missing after > (as in lr>0.01) — the filter is not applied.');
    expect(await page.getAttribute('[data-testid="run-filter"]', 'aria-invalid')).toBe('true');
    await expectRows(runs.map((run) => run.id));
    expect(await page.textContent('.status-bar')).toContain('filter not applied');
    await screenshot(page, 'runs-table-filter-error');

    await setFilter('lr>0.1');
    await expect.poll(() => page.$(problem), WAIT).toBeNull();
    expect(await page.getAttribute('[data-testid="run-filter"]', 'aria-invalid')).toBe('false');

    // A key no run has is not an error, but the filter says so rather than just match nothing.
    await setFilter('stauts:failed');
    await expect
      .poll(() => page.textContent(problem), WAIT)
      .toBe('No run has a param, summary value or statistic named “stauts”.');
    await expectRows([]);
    await setFilter('');
  });

  it('explains the syntax in the filter’s tooltip', async () => {
    const title = await page.getAttribute('[data-testid="run-filter"]', 'title');
    for (const part of ['key=value', 'key!=value', 'key>=value', 'OR', '-term', '"a b"', 'tag:x'])
      expect(title).toContain(part);
  });

  const VALUE_COLUMNS = [
    ['param', 'lr'],
    ['param', 'batch'],
    ['param', 'weight_decay'],
    ['summary', 'best_eval_acc'],
    ['summary', 'test_acc'],
    ['summary', 'wall_time_s'],
  ] as const;

  async function openColumnsMenu(): Promise<void> {
    if ((await page.$('.columns-menu')) === null)
      await page.click('[data-testid="columns-button"]');
    await page.waitForSelector('.columns-menu', { timeout: 5_000 });
  }

  async function closeColumnsMenu(): Promise<void> {
    if ((await page.$('.columns-menu')) !== null)
      await page.click('[data-testid="columns-button"]');
    await expect.poll(() => page.$('.columns-menu'), WAIT).toBeNull();
  }

  /** Checks or unchecks a checkbox of the Columns menu by its label text. */
  async function setMenuBox(label: string, checked: boolean): Promise<void> {
    await openColumnsMenu();
    const box = page.locator('.columns-menu label', { hasText: new RegExp(`^${label}`) });
    await box.locator('input').setChecked(checked);
  }

  async function reload(): Promise<void> {
    await page.reload();
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', { timeout: 15_000 });
  }

  /** Header cells whose text is cut without an ellipsis, cut at its start, or without a title. */
  function badHeaders(): Promise<string[]> {
    return evaluate(
      page,
      `[...document.querySelectorAll('[role="columnheader"]')].flatMap((cell) => {
        const label = cell.querySelector('.label');
        const name = cell.getAttribute('data-column');
        if (label === null) return [name + ': no label'];
        const text = label.textContent;
        const problems = [];
        if (!(cell.getAttribute('title') ?? '').startsWith(text)) problems.push('title');
        for (const part of [label, ...label.children]) {
          const cut = part.scrollWidth > part.clientWidth;
          if (cut && getComputedStyle(part).textOverflow !== 'ellipsis') problems.push('cut');
        }
        const box = cell.getBoundingClientRect();
        const at = label.getBoundingClientRect();
        if (at.left < box.left || at.right > box.right) problems.push('outside its cell');
        return problems.map((p) => name + ': ' + p);
      })`,
    );
  }

  /** Widths of the rows, the header and the scrolled content; the table's own width. */
  function tableWidths(): Promise<{ rows: number[]; head: number; content: number; view: number }> {
    return evaluate(
      page,
      `(() => {
        const wrap = document.querySelector('[data-testid="runs-table"]');
        return {
          rows: [...wrap.querySelectorAll('[data-run-id]')].map((r) => r.getBoundingClientRect().width),
          head: wrap.querySelector('.grid-head').getBoundingClientRect().width,
          content: wrap.scrollWidth,
          view: wrap.clientWidth,
        };
      })()`,
    );
  }

  /**
   * For each row, its tags cell: whether every chip shown is whole and inside the cell, how many
   * chips show, the +n mark, and the cell's title.
   */
  function tagCells(): Promise<
    { id: string; whole: boolean; shown: number; more: number; title: string | null }[]
  > {
    return evaluate(
      page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')].map((row) => {
        const cell = row.querySelector('[data-cell="tags"]');
        const list = cell.querySelector('.tag-list');
        const box = cell.getBoundingClientRect();
        const chips = [...cell.querySelectorAll('.tag:not(.more)')];
        const more = cell.querySelector('.tag.more');
        const whole = [...chips, ...(more ? [more] : [])].every((chip) => {
          const at = chip.getBoundingClientRect();
          return chip.scrollWidth <= chip.clientWidth && at.right <= box.right - 9 && at.left >= box.left;
        });
        return {
          id: row.getAttribute('data-run-id'),
          whole,
          shown: chips.length,
          more: more ? Number(more.textContent.slice(1)) : 0,
          title: list ? list.getAttribute('title') : null,
        };
      })`,
    );
  }

  it('adds param and summary columns whose headers read whole or cut with an ellipsis', async () => {
    for (const [kind, key] of VALUE_COLUMNS) {
      await openColumnsMenu();
      const section = kind === 'param' ? 'Params' : 'Summary';
      // The two sections list keys alike: pick the box after the right section's heading.
      await evaluate(
        page,
        `(() => {
          const menu = document.querySelector('.columns-menu');
          const heading = [...menu.querySelectorAll('.section')].find((s) => s.textContent === ${JSON.stringify(section)});
          let node = heading.nextElementSibling;
          while (node && !node.classList.contains('section')) {
            if (node.textContent === ${JSON.stringify(key)}) { node.querySelector('input').click(); return; }
            node = node.nextElementSibling;
          }
          throw new Error('no ${key} in ${section}');
        })()`,
      );
      await page.waitForSelector(`[role="columnheader"][data-column="${kind}:${key}"]`, WAIT);
    }
    await closeColumnsMenu();
    expect(await page.textContent('[role="columnheader"][data-column="param:lr"] .label')).toBe(
      'param · lr',
    );
    expect(
      await page.getAttribute('[role="columnheader"][data-column="param:lr"]', 'title'),
    ).toMatch(/^param · lr/);
    expect(await badHeaders()).toEqual([]);
    await screenshot(page, 'runs-table-columns-1440');
  });

  it('draws every row border across the whole width when the table scrolls sideways', async () => {
    const widths = await tableWidths();
    expect(widths.content).toBeGreaterThan(widths.view);
    expect(widths.rows).toHaveLength(runs.length);
    for (const width of widths.rows) expect(width).toBeCloseTo(widths.content, 0);
    expect(widths.head).toBeCloseTo(widths.content, 0);
    await evaluate(page, `document.querySelector('[data-testid="runs-table"]').scrollLeft = 1e6`);
    await screenshot(page, 'runs-table-columns-1440-scrolled');
    await evaluate(page, `document.querySelector('[data-testid="runs-table"]').scrollLeft = 0`);
  });

  it('keeps each experiment group’s name in view when the table scrolls sideways', async () => {
    const wide = VALUE_COLUMNS.map(([kind, key]) => ({ kind, key }));
    await evaluate(
      page,
      `localStorage.setItem('munin-view:columns', ${JSON.stringify(JSON.stringify(wide))})`,
    );
    await reload();
    await page.click('[data-testid="group-by-button"]');
    await page.check('[data-group-field="experiment"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.group-row', WAIT);
    await evaluate(page, `document.querySelector('[data-testid="runs-table"]').scrollLeft = 1e6`);
    expect(
      await evaluate<number>(
        page,
        `document.querySelector('[data-testid="runs-table"]').scrollLeft`,
      ),
    ).toBeGreaterThan(100);
    const shown = await evaluate<boolean[]>(
      page,
      `(() => {
        const wrap = document.querySelector('[data-testid="runs-table"]').getBoundingClientRect();
        return [...document.querySelectorAll('.group-row .group-label')].map((label) => {
          const at = label.getBoundingClientRect();
          return at.left >= wrap.left && at.right <= wrap.right;
        });
      })()`,
    );
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.every((inView) => inView)).toBe(true);
    await screenshot(page, 'runs-table-groups-scrolled');
    await evaluate(page, `document.querySelector('[data-testid="runs-table"]').scrollLeft = 0`);
    await page.click('[data-testid="group-by-button"]');
    await page.uncheck('[data-group-field="experiment"]');
    await page.keyboard.press('Escape');
  });

  it('shows each tag whole, the ones without room counted as +n, all in the title', async () => {
    const cells = await tagCells();
    const byId = new Map(runs.map((run) => [run.id, run]));
    for (const cell of cells) {
      const tags = byId.get(cell.id)!.tags;
      expect(cell.whole, cell.id).toBe(true);
      expect(cell.shown + cell.more, cell.id).toBe(tags.length);
      if (tags.length > 0) expect(cell.title, cell.id).toBe(tags.join(', '));
    }
  });

  it('resizes a column by dragging its header’s edge, and keeps the width', async () => {
    const header = '[role="columnheader"][data-column="param:lr"]';
    const widthOf = async (): Promise<number> => (await page.locator(header).boundingBox())!.width;
    const before = await widthOf();
    const handle = (await page.locator(`${header} .col-resize`).boundingBox())!;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.move(x + 80, y, { steps: 3 });
    await page.mouse.up();
    expect(await widthOf()).toBeCloseTo(before + 80, 0);
    // A drag is no click: the table is still sorted as it was.
    expect(await page.getAttribute(header, 'aria-sort')).toBe('none');
    await reload();
    expect(await widthOf()).toBeCloseTo(before + 80, 0);
    await page.dblclick(`${header} .col-resize`);
    await expect.poll(widthOf, WAIT).toBeCloseTo(before, 0);
  });

  it('cuts a header narrowed past its text with an ellipsis, its title whole', async () => {
    const column = 'summary:best_eval_acc';
    const label = `[role="columnheader"][data-column="${column}"] .label`;
    await page.locator(`[data-column="${column}"] .col-resize`).scrollIntoViewIfNeeded();
    const handle = (await page.locator(`[data-column="${column}"] .col-resize`).boundingBox())!;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 120, y, { steps: 4 });
    await page.mouse.up();
    // The prefix gives way to the key, and the key that is still too long ends in an ellipsis.
    const parts = await evaluate<{ prefix: number; key: number; keyCut: boolean }>(
      page,
      `(() => {
        const prefix = document.querySelector('${label} .prefix');
        const key = document.querySelector('${label} .key');
        return { prefix: prefix.clientWidth, key: key.clientWidth, keyCut: key.scrollWidth > key.clientWidth };
      })()`,
    );
    expect(parts.prefix).toBeLessThan(parts.key / 4);
    expect(parts.keyCut).toBe(true);
    expect(await badHeaders()).toEqual([]);
    await screenshot(page, 'runs-table-narrowed-header');
    await page.dblclick(`[data-column="${column}"] .col-resize`);
    await evaluate(page, `document.querySelector('[data-testid="runs-table"]').scrollLeft = 0`);
  });

  it('hides any column but the run name from the Columns menu, Id included, for good', async () => {
    await setMenuBox('Id', false);
    await expect.poll(() => page.$('[role="columnheader"][data-column="id"]'), WAIT).toBeNull();
    await setMenuBox('Progress', false);
    await expect
      .poll(() => page.$('[role="columnheader"][data-column="progress"]'), WAIT)
      .toBeNull();
    const run = page.locator('.columns-menu label', { hasText: /^Run/ }).locator('input');
    expect(await run.isDisabled()).toBe(true);
    expect(await run.isChecked()).toBe(true);
    await reload();
    expect(await page.$('[role="columnheader"][data-column="id"]')).toBeNull();
    expect(await page.$('[role="columnheader"][data-column="name"]')).not.toBeNull();
    await setMenuBox('Id', true);
    await setMenuBox('Progress', true);
    await page.waitForSelector('[role="columnheader"][data-column="id"]', WAIT);
    await closeColumnsMenu();
  });

  it('holds its layout at 1024 px: one toolbar line, Progress and Tags whole, no sideways scroll', async () => {
    await evaluate(page, `localStorage.removeItem('munin-view:columns')`);
    await page.setViewportSize({ width: 1024, height: 768 });
    await reload();
    const toolbar = await evaluate<{ tops: number[]; height: number }>(
      page,
      `(() => {
        const bar = document.querySelector('.toolbar');
        return {
          tops: [...bar.children].filter((c) => c.getBoundingClientRect().width > 0)
            .map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)),
          height: bar.getBoundingClientRect().height,
        };
      })()`,
    );
    expect(new Set(toolbar.tops).size).toBe(1);
    expect(toolbar.height).toBeLessThan(56);
    const widths = await tableWidths();
    expect(widths.content).toBeLessThanOrEqual(widths.view);
    const progress = await evaluate<{ cut: number; outside: number }>(
      page,
      `(() => {
        const wrap = document.querySelector('[data-testid="runs-table"]').getBoundingClientRect();
        const cells = [...document.querySelectorAll('[data-cell="progress"], [data-cell="tags"]')];
        const labels = [...document.querySelectorAll('[data-cell="progress"] .label')];
        return {
          cut: labels.filter((l) => l.scrollWidth > l.clientWidth).length,
          outside: cells.filter((c) => c.getBoundingClientRect().right > wrap.right).length,
        };
      })()`,
    );
    expect(progress).toEqual({ cut: 0, outside: 0 });
    expect((await tagCells()).filter((cell) => !cell.whole)).toEqual([]);
    expect(await badHeaders()).toEqual([]);
    await screenshot(page, 'runs-table-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows a failed run’s experiment and its error both', async () => {
    // The OOM run: the sweep's seed that fails part-way is not this test's.
    const failed = runs.filter(
      (run) => run.status === 'failed' && run.experiment !== 'cifar-sweep',
    );
    expect(failed).toHaveLength(1);
    const run = failed[0]!;
    const sub = `[data-run-id="${run.id}"] .run-name .sub`;
    const lastLine = run.error!.trim().split('\n').pop()!.trim();
    expect(await page.textContent(sub)).toBe(`${run.experiment} · ${lastLine}`);
    expect(await page.textContent(`${sub} .run-error`)).toBe(lastLine);
    expect(await page.getAttribute(sub, 'title')).toBe(`${run.experiment}\n${run.error}`);
  });

  it('keeps the selection after opening a run and going back', async () => {
    await setFilter('');
    const [first, second, third] = await rowIds(page);
    for (const id of [first, third])
      await page.click(`[data-run-id="${id}"] input[type="checkbox"]`);
    const compare = page.locator('.toolbar .btn.primary');
    await expect.poll(() => compare.textContent(), WAIT).toBe('Compare (2)');
    await page.click(`[data-run-id="${second}"] [data-cell="name"]`);
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await page.click('.run-header a[href="#/"]');
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
    const checked = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-run-id]')]
        .filter((row) => row.querySelector('input[type="checkbox"]').checked)
        .map((row) => row.getAttribute('data-run-id'))`,
    );
    expect(checked.sort()).toEqual([first, third].sort());
    expect(await compare.textContent()).toBe('Compare (2)');
    expect(await page.textContent('.status-bar')).toContain('2 selected');
    await page.click('.status-bar .link-btn');
    await expect.poll(() => compare.textContent(), WAIT).toBe('Compare');
  });

  it('closes the Columns menu with Escape, back on its button, before clearing the filter', async () => {
    await setFilter('sweep');
    await page.focus('[data-testid="run-filter"]');
    await page.click('[data-testid="columns-button"]');
    await page.waitForSelector('.columns-menu', WAIT);
    await page.focus('[data-testid="run-filter"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.$('.columns-menu'), WAIT).toBeNull();
    expect(await page.inputValue('[data-testid="run-filter"]')).toBe('sweep');
    expect(
      await evaluate(page, "document.activeElement?.getAttribute('data-testid') ?? null"),
    ).toBe('columns-button');
    await setFilter('');
  });
});
