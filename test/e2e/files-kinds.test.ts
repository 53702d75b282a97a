// Every kind of logged file in Chromium against `munin-view serve`: audio reports its duration,
// rate and waveform, and seeking a long one asks for a byte range answered 206; a table sorts
// numbers by value, filters, resizes its columns and shows a path cell's image; Markdown renders
// with its raw HTML as text; an HTML file's script never runs; bad bytes say what is wrong; and
// Compare plays two runs' audio side by side, their videos together and joins their tables.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { loggedFileUrl } from '../../shared/api/logged-file-url.js';
import { SPEECH, writeFilesStore } from '../support/files-store.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

const key = (name: string) => `[data-key="${name}"]`;

/** The texts of a table's column, top to bottom, as drawn. */
function columnTexts(page: Page, table: string, column: number): Promise<string[]> {
  return evaluate<string[]>(
    page,
    `[...document.querySelectorAll('${table} [role="row"][aria-rowindex]')].map(
      (row) => row.querySelectorAll('[role="cell"]')[${column}].textContent)`,
  );
}

describeE2e('every kind of file a run logged', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const root = join(session.tempDir(), 'store');
    writeFilesStore(root);
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    // Every refusal of the page's CSP is kept: the views must need none of what it refuses.
    page = await session.openApp(
      browser,
      served.url,
      `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`,
    );
  }, 60_000);

  afterAll(() => session.close());

  it('plays audio, telling its duration, rate and channels, over its waveform', async () => {
    await goToRoute(page, '#/run/files-a/files?key=samples%2Fspeech');
    const speech = key('samples/speech');
    await page.waitForSelector(`${speech} [data-testid="waveform"]`, WAIT);
    const duration = await evaluate<number>(
      page,
      `new Promise((done) => {
        const audio = document.querySelector('${speech} [data-testid="audio-player"]');
        if (audio.readyState >= 1) done(audio.duration);
        else audio.addEventListener('loadedmetadata', () => done(audio.duration));
      })`,
    );
    expect(duration).toBeCloseTo(SPEECH.seconds, 2);
    await expect
      .poll(() => page.textContent(`${speech} [data-testid="audio-facts"]`), WAIT)
      .toBe('0:01.5 · WAV · 16,000 Hz · mono');
    // The waveform is drawn: the canvas holds painted pixels.
    const painted = await evaluate<number>(
      page,
      `(() => {
        const canvas = document.querySelector('${speech} [data-testid="waveform"]');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
        return painted;
      })()`,
    );
    expect(painted).toBeGreaterThan(1000);
    // The slider moves to another step's file, as an image key's does.
    await page.focus(`${speech} [data-testid="file-slider"]`);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.getAttribute(`${speech} [data-testid="audio-player"]`, 'src'), WAIT)
      .toBe(loggedFileUrl('files-a', 'files/samples/speech/0.wav'));
    await page.locator(speech).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-kinds-audio');
  });

  it('seeks in a 200 MB recording by asking for a byte range, answered 206', async () => {
    await goToRoute(page, '#/run/files-bad/files?key=long%2Fsilence');
    const long = key('long/silence');
    const url = loggedFileUrl('files-bad', 'files/long/silence/0.wav');
    const answers: { range: string | null; status: number; contentRange: string | null }[] = [];
    const record = async (response: Response): Promise<void> => {
      if (!response.url().endsWith(url)) return;
      answers.push({
        range: (await response.request().allHeaders())['range'] ?? null,
        status: response.status(),
        contentRange: response.headers()['content-range'] ?? null,
      });
    };
    page.on('response', (response) => void record(response));
    await page.waitForSelector(`${long} [data-testid="audio-player"]`, WAIT);
    const duration = await evaluate<number>(
      page,
      `new Promise((done) => {
        const audio = document.querySelector('${long} [data-testid="audio-player"]');
        if (audio.readyState >= 1) done(audio.duration);
        else audio.addEventListener('loadedmetadata', () => done(audio.duration));
      })`,
    );
    // 200 MB of 8 kHz 16-bit mono is 12,500 s.
    expect(duration).toBeCloseTo(12_500, 0);
    expect(await page.textContent(`${long} [data-testid="waveform-note"]`)).toMatch(
      /No waveform: the file is 200 MB/,
    );
    await evaluate(
      page,
      `document.querySelector('${long} [data-testid="audio-player"]').currentTime = 12000`,
    );
    // The seek asks for bytes from far into the file, and gets only those.
    await expect
      .poll(
        () =>
          answers.filter(
            (a) =>
              a.status === 206 &&
              /^bytes=(\d+)-/.test(a.range ?? '') &&
              Number(/^bytes=(\d+)-/.exec(a.range!)![1]) > 150e6,
          ).length,
        WAIT,
      )
      .toBeGreaterThan(0);
    const seek = answers.find((a) => Number(/^bytes=(\d+)-/.exec(a.range ?? '')?.[1]) > 150e6)!;
    expect(seek.contentRange).toMatch(/^bytes \d+-\d+\/200000044$/);
    page.removeAllListeners('response');
  });

  it('sorts a table’s numbers by value, filters it and resizes its columns', async () => {
    await goToRoute(page, '#/run/files-a/files?key=eval%2Fpredictions');
    const table = `${key('eval/predictions')} [data-testid="table"]`;
    await page.waitForSelector(`${table} [role="row"][aria-rowindex]`, WAIT);
    await expect.poll(() => columnTexts(page, table, 0), WAIT).toHaveLength(13);
    expect(await page.textContent(`${key('eval/predictions')} [data-testid="table-count"]`)).toBe(
      '13 rows · 5 columns · 345 B read',
    );
    const sortBy = (column: string) =>
      page.click(
        `${table} [role="columnheader"][data-column="${column}"] [data-testid="table-sort"]`,
      );
    await sortBy('id');
    await expect
      .poll(() => columnTexts(page, table, 0), WAIT)
      .toEqual(['0', '5', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55', '100']);
    await sortBy('id');
    await expect
      .poll(async () => (await columnTexts(page, table, 0)).slice(0, 3), WAIT)
      .toEqual(['100', '55', '50']);
    // Numbers keep the text they were written with: 1e-3 sorts first by value, shown as written.
    await sortBy('confidence');
    await expect.poll(async () => (await columnTexts(page, table, 4))[0], WAIT).toBe('1e-3');
    await expect
      .poll(
        () =>
          evaluate<string | undefined>(
            page,
            `(() => {
              const cell = document.querySelector('${table} [role="cell"].vt-number');
              return cell === null ? undefined : getComputedStyle(cell).textAlign;
            })()`,
          ),
        WAIT,
      )
      .toBe('right');
    // A filter keeps the rows with a cell holding its text.
    await page.fill(`${key('eval/predictions')} [data-testid="table-filter"]`, 'QUOTED');
    await expect.poll(() => columnTexts(page, table, 2), WAIT).toEqual(['quoted, label']);
    await page.fill(`${key('eval/predictions')} [data-testid="table-filter"]`, '');
    await expect.poll(() => columnTexts(page, table, 0), WAIT).toHaveLength(13);
    // Dragging a header's edge widens its column.
    const header = page.locator(`${table} [role="columnheader"][data-column="label"]`);
    const before = (await header.boundingBox())!.width;
    const handle = (await header.locator('[data-testid="table-resize"]').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 80, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => (await header.boundingBox())!.width, WAIT)
      .toBeGreaterThan(before + 60);
  });

  it('shows the image a table cell names', async () => {
    const table = `${key('eval/predictions')} [data-testid="table"]`;
    await page.click(`${table} [role="columnheader"][data-column="id"] [data-testid="table-sort"]`);
    const image = `${table} [data-testid="table-image"]`;
    await page.waitForSelector(image, WAIT);
    const shown = await evaluate<{ src: string; width: number }>(
      page,
      // The sort's render may replace the cell the wait found: the image is looked for again.
      `(async () => {
        let img = null;
        for (let frames = 0; frames < 600 && !(img = document.querySelector('${image}')); frames++)
          await new Promise((resolve) => requestAnimationFrame(resolve));
        await img.decode();
        return { src: img.getAttribute('src'), width: img.naturalWidth };
      })()`,
    );
    expect(shown).toEqual({
      src: loggedFileUrl('files-a', 'files/samples/digits/200-0.png'),
      width: 28,
    });
    await page.locator(key('eval/predictions')).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-kinds-table');
  });

  it('renders Markdown with its raw HTML shown as text and its links checked', async () => {
    await goToRoute(page, '#/run/files-a/files?key=eval%2Freport');
    const body = `${key('eval/report')} [data-testid="markdown-body"]`;
    await page.waitForSelector(`${body} h1`, WAIT);
    expect(await page.textContent(`${body} h1`)).toBe('Evaluation at step 200');
    expect(await page.textContent(body)).toContain(
      '<b>raw html</b> <script>window.__markdownRan = true</script>',
    );
    expect(await page.locator(`${body} b, ${body} script`).count()).toBe(0);
    expect(await evaluate<unknown>(page, 'window.__markdownRan')).toBeUndefined();
    const links = await evaluate<{ text: string; href: string | null; target: string | null }[]>(
      page,
      `[...document.querySelectorAll('${body} a')].map((a) => ({
        text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target') }))`,
    );
    expect(links).toEqual([
      { text: 'the paper', href: 'https://example.com/paper', target: '_blank' },
      { text: 'a local file', href: null, target: null },
    ]);
    // Its table's alignment became classes, and its image came from the run's own files.
    expect(await page.locator(`${body} td.align-right`).count()).toBe(2);
    expect(await page.getAttribute(`${body} img`, 'src')).toBe(
      loggedFileUrl('files-a', 'files/samples/digits/200-0.png'),
    );
    expect(await page.textContent(`${body} .markdown-missing-image`)).toBe(
      '[image not shown: remote]',
    );
    await page.locator(key('eval/report')).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-kinds-markdown');
  });

  it('shows an HTML file in a sandbox where its script never runs', async () => {
    await evaluate(
      page,
      `window.__htmlMessages = []; window.addEventListener('message', (e) => window.__htmlMessages.push(e.data))`,
    );
    await goToRoute(page, '#/run/files-a/files?key=eval%2Fpage');
    const frame = `${key('eval/page')} [data-testid="html-frame"]`;
    await page.waitForSelector(frame, WAIT);
    expect(await page.getAttribute(frame, 'sandbox')).toBe('');
    const content = page.frameLocator(frame);
    await expect
      .poll(() => content.locator('#title').textContent(WAIT), WAIT)
      .toBe('Attention report');
    // Its own inline style applies; its script, which would rename the title and post, did not run.
    const colour = await content
      .locator('#title')
      .evaluate(
        (h) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }
          ).getComputedStyle(h).color,
      );
    expect(colour).toBe('rgb(200, 30, 30)');
    expect(await evaluate<unknown[]>(page, 'window.__htmlMessages')).toEqual([]);
    await page.click(`${key('eval/page')} [data-testid="show-source"]`);
    await expect
      .poll(() => page.textContent(`${key('eval/page')} [data-testid="text-preview-body"]`), WAIT)
      .toContain("top.postMessage('html-script-ran', '*')");
    await page.click(`${key('eval/page')} [data-testid="show-rendered"]`);
    await page.locator(key('eval/page')).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-kinds-html');
  });

  it('says what is wrong with a file whose bytes are not what its name says', async () => {
    await goToRoute(page, '#/run/files-bad/files');
    await expect
      .poll(() => page.textContent(`${key('bad/not-audio')} [data-testid="media-error"]`), WAIT)
      .toMatch(/cannot play this file: its bytes are not audio\/wav/);
    // One message: the player's; the waveform says nothing more of a file that is no audio.
    expect(
      await page.locator(`${key('bad/not-audio')} [data-testid="waveform-note"]`).count(),
    ).toBe(0);
    await expect
      .poll(() => page.textContent(`${key('bad/truncated')} [data-testid="media-error"]`), WAIT)
      .toMatch(/cut short or damaged/);
    await expect
      .poll(() => page.textContent(`${key('bad/ragged')} [data-testid="table-view"]`), WAIT)
      .toContain('1 row has fewer cells than the header names (the first is row 2)');
    await expect
      .poll(() => columnTexts(page, `${key('bad/ragged')} [data-testid="table"]`, 3), WAIT)
      .toEqual(['', '', '9']);
    await expect
      .poll(
        () => page.textContent(`${key('bad/not-a-table')} [data-testid="table-not-a-table"]`),
        WAIT,
      )
      .toContain(
        'This JSON is not a table (an array of objects, or an object of columns): its member "lr" is not an array',
      );
    expect(
      await page.textContent(`${key('bad/not-a-table')} [data-testid="table-not-a-table"] pre`),
    ).toBe('{"lr": 0.001, "batch": 64}\n');
    await expect
      .poll(() => page.textContent(`${key('bad/latin1')} [data-testid="table-warning"]`), WAIT)
      .toBe('The file is not valid UTF-8 from byte 8: bytes that are not are shown as �.');
    await expect
      .poll(() => columnTexts(page, `${key('bad/latin1')} [data-testid="table"]`, 0), WAIT)
      .toEqual(['M\uFFFDnchen']);
    await page.locator(key('bad/not-audio')).scrollIntoViewIfNeeded();
    await screenshot(page, 'files-kinds-bad');
  });

  it('compares two runs’ audio side by side and joins their tables on a key', async () => {
    await goToRoute(page, '#/compare/files-a,files-b');
    await page.click('[data-testid="compare-tab-files"]');
    await page.waitForSelector('[data-testid="compare-file-key"]', WAIT);
    await page.selectOption('[data-testid="compare-file-key"]', 'samples/speech');
    await expect
      .poll(() => page.locator('[data-testid="compare-audio"] audio').count(), WAIT)
      .toBe(2);
    await page.selectOption('[data-testid="compare-file-key"]', 'eval/predictions');
    await expect
      .poll(() => page.textContent('[data-testid="compare-table-count"]'), WAIT)
      .toBe('13 rows, 3 differ');
    expect(await page.inputValue('[data-testid="compare-table-key"]')).toBe('id');
    const table = '[data-testid="compare-table"]';
    await page.waitForSelector(`${table} [data-differs="true"]`, WAIT);
    await page.check('[data-testid="compare-table-differing"]');
    await expect.poll(() => columnTexts(page, table, 0), WAIT).toEqual(['5', '25', '45']);
    // Row 25: pred and confidence differ, the labels agree.
    const marked = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('${table} [aria-rowindex="3"] [data-differs="true"]')].map((c) => c.textContent)`,
    );
    expect(marked).toEqual(['5', '6', '0.625', '0.5']);
    await screenshot(page, 'files-kinds-compare-table');
  });

  it('plays two runs’ videos together from one control', async () => {
    await page.selectOption('[data-testid="compare-file-key"]', 'episodes/agent');
    const videos = '[data-testid="compare-video-player"]';
    await expect
      .poll(
        () =>
          evaluate<number>(
            page,
            `[...document.querySelectorAll('${videos}')].filter((v) => v.readyState >= 1).length`,
          ),
        WAIT,
      )
      .toBe(2);
    await expect
      .poll(() => page.textContent('[data-testid="compare-video-time"]'), WAIT)
      .toBe('0:00.0 / 0:04.0');
    await page.click('[data-testid="compare-video-play"]');
    await expect
      .poll(
        () =>
          evaluate<number[]>(
            page,
            `[...document.querySelectorAll('${videos}')].map((v) => v.currentTime)`,
          ),
        WAIT,
      )
      .toSatisfy((times: number[]) => times.every((t) => t > 1));
    const times = await evaluate<number[]>(
      page,
      `[...document.querySelectorAll('${videos}')].map((v) => v.currentTime)`,
    );
    expect(Math.abs(times[0]! - times[1]!)).toBeLessThan(0.5);
    await page.click('[data-testid="compare-video-play"]');
    // One seek bar moves both.
    await page.fill('[data-testid="compare-video-seek"]', '3');
    await expect
      .poll(
        () =>
          evaluate<number[]>(
            page,
            `[...document.querySelectorAll('${videos}')].map((v) => Math.round(v.currentTime * 10) / 10)`,
          ),
        WAIT,
      )
      .toEqual([3, 3]);
    await screenshot(page, 'files-kinds-compare-videos');
  });

  it('needed nothing the page’s CSP refuses', async () => {
    expect(await evaluate<string[]>(page, 'window.__cspViolations')).toEqual([]);
  });
});
