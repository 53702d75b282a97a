// A run's page in Chromium against `munin-view serve`: a failed run's error, params, provenance, statistics, and tags and notes written to disk byte for byte and followed from disk.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { tagDigest } from '../../shared/format/digest.js';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  openDemoApp,
  evaluate,
  replaceFile,
  routeOf,
  screenshot,
  openRunPage,
  onlyRun,
} from './support.js';

describeE2e('the run page', () => {
  const session = new E2eSession();
  let root: string;
  let runs: ExportedRun[];
  let page: Page;

  beforeAll(async () => {
    ({ root, runs, page } = await openDemoApp(session));
  });

  afterAll(() => session.close());

  // The sweep's seed that fails part-way is not the run of these tests: its failure is the OOM.
  const runWith = (status: string) =>
    onlyRun(runs, (run) => run.status === status && run.experiment !== 'cifar-sweep');

  const openRun = (run: ExportedRun, tab?: string) => openRunPage(page, run, tab);

  /** The rows of the key/value table of the overview card titled title: name, text, value title. */
  function cardRows(title: string): Promise<[string, string, string | null][]> {
    return evaluate(
      page,
      `[...document.querySelectorAll('.card')]
        .filter((card) => card.querySelector('h3')?.textContent === ${JSON.stringify(title)})
        .flatMap((card) => [...card.querySelectorAll('table.kv > tbody > tr')])
        .map((row) => [
          row.children[0]?.textContent ?? '',
          row.children[1]?.textContent ?? '',
          row.children[1]?.querySelector('span[title]')?.getAttribute('title') ?? null,
        ])`,
    );
  }

  async function statisticsRows(): Promise<Map<string, string>> {
    await page.waitForSelector('[data-testid="statistics-table"] tbody tr', { timeout: 10_000 });
    const rows = await evaluate<[string, string][]>(
      page,
      `[...document.querySelectorAll('[data-testid="statistics-table"] tr[data-key]')].map((tr) => [
        tr.getAttribute('data-key'),
        tr.querySelector('td:nth-child(3)')?.textContent ?? '',
      ])`,
    );
    return new Map(rows);
  }

  function expectedStatistics(run: ExportedRun, kind: string): Map<string, string> {
    return new Map(
      Object.entries(run.stats)
        .filter(([, stats]) => stats.kind === kind)
        .map(([key, stats]) => [key, String(stats.count)]),
    );
  }

  it("shows a failed run's error, params and provenance", async () => {
    const failed = runWith('failed');
    expect(failed.error).toContain('CUDA out of memory');
    await openRun(failed);
    expect(await page.getAttribute('[data-testid="run-page"] h1 .status', 'data-status')).toBe(
      'failed',
    );
    expect(await page.textContent('[data-testid="run-error"]')).toBe(failed.error);

    await page.waitForSelector('.card h3:text-is("Params")', { timeout: 10_000 });
    const params = await cardRows('Params');
    expect(params.map(([name]) => name)).toEqual(Object.keys(failed.params));
    for (const [name, , title] of params) {
      expect(title).toMatch(new RegExp(`^${String(failed.params[name])} \\(`));
    }

    const provenance = new Map(
      (await cardRows('Provenance')).map(([name, value]) => [name, value] as const),
    );
    const expected = failed.provenance!;
    expect(provenance.get('command')).toBe((expected['command'] as string[]).join(' '));
    expect(provenance.get('hostname')).toBe(expected['hostname']);
    expect(provenance.get('cwd')).toBe(expected['cwd']);
    const git = expected['git'] as { commit: string };
    expect(provenance.get('git')).toContain(git.commit);
    await screenshot(page, 'run-failed');
  });

  it('lists the metric keys on Metrics and the reading keys on System, with their counts', async () => {
    const failed = runWith('failed');
    const metrics = expectedStatistics(failed, 'metric');
    const readings = expectedStatistics(failed, 'reading');
    expect(metrics.size).toBeGreaterThan(0);
    expect(readings.size).toBeGreaterThan(0);

    await page.click('[data-testid="tab-metrics"]');
    await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${failed.id}/metrics`);
    expect(await statisticsRows()).toEqual(metrics);

    await page.click('[data-testid="tab-system"]');
    await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${failed.id}/system`);
    await expect.poll(statisticsRows, WAIT).toEqual(readings);
  });

  it('shows the overview of the best run of the sweep', async () => {
    const best = runs.find((run) => run.experiment === 'cifar-sweep' && run.tags.includes('best'))!;
    await openRun(best);
    await page.waitForSelector('.card h3:text-is("Provenance")', { timeout: 10_000 });
    expect((await cardRows('Params')).map(([name]) => name)).toEqual(Object.keys(best.params));
    const chips = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-testid="tag-editor"] .tag')].map((tag) =>
        tag.getAttribute('data-tag'))`,
    );
    expect(chips).toEqual(best.tags);
    expect(await page.$('[data-testid="run-error"]')).toBeNull();
    await screenshot(page, 'run-overview');
  });

  it('names a resumed run’s parent by its name, and says a crashed run ran, not runs', async () => {
    const child = onlyRun(runs, (run) => run.parent !== null);
    const parent = onlyRun(runs, (run) => run.id === child.parent);
    await openRun(child);
    const link = page.locator('[data-testid="parent-link"]');
    expect(await link.textContent()).toBe(parent.name);
    expect(await link.getAttribute('title')).toBe(parent.id);
    await link.click();
    await expect.poll(() => page.textContent('[data-testid="run-title"]'), WAIT).toBe(parent.name);

    await openRun(runWith('crashed'));
    const meta = (await page.textContent('.meta-line'))!;
    expect(meta).toMatch(/ran \d/);
    expect(meta).not.toContain('running for');
    expect(await page.textContent('.card:has(h3:text("Writer"))')).not.toContain('copied');
  });

  it('adds and removes a tag as its file, and refuses a tag with a comma', async () => {
    const killed = runWith('killed');
    const tagsDir = join(root, 'runs', killed.id, 'tags');
    const listTags = (): string[] => (existsSync(tagsDir) ? readdirSync(tagsDir).sort() : []);
    await openRun(killed);
    const before = listTags();

    const tag = 'e2e añadido ✓';
    const file = join(tagsDir, tagDigest(tag));
    await page.fill('[aria-label="Add a tag"]', tag);
    await page.press('[aria-label="Add a tag"]', 'Enter');
    await page.waitForSelector(`[data-testid="tag-editor"] .tag[data-tag="${tag}"]`, {
      timeout: 10_000,
    });
    expect(readFileSync(file)).toEqual(Buffer.from(tag, 'utf8'));
    expect(listTags()).toEqual([...before, tagDigest(tag)].sort());
    expect(await page.inputValue('[aria-label="Add a tag"]')).toBe('');

    await page.click(`[aria-label="Remove tag ${tag}"]`);
    await page.waitForSelector(`[data-testid="tag-editor"] .tag[data-tag="${tag}"]`, {
      state: 'detached',
      timeout: 10_000,
    });
    expect(existsSync(file)).toBe(false);
    expect(listTags()).toEqual(before);

    await page.fill('[aria-label="Add a tag"]', 'bad,tag');
    await page.press('[aria-label="Add a tag"]', 'Enter');
    const toast = await page.waitForSelector('[data-testid="toast"]', { timeout: 5_000 });
    expect(await toast.textContent()).toMatch(/comma/);
    expect(await toast.getAttribute('class')).toContain('error');
    expect(listTags()).toEqual(before);
    expect(existsSync(join(tagsDir, tagDigest('bad,tag')))).toBe(false);
    expect(await page.$('[data-testid="tag-editor"] .tag[data-tag="bad,tag"]')).toBeNull();
    expect(await page.inputValue('[aria-label="Add a tag"]')).toBe('bad,tag');
    await page.fill('[aria-label="Add a tag"]', '');
  });

  it('saves the notes byte for byte', async () => {
    const killed = runWith('killed');
    await openRun(killed, 'notes');
    const textarea = '[data-testid="notes-text"]';
    await page.waitForSelector(textarea, { timeout: 10_000 });
    expect(await page.inputValue(textarea)).toBe(killed.notes ?? '');

    const text = 'Δ Notes from the e2e test ✓\n\n  indented,\ttabbed  \nno final line feed';
    await page.fill(textarea, text);
    await page.click('[data-testid="notes-save"]');
    await page.waitForSelector('[data-testid="toast"]:has-text("Notes saved")', {
      timeout: 10_000,
    });
    expect(readFileSync(join(root, 'runs', killed.id, 'notes'))).toEqual(Buffer.from(text, 'utf8'));
    // The page keeps showing what was saved, before and after the change comes back from disk.
    expect(await page.inputValue(textarea)).toBe(text);
    expect(await page.isDisabled('[data-testid="notes-save"]')).toBe(true);
    await page.waitForTimeout(1_000);
    expect(await page.inputValue(textarea)).toBe(text);
    expect(await page.$('.notes-editor .warn-box')).toBeNull();
    await screenshot(page, 'run-notes');
  });

  it('follows notes and tags another process writes, without a reload', async () => {
    const killed = runWith('killed');
    await openRun(killed, 'notes');
    const runDir = join(root, 'runs', killed.id);
    const marker = await evaluate<number>(page, '(window.e2eMarker = Math.random())');

    const notes = 'Written by another process.\nSecond line ✓\n';
    replaceFile(join(runDir, 'notes'), notes);
    await expect.poll(() => page.inputValue('[data-testid="notes-text"]'), WAIT).toBe(notes);

    const tag = 'from-elsewhere';
    const file = join(runDir, 'tags', tagDigest(tag));
    replaceFile(file, tag);
    await page.waitForSelector(`[data-testid="tag-editor"] .tag[data-tag="${tag}"]`, {
      timeout: 10_000,
    });
    rmSync(file);
    await page.waitForSelector(`[data-testid="tag-editor"] .tag[data-tag="${tag}"]`, {
      state: 'detached',
      timeout: 10_000,
    });
    expect(await evaluate(page, 'window.e2eMarker')).toBe(marker);
  });
});
