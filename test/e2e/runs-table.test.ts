// The runs table in Chromium against `munin-view serve` of the demo store: the query filter and its errors, columns shown, hidden and resized, the layout at 1440 and 1024 px, and what outlives opening a run.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import { E2eSession, WAIT, describeE2e, openDemoApp, rowIds, screenshot } from './support.js';

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
      ['lr=3e-3', (run) => lrOf(run) === 0.003],
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
      .toBe('No run has a param or summary named “stauts”.');
    await expectRows([]);
    await setFilter('');
  });

  it('explains the syntax in the filter’s tooltip', async () => {
    const title = await page.getAttribute('[data-testid="run-filter"]', 'title');
    for (const part of ['key=value', 'key!=value', 'key>=value', 'OR', '-term', '"a b"', 'tag:x'])
      expect(title).toContain(part);
  });
});
