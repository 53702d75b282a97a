// The UI benchmark's session: `munin-view serve` as a child, headless Debian Chromium driven by
// the DevTools protocol alone (bare-chromium.ts says why not Playwright), pages opened with the
// bench's probe, and cleanup.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { BareChromium } from './bare-chromium.js';
import type { BarePage } from './bare-chromium.js';
import { PROBE_SCRIPT } from './probe.js';

const REPO = resolve(import.meta.dirname, '../../../..');
export const CLI = join(REPO, 'bin', 'munin-view.js');
export const TOKEN = 'munin-bench-ui-token-0123456789';
export const UPLOT_JS = createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js');
export const VIEWPORT = { width: 1440, height: 900 } as const;
export type Viewport = { readonly width: number; readonly height: number };

export interface Served {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
}

export class UiSession {
  private readonly children: ChildProcess[] = [];
  private readonly dirs: string[] = [];
  private browser: BareChromium | null = null;
  private readonly onExit = (): void => {
    for (const child of this.children) child.kill('SIGKILL');
  };

  constructor() {
    process.on('exit', this.onExit);
  }

  tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'munin-bench-ui-'));
    this.dirs.push(dir);
    return dir;
  }

  /** `munin-view serve root` on a free port with the bench's token; resolves once it listens. */
  serve(root: string): Promise<Served> {
    // Profiling the page profiles the host too: node's own profiler, written as the host exits.
    const profileDir = process.env['MUNIN_BENCH_UI_PROFILE'];
    const profile =
      profileDir === undefined || profileDir === ''
        ? []
        : // node names each thread's file by pid and thread id (the host's own thread is 0).
          ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `host-${basename(root)}`)}`];
    const args = [...profile, CLI, 'serve', root, '--port', '0', '--token', TOKEN];
    const child = spawn(process.execPath, args, {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`serve printed no URL: ${err}`)), 60_000);
      child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)));
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        out += text;
        const match = /^munin-view serving .* at (http:\/\/\S+)$/m.exec(out);
        if (match === null) return;
        clearTimeout(timer);
        const url = match[1]!;
        done({ url, port: Number(new URL(url).port), child });
      });
    });
  }

  async stop(served: Served): Promise<void> {
    const exited = new Promise((done) => served.child.once('exit', done));
    served.child.kill('SIGTERM');
    await exited;
  }

  async launch(): Promise<BareChromium> {
    this.browser ??= await BareChromium.launch();
    return this.browser;
  }

  /** The app at url in a context of its own, with the probe installed before any script runs. */
  async openApp(url: string, viewport: Viewport = VIEWPORT): Promise<BarePage> {
    const page = await this.openProbed(viewport);
    const status = await page.goto(url);
    if (status !== 200) throw new Error(`opening ${url} failed: HTTP ${status}`);
    await page.waitForSelector('[data-testid="runs-table"] [data-run-id]', { timeout: 120_000 });
    return page;
  }

  /** A page of its own context with the probe installed, at nothing yet. */
  async openProbed(viewport: Viewport = VIEWPORT): Promise<BarePage> {
    return (await this.launch()).newPage(viewport, PROBE_SCRIPT);
  }

  /** A blank page with the same uPlot build and the probe: where the bare-uPlot floor is drawn. */
  async openFloor(): Promise<BarePage> {
    const page = await (await this.launch()).newPage(VIEWPORT, PROBE_SCRIPT);
    // A document of its own, so that the probe runs in it first.
    await page.goto('about:blank');
    await page.evaluate(
      `document.body.style.margin = '0'; document.body.innerHTML = '<div id="root"></div>'`,
    );
    // A classic script's top level: its `var uPlot` is the page's global, as a script tag's is.
    await page.evaluate(readFileSync(UPLOT_JS, 'utf8'));
    return page;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    this.browser = null;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
            child.once('exit', done);
            child.kill('SIGKILL');
          }),
      ),
    );
    process.off('exit', this.onExit);
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Evaluates text in the page: the bench is compiled without the DOM's types. */
export async function inPage<T>(page: BarePage, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

/** Waits, polling from node (so the waiting costs the page nothing), until the page says yes. */
export async function pollPage(
  page: BarePage,
  expression: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await inPage<boolean>(page, expression))) {
    if (Date.now() > deadline) throw new Error(`page never held ${expression}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
