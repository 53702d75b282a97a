// The UI bench's probe in a page: a draw is timed to the paint of its frame, and a case waits
// inside the page until what it waits for is drawn (or says it never was), asking nothing meanwhile.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2e } from '../e2e/support.js';
import type { BarePage } from './ui/bare-chromium.js';
import { BareChromium } from './ui/bare-chromium.js';
import { PROBE_SCRIPT } from './ui/probe.js';

/** What a panel's draw hook hands the probe: its traces and its uPlot's data and scales. */
const DRAW = (key: string, lastStep: number): string =>
  `__muninBench.drawn(${JSON.stringify(key)}, [{ runId: 'r', steps: [0, ${lastStep}] }],
    { data: [[0, ${lastStep}]], scales: { x: { min: 0, max: ${lastStep} } } })`;

describeE2e('the bench probe', () => {
  let browser: BareChromium;
  let page: BarePage;

  beforeAll(async () => {
    browser = await BareChromium.launch();
    page = await browser.newPage({ width: 800, height: 600 }, PROBE_SCRIPT);
    await page.goto('about:blank');
  });

  afterAll(() => browser?.close());

  it('resolves a wait once a draw painted makes it hold, not before', async () => {
    await page.evaluate(`void (window.until = __muninBench.until(() =>
      __muninBench.draws.some((d) => d.key === 'b' && d.painted > 0 && d.last[0] >= 9), 10000)
      .then(() => (window.resolvedAt = __muninBench.now())))`);
    // Draws that do not make it hold leave it waiting.
    await page.evaluate(`requestAnimationFrame(() => { ${DRAW('a', 9)}; ${DRAW('b', 5)}; })`);
    await new Promise((done) => setTimeout(done, 200));
    expect(await page.evaluate('window.resolvedAt ?? null')).toBeNull();
    await page.evaluate(`requestAnimationFrame(() => ${DRAW('b', 9)})`);
    await page.evaluate('window.until');
    const [painted, resolvedAt] = (await page.evaluate(
      `[__muninBench.draws.at(-1).painted, window.resolvedAt]`,
    )) as [number, number];
    expect(painted).toBeGreaterThan(0);
    expect(resolvedAt).toBeGreaterThanOrEqual(painted);
  });

  it('resolves at once what already holds, and fails what is never drawn', async () => {
    await page.evaluate(`__muninBench.until(() => true, 10)`);
    await expect(page.evaluate(`__muninBench.until(() => false, 50)`)).rejects.toThrow(
      /not drawn in time/,
    );
  });
});
