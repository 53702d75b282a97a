// Editing on a run's page in Chromium against `munin-view serve` of the demo store: the git.diff dialog, adding tags one after another, provenance keys that wrap whole, and notes drafts that outlive the tab.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  openDemoApp,
  screenshot,
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

  function runNamed(name: string): ExportedRun {
    const found = runs.filter((run) => run.name === name);
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  /** Opens a run's tab by its route and waits for its title. */
  async function openRun(run: ExportedRun, tab = 'overview'): Promise<void> {
    await goToRoute(page, `#/run/${run.id}/${tab}`);
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await expect.poll(() => page.textContent('[data-testid="run-title"]'), WAIT).toBe(run.name);
  }

  it('closes the git.diff dialog with Escape', async () => {
    const run = runNamed('resnet18-lr0.05-b128');
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
    const run = runNamed('resnet18-lr0.05-b128');
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
});
