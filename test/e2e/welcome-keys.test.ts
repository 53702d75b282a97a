// The desktop app's welcome screen in Chromium, the preload stood in for by a page script (the
// Electron binary cannot run here): Help > Keyboard Shortcuts and `?` show the sheet with no
// store open, Escape closes it and gives the focus back.

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2eSession, WAIT, describeE2e, evaluate } from './support.js';

const SHEET = '[data-testid="shortcut-sheet"]';

/** A preload whose main process has no store open; its menu is `window.__menuCommand(command)`. */
const WELCOME_PRELOAD = String.raw`(() => {
  const menu = new Set();
  window.__menuCommand = (command) => menu.forEach((listener) => listener(command));
  const never = () => new Promise(() => {});
  const off = () => () => {};
  window.muninPreload = {
    api: new Proxy({}, { get: () => never }),
    onDelta: off,
    desktop: new Proxy(
      {
        currentStore: async () => null,
        recentStores: async () => ['/data/stores/sweeps'],
        onMenuCommand: (listener) => (menu.add(listener), () => menu.delete(listener)),
      },
      { get: (target, name) => target[name] ?? (String(name).startsWith('on') ? off : never) },
    ),
  };
})()`;

describeE2e('the welcome screen’s keyboard', () => {
  const session = new E2eSession();
  let page: Page;

  beforeAll(async () => {
    const [browser, served] = await Promise.all([
      session.launchBrowser(),
      session.serve(session.tempDir()),
    ]);
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    await context.addInitScript(WELCOME_PRELOAD);
    page = await context.newPage();
    await page.goto(served.url);
    await page.waitForSelector('.welcome', WAIT);
  });

  afterAll(() => session.close());

  it('shows the shortcuts from the Help menu and closes them with Escape', async () => {
    expect(await page.locator(SHEET).count()).toBe(0);
    await evaluate(page, `window.__menuCommand('show-help')`);
    await page.waitForSelector(SHEET, WAIT);
    expect(await page.locator(`${SHEET} [data-shortcut="palette.open"]`).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.waitForSelector(SHEET, { ...WAIT, state: 'detached' });
  });

  it('shows them on ?, and gives the focus back to what held it', async () => {
    const open = page.getByRole('button', { name: 'Open store…' });
    await open.focus();
    await page.keyboard.press('?');
    await page.waitForSelector(SHEET, WAIT);
    expect(await evaluate<boolean>(page, `document.activeElement.matches('${SHEET}')`)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector(SHEET, { ...WAIT, state: 'detached' });
    expect(await evaluate<string>(page, 'document.activeElement.textContent')).toBe('Open store…');
  });
});
