// Helpers for the end-to-end tests: demo stores, `munin-view serve` as a child process, Chromium driven by playwright-core, screenshots and cleanup.

import { describe, expect } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.js';

export { CHROMIUM };

const execFileAsync = promisify(execFile);

export const REPO = resolve(import.meta.dirname, '../..');
export const CLI = join(REPO, 'bin', 'munin-view.js');
export const RENDERER_INDEX = join(REPO, 'out', 'renderer', 'index.html');
export const SCREENSHOTS = join(REPO, 'test-results', 'screenshots');

/** How long a test waits for the page to show a change: bounded, and generous on a busy machine. */
export const WAIT = { timeout: 10_000 } as const;

/** Why the browser tests cannot run here, or null when they can. */
export function e2eSkipReason(): string | null {
  if (!existsSync(CHROMIUM)) {
    return `${CHROMIUM} is missing (install Debian's chromium: apt-get install -y chromium)`;
  }
  if (!existsSync(RENDERER_INDEX)) {
    return `${RENDERER_INDEX} is missing (run npm run build first)`;
  }
  return null;
}

/** describe for a browser suite; skipped, with a warning saying why, when it cannot run here. */
export function describeE2e(name: string, body: () => void): void {
  const reason = e2eSkipReason();
  if (reason === null) {
    describe(name, body);
  } else {
    console.warn(`munin-view e2e: skipping "${name}": ${reason}`);
    describe.skip(name, body);
  }
}

export interface Exited {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A child process with its output gathered and its exit awaited. */
export interface Child {
  readonly process: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<Exited>;
  /** Resolves with the first match of pattern in stdout, waited for at most timeoutMs. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

export interface ExportedRun {
  readonly id: string;
  readonly status: string;
  readonly error: string | null;
  readonly experiment: string | null;
  readonly name: string | null;
  readonly parent: string | null;
  readonly steps: number | null;
  readonly params: Record<string, unknown>;
  readonly tags: string[];
  readonly notes: string | null;
  readonly provenance: Record<string, unknown> | null;
  /** The run's metric records by key: the goal each declares. */
  readonly metrics: Record<string, { goal: 'minimize' | 'maximize' | null }>;
  readonly series: Record<string, { kind: 'metric' | 'reading' }>;
  readonly stats: Record<string, { kind: 'metric' | 'reading'; count: number }>;
}

/** Everything one test file starts, stopped and removed by close() whatever happened. */
export class E2eSession {
  private readonly children = new Map<ChildProcess, Promise<Exited>>();
  private readonly dirs: string[] = [];
  private readonly browsers: Browser[] = [];
  private readonly onExit = (): void => {
    for (const child of this.children.keys()) child.kill('SIGKILL');
  };

  constructor() {
    process.on('exit', this.onExit);
  }

