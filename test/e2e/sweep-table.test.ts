// The runs table's sweep tools in Chromium against `munin-view serve` of the demo store, with one
// run added that started from a dirty work tree: grouping by a param, parallel coordinates drawn
// (their result the store's goal metric until one is chosen, the lines coloured by it) and
// brushed (the table narrowing to the brushed runs), the dirty badge and is:dirty, and the
// Overview's Reproduce block for a clean run and the dirty one.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import { rampColor, rampSpan } from '../../renderer/src/sweeps/parcoords-model.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  exportStore,
  goToRoute,
  onlyRun,
  rowIds,
  screenshot,
} from './support.js';

const DIRTY_ID = '20261201T120000Z-d1e7d1e7';

/** A finished run whose start's provenance says the tree was dirty, with its git.diff. */
function addDirtyRun(root: string): void {
  const dir = join(root, 'runs', DIRTY_ID);
  mkdirSync(dir, { recursive: true });
  const start = {
    type: 'start',
    time: 1764590400.5,
    format: 1,
    experiment: 'scratch',
    name: 'dirty-try',
    params: { lr: 0.02 },
    provenance: {
      command: ['python', 'train.py', '--note', "it's dirty"],
      cwd: '/home/demo/my repo',
      pid: 4242,
      git: { commit: '0123456789abcdef0123456789abcdef01234567', dirty: true },
      env: { CUDA_VISIBLE_DEVICES: '1' },
    },
  };
  const end = { type: 'end', time: 1764590500.5, status: 'finished' };
  writeFileSync(join(dir, 'events.jsonl'), `${JSON.stringify(start)}\n${JSON.stringify(end)}\n`);
  writeFileSync(
    join(dir, 'git.diff'),
    'diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n@@ -1 +1 @@\n-lr = 0.1\n+lr = 0.02\n',
  );
}

/**
 * Pixels of the parallel coordinates' line canvas in each colour (rgb(r, g, b) or #rrggbb), within
 * anti-aliasing: a line's pixels hold its colour at any coverage, the canvas being clear under it.
 */
