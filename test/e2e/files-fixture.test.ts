// The Files tab and Compare's images against a fixture store of logged PNGs, text and a file
// that links out of its run: slider, nearest step, thumbnails, preview limit, problems, empty.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodeFloat } from '../../shared/format/values.js';
import { encodeJsonString } from '../../shared/format/json.js';
import { START_TIME, metricsLine, startLine } from '../support/lines.js';
import { runDir, writeLog } from '../support/store-fixture.js';
import { stepImage } from '../support/png.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

function fileRecord(key: string, step: number, path: string): string {
  const time = encodeFloat(START_TIME + 10 + step * 0.5);
  return `{"type":"file","time":${time},"key":${encodeJsonString(key)},"step":${step},"path":${encodeJsonString(path)}}`;
}

/** A run that logged images of `key` at `steps`, each drawn from its step, and its metrics. */
function imageRun(
  root: string,
  id: string,
  name: string,
  steps: readonly number[],
  extra: string[] = [],
): void {
  const lines = [startLine(`,"name":${encodeJsonString(name)}`, 'vision')];
  for (const step of steps) {
    const path = `files/samples/predictions/${step}.png`;
    mkdirSync(dirname(join(runDir(root, id), path)), { recursive: true });
    writeFileSync(join(runDir(root, id), path), stepImage(28, 28, step / 40));
    lines.push(metricsLine(step, { 'train/loss': 2 / (1 + step / 100) }));
    lines.push(fileRecord('samples/predictions', step, path));
  }
  writeLog(root, id, [...lines, ...extra]);
}

function writeRunFile(root: string, id: string, path: string, bytes: string | Buffer): void {
  mkdirSync(dirname(join(runDir(root, id), path)), { recursive: true });
  writeFileSync(join(runDir(root, id), path), bytes);
}

describeE2e('the files a run logged', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    const long = Array.from(
      { length: 12_000 },
      (_, i) => `epoch ${i}: loss ${(1 / (i + 1)).toFixed(6)}`,
    ).join('\n');
    writeRunFile(root, 'run-a', 'files/logs/train/500.txt', long);
    writeRunFile(root, 'run-a', 'files/config/0.json', '{"lr": 0.001, "batch": 64}\n');
    writeRunFile(root, 'run-a', 'files/checkpoint/500.bin', Buffer.alloc(3000, 7));
    writeRunFile(root, 'run-a', 'files/attention/head0/0.png', stepImage(160, 90, 0));
    writeRunFile(root, 'run-a', 'files/attention/head0/500.png', stepImage(160, 90, 3));
    mkdirSync(join(runDir(root, 'run-a'), 'files/leak'), { recursive: true });
    symlinkSync('/etc/hostname', join(runDir(root, 'run-a'), 'files/leak/0.txt'));
    imageRun(
      root,
      'run-a',
      'baseline',
      [0, 100, 200, 300, 400, 500],
      [
        fileRecord('attention/head0', 0, 'files/attention/head0/0.png'),
        fileRecord('attention/head0', 500, 'files/attention/head0/500.png'),
        fileRecord('config', 0, 'files/config/0.json'),
        fileRecord('logs/train', 500, 'files/logs/train/500.txt'),
        fileRecord('checkpoint', 500, 'files/checkpoint/500.bin'),
        fileRecord('leak', 0, 'files/leak/0.txt'),
      ],
    );
    imageRun(root, 'run-b', 'wider', [0, 140, 280]);
    writeLog(root, 'run-c', [startLine(',"name":"no-files"', 'vision'), metricsLine(0, { x: 1 })]);

    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, served.url);
  }, 60_000);

  afterAll(() => session.close());

  it('shows an image key at the chosen step', async () => {
    await goToRoute(page, '#/run/run-a/files');
    await page.waitForSelector('[data-testid="image-shown"]', WAIT);
    await expect.poll(() => page.textContent('[data-testid="tab-files"]'), WAIT).toBe('Files12');
    await page.waitForSelector('[data-testid="text-preview-body"]', WAIT);
    await screenshot(page, 'files-fixture-tab');
    await page.focus('[data-testid="image-slider"]');
    await page.keyboard.press('Home');
    await page.fill('[data-testid="image-step"]', '260');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getAttribute('[data-testid="image-shown"]', 'src'), WAIT)
      .toContain('300.png');
    await page
      .locator('[data-key="logs/train"] [data-testid="text-preview"]')
      .scrollIntoViewIfNeeded();
    await screenshot(page, 'files-fixture-text');
    // A link out of the run's directory is never served: its row says why instead.
    expect(await page.textContent('[data-key="leak"] [data-testid="file-problem"]')).toMatch(/\S/);
  });

  it('compares two runs at one step, each at or before it', async () => {
    await goToRoute(page, '#/compare/run-a,run-b');
    await page.click('[data-testid="compare-tab-images"]');
    await page.waitForSelector('[data-testid="compare-image-shown"]', WAIT);
    await page.fill('[data-testid="compare-step"]', '300');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.textContent('[data-testid="compare-offsets"]'), WAIT)
      .toBe('step 300 · wider shows 280');
    await screenshot(page, 'files-fixture-compare');
    await page.click('[data-testid="compare-view-difference"]');
    await expect
      .poll(() => page.textContent('[data-testid="diff-note"]'), WAIT)
      .toMatch(/pixels differ/);
    await screenshot(page, 'files-fixture-difference');
  });

  it('says so when a run logged no files', async () => {
    await goToRoute(page, '#/run/run-c/files');
    await page.waitForSelector('[data-testid="files-empty"]', WAIT);
    await screenshot(page, 'files-fixture-empty');
    expect(
      await evaluate<number>(page, 'document.querySelectorAll("img[src*=\\"api/files\\"]").length'),
    ).toBe(0);
  });
});
