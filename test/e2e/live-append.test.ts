// Live samples drawn as their new segments alone, in Chromium against `munin-view serve`: the
// chart holds room ahead on x while it grows, draws appended points over the frame before, and
// that frame matches what a whole redraw of the same data draws.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LiveWriter } from '../support/live-writer.js';
import { metricsLine, startLine } from '../support/live-lines.js';
import { startLiveRun } from '../support/live-store.js';
import { E2eSession, WAIT, describeE2e, evaluate, goToRoute, screenshot } from './support.js';

const RUN = '20261202T100000Z-0000a11e';
const KEY = 'train/wave';
const PANEL = `[data-testid="curve-panel"][data-key="${KEY}"]`;

/** Within the range the first steps already span, so appended points need no new y scale. */
const wave = (step: number): number => 1 + 0.5 * Math.sin(step / 3);
const lines = (from: number, to: number): string[] =>
  Array.from({ length: to - from }, (_, i) => metricsLine(from + i, { [KEY]: wave(from + i) }));

/** Records every draw of the panel: how it was drawn, its last step and its x scale. */
const PROBE = String.raw`window.__muninBench = { draws: [], drawn(key, traces, u, appended) {
  if (key !== ${JSON.stringify(KEY)}) return;
  const steps = traces[0].steps;
  this.draws.push({ appended, last: steps[steps.length - 1], xMax: u.scales.x.max });
} };`;

interface Draw {
  readonly appended: boolean;
  readonly last: number;
  readonly xMax: number;
}

describeE2e('live samples drawn as appended segments', () => {
  const session = new E2eSession();
  const writer = LiveWriter.start();
  let handle: number;
  let page: Page;

  beforeAll(async () => {
    const root = session.tempDir();
    handle = await startLiveRun(writer, root, RUN, startLine('live') + lines(0, 200).join(''));
    const [browser, served] = await Promise.all([session.launchBrowser(), session.serve(root)]);
    page = await session.openApp(browser, served.url, PROBE);
    await goToRoute(page, `#/run/${RUN}/metrics`);
    await page.waitForSelector(`${PANEL} canvas`, WAIT);
  });

  afterAll(async () => {
    await writer.kill();
    await session.close();
  });

  const draws = (): Promise<Draw[]> => evaluate<Draw[]>(page, '__muninBench.draws.splice(0)');
  /** Keeps the plot's canvas in the page, by name, as RGBA bytes. */
  const keep = (name: string): Promise<void> =>
    evaluate(
      page,
      `(() => { const c = document.querySelector('${PANEL} canvas');
        (window.__frames ??= {})[${JSON.stringify(name)}] =
          c.getContext('2d').getImageData(0, 0, c.width, c.height).data; })()`,
    );
  /** Pixels of two kept frames that differ visibly (any channel by more than 48). */
  const differing = (a: string, b: string): Promise<number> =>
    evaluate<number>(
      page,
      `(() => { const a = __frames[${JSON.stringify(a)}], b = __frames[${JSON.stringify(b)}];
        let count = 0;
        for (let i = 0; i < a.length; i += 4) {
          let d = 0;
          for (let k = 0; k < 4; k++) d = Math.max(d, Math.abs(a[i + k] - b[i + k]));
          if (d > 48) count++;
        }
        return count; })()`,
    );
  /** Draws until one holds `step`, then the frame. */
  const drawnThrough = async (step: number, seen: Draw[]): Promise<void> => {
    await expect
      .poll(async () => (seen.push(...(await draws())), seen.at(-1)?.last ?? -1), WAIT)
      .toBe(step);
    // A frame after the draw, so the canvas read is the one painted.
    await evaluate(page, 'new Promise((done) => requestAnimationFrame(() => done(0)))');
  };

  it('keeps room ahead on x once the run grows, and draws the points appended into it alone', async () => {
    await draws();
    const first: Draw[] = [];
    await writer.stream(handle, lines(200, 201), 0);
    await drawnThrough(200, first);
    // The first growth draws whole, with x held past the last step.
    expect(first.at(-1)!.appended).toBe(false);
    const xMax = first.at(-1)!.xMax;
    // Room for the points streamed next.
    expect(xMax).toBeGreaterThan(208);
    await keep('before');

    const grown: Draw[] = [];
    await writer.stream(handle, lines(201, 209), 40);
    await drawnThrough(208, grown);
    expect(grown.length).toBeGreaterThan(0);
    expect(grown.every((d) => d.appended && d.xMax === xMax)).toBe(true);
    await keep('appended');
    await screenshot(page, 'live-appended');

    // A double-click resets the zoom: a whole redraw of the same data on the same scales.
    await page.dblclick(`${PANEL} .u-over`);
    const whole: Draw[] = [];
    await expect
      .poll(async () => (whole.push(...(await draws())), whole.some((d) => !d.appended)), WAIT)
      .toBe(true);
    expect(whole.at(-1)).toEqual({ appended: false, last: 208, xMax });
    await evaluate(page, 'new Promise((done) => requestAnimationFrame(() => done(0)))');
    await keep('redrawn');

    // The segments drawn alone are what the whole redraw drew there: the frames differ in a
    // small share of what the new points changed (at the joins), not in the new points.
    const change = await differing('before', 'redrawn');
    expect(change).toBeGreaterThan(50);
    expect(await differing('appended', 'redrawn')).toBeLessThan(change * 0.25);
  });

  it('draws whole again once the data passes the room held ahead', async () => {
    const seen: Draw[] = [];
    await writer.stream(handle, lines(209, 240), 5);
    await drawnThrough(239, seen);
    const last = seen.at(-1)!;
    expect(last.xMax).toBeGreaterThan(239);
    expect(seen.some((d) => !d.appended)).toBe(true);
  });
});
