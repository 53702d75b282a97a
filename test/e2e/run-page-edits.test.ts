// Editing on a run's page in Chromium against `munin-view serve` of the demo store: the git.diff dialog, adding tags one after another, provenance keys that wrap whole, and notes drafts that outlive the tab.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  openDemoApp,
  screenshot,
  openRunPage,
  onlyRun,
} from './support.js';

describeE2e('editing on the run page', () => {
  const session = new E2eSession();
  let root: string;
  let runs: ExportedRun[];
  let page: Page;

  beforeAll(async () => {
    ({ root, runs, page } = await openDemoApp(session));
  });

  afterAll(() => session.close());

  const runNamed = (name: string) => onlyRun(runs, (run) => run.name === name);

  const openRun = (run: ExportedRun, tab?: string) => openRunPage(page, run, tab);

  it('closes the git.diff dialog with Escape', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    writeFileSync(
      join(root, 'runs', run.id, 'git.diff'),
      'diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n@@ -1 +1 @@\n-lr = 0.1\n+lr = 0.05\n',
    );
    await openRun(run);
    await page.click('button:has-text("View diff")');
    await page.waitForSelector('[role="dialog"][aria-label="git diff"]', WAIT);
    await screenshot(page, 'run-page-git-diff');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.$('[role="dialog"][aria-label="git diff"]'), WAIT).toBeNull();
  });

  it('keeps the focus in the tag field after Enter, so that tags are added one after another', async () => {
    const run = runNamed('resnet18-mixup');
    expect(run.tags).toEqual([]);
    await openRun(run);
    const field = '[data-testid="tag-editor"] input[aria-label="Add a tag"]';
    await page.click(field);
    for (const tag of ['mixup', 'ablation', 'keep']) {
      await page.keyboard.type(tag);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`[data-testid="tag-editor"] [data-tag="${tag}"]`, WAIT);
      expect(
        await evaluate(page, `document.activeElement?.getAttribute('aria-label') ?? null`),
      ).toBe('Add a tag');
    }
    expect(await page.inputValue(field)).toBe('');
    await expect.poll(() => readdirSync(join(root, 'runs', run.id, 'tags')).length, WAIT).toBe(3);
  });

  /** The provenance keys that wrap inside a word: "env.CUDA_VISIBLE_D / EVICES". */
  function keysBrokenMidWord(): Promise<string[]> {
    return evaluate(
      page,
      `[...document.querySelectorAll('.card')]
        .filter((card) => card.querySelector('h3')?.textContent === 'Provenance')
        .flatMap((card) => [...card.querySelectorAll('table.kv > tbody > tr > td:first-child')])
        .flatMap((cell) => {
          const chars = [];
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            for (let i = 0; i < node.data.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              chars.push({ char: node.data[i], top: Math.round(range.getBoundingClientRect().top) });
            }
          }
          const text = chars.map((c) => c.char).join('');
          const broken = [];
          for (let i = 1; i < chars.length; i++) {
            const wrapped = chars[i].top > chars[i - 1].top;
            if (wrapped && !/[._\\/\\-\\s]/.test(chars[i - 1].char))
              broken.push(text.slice(0, i) + ' / ' + text.slice(i));
          }
          return broken;
        })`,
    );
  }

  it('wraps provenance keys between their words, never inside one', async () => {
    const run = runNamed('resnet18-lr0.1-s2');
    await openRun(run);
    await page.waitForSelector('.card table.kv td', WAIT);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(keysBrokenMidWord, WAIT).toEqual([]);
    }
    // The key is long enough to wrap at 1024 px: the check above had a break to look at.
    const lines = await evaluate<number>(
      page,
      `(() => {
        const cell = [...document.querySelectorAll('.card table.kv td:first-child')]
          .find((td) => td.textContent === 'env.CUDA_VISIBLE_DEVICES');
        return Math.round(cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight));
      })()`,
    );
    expect(lines).toBeGreaterThan(1);
    await screenshot(page, 'run-page-provenance-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('keeps unsaved notes across tabs and pages, marking the Notes tab, until saved', async () => {
    const run = runNamed('resnet18-lr0.03-s1');
    expect(run.notes).toBeNull();
    await openRun(run, 'notes');
    const text = '[data-testid="notes-text"]';
    const mark = '[data-testid="tab-notes"] [data-testid="notes-draft-mark"]';
    await page.waitForSelector(text, WAIT);
    expect(await page.$(mark)).toBeNull();
    const draft = 'lr 0.03 is too slow here:\nit has not converged by step 2000.';
    await page.fill(text, draft);
    await page.waitForSelector(mark, WAIT);

    await page.click('[data-testid="tab-overview"]');
    await page.waitForSelector('.card', WAIT);
    expect(await page.$(mark)).not.toBeNull();
    await screenshot(page, 'run-page-notes-draft-mark');
    await page.click('[data-testid="tab-notes"]');
    await expect.poll(() => page.inputValue(text), WAIT).toBe(draft);

    // Another page and back: the runs table, then the run again.
    await page.click('.run-header a[href="#/"]');
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
    await openRun(run, 'notes');
    await expect.poll(() => page.inputValue(text), WAIT).toBe(draft);
    expect(await page.textContent('.notes-editor')).toContain('Unsaved changes');

    // Another run's notes have no draft of their own.
    await openRun(runNamed('resnet18-lr0.03-s3'), 'notes');
    await expect.poll(() => page.inputValue(text), WAIT).toBe('');
    expect(await page.$(mark)).toBeNull();

    await openRun(run, 'notes');
    await page.click('[data-testid="notes-save"]');
    await expect.poll(() => page.$(mark), WAIT).toBeNull();
    await expect
      .poll(() => readFileSync(join(root, 'runs', run.id, 'notes'), 'utf8'), WAIT)
      .toBe(draft);
    expect(await page.inputValue(text)).toBe(draft);
  });
});
