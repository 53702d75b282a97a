// What `munin-view serve` refuses: a folder that holds other things than a store or streams and a
// plain file (exit 2, one line on stderr), and a browser without the token (401, no app).

import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { E2eSession, describeE2e } from './support.js';

describeE2e('serve refuses', () => {
  const session = new E2eSession();
  let browser: Browser;

  beforeAll(async () => {
    browser = await session.launchBrowser();
  });

  afterAll(() => session.close());

  async function serveFails(target: string): Promise<string> {
    const child = session.spawnCli(['serve', target, '--port', '0']);
    const exited = await child.exited;
    expect(exited).toEqual({ code: 2, signal: null });
    expect(child.stdout()).toBe('');
    const lines = child.stderr().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    expect(lines[0]).toMatch(/^munin-view: /);
    expect(lines[0]).toContain(target);
    return lines[0]!;
  }

  it('a folder holding other things, saying it is not a store, and creates nothing in it', async () => {
    const other = session.tempDir();
    writeFileSync(join(other, 'data.csv'), 'a,b\n1,2\n');
    expect(await serveFails(other)).toBe(
      `munin-view: ${other} is not a munin store: it holds other things and neither runs/ nor artifacts/, nor any JSONL event stream (no .jsonl file in it or up to 3 folders down).`,
    );
    expect(readdirSync(other)).toEqual(['data.csv']);
  });

  it('a folder holding only a store/ folder, pointing at it', async () => {
    const outer = session.tempDir();
    mkdirSync(join(outer, 'store'));
    expect(await serveFails(outer)).toContain(`open ${join(outer, 'store')}`);
  });

  it('a plain file, saying it is neither a store nor a stream', async () => {
    const file = join(session.tempDir(), 'notes.txt');
    writeFileSync(file, 'not a store\n');
    expect(await serveFails(file)).toBe(
      `munin-view: ${file} is a file, but neither a munin store (a folder) nor a JSONL event stream (a .jsonl file)`,
    );
  });

  it('a folder that does not exist', async () => {
    const missing = join(session.tempDir(), 'missing');
    expect(await serveFails(missing)).toBe(`munin-view: ${missing}: no such file or folder`);
  });

  it('the page without the token with 401, and serves it with the token', async () => {
    // An empty store: a folder holding an empty runs/.
    const root = session.tempDir();
    mkdirSync(join(root, 'runs'));
    const { url, origin } = await session.serve(root);
    const context = await browser.newContext();
    const page = await context.newPage();

    for (const path of [
      '/',
      '/index.html',
      '/#/run/x/overview',
      '/?token=wrong-token-0123456789',
    ]) {
      const response = await page.goto(`${origin}${path}`);
      expect(response?.status()).toBe(401);
      const body = await page.textContent('body');
      expect(body).not.toContain('munin-view serving');
      expect(await page.$('[data-testid="runs-table"]')).toBeNull();
      expect(await context.cookies()).toEqual([]);
    }
    const exported = await page.goto(`${origin}/api/export`);
    expect(exported?.status()).toBe(401);

    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('');
    await page.waitForSelector('[data-testid="runs-table"] :text("No runs yet")', {
      timeout: 15_000,
    });
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]!.httpOnly).toBe(true);

    const other = await browser.newContext();
    const stranger = await other.newPage();
    expect((await stranger.goto(origin))?.status()).toBe(401);
  });
});