  /** A fresh temp directory, removed by close(). */
  tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'munin-view-e2e-'));
    this.dirs.push(dir);
    return dir;
  }

  /** Runs the CLI with args and gathers its output; the child is killed by close(). */
  spawnCli(args: readonly string[]): Child {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
    const exited = new Promise<Exited>((done) => {
      child.once('exit', (code, signal) => {
        this.children.delete(child);
        done({ code, signal });
      });
    });
    this.children.set(child, exited);
    const waitForOutput = (pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> =>
      new Promise((done, fail) => {
        const check = (): boolean => {
          const match = pattern.exec(out);
          if (match === null) return false;
          cleanup();
          done(match);
          return true;
        };
        const onExit = (): void => {
          if (check()) return;
          cleanup();
          fail(new Error(`munin-view ${args[0]} exited before printing ${pattern}: ${err}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          fail(new Error(`munin-view ${args[0]} printed no ${pattern} in ${timeoutMs} ms: ${err}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.off('exit', onExit);
        };
        if (check()) return;
        child.stdout.on('data', check);
        child.once('exit', onExit);
      });
    return { process: child, stdout: () => out, stderr: () => err, exited, waitForOutput };
  }

  /** Writes the demo store (seed 1) into a fresh temp directory and returns its root. */
  async writeDemoStore(): Promise<string> {
    const root = join(this.tempDir(), 'store');
    const child = this.spawnCli(['demo', root, '--seed', '1']);
    const exited = await child.exited;
    if (exited.code !== 0) throw new Error(`munin-view demo failed: ${child.stderr()}`);
    return root;
  }

  /**
   * Starts `demo DIR --live` in a fresh directory: it writes the demo store and then keeps the
   * run of cifar-live writing. Resolves once the live run is started, with its id.
   */
  async startLiveDemo(): Promise<{ root: string; runId: string; child: Child }> {
    const root = join(this.tempDir(), 'store');
    const child = this.spawnCli(['demo', root, '--live', '--seed', '1']);
    const match = await child.waitForOutput(/^live run (\S+) /m, 30_000);
    return { root, runId: match[1]!, child };
  }

  /** Starts `serve root --port 0 ...options` and resolves with the URL it prints, token included. */
  async serve(
    root: string,
    options: readonly string[] = [],
  ): Promise<{ url: string; origin: string; child: Child }> {
    const child = this.spawnCli(['serve', root, '--port', '0', ...options]);
    const match = await child.waitForOutput(/^munin-view serving .* at (http:\/\/\S+)$/m);
    const url = match[1]!;
    return { url, origin: new URL(url).origin, child };
  }

  async launchBrowser(): Promise<Browser> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    this.browsers.push(browser);
    return browser;
  }

  /**
   * A new page in its own context (so its cookie and local storage are its own), opened through
   * the token URL and waiting until the runs table shows at least one run; `initScript` runs in
   * the page before its own scripts.
   */
  async openApp(browser: Browser, tokenUrl: string, initScript?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    if (initScript !== undefined) await context.addInitScript(initScript);
    const page = await context.newPage();
    const response = await page.goto(tokenUrl);
    if (response === null || response.status() !== 200) {
      throw new Error(`opening ${tokenUrl} answered ${response?.status()}`);
    }
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', { timeout: 15_000 });
    return page;
  }

  /** Stops every child, closes every browser and removes every temp directory. */
  async close(): Promise<void> {
    const exits = [...this.children].map(([child, exited]) => (child.kill('SIGKILL'), exited));
    await Promise.all([
      ...exits,
      ...this.browsers.map((browser) => browser.close().catch(() => undefined)),
    ]);
    process.off('exit', this.onExit);
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The store as `munin-view export` reads it. */
export async function exportStore(root: string): Promise<ExportedRun[]> {
  const { stdout } = await execFileAsync(process.execPath, [CLI, 'export', root], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  return (JSON.parse(stdout) as { runs: ExportedRun[] }).runs;
}

/** Saves a screenshot of the page to test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Replaces path whole as another writer does: a .-named temp file beside it, then a rename. Like
 * the format's writers it creates the file's own folder (tags/) when missing, and none above it.
 */
export function replaceFile(path: string, bytes: string | Uint8Array): void {
  if (!existsSync(dirname(path))) mkdirSync(dirname(path));
  const temp = join(dirname(path), `.e2e-${process.pid}-${Date.now()}`);
  writeFileSync(temp, bytes);
  renameSync(temp, path);
}

/**
 * Evaluates a JavaScript expression in the page. The tests are compiled without the DOM's types,
 * so what runs in the page is written as text.
 */
export async function evaluate<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

/** The route of the page: its location's hash. */
export function routeOf(page: Page): Promise<string> {
  return evaluate<string>(page, 'location.hash');
}

/**
 * From the next load on, the app's socket is held by the page itself, not by its worker, so that
 * Playwright's websocket events see its frames (a worker's sockets are out of their sight). For
 * the tests that read what goes over the wire; every other test drives the worker's socket.
 */
export async function socketOnThePage(page: Page): Promise<void> {
  await page.addInitScript('Object.defineProperty(window, "Worker", { value: undefined })');
}

/** Goes to a route of the app (`#/run/<id>/<tab>`) without reloading the page. */
export async function goToRoute(page: Page, hash: string): Promise<void> {
  await evaluate(page, `location.hash = ${JSON.stringify(hash)}`);
}

/** The ids of the rows of the runs table, top to bottom. */
export function rowIds(page: Page): Promise<string[]> {
  return evaluate<string[]>(
    page,
    `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id]')]
      .sort((a, b) => a.offsetTop - b.offsetTop)
      .map((row) => row.getAttribute('data-run-id'))`,
  );
}

/** A demo store served and open in Chromium, with its export: what most e2e files start from. */
export interface DemoApp {
  readonly root: string;
  readonly runs: ExportedRun[];
  readonly page: Page;
}

export async function openDemoApp(session: E2eSession): Promise<DemoApp> {
  const [browser, served] = await Promise.all([
    session.launchBrowser(),
    session.writeDemoStore().then(async (root) => {
      const [runs, { url }] = await Promise.all([exportStore(root), session.serve(root)]);
      return { root, runs, url };
    }),
  ]);
  const page = await session.openApp(browser, served.url);
  return { root: served.root, runs: served.runs, page };
}

/**
 * The colour (#rrggbb) the page gives the run labelled `label` in the legend of the panel at
 * `selector`: a run's colour is the session's choice, so tests read it where the user does,
 * the panel scrolled to (a legend of many rows builds them once its panel is near the screen).
 */
export async function legendColour(page: Page, selector: string, label: string): Promise<string> {
  const read = (): Promise<string | null> =>
    evaluate<string | null>(
      page,
      `(() => {
        document.querySelector(${JSON.stringify(selector)})?.scrollIntoView({ block: 'center' });
        const rows = [...document.querySelectorAll(${JSON.stringify(`${selector} .legend-row`)})];
        const row = rows.find((r) => r.querySelector('.legend-label')?.textContent === ${JSON.stringify(label)});
        return row?.querySelector('[data-testid="run-swatch"]')?.getAttribute('data-color') ?? null;
      })()`,
    );
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const colour = await read();
    if (colour !== null) return colour;
    if (Date.now() > deadline) throw new Error(`no legend entry ${label} in ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens a run's tab by its route and waits for the page to show the run's title. */
export async function openRunPage(page: Page, run: ExportedRun, tab = 'overview'): Promise<void> {
  await goToRoute(page, `#/run/${run.id}/${tab}`);
  await page.waitForSelector('[data-testid="run-page"]', WAIT);
  await expect.poll(() => page.textContent('[data-testid="run-title"]'), WAIT).toBe(run.name);
}

/** The one exported run that matches: a test that names a run fails plainly when it is not one. */
export function onlyRun(
  runs: readonly ExportedRun[],
  matches: (run: ExportedRun) => boolean,
): ExportedRun {
  const found = runs.filter(matches);
  expect(found).toHaveLength(1);
  return found[0]!;
}
