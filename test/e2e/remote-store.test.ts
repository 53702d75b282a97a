// A store on another machine in the browser, served by `serve` beside a local store, the far one
// reached through a real sshd by a name of an ssh config: Compare mixes a local and a far run, a
// far run's Files tab plays and shows its files, and a cut link greys the far runs with "far-box:
// reconnecting…" until the link is back.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import {
  CLI,
  describeE2e,
  E2eSession,
  evaluate,
  goToRoute,
  legendColour,
  screenshot,
  WAIT,
} from './support.js';
import type { TestSshd } from '../support/sshd.js';
import { sshdMissing, startSshd } from '../support/sshd.js';

const missing = sshdMissing();
if (missing !== null) console.warn(`skipping the remote store in the browser: ${missing}`);

const FAR_COMMAND = `${process.execPath} ${CLI}`;

/** The ssh processes a process started (the far store's links), by pid. */
function sshChildren(parent: number): number[] {
  return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(parent)])
    .toString()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'ssh')
    .map(([pid]) => Number(pid));
}

/** describeE2e where sshd is installed, else skipped (the warning above says why). */
const describeRemote = missing === null ? describeE2e : describe.skip;

describeRemote('a far store beside a local one, in the browser', () => {
  const session = new E2eSession();
  let sshd: TestSshd;
  let browser: Browser;
  let page: Page;
  let servePid: number;

  beforeAll(async () => {
    sshd = await startSshd(session.tempDir());
    const local = await session.writeDemoStore();
    const far = await session.writeDemoStore();
    const served = await session.serve(local, [
      `ssh://far-box${far}`,
      '--ssh-command',
      sshd.aliasSshCommand,
      '--remote-command',
      FAR_COMMAND,
    ]);
    servePid = served.child.process.pid!;
    browser = await session.launchBrowser();
    page = await session.openApp(browser, served.url);
  }, 60_000);

  afterAll(async () => {
    await session.close();
    await sshd?.stop();
  });

  it('lists the far runs behind its host, and compares a local run with a far one', async () => {
    await page.waitForSelector('[data-run-id^="far-box/"]', WAIT);
    const crumbs = await page.textContent('.crumbs');
    expect(crumbs).toContain('far-box');
    const ids = await evaluate<string[]>(
      page,
      `[...document.querySelectorAll('[data-run-id]')].map((row) => row.dataset.runId)`,
    );
    const local = ids.find((id) => !id.startsWith('far-box/') && id.endsWith('ac4eafd9'));
    const far = ids.find((id) => id.startsWith('far-box/') && id.endsWith('f9c2fd42'));
    expect(local).toBeDefined();
    expect(far).toBeDefined();
    await goToRoute(page, `#/compare/${[local!, far!].map(encodeURIComponent).join(',')}`);
    await page.waitForSelector('[data-testid="far-badge"]', WAIT);
    expect(await page.textContent('[data-testid="far-badge"]')).toBe('far-box');
    // Both runs' curves are drawn in one panel, each in a colour of its own.
    const panel = '[data-testid="curve-panel"][data-key="train/loss"]';
    const colours = [
      await legendColour(page, panel, 'resnet18-lr0.03-s1'),
      await legendColour(page, panel, 'resnet18-lr0.1-s1'),
    ];
    expect(new Set(colours).size).toBe(2);
    await screenshot(page, 'remote-compare');
  });

  it("shows a far run's logged files: its audio, video, table and their images", async () => {
    await goToRoute(page, '#/');
    await page.waitForSelector('[data-run-id^="far-box/"]', WAIT);
    const id = await evaluate<string>(
      page,
      `[...document.querySelectorAll('[data-run-id^="far-box/"]')]
        .find((row) => row.textContent.includes('gridworld-commands'))?.dataset.runId ?? ''`,
    );
    expect(id).toMatch(/^far-box\//);
    await goToRoute(page, `#/run/${encodeURIComponent(id)}/files`);
    // The audio's length is read from its bytes, fetched from the far machine by byte ranges.
    const command = '[data-key="samples/command"] [data-testid="audio-player"]';
    await page.waitForSelector(command, WAIT);
    const duration = await evaluate<number>(
      page,
      `new Promise((done) => {
        const audio = document.querySelector('${command}');
        if (audio.readyState >= 1) done(audio.duration);
        else audio.addEventListener('loadedmetadata', () => done(audio.duration));
      })`,
    );
    expect(duration).toBeCloseTo(1.2, 2);
    await expect
      .poll(
        () => page.textContent('[data-key="episodes/rollout"] [data-testid="video-facts"]'),
        WAIT,
      )
      .toBe('160 × 96 px · 0:04.0');
    const table = '[data-key="eval/heard"] [data-testid="table"]';
    await expect
      .poll(() => page.locator(`${table} [role="row"][aria-rowindex]`).count(), WAIT)
      .toBe(8);
    // Each row names a far image, drawn once its bytes are here.
    await expect
      .poll(
        () =>
          evaluate<number>(
            page,
            `[...document.querySelectorAll('${table} [data-testid="table-image"]')]
              .filter((img) => img.complete && img.naturalWidth > 0).length`,
          ),
        WAIT,
      )
      .toBe(8);
    await page.locator('[data-key="eval/heard"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'remote-files');
  });

  it('greys the far runs while the link is cut, says so, and brings them back', async () => {
    await goToRoute(page, '#/');
    await page.waitForSelector('[data-run-id^="far-box/"]', WAIT);
    const links = sshChildren(servePid);
    expect(links).toHaveLength(1);
    process.kill(links[0]!, 'SIGKILL');
    await page.waitForSelector('[data-testid="remote-unreached"]', WAIT);
    expect(await page.textContent('[data-testid="remote-unreached"]')).toBe(
      'far-box: reconnecting…',
    );
    const greyed = await evaluate<number>(
      page,
      `document.querySelectorAll('.grid-row.unreached[data-run-id^="far-box/"]').length`,
    );
    const localGreyed = await evaluate<number>(
      page,
      `document.querySelectorAll('.grid-row.unreached:not([data-run-id^="far-box/"])').length`,
    );
    expect(greyed).toBeGreaterThan(0);
    expect(localGreyed).toBe(0);
    await screenshot(page, 'remote-reconnecting');
    // sshd is still there: the link comes back by itself.
    await page.waitForSelector('[data-testid="remote-unreached"]', {
      state: 'detached',
      timeout: 20_000,
    });
    expect(
      await evaluate<number>(page, `document.querySelectorAll('.grid-row.unreached').length`),
    ).toBe(0);
  });
});
