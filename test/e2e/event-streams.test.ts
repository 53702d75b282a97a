// JSONL event streams as runs, in Chromium against `munin-view serve` on a folder of streams the
// test writes: the runs table badges their source with their status, a stream's curves are drawn
// with its annotations marked (count, kinds, hover text) and its stages tinted behind them, the
// Overview lists the annotations, and tags and notes say why they cannot be written.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EventWriter } from '../support/event-writer.js';
import { E2eSession, WAIT, describeE2e, evaluate, screenshot } from './support.js';

const NAME = 'tiny-lm: 12 steps of exp/train.sx';

/** A finished stream: 12 steps, a stage change at 6, checkpoints at 4 and 8, labels on each. */
function writeStreams(dir: string): void {
  const w = new EventWriter(join(dir, 'train.jsonl')).open();
  let stage = 'easy';
  for (let step = 0; step <= 12; step++) {
    if (step === 6) {
      w.annotation(6, 'stage easy -> hard', { from: 'easy', to: 'hard' });
      stage = 'hard';
    }
    // Near 1 throughout, so that the line stays in the middle of the plot, off the sampled band.
    w.metric(step, 'train/loss', 1 + (step % 2) * 0.01, { split: 'train', stage });
    if (step === 4 || step === 8)
      w.annotation(step, `checkpoint /tmp/ckpt/step-${step}`, {
        checkpoint: `/tmp/ckpt/step-${step}`,
        seconds: 0.04,
      });
  }
  w.done();
  const f = new EventWriter(join(dir, 'crash.jsonl')).open('crashy');
  for (let step = 0; step <= 3; step++) f.metric(step, 'train/loss', 2 - step / 10);
  f.annotation(3, 'failed: CUDA error: out of memory', { error: 'CUDA error: out of memory' });
  f.done('crashy');
}

/** The most common colour along a row of the panel's plot at fractions of its width and height. */
function plotColour(page: Page, key: string, fx: number, fy: number): Promise<string> {
  return evaluate<string>(
    page,
    `(() => {
      const panel = document.querySelector('[data-testid="curve-panel"][data-key="${key}"]');
      const canvas = panel.querySelector('canvas');
      const over = panel.querySelector('.u-over').getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const context = canvas.getContext('2d');
      const counts = new Map();
      for (let dx = -10; dx <= 10; dx++) {
        const x = Math.round((over.left - box.left + over.width * ${fx} + dx) * ratio);
        const y = Math.round((over.top - box.top + over.height * ${fy}) * ratio);
        const d = context.getImageData(x, y, 1, 1).data;
        const c = d[0] + ',' + d[1] + ',' + d[2] + ',' + d[3];
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1])[0][0];
    })()`,
  );
}

describeE2e('JSONL event streams as runs', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const dir = join(session.tempDir(), 'streams');
    mkdirSync(dir);
    writeStreams(dir);
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(dir)]);
    page = await session.openApp(browser, served.url);
  }, 60_000);

  afterAll(() => session.close());

  const openStream = async (tab: string): Promise<void> => {
    await page.goto(page.url().replace(/#.*$/, '#/'));
    await page.click(`[data-testid="runs-table"] >> text=${NAME}`, WAIT);
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    await page.click(`[data-testid="tab-${tab}"]`);
  };

  it('lists the streams with their status and a badge for their source', async () => {
    await page.waitForSelector('[data-testid="source-badge"]', WAIT);
    const rows = await evaluate<[string, string | null, string | undefined][]>(
      page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-status]')].map((s) => {
        const row = s.closest('[role="row"], tr, .run-row') ?? s.parentElement.parentElement;
        return [row.textContent.includes('crashy') ? 'crashy' : 'tiny-lm', s.getAttribute('data-status'), row.querySelector('[data-testid="source-badge"]')?.textContent];
      }).sort()`,
    );
    expect(rows).toEqual([
      ['crashy', 'failed', 'JSONL'],
      ['tiny-lm', 'finished', 'JSONL'],
    ]);
  });

  it('draws the curve with its annotations marked, their text on hover', async () => {
    await openStream('metrics');
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await page.waitForSelector(`${panel} [data-testid="mark"]`, WAIT);
    expect(await page.$(`${panel} [data-testid="chart-empty"]`)).toBeNull();
    const marks = await evaluate<[string | null, string | null][]>(
      page,
      `[...document.querySelectorAll('${panel} [data-testid="mark"]')].map((m) => [m.dataset.kind, m.dataset.count])`,
    );
    expect(marks).toEqual([
      ['checkpoint', '1'],
      ['stage', '1'],
      ['checkpoint', '1'],
    ]);
    await page.hover(`${panel} [data-testid="mark"][data-kind="stage"]`);
    const tip = `${panel} [data-testid="mark"][data-kind="stage"] [data-testid="mark-tip"]`;
    await page.waitForSelector(tip, { ...WAIT, state: 'visible' });
    expect(await page.textContent(tip)).toMatch(/^stage · step 6 · .*stage easy -> hard$/);
    await screenshot(page, 'event-streams-marks');
  });

  it('tints the curve’s background by stage, with the stages keyed', async () => {
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    expect(
      await evaluate<string[]>(
        page,
        `[...document.querySelectorAll('${panel} [data-testid="stage-key"] [data-stage]')].map((s) => s.dataset.stage)`,
      ),
    ).toEqual(['easy', 'hard']);
    // Low in the plot, away from the line: easy's tint before step 6, hard's after.
    const easy = await plotColour(page, 'train/loss', 0.2, 0.85);
    const hard = await plotColour(page, 'train/loss', 0.8, 0.85);
    const easyAgain = await plotColour(page, 'train/loss', 0.3, 0.85);
    expect(easy).toBe(easyAgain);
    expect(easy).not.toBe(hard);
  });

  it('lists the annotations on the Overview with the source', async () => {
    await openStream('overview');
    await page.waitForSelector('[data-testid="annotations-card"]', WAIT);
    const rows = await evaluate<(string | undefined)[]>(
      page,
      `[...document.querySelectorAll('[data-testid="annotation-row"]')].map((r) => r.dataset.kind)`,
    );
    expect(rows).toEqual(['checkpoint', 'stage', 'checkpoint']);
    expect(await page.textContent('[data-testid="annotations-card"]')).toContain(
      'from: easy · to: hard',
    );
    expect(await page.textContent('[data-testid="source-card"]')).toContain('JSONL event stream');
  });

  it('says why tags and notes cannot be written, with no control to edit them', async () => {
    await openStream('notes');
    await page.waitForSelector('[data-testid="tags-read-only"]', WAIT);
    expect(await page.$('[data-testid="tag-editor"] input')).toBeNull();
    expect(await page.textContent('[data-testid="tags-read-only"]')).toMatch(
      /^Tags cannot be added here: .+/,
    );
    await page.waitForSelector('[data-testid="notes-read-only"]', WAIT);
    expect(await page.$('[data-testid="notes-save"]')).toBeNull();
  });
});
