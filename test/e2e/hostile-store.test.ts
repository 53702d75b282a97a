// A hostile store in Chromium against `munin-view serve`: a log that is a FIFO and a run linked out
// of the store are listed as unreadable with why; notes that are a FIFO or too large are
// read-only and say why; a large git.diff shows its first part and saves whole.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { byteSize } from '../../shared/format/byte-size.js';
import { E2eSession, WAIT, describeE2e, goToRoute, screenshot } from './support.js';

/** A diff larger than the run page shows (1 MiB) and than one piece of a save (4 MiB). */
function bigDiff(): string {
  const lines: string[] = ['diff --git a/data.csv b/data.csv', '--- a/data.csv', '+++ b/data.csv'];
  for (let i = 0; lines.length < 160_000; i++) lines.push(`+${i},${(i * 0.37).toFixed(4)},row`);
  return `${lines.join('\n')}\n`;
}

describeE2e('a hostile store', () => {
  const session = new E2eSession();
  let root: string;
  let page: Page;
  const diff = bigDiff();

  const writeRun = (id: string, name: string): string => {
    const dir = join(root, 'runs', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'events.jsonl'),
      [
        startLine(`,"name":"${name}"`),
        metricsLine(0, { loss: 0.9 }),
        metricsLine(1, { loss: 0.5 }),
        endLine('finished'),
      ].join('\n') + '\n',
    );
    return dir;
  };

  beforeAll(async () => {
    const dir = session.tempDir();
    root = join(dir, 'store');
    mkdirSync(join(root, 'runs'), { recursive: true });
    mkdirSync(join(root, 'runs', 'fifo-log'));
    spawnSync('mkfifo', [join(root, 'runs', 'fifo-log', 'events.jsonl')]);
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'events.jsonl'), `${startLine()}\n`);
    symlinkSync(join(dir, 'elsewhere'), join(root, 'runs', 'linked-out'));
    spawnSync('mkfifo', [join(writeRun('fifo-notes', 'notes-are-a-fifo'), 'notes')]);
    writeFileSync(
      join(writeRun('big-notes', 'notes-too-large'), 'notes'),
      'A line of notes that repeats.\n'.repeat(80_000),
    );
    writeFileSync(join(writeRun('big-diff', 'large-diff'), 'git.diff'), diff);
    writeRun('plain', 'an-ordinary-run');
    const [browser, { url }] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  const row = (id: string) => `[data-testid="runs-table"] [data-run-id="${id}"]`;

  it('lists the runs that cannot be read as unreadable, each saying why', async () => {
    await page.waitForSelector(row('plain'), WAIT);
    await page.waitForSelector(row('fifo-log'), WAIT);
    await page.waitForSelector(row('linked-out'), WAIT);
    expect(await page.getAttribute(`${row('fifo-log')} [data-status]`, 'data-status')).toBe(
      'unreadable',
    );
    expect(await page.textContent(`${row('fifo-log')} [data-testid="run-error-headline"]`)).toBe(
      'events.jsonl is a FIFO (named pipe), not a file',
    );
    expect(
      await page.textContent(`${row('linked-out')} [data-testid="run-error-headline"]`),
    ).toMatch(/^its directory is a link out of the store \(to .*elsewhere\); it is not followed$/);
    await screenshot(page, 'hostile-runs-table');

    await goToRoute(page, '#/run/fifo-log/overview');
    await page.waitForSelector('[data-testid="run-error"]', WAIT);
    await page.waitForSelector('[data-testid="unreadable-card"]', WAIT);
    expect(await page.textContent('[data-testid="file-problems-card"] li')).toBe(
      'events.jsonl is a FIFO (named pipe), not a file',
    );
    expect(await page.textContent('[data-testid="run-error"]')).toContain(
      'events.jsonl is a FIFO (named pipe), not a file',
    );
    await screenshot(page, 'hostile-unreadable-run');
  });

  it('shows notes that are a FIFO as unreadable, read-only, and the file among the problems', async () => {
    await goToRoute(page, '#/run/fifo-notes/overview');
    await page.waitForSelector('[data-testid="file-problems-card"]', WAIT);
    expect(await page.textContent('[data-testid="file-problems-card"]')).toContain(
      'notes is a FIFO (named pipe), not a file',
    );
    await goToRoute(page, '#/run/fifo-notes/notes');
    await page.waitForSelector('[data-testid="notes-read-only"]', WAIT);
    expect(await page.textContent('[data-testid="notes-read-only"]')).toMatch(
      /cannot be edited here: the notes file is a FIFO \(named pipe\), not a file, so the notes are not replaced from here/,
    );
    expect(await page.$('[data-testid="notes-save"]')).toBeNull();
  });

  it('shows notes too large to edit in part, read-only, with their size', async () => {
    await goToRoute(page, '#/run/big-notes/notes');
    await page.waitForSelector('[data-testid="notes-read-only"]', WAIT);
    expect(await page.textContent('[data-testid="notes-read-only"]')).toMatch(
      /the notes are 2\.4 MB, more than the 1\.0 MB the app edits; only their first part is shown: edit the file itself \(runs\/big-notes\/notes\)/,
    );
    const shown = await page.inputValue('[data-testid="notes-text"]');
    expect(shown.length).toBeLessThanOrEqual(1 << 20);
    expect(shown.startsWith('A line of notes that repeats.\n')).toBe(true);
    expect(await page.$('[data-testid="notes-save"]')).toBeNull();
    await screenshot(page, 'hostile-notes-too-large');
  });

  it('shows the first part of a large git.diff and saves the whole file', async () => {
    await goToRoute(page, '#/run/big-diff/overview');
    const button = 'button:has-text("View diff")';
    await page.waitForSelector(button, WAIT);
    const size = byteSize(Buffer.byteLength(diff));
    expect(await page.textContent(button)).toBe(`View diff (${size})`);
    await page.click(button);
    await page.waitForSelector('[data-testid="diff-truncated"]', WAIT);
    expect(await page.textContent('[data-testid="diff-truncated"]')).toBe(
      `This diff is ${size}: shown here is its first 1.0 MB. Save the whole diff to read the rest.`,
    );
    await screenshot(page, 'hostile-large-diff');
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.click('button:has-text("Save whole diff")'),
    ]);
    expect(download.suggestedFilename()).toBe('big-diff.git.diff');
    const saved = await download.path();
    expect(readFileSync(saved, 'utf8')).toBe(diff);
  });
});
