// A 2 GB CSV previewed in Chromium against `munin-view serve`: the page reads its first 50 MB
// (one byte range, its stream cut there), says so with the rows those hold, sorts them, and the
// host's memory stays bounded while it serves them: its peak RSS is measured from /proc.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeSync, mkdirSync, openSync, truncateSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { startLine } from '../support/lines.js';
import { fileRecord } from '../support/files-store.js';
import { runDir, writeLog } from '../support/store-fixture.js';
import { mib, residentMemory } from '../hostile/proc-memory.js';
import type { Child } from './support.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

const FILE_BYTES = 2e9;
/** Real rows past the 50 MB the page reads; the rest of the 2 GB is a hole in a sparse file. */
const WRITTEN_BYTES = 56e6;
const MiB = 1 << 20;

/** Writes the CSV's rows up to WRITTEN_BYTES, then makes the file 2 GB without writing more. */
function writeHugeCsv(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  let written = writeSync(fd, 'id,x,y,label\n');
  for (let row = 0; written < WRITTEN_BYTES;) {
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++, row++)
      lines.push(`${row},${((row * 7919) % 100_003) / 1000},${(row % 997) - 498},row ${row}`);
    written += writeSync(fd, `${lines.join('\n')}\n`);
  }
  closeSync(fd);
  truncateSync(path, FILE_BYTES);
}

describeE2e('a 2 GB CSV a run logged', () => {
  const session = new E2eSession();
  let page: Page;
  let served: { url: string; child: Child };

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    writeLog(root, 'big', [
      startLine(',"name":"huge-table"'),
      fileRecord('eval/huge', 0, 'files/eval/huge/0.csv'),
    ]);
    writeHugeCsv(join(runDir(root, 'big'), 'files/eval/huge/0.csv'));
    const browser = await session.launchBrowser();
    served = await session.serve(root);
    page = await session.openApp(browser, served.url);
  }, 60_000);

  afterAll(() => session.close());

  it('previews its first 50 MB, saying so, while the host stays small', async () => {
    const pid = served.child.process.pid!;
    const before = residentMemory(pid);
    await goToRoute(page, '#/run/big/files?key=eval%2Fhuge');
    const note = '[data-key="eval/huge"] [data-testid="table-read-note"]';
    await page.waitForSelector(note, { timeout: 60_000 });
    const text = (await page.textContent(note))!;
    const rows = Number(/which hold ([\d,]+) rows\.$/.exec(text)?.[1]?.replace(/,/g, ''));
    expect(text).toBe(
      `The file is 2.0 GB: its first 50 MB are read, which hold ${rows.toLocaleString('en')} rows.`,
    );
    // 50 MB of rows of about 28 bytes: every whole row before the cut, none after.
    expect(rows).toBeGreaterThan(1_500_000);
    expect(await page.textContent('[data-key="eval/huge"] [data-testid="table-count"]')).toBe(
      `${rows.toLocaleString('en')} rows · 4 columns · 50 MB read`,
    );
    // The rows read sort, in the worker, by value.
    const table = '[data-key="eval/huge"] [data-testid="table"]';
    await page.click(`${table} [role="columnheader"][data-column="y"] [data-testid="table-sort"]`);
    await page.click(`${table} [role="columnheader"][data-column="y"] [data-testid="table-sort"]`);
    await expect
      .poll(
        () =>
          evaluate<string>(
            page,
            `document.querySelector('${table} [aria-rowindex="2"] [role="cell"]:nth-child(3)')?.textContent`,
          ),
        { timeout: 30_000 },
      )
      .toBe('498');
    await page.locator('[data-key="eval/huge"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'files-large-table');
    const after = residentMemory(pid);
    console.log(
      `serve’s RSS previewing a 2 GB CSV: ${mib(before.rssBytes)} before (peak ${mib(before.peakRssBytes)}), peak ${mib(after.peakRssBytes)} after`,
    );
    // The host streamed 50 MB in 64 KiB pieces: its peak grew by less than what it sent (about
    // 33 MiB here: the young generation's garbage of those pieces), never by the file.
    expect(after.peakRssBytes - before.rssBytes).toBeLessThan(48 * MiB);
    expect(after.peakRssBytes).toBeLessThan(200 * MiB);
  }, 120_000);

  it(
    'answers a page that asks for the whole file with a stream it can stop',
    async () => {
      const pid = served.child.process.pid!;
      const fetched = await evaluate<{ status: number; read: number }>(
        page,
        `(async () => {
        const response = await fetch('/api/files/big/' + encodeURIComponent('files/eval/huge/0.csv'));
        const reader = response.body.getReader();
        let read = 0;
        while (read < 8e6) read += (await reader.read()).value.length;
        await reader.cancel();
        return { status: response.status, read };
      })()`,
      );
      expect(fetched.status).toBe(200);
      expect(fetched.read).toBeGreaterThanOrEqual(8e6);
      expect(residentMemory(pid).peakRssBytes).toBeLessThan(200 * MiB);
    },
    WAIT.timeout * 3,
  );
});
