// The Files tab and Compare's images against a fixture store of logged PNGs, text and a file
// that links out of its run: slider, nearest step, thumbnails, preview limit, problems, empty.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { encodeFloat } from '../../shared/format/values.js';
import { encodeJsonString } from '../../shared/format/json.js';
import { START_TIME, metricsLine, resumeLine, startLine } from '../support/lines.js';
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
  let liveRoot: string;

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
        fileRecord('escape', 0, '../../etc/passwd'),
      ],
    );
    imageRun(root, 'run-b', 'wider', [0, 140, 280]);
    writeLog(root, 'run-c', [startLine(',"name":"no-files"', 'vision'), metricsLine(0, { x: 1 })]);
    imageRun(root, 'run-live', 'growing', [0, 100]);
    liveRoot = root;

    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, served.url);
  }, 60_000);

  afterAll(() => session.close());

  it('shows an image key at the chosen step', async () => {
    await goToRoute(page, '#/run/run-a/files');
    await page.waitForSelector('[data-testid="image-shown"]', WAIT);
    await expect.poll(() => page.textContent('[data-testid="tab-files"]'), WAIT).toBe('Files13');
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
    expect(await page.textContent('[data-key="leak"] [data-testid="file-problem"]')).toContain(
      'link out of the run’s directory',
    );
    // A record naming a path out of the run is refused, on the page and at its address.
    expect(await page.textContent('[data-key="escape"] [data-testid="file-problem"]')).toContain(
      'the path leads out of the run’s directory (..)',
    );
    const fetched = await evaluate<{ status: number; text: string }>(
      page,
      `fetch('/api/files/run-a/' + encodeURIComponent('../../etc/passwd'))
        .then(async (response) => ({ status: response.status, text: await response.text() }))`,
    );
    expect(fetched.status).toBe(403);
    expect(fetched.text).toContain('the path leads out of the run’s directory (..)');
    expect(fetched.text).not.toContain('root:');
  });

  it('follows a live run: a new image moves a slider that was at the last step', async () => {
    await goToRoute(page, '#/run/run-live/files');
    await expect
      .poll(() => page.getAttribute('[data-testid="image-shown"]', 'src'), WAIT)
      .toContain('100.png');
    const path = 'files/samples/predictions/200.png';
    writeRunFile(liveRoot, 'run-live', path, stepImage(28, 28, 5));
    appendFileSync(
      join(runDir(liveRoot, 'run-live'), 'events.jsonl'),
      `${metricsLine(200, { 'train/loss': 0.5 })}\n${fileRecord('samples/predictions', 200, path)}\n`,
    );
    await expect
      .poll(() => page.getAttribute('[data-testid="image-shown"]', 'src'), WAIT)
      .toContain('200.png');
    expect(await page.inputValue('[data-testid="image-step"]')).toBe('200');
    // A resume to step 100 orphans the image of step 200: it leaves the tab.
    appendFileSync(join(runDir(liveRoot, 'run-live'), 'events.jsonl'), `${resumeLine(100)}\n`);
    await expect
      .poll(() => page.getAttribute('[data-testid="image-shown"]', 'src'), WAIT)
      .toContain('100.png');
    expect(
      await evaluate<number>(
        page,
        'document.querySelectorAll(\'[data-key="samples/predictions"] img[src*="200.png"]\').length',
      ),
    ).toBe(0);
  });

  it('compares two runs at one step, each at or before it', async () => {
    await goToRoute(page, '#/compare/run-a,run-b');
    await page.click('[data-testid="compare-tab-files"]');
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
