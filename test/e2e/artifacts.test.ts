// The Artifacts pages in Chromium against `munin-view serve` on the demo store: the list, an
// artifact's versions with the deleted one marked, a version's lineage clicked through to its
// runs, the run Overview linking back, and an alias that has left a version a run used.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExportedRun } from './support.js';
import {
  E2eSession,
  WAIT,
  describeE2e,
  evaluate,
  goToRoute,
  onlyRun,
  openDemoApp,
  routeOf,
  screenshot,
} from './support.js';

describeE2e('the artifacts pages', () => {
  const session = new E2eSession();
  let runs: ExportedRun[];
  let page: Page;
  let root: string;

  beforeAll(async () => {
    ({ runs, page, root } = await openDemoApp(session));
  });

  afterAll(() => session.close());

  const texts = (selector: string): Promise<string[]> =>
    evaluate(
      page,
      `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.textContent)`,
    );

  const versionRows = (): Promise<[string, string][]> =>
    evaluate(
      page,
      `[...document.querySelectorAll('[data-testid="version-row"]')].map((row) => [
        row.getAttribute('data-version'), row.textContent])`,
    );

  it('lists the demo artifacts with their latest version and aliases', async () => {
    await goToRoute(page, '#/');
    await page.click('[data-testid="nav-artifacts"]');
    await page.waitForSelector('[data-testid="artifact-row"]', WAIT);
    expect(await routeOf(page)).toBe('#/artifacts');
    const rows = await texts('[data-testid="artifact-row"] .artifact-name');
    expect(rows).toEqual(['cifar-resnet', 'cifar10']);
    const model = (await texts('[data-testid="artifact-row"]'))[0]!;
    expect(model).toContain('v4');
    expect(model).toContain('+1 deleted');
    for (const alias of ['best', 'latest', 'prod']) expect(model).toContain(alias);
    await screenshot(page, 'artifacts-list');
    await page.fill('[data-testid="artifact-filter"]', 'cifar10');
    await expect
      .poll(() => texts('[data-testid="artifact-row"] .artifact-name'), WAIT)
      .toEqual(['cifar10']);
    await page.fill('[data-testid="artifact-filter"]', 'no such artifact');
    await page.waitForSelector('text=No artifact matches', WAIT);
    await page.fill('[data-testid="artifact-filter"]', '');
  });

  it("shows an artifact's versions newest first, the deleted one marked", async () => {
    await page.click('[data-testid="artifact-row"] >> text=cifar-resnet');
    await page.waitForSelector('[data-testid="version-row"]', WAIT);
    expect(await routeOf(page)).toBe('#/artifacts/cifar-resnet');
    const rows = await versionRows();
    expect(rows.map(([version]) => version)).toEqual(['4', '3', '2', '1']);
    expect(rows.find(([version]) => version === '2')![1]).toContain('deleted');
    expect(rows.find(([version]) => version === '3')![1]).toContain('best');
    expect(rows.find(([version]) => version === '4')![1]).toContain('prod');
    expect(rows.find(([version]) => version === '4')![1]).toContain('torch');
  });

  it("draws a version's lineage and clicks through to its runs and back", async () => {
    const fineTune = onlyRun(runs, (run) => run.tags.includes('fine-tune'));
    await page.click('[data-testid="version-row"][data-version="3"]');
    expect(await routeOf(page)).toBe('#/artifacts/cifar-resnet?v=3');
    await page.waitForSelector('[data-testid="lineage"] [data-testid="lineage-run"]', WAIT);
    const lineageRuns = await texts('[data-testid="lineage-run"]');
    // The producer first, then the runs that used it: the fine-tune among them.
    const best = onlyRun(
      runs,
      (run) => run.experiment === 'cifar-sweep' && run.tags.includes('best'),
    );
    expect(lineageRuns[0]).toContain(best.name!);
    expect(lineageRuns.slice(1).some((text) => text.includes(fineTune.name!))).toBe(true);
    const moved = await texts('[data-testid="lineage"] [data-testid="moved-alias"]');
    expect(moved.join(' ')).toContain('used cifar-resnet:3;');
    expect(moved.join(' ')).toContain('prod now names 4');
    await screenshot(page, 'artifact-lineage');

    await page.click(`[data-testid="lineage-run"] >> text=${fineTune.name!}`);
    await expect.poll(() => routeOf(page), WAIT).toBe(`#/run/${fineTune.id}/overview`);
    await page.waitForSelector('[data-testid="artifacts-used"] [data-testid="version-link"]', WAIT);
    const used = await texts('[data-testid="artifacts-used"] [data-testid="version-link"]');
    expect(used).toContain('cifar-resnet:3');
    expect(used).toContain('cifar10:1');
    const usedNote = await texts('[data-testid="artifacts-used"] [data-testid="moved-alias"]');
    expect(usedNote.join(' ')).toContain('prod now names 4');
    const produced = await texts('[data-testid="artifacts-produced"] [data-testid="version-link"]');
    expect(produced).toEqual(['cifar-resnet:4']);
    await screenshot(page, 'run-artifacts');

    await page.click('[data-testid="artifacts-used"] >> text=cifar-resnet:3');
    await expect.poll(() => routeOf(page), WAIT).toBe('#/artifacts/cifar-resnet?v=3');
    await page.waitForSelector('[data-testid="version-row"].selected[data-version="3"]', WAIT);
  });

  it('folds the runs past five that used a version, and opens them', async () => {
    await goToRoute(page, '#/artifacts/cifar10');
    await page.waitForSelector('[data-testid="lineage"]', WAIT);
    const caption = (await texts('.lineage-caption')).find((text) => text.startsWith('used by'))!;
    const users = Number(/used by (\d+) runs?/.exec(caption)![1]);
    expect(users).toBeGreaterThan(5);
    const shown = async () => (await texts('.lineage-fan [data-testid="lineage-run"]')).length;
    expect(await shown()).toBe(5);
    expect(await texts('[data-testid="lineage-more"]')).toEqual([`+${users - 5} more runs`]);
    await page.click('[data-testid="lineage-more"]');
    await expect.poll(shown, WAIT).toBe(users);
  });

  it('verifies the blobs, and shows one changed by hand as modified', async () => {
    await goToRoute(page, '#/artifacts/cifar-resnet');
    await page.click('[data-testid="verify-start"]');
    await expect
      .poll(() => page.textContent('[data-testid="verify-summary"]'), WAIT)
      .toMatch(/^every version checked is intact \(\d+\)$/);
    const version1 = JSON.parse(
      readFileSync(join(root, 'artifacts', 'cifar-resnet', '1.json'), 'utf8'),
    ) as { digest: string };
    const blob = join(root, 'blobs', 'blake2b-256', version1.digest.replace('blake2b-256:', ''));
    const bytes = readFileSync(blob);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(blob, bytes);
    await page.click('[data-testid="verify-start"]');
    await expect
      .poll(
        () => page.getAttribute('[data-testid="verify-row"][data-version="1"]', 'data-status'),
        WAIT,
      )
      .toBe('modified');
    expect(await page.textContent('[data-testid="verify-summary"]')).toMatch(
      /^1 of \d+ versions are not as published$/,
    );
    await screenshot(page, 'artifact-verify-modified');
  });

  it('shows a moved alias and a deleted version at once, while the page is open', async () => {
    await goToRoute(page, '#/artifacts/cifar-resnet');
    await page.waitForSelector('[data-testid="version-row"][data-version="4"]', WAIT);
    const chips = (): Promise<string[]> => texts('.artifact-facts .alias-chip');
    expect(await chips()).toContain('prod → 4');
    // Another process moves prod back to 3 and deletes version 1, as the format's writers do.
    const dir = join(root, 'artifacts', 'cifar-resnet');
    writeFileSync(join(dir, 'aliases', '.prod-e2e'), '3\n');
    renameSync(join(dir, 'aliases', '.prod-e2e'), join(dir, 'aliases', 'prod'));
    writeFileSync(join(dir, '.1-e2e'), '{"format":1,"time":1796000000.5,"deleted":true}');
    renameSync(join(dir, '.1-e2e'), join(dir, '1.json'));
    await expect.poll(chips, WAIT).toContain('prod → 3');
    await expect
      .poll(() => page.textContent('[data-testid="version-row"][data-version="1"]'), WAIT)
      .toContain('deleted');
  });
});