function parcoordsCounts(page: Page, colours: readonly string[]): Promise<number[]> {
  const rgb = colours.map((colour) =>
    colour.startsWith('#')
      ? [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
      : colour.match(/\d+/g)!.map(Number),
  );
  return evaluate<number[]>(
    page,
    `(() => {
      const canvas = document.querySelector('[data-testid="parcoords-canvas"]');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      return ${JSON.stringify(rgb)}.map(([r, g, b]) => {
        let count = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 3] >= 120 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= 30) count++;
        return count;
      });
    })()`,
  );
}

/** The key most runs declare a goal for and have samples of; ties to the first in byte order. */
function goalMetricOf(runs: readonly ExportedRun[]): { key: string; stat: 'min' | 'max' } {
  const declared = new Map<string, { runs: number; goal: 'minimize' | 'maximize' }>();
  for (const run of runs)
    for (const [key, { goal }] of Object.entries(run.metrics))
      if (goal !== null && key in run.stats)
        declared.set(key, { runs: (declared.get(key)?.runs ?? 0) + 1, goal });
  // The demo's keys are ASCII: their byte order is their order as strings.
  const [key, { goal }] = [...declared].sort(
    (a, b) => b[1].runs - a[1].runs || (a[0] < b[0] ? -1 : 1),
  )[0]!;
  return { key, stat: goal === 'minimize' ? 'min' : 'max' };
}

describeE2e('the runs table’s sweep tools', () => {
  const session = new E2eSession();
  let runs: ExportedRun[];
  let page: Page;
  let storeRoot: string;

  beforeAll(async () => {
    const root = await session.writeDemoStore();
    storeRoot = root;
    addDirtyRun(root);
    const [exported, { url }, browser] = await Promise.all([
      exportStore(root),
      session.serve(root),
      session.launchBrowser(),
    ]);
    runs = exported;
    page = await session.openApp(browser, url);
  });

  afterAll(() => session.close());

  const sweepRuns = (): ExportedRun[] => runs.filter((run) => run.experiment === 'cifar-sweep');

  async function expectRows(ids: readonly string[]): Promise<void> {
    await expect.poll(async () => [...(await rowIds(page))].sort(), WAIT).toEqual([...ids].sort());
  }

  it('groups the sweep by lr, a header per value with its run count', async () => {
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
    await expectRows(sweepRuns().map((run) => run.id));
    await page.click('[data-testid="group-by-button"]');
    await page.click('[data-group-field="param:lr"]');
    await page.keyboard.press('Escape');
    const counts = new Map<string, number>();
    for (const run of sweepRuns()) {
      const lr = String(run.params['lr']);
      counts.set(lr, (counts.get(lr) ?? 0) + 1);
    }
    const expected = [...counts]
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([lr, n]) => `lr=${lr} (${n})`);
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="group-row"]')
            .evaluateAll((rows) =>
              rows.map(
                (row) =>
                  `${row.getAttribute('data-group-label')} (${row.querySelector('.muted')?.textContent})`,
              ),
            ),
        WAIT,
      )
      .toEqual(expected);
    await screenshot(page, 'sweep-table-grouped');
    await page.click('[data-testid="group-by-button"]');
    await page.click('[data-group-field="param:lr"]');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="group-row"]').count(), WAIT).toBe(0);
  });

  it('adds a train/loss.min column read with keyStatistics, sorts and filters by it', async () => {
    const sweep = sweepRuns();
    const least = (run: ExportedRun): number =>
      (run.stats['train/loss'] as unknown as { finite: { least: number } }).finite.least;
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
    await page.click('[data-testid="columns-button"]');
    await page.fill('[data-testid="metric-column-key"]', 'train/loss');
    await page.selectOption('[data-testid="metric-column-stat"]', 'min');
    await page.click('[data-testid="metric-column-add"]');
    await page.keyboard.press('Escape');
    const cell = (id: string): string =>
      `[data-run-id="${id}"] [data-cell="metric:train/loss.min"]`;
    // The cell shows the value as params show theirs, the exact value on hover.
    for (const run of sweep)
      await expect
        .poll(() => page.getAttribute(`${cell(run.id)} span`, 'title'), WAIT)
        .toBe(`${String(least(run))} (float)`);
    await page.click('[data-column="metric:train/loss.min"]');
    const ascending = [...sweep].sort((a, b) => least(a) - least(b)).map((run) => run.id);
    await expect.poll(() => rowIds(page), WAIT).toEqual(ascending);
    await page.click('[data-column="metric:train/loss.min"]');
    await expect.poll(() => rowIds(page), WAIT).toEqual([...ascending].reverse());
    await screenshot(page, 'sweep-table-metric-column');

    // The filter names the statistic as the column does.
    const cut =
      (least(sweep.find((r) => r.id === ascending[1])!) +
        least(sweep.find((r) => r.id === ascending[2])!)) /
      2;
    await page.fill('[data-testid="run-filter"]', `experiment:cifar-sweep train/loss.min<${cut}`);
    await expect
      .poll(async () => [...(await rowIds(page))].sort(), WAIT)
      .toEqual(ascending.slice(0, 2).sort());
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
  });

  it('shows a derived view as a metric column, marked derived, sorted by its values', async () => {
    const sweep = sweepRuns();
    const views = [{ name: 'gap', formula: 'eval/loss - train/loss' }];
    // A string, evaluated in the page: the tests' TypeScript has no DOM.
    await evaluate(
      page,
      `localStorage.setItem(${JSON.stringify(`munin-view:views:${storeRoot}`)}, ${JSON.stringify(JSON.stringify(views))})`,
    );
    await page.reload();
    await page.waitForSelector('[data-run-id]', WAIT);
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
    await page.click('[data-testid="columns-button"]');
    await page.fill('[data-testid="metric-column-key"]', 'gap');
    await page.selectOption('[data-testid="metric-column-stat"]', 'last');
    await page.click('[data-testid="metric-column-add"]');
    await page.keyboard.press('Escape');
    const header = page.locator('[data-column="metric:view:gap.last"]');
    expect(await header.locator('.derived-mark').textContent()).toBe('derived');
    // Every sweep run has both keys, so each gets the view's value from the host.
    const values = async (): Promise<number[]> =>
      page
        .locator('[data-cell="metric:view:gap.last"] span[title]')
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('title')!.split(' ')[0])));
    await expect.poll(async () => (await values()).length, WAIT).toBe(sweep.length);
    await header.click();
    await expect
      .poll(async () => {
        const shown = await values();
        return shown.every((v, i) => i === 0 || shown[i - 1]! <= v);
      }, WAIT)
      .toBe(true);
    const distinct = new Set(await values());
    expect(distinct.size).toBeGreaterThan(1);
    await page.click('[data-testid="columns-button"]');
    await page.click('.columns-menu label:has-text("gap.last") input');
    await expect.poll(() => header.count(), WAIT).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows the goal metric as the result until one is chosen, the lines coloured by it', async () => {
    const sweep = sweepRuns();
    const goal = goalMetricOf(runs);
    // The demo's training runs declare four goals alike, so the tie is what picks.
    expect(goal).toEqual({ key: 'eval/acc', stat: 'max' });
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
    await page.click('[data-testid="sweep-toggle"]');
    const chart = page.locator('[data-testid="parcoords"]');
    await expect.poll(() => chart.getAttribute('data-lines'), WAIT).toBe(String(sweep.length));
    const menu = page.locator('[data-testid="sweep-result"]');
    expect(await menu.inputValue()).toBe(`key\u0000${goal.key}\u0000${goal.stat}`);
    // The runs' least and greatest eval/acc.max sit at the two ends of the light theme's part of
    // the ramp: both colours show.
    const ends = [rampColor(0, rampSpan('light')), rampColor(1, rampSpan('light'))];
    await expect
      .poll(async () => Math.min(...(await parcoordsCounts(page, ends))), WAIT)
      .toBeGreaterThan(50);
    await screenshot(page, 'sweep-table-parcoords-goal');

    // None, chosen, draws every line in one colour, and is kept across a reload.
    const ONE_COLOUR = '#2f6fed';
    await page.selectOption('[data-testid="sweep-result"]', '');
    await expect
      .poll(() => parcoordsCounts(page, [...ends, ONE_COLOUR]), WAIT)
      .toEqual([0, 0, expect.any(Number)]);
    expect((await parcoordsCounts(page, [ONE_COLOUR]))[0]).toBeGreaterThan(50);
    await page.reload();
    await page.waitForSelector('[data-run-id]', WAIT);
    await page.fill('[data-testid="run-filter"]', 'experiment:cifar-sweep');
    await expect.poll(() => chart.getAttribute('data-lines'), WAIT).toBe(String(sweep.length));
    expect(await menu.inputValue()).toBe('');
    await page.click('[data-testid="sweep-toggle"]');
  });

  it('draws parallel coordinates of the filter’s runs, and a brush on lr narrows the table', async () => {
    const sweep = sweepRuns();
    await page.click('[data-testid="sweep-toggle"]');
    await page.selectOption('[data-testid="sweep-result"]', `summary\u0000best_eval_acc`);
    const chart = page.locator('[data-testid="parcoords"]');
    await expect.poll(() => chart.getAttribute('data-lines'), WAIT).toBe(String(sweep.length));

    // Where each run sits on the lr axis, by the view's rule: log when positive and ≥ 100×.
    const lrs = sweep.map((run) => run.params['lr'] as number);
    const [lo, hi] = [Math.min(...lrs), Math.max(...lrs)];
    const log = lo > 0 && hi / lo >= 100;
    const t = (x: number): number =>
      log
        ? (Math.log10(x) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
        : (x - lo) / (hi - lo);
    // Cut in the middle of the widest gap between runs, so a pixel either way changes nothing.
    const ts = [...new Set(lrs.map(t))].sort((a, b) => a - b);
    let cut = 0.5;
    let gap = 0;
    for (let i = 1; i < ts.length; i++)
      if (ts[i]! - ts[i - 1]! > gap) [gap, cut] = [ts[i]! - ts[i - 1]!, (ts[i]! + ts[i - 1]!) / 2];
    const kept = sweep.filter((run) => t(run.params['lr'] as number) >= cut).map((run) => run.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(sweep.length);

    const scale = await page.locator('[data-testid="axis-scale-param:lr"]').boundingBox();
    const box = await page.locator('[data-testid="parcoords-overlay"]').boundingBox();
    if (scale === null || box === null) throw new Error('the lr axis is not drawn');
    expect(await page.textContent('[data-testid="axis-scale-param:lr"]')).toBe(log ? 'log' : 'lin');
    const x = scale.x + scale.width / 2;
    // The axis runs from y 44 (top, t = 1) to y 282 (bottom, t = 0) of the 300 px chart.
    const yAt = (at: number): number => box.y + 44 + (1 - at) * (300 - 44 - 18);
    await page.mouse.move(x, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(x, yAt(cut), { steps: 6 });
    await page.mouse.up();
    await expectRows(kept);
    await expect.poll(() => chart.getAttribute('data-brushed'), WAIT).toBe(String(kept.length));
    await expect.poll(() => page.locator('[data-testid="brush-chip"]').count(), WAIT).toBe(1);
    expect(await page.textContent('[data-testid="compare-button"]')).toBe(
      `Compare (${kept.length})`,
    );
    await screenshot(page, 'sweep-table-parcoords-brushed');

    // Removing the chip lists every run of the filter again.
    await page.click('[data-testid="brush-chip"] button');
    await expectRows(sweep.map((run) => run.id));
    await page.click('[data-testid="sweep-toggle"]');
  });

  it('marks the run started from a dirty tree, and is:dirty finds it', async () => {
    await page.fill('[data-testid="run-filter"]', '');
    await expect
      .poll(
        () => page.locator(`[data-run-id="${DIRTY_ID}"] [data-testid="dirty-badge"]`).count(),
        WAIT,
      )
      .toBe(1);
    // No demo run is dirty: the badge is on one row only.
    expect(await page.locator('[data-testid="dirty-badge"]').count()).toBe(1);
    await page.fill('[data-testid="run-filter"]', 'is:dirty');
    await expectRows([DIRTY_ID]);
    await page.fill('[data-testid="run-filter"]', '');
  });

  it('shows how to reproduce a clean run and a dirty one, quoted for sh', async () => {
    const clean = onlyRun(runs, (run) => run.name === sweepRuns()[0]!.name);
    const provenance = clean.provenance as {
      cwd: string;
      command: string[];
      git: { commit: string };
      env?: Record<string, string>;
    };
    await goToRoute(page, `#/run/${clean.id}/overview`);
    const text = page.locator('[data-testid="reproduce-text"]');
    const env = Object.entries(provenance.env ?? {}).map(([k, v]) => `${k}=${v}`);
    await expect
      .poll(() => text.textContent(), WAIT)
      .toBe(
        [
          `cd ${provenance.cwd}`,
          `git checkout ${provenance.git.commit}`,
          [...env, ...provenance.command].join(' '),
        ].join('\n'),
      );

    await goToRoute(page, `#/run/${DIRTY_ID}/overview`);
    await expect
      .poll(() => text.textContent(), WAIT)
      .toBe(
        [
          "cd '/home/demo/my repo'",
          'git checkout 0123456789abcdef0123456789abcdef01234567',
          `git apply ${DIRTY_ID}.git.diff`,
          "CUDA_VISIBLE_DEVICES=1 python train.py --note 'it'\\''s dirty'",
        ].join('\n'),
      );
    expect(await page.textContent('[data-testid="reproduce-save-diff"]')).toBe(
      `Save ${DIRTY_ID}.git.diff`,
    );
    await page.locator('[data-testid="reproduce-card"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'sweep-table-reproduce-dirty');
    expect(await page.locator('[data-testid="reproduce-diff-problem"]').count()).toBe(0);
    // Copied without its writer file, but ended: its end gives its status, not the missing file.
    expect(await page.textContent('.card:has(h3:text("Writer"))')).toContain(
      'No writer file: the run was copied without it. Its end gives its status.',
    );
  });

  it('leaves out the git apply line when the dirty tree’s git.diff is missing, saying so', async () => {
    const diff = join(storeRoot, 'runs', DIRTY_ID, 'git.diff');
    const away = join(storeRoot, 'runs', DIRTY_ID, '.git.diff-away');
    renameSync(diff, away);
    try {
      await page.reload();
      await goToRoute(page, `#/run/${DIRTY_ID}/overview`);
      const text = page.locator('[data-testid="reproduce-text"]');
      await expect
        .poll(() => text.textContent(), WAIT)
        .toBe(
          [
            "cd '/home/demo/my repo'",
            'git checkout 0123456789abcdef0123456789abcdef01234567',
            '# the tree was dirty, but its git.diff is missing: its changes cannot be applied',
            "CUDA_VISIBLE_DEVICES=1 python train.py --note 'it'\\''s dirty'",
          ].join('\n'),
        );
      expect(await page.textContent('[data-testid="reproduce-diff-problem"]')).toBe(
        'The tree was dirty, but its git.diff is missing: its changes cannot be applied, so these commands run the committed code, not what the run ran.',
      );
      expect(await page.locator('[data-testid="reproduce-save-diff"]').count()).toBe(0);
      await page.locator('[data-testid="reproduce-card"]').scrollIntoViewIfNeeded();
      await screenshot(page, 'sweep-table-reproduce-no-diff');
    } finally {
      renameSync(away, diff);
    }
  });

  it('shows a resume its own command, from the provenance its writer recorded', async () => {
    const resumed = onlyRun(runs, (run) => run.name === 'resnet18-finetune');
    await goToRoute(page, `#/run/${resumed.id}/overview`);
    const start = page.locator('[data-testid="reproduce-text"]');
    const resume = page.locator('[data-testid="reproduce-resume-text"]');
    await resume.waitFor(WAIT);
    expect(await page.textContent('[data-testid="reproduce-resume"]')).toMatch(
      /^Resumed at step 400 /,
    );
    // The demo's resume ran the same command from the same directory as its start.
    const startLines = (await start.textContent())!.split('\n');
    const resumeLines = (await resume.textContent())!.split('\n');
    expect(resumeLines[0]).toMatch(/^cd /);
    expect(resumeLines.at(-1)).toBe(startLines.at(-1));
  });
});
