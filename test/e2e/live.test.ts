// A live run in Chromium against `munin-view serve`: `demo --live` keeps a run writing; the page shows it running and growing without a reload, and killed once the writer is stopped.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Child } from './support.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

describeE2e('a live run', () => {
  const session = new E2eSession();
  let runId: string;
  let writer: Child;
  let page: Page;

  beforeAll(async () => {
    const [live, browser] = await Promise.all([session.startLiveDemo(), session.launchBrowser()]);
    runId = live.runId;
    writer = live.child;
    const { url } = await session.serve(live.root);
    page = await session.openApp(browser, url);
    await evaluate(page, '(window.e2eMarker = 1)');
  });

  afterAll(() => session.close());

  const row = (): string => `[data-testid="runs-table"] [data-run-id="${runId}"]`;

  /** The number in the live row's progress cell ("step N": the live run declares no steps). */
  async function rowStep(): Promise<number> {
    const text = await page.textContent(`${row()} .progress`);
    const match = /step (\d+)/.exec(text ?? '');
    if (match === null) throw new Error(`no step in the progress cell: ${JSON.stringify(text)}`);
    return Number(match[1]);
  }

  /** The last step the run page's header states. */
  async function pageStep(): Promise<number> {
    const text = await page
      .locator('[data-testid="run-page"] .meta-line .item', { hasText: /^step\s/ })
      .textContent(WAIT);
    const match = /^step (\d+)/.exec(text ?? '');
    if (match === null) throw new Error(`no step in the header: ${JSON.stringify(text)}`);
    return Number(match[1]);
  }

  /** The sample count of a key in the statistics table. */
  async function samples(key: string): Promise<number> {
    return Number(
      await page.textContent(
        `[data-testid="statistics-table"] tr[data-key="${key}"] td:nth-child(3)`,
      ),
    );
  }

  /** A hash of a panel's canvas pixels: changes with any redraw that moves a line. */
  const pixels = (panel: string): Promise<number> =>
    evaluate<number>(
      page,
      `(() => { const c = document.querySelector('${panel} canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let h = 0; for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) >>> 0; return h; })()`,
    );

  it('lists the live run as running, its step growing without a reload', async () => {
    await page.waitForSelector(row(), WAIT);
    expect(await page.textContent(`${row()} .run-name .sub`)).toBe('cifar-live');
    expect(await page.getAttribute(`${row()} .status`, 'data-status')).toBe('running');
    await page.click('[data-testid="status-chip-running"]');
    expect(
      await evaluate<string[]>(
        page,
        `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')].map((r) => r.dataset.runId)`,
      ),
    ).toEqual([runId]);
    const first = await rowStep();
    await expect.poll(rowStep, WAIT).toBeGreaterThanOrEqual(first + 5);
    await page.click('[data-testid="status-chip-running"]');
  });

  it("grows the run page's last step and sample counts while it is written", async () => {
    await page.click(row());
    await page.waitForSelector('[data-testid="run-page"]', WAIT);
    expect(await page.textContent('[data-testid="run-title"]')).toBe('resnet18-live');
    expect(await page.getAttribute('[data-testid="run-page"] h1 .status', 'data-status')).toBe(
      'running',
    );
    const first = await pageStep();
    await expect.poll(pageStep, WAIT).toBeGreaterThanOrEqual(first + 5);
    const lastWrite = page.locator('[data-testid="run-page"] .meta-line .item', {
      hasText: /^last write/,
    });
    expect(await lastWrite.textContent()).toBe('last write just now');

    await page.click('[data-testid="tab-metrics"]');
    await page.waitForSelector('[data-testid="statistics-table"] tr[data-key="train/loss"]', {
      timeout: 10_000,
    });
    const count = await samples('train/loss');
    await expect.poll(() => samples('train/loss'), WAIT).toBeGreaterThanOrEqual(count + 5);
    await screenshot(page, 'live-run');
  });

  it('draws a panel off screen only once it is scrolled back into view, with the newest', async () => {
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await page.waitForSelector(`${panel} canvas`, WAIT);
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width, height: 240 });
    try {
      await evaluate(page, `document.querySelector('[data-testid="run-page"]').scrollIntoView()`);
      // Well past the 400 px the panels look ahead of the viewport.
      const below = await evaluate<number>(
        page,
        `document.querySelector('${panel}').getBoundingClientRect().top - innerHeight`,
      );
      expect(below).toBeGreaterThan(500);
      await new Promise((done) => setTimeout(done, 500));
      const held = await pixels(panel);
      const step = await pageStep();
      await expect.poll(pageStep, WAIT).toBeGreaterThanOrEqual(step + 20);
      expect(await pixels(panel)).toBe(held);
      await evaluate(page, `document.querySelector('${panel}').scrollIntoView()`);
      await expect.poll(() => pixels(panel), WAIT).not.toBe(held);
    } finally {
      await page.setViewportSize(viewport);
    }
  });

  it('redraws the live panels without writing their head tools or cursor dots again', async () => {
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    await page.waitForSelector(`${panel} canvas`, WAIT);
    await evaluate(
      page,
      `(() => { window.__rewritten = [];
        window.__watch = new MutationObserver((list) => { for (const m of list) {
          const t = m.target;
          if (t.matches?.('[data-testid="curve-panel"] input, .cursor-dot')) __rewritten.push(t.outerHTML.slice(0, 80) + ' ' + m.attributeName);
        } });
        __watch.observe(document.querySelector('[data-testid="run-page"]'), { subtree: true, attributes: true }); })()`,
    );
    const drawn = await pixels(panel);
    const step = await pageStep();
    await expect.poll(pageStep, WAIT).toBeGreaterThanOrEqual(step + 10);
    const rewritten = await evaluate<string[]>(page, '(__watch.disconnect(), __rewritten)');
    // The panels did redraw meanwhile: the curve moved on the canvas.
    expect(await pixels(panel)).not.toBe(drawn);
    expect(rewritten).toEqual([]);
  });

  it('shows the run killed once its writer is stopped with SIGINT', async () => {
    await goToRoute(page, `#/run/${runId}/overview`);
    writer.process.kill('SIGINT');
    const exited = await writer.exited;
    expect(exited).toEqual({ code: 0, signal: null });
    const ended = /SIGINT: ended live run (\S+) as killed after (\d+) steps/.exec(writer.stdout());
    expect(ended?.[1]).toBe(runId);

    await expect
      .poll(() => page.getAttribute('[data-testid="run-page"] h1 .status', 'data-status'), WAIT)
      .toBe('killed');
    // The step stops where the writer stopped: its last step is one less than the steps taken.
    await expect.poll(pageStep, WAIT).toBe(Number(ended![2]) - 1);
    expect(await page.textContent('[data-testid="run-page"] .meta-line')).toContain('ran');
    expect(await evaluate(page, 'window.e2eMarker')).toBe(1);

    await page.click('text=← Runs');
    await expect
      .poll(() => page.getAttribute(`${row()} .status`, 'data-status'), WAIT)
      .toBe('killed');
  });
});
