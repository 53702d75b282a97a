// Runs whose directory names are odd (`\`, a tab, `%`, `#`, `?`, `,`, spaces, emoji) in Chromium against `munin-view serve`: each is listed with its id shown visibly, opens from the table, reopens from its URL, takes tags and notes, and two are compared.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { tagDigest } from '../../shared/format/digest.js';
import { endLine, metricLine, metricsLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';
import { E2eSession, WAIT, describeE2e, routeOf, rowIds, screenshot } from './support.js';

/** Each run's id and the text the page shows for it: control characters as escapes. */
const ODD_RUNS: readonly { readonly id: string; readonly shown: string }[] = [
  { id: 'a\\b', shown: 'a\\b' },
  { id: 'tab\there', shown: 'tab\\there' },
  { id: 'bell\u0007 line\nfeed', shown: 'bell\\x07 line\\nfeed' },
  { id: '100%', shown: '100%' },
  { id: 'x#y?z', shown: 'x#y?z' },
  { id: 'a,b +c %2F', shown: 'a,b +c %2F' },
  { id: 'Grüße 日本 🎉', shown: 'Grüße 日本 🎉' },
];

/** How many samples of train/loss run number i logs: each its own, to tell the runs apart. */
const samplesOf = (i: number): number => i + 2;

/** text as a quoted CSS string, control characters, quotes and backslashes escaped. */
function cssString(text: string): string {
  const escaped = [...text].map((char) =>
    /[\p{Cc}"\\]/u.test(char) ? `\\${char.codePointAt(0)!.toString(16)} ` : char,
  );
  return `"${escaped.join('')}"`;
}

const rowOf = (id: string): string => `[data-testid="runs-table"] [data-run-id=${cssString(id)}]`;
const PANEL = '[data-testid="curve-panel"][data-key="train/loss"]';

describeE2e('runs with odd ids', () => {
  const session = new E2eSession();
  let root: string;
  let page: Page;

  beforeAll(async () => {
    root = join(session.tempDir(), 'store');
    ODD_RUNS.forEach(({ id }, i) =>
      writeLog(root, id, [
        startLine(),
        metricLine('train/loss', 'minimize'),
        ...Array.from({ length: samplesOf(i) }, (_, step) =>
          metricsLine(step, { 'train/loss': 1 / (step + 1) }),
        ),
        endLine('finished'),
      ]),
    );
    const [browser, { url }] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  async function toRunsTable(): Promise<void> {
    await page.click('a.brand');
    await page.waitForSelector(rowOf(ODD_RUNS[0]!.id), WAIT);
  }

  /** The run's page shows run i: its id as the title, and on Metrics its own samples. */
  async function expectRunShown(i: number, tab: 'overview' | 'metrics'): Promise<void> {
    const { id, shown } = ODD_RUNS[i]!;
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await expect.poll(() => page.textContent('[data-testid="run-title"]'), WAIT).toBe(shown);
    expect(await page.textContent('[data-testid="copy-run-id"]')).toBe(shown);
    expect(await routeOf(page)).toBe(`#/run/${encodeURIComponent(id)}/${tab}`);
    if (tab !== 'metrics') return;
    await page.waitForSelector(`${PANEL} canvas`, WAIT);
    expect(await page.textContent(`${PANEL} .legend-label`)).toBe(shown);
    await expect
      .poll(
        () =>
          page.textContent(
            '[data-testid="statistics-table"] tr[data-key="train/loss"] td:nth-child(3)',
          ),
        WAIT,
      )
      .toBe(String(samplesOf(i)));
  }

  it('lists each run by its exact id, showing control characters visibly', async () => {
    expect((await rowIds(page)).sort()).toEqual(ODD_RUNS.map((run) => run.id).sort());
    for (const { id, shown } of ODD_RUNS) {
      expect(await page.textContent(`${rowOf(id)} [data-cell="id"]`)).toBe(shown);
    }
    // The table's text holds no control character, which would be drawn as nothing or a blank.
    const text = await page.textContent('[data-testid="runs-table"]');
    expect(text).not.toMatch(/\p{Cc}/u);
    // Escapes are set apart from the text: the tab is marked, the backslash of a\b is not.
    const marked = (id: string) =>
      page.$$eval(`${rowOf(id)} [data-cell="id"] .hidden-char`, (spans) =>
        spans.map((span) => span.textContent),
      );
    expect(await marked('tab\there')).toEqual(['\\t']);
    expect(await marked('bell\u0007 line\nfeed')).toEqual(['\\x07', '\\n']);
    expect(await marked('a\\b')).toEqual([]);
    await screenshot(page, 'odd-run-ids-table');
  });

  it('opens each run from the table, shows its metrics, and reopens it from its URL', async () => {
    for (const [i, { id }] of ODD_RUNS.entries()) {
      await toRunsTable();
      await page.click(`${rowOf(id)} [data-cell="id"]`);
      await expectRunShown(i, 'overview');
      await page.click('[data-testid="tab-metrics"]');
      await expectRunShown(i, 'metrics');
      await page.reload();
      await expectRunShown(i, 'metrics');
    }
  });

  it('writes tags and notes into the directory of the run whose page it is', async () => {
    const { id } = ODD_RUNS[1]!;
    await toRunsTable();
    await page.click(`${rowOf(id)} [data-cell="id"]`);
    await expectRunShown(1, 'overview');
    await screenshot(page, 'odd-run-ids-run-page');
    await page.click('[data-testid="tag-editor"] input[aria-label="Add a tag"]');
    await page.keyboard.type('odd one');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="tag-editor"] [data-tag="odd one"]', WAIT);
    await expect
      .poll(() => readFileSync(join(root, 'runs', id, 'tags', tagDigest('odd one')), 'utf8'), WAIT)
      .toBe('odd one');
    await page.click('[data-testid="tab-notes"]');
    await page.fill('[data-testid="notes-text"]', 'notes of a run with a tab in its name');
    await page.click('[data-testid="notes-save"]');
    await expect
      .poll(() => readFileSync(join(root, 'runs', id, 'notes'), 'utf8'), WAIT)
      .toBe('notes of a run with a tab in its name');
  });

  it('compares two of them, chosen in the table, and again from the URL', async () => {
    const chosen = [ODD_RUNS[5]!, ODD_RUNS[4]!];
    await toRunsTable();
    for (const { id } of chosen) await page.click(`${rowOf(id)} input[type="checkbox"]`);
    await page.click('button:has-text("Compare (2)")');
    const expectCompared = async (): Promise<void> => {
      await page.waitForSelector('[data-testid="compare-page"]', WAIT);
      await expect
        .poll(() => page.$$eval('[data-testid="compare-run"]', (pills) => pills.length), WAIT)
        .toBe(2);
      const pills = await page.$$eval('[data-testid="compare-run"]', (all) =>
        all.map((pill) => pill.getAttribute('href')),
      );
      expect(pills.sort()).toEqual(
        chosen.map(({ id }) => `#/run/${encodeURIComponent(id)}/overview`).sort(),
      );
      await page.waitForSelector(`${PANEL} canvas`, WAIT);
      await expect
        .poll(
          () =>
            page.$$eval(`${PANEL} .legend-label`, (labels) =>
              labels.map((label) => label.textContent).sort(),
            ),
          WAIT,
        )
        .toEqual(chosen.map(({ shown }) => shown).sort());
    };
    await expectCompared();
    const hash = await routeOf(page);
    expect(hash.startsWith('#/compare/')).toBe(true);
    expect(hash.slice('#/compare/'.length).split(',').map(decodeURIComponent).sort()).toEqual(
      chosen.map(({ id }) => id).sort(),
    );
    await page.reload();
    await expectCompared();
    // A pill opens its own run.
    await page.click(
      `[data-testid="compare-run"][href="#/run/${encodeURIComponent(chosen[0]!.id)}/overview"]`,
    );
    await expectRunShown(5, 'overview');
  });
});
