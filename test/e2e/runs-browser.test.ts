// The runs browser in Chromium against `munin-view serve` of the demo store: statuses, sorting, filtering, status chips and keyboard control.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  openDemoApp,
  evaluate,
  routeOf,
  rowIds,
  screenshot,
} from './support.js';

/** The order the browser gives its rows for each status (STATUS_ORDER of the table model). */
const STATUS_RANK = ['running', 'silent', 'crashed', 'failed', 'killed', 'finished', 'unreadable'];

describeE2e('the runs browser', () => {
  const session = new E2eSession();
  let root: string;
  let runs: ExportedRun[];
  let page: Page;

  beforeAll(async () => {
    ({ root, runs, page } = await openDemoApp(session));
  });

  afterAll(() => session.close());

  /** A run's start time, from the start record that is the first line of its log. */
  function startTime(id: string): number {
    const first = readFileSync(join(root, 'runs', id, 'events.jsonl'), 'utf8').split('\n')[0]!;
    return (JSON.parse(first) as { time: number }).time;
  }

  /** Ids ordered by key (ties by id), each child run listed right after its parent. */
  function expectedOrder(key: (run: ExportedRun) => number, descending: boolean): string[] {
    const sorted = [...runs].sort((a, b) => {
      const order = key(a) - key(b);
      return (descending ? -order : order) || (a.id < b.id ? -1 : 1);
    });
    const listed = new Set(sorted.map((run) => run.id));
    const isChild = (run: ExportedRun): boolean => run.parent !== null && listed.has(run.parent);
    const out: string[] = [];
    const visit = (run: ExportedRun): void => {
      out.push(run.id);
      for (const child of sorted) if (child.parent === run.id) visit(child);
    };
    for (const run of sorted) if (!isChild(run)) visit(run);
    return out;
  }

  async function setFilter(text: string): Promise<void> {
    await page.fill('[data-testid="run-filter"]', text);
  }

  async function expectRows(ids: readonly string[]): Promise<void> {
    await expect.poll(async () => [...(await rowIds(page))].sort(), WAIT).toEqual([...ids].sort());
  }

  async function sortState(column: string): Promise<string | null> {
    return page.getAttribute(`[role="columnheader"][data-column="${column}"]`, 'aria-sort');
  }

  it('lists every run of the export with the status the export gives it', async () => {
    expect(runs).toHaveLength(13);
    const shown = await evaluate<[string, string | null][]>(
      page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')].map((row) => [
        row.getAttribute('data-run-id'),
        row.querySelector('.status[data-status]')?.getAttribute('data-status') ?? null,
      ])`,
    );
    expect(new Map(shown)).toEqual(new Map(runs.map((run) => [run.id, run.status])));
    expect(new Set(runs.map((run) => run.status))).toEqual(
      new Set(['finished', 'failed', 'killed', 'crashed']),
    );
    await expect.poll(() => page.textContent('.status-bar'), WAIT).toContain('13 of 13 runs');
    await screenshot(page, 'runs-browser');
  });

  it('shows the same table in the dark theme', async () => {
    await page.click('.topbar button[title^="Switch to the"]');
    await expect
      .poll(() => evaluate(page, 'document.documentElement.dataset.theme'), WAIT)
      .toBe('dark');
    await screenshot(page, 'runs-browser-dark');
    await page.click('.topbar button[title^="Switch to the"]');
    await expect
      .poll(() => evaluate(page, 'document.documentElement.dataset.theme'), WAIT)
      .toBe('light');
  });

  it('sorts by start time, newest first by default, and by status', async () => {
    const byStart = (run: ExportedRun): number => startTime(run.id);
    expect(await sortState('start')).toBe('descending');
    expect(await rowIds(page)).toEqual(expectedOrder(byStart, true));

    await page.click('[role="columnheader"][data-column="start"]');
    expect(await sortState('start')).toBe('ascending');
    await expect.poll(() => rowIds(page), WAIT).toEqual(expectedOrder(byStart, false));

    const byStatus = (run: ExportedRun): number => STATUS_RANK.indexOf(run.status);
    await page.click('[role="columnheader"][data-column="status"]');
    expect(await sortState('status')).toBe('ascending');
    expect(await sortState('start')).toBe('none');
    await expect.poll(() => rowIds(page), WAIT).toEqual(expectedOrder(byStatus, false));
    const firstStatus = await page.getAttribute(
      '[data-testid="runs-table"] [data-run-id] .status',
      'data-status',
    );
    expect(firstStatus).toBe('crashed');

    await page.click('[role="columnheader"][data-column="status"]');
    expect(await sortState('status')).toBe('descending');
    await expect.poll(() => rowIds(page), WAIT).toEqual(expectedOrder(byStatus, true));

    await page.click('[role="columnheader"][data-column="start"]');
    expect(await sortState('start')).toBe('descending');
    await expect.poll(() => rowIds(page), WAIT).toEqual(expectedOrder(byStart, true));
  });

  it('narrows the rows by text, by tag and by param', async () => {
    const sweep = runs.filter((run) => run.experiment === 'cifar-sweep').map((run) => run.id);
    expect(sweep).toHaveLength(6);
    await setFilter('cifar-sweep');
    await expectRows(sweep);

    const tagged = runs.filter((run) => run.tags.includes('sweep')).map((run) => run.id);
    await setFilter('tag:sweep');
    await expectRows(tagged);
    expect(await page.textContent('.status-bar')).toContain(`${tagged.length} of 13 runs`);
    await screenshot(page, 'runs-filtered');

    const lr = runs.filter((run) => run.params['lr'] === 0.05).map((run) => run.id);
    expect(lr.length).toBeGreaterThan(0);
    expect(lr.length).toBeLessThan(runs.length);
    await setFilter('lr=0.05');
    await expectRows(lr);

    await setFilter('cifar-sweep tag:best');
    const best = runs.filter(
      (run) => run.experiment === 'cifar-sweep' && run.tags.includes('best'),
    );
    expect(best).toHaveLength(1);
    await expectRows(best.map((run) => run.id));

    await setFilter('no-run-is-called-this');
    await expectRows([]);
    await page.waitForSelector('text=No run matches', { timeout: 5_000 });

    await setFilter('');
    await expectRows(runs.map((run) => run.id));
  });

  it('filters by status with a chip, and shows all again when it is clicked off', async () => {
    const finished = runs.filter((run) => run.status === 'finished').map((run) => run.id);
    const chip = '[data-testid="status-chip-finished"]';
    expect(await page.textContent(`${chip} .count`)).toBe(String(finished.length));
    await page.click(chip);
    await expectRows(finished);
    await page.click('[data-testid="status-chip-failed"]');
    await expectRows(
      runs.filter((run) => ['finished', 'failed'].includes(run.status)).map((run) => run.id),
    );
    await page.click(chip);
    await expectRows(runs.filter((run) => run.status === 'failed').map((run) => run.id));
    await page.click('[data-testid="status-chip-failed"]');
    await expectRows(runs.map((run) => run.id));
  });

  it('focuses the filter on /, moves with ArrowDown and opens the run with Enter', async () => {
    await page.click('.status-bar');
    await page.keyboard.press('/');
    expect(
      await evaluate(page, "document.activeElement?.getAttribute('data-testid') ?? null"),
    ).toBe('run-filter');
    expect(await page.inputValue('[data-testid="run-filter"]')).toBe('');

    const order = await rowIds(page);
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`[data-run-id="${order[1]}"].cursor`, { timeout: 5_000 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="run-page"]', { timeout: 10_000 });
    expect(await routeOf(page)).toBe(`#/run/${order[1]}/overview`);
    const opened = runs.find((run) => run.id === order[1])!;
    expect(await page.textContent('[data-testid="run-title"]')).toBe(opened.name);
  });
});
