// Debian's Chromium driven over the DevTools protocol on a pipe, with no domain enabled that the
// bench does not ask for. Playwright enables the Network domain on every page it drives, and
// then the page base64-encodes every WebSocket frame it takes in for the driver: 5.5 MB a
// Compare's open, some 150 ms of a 650 ms open (out/scratch/rawcdp.mjs: medians 483-556 ms
// without it, 639-740 ms through Playwright). No user's page carries that cost.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_ARGS } from '../../support/chromium.js';

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

/** One DevTools protocol connection: the browser's, and its pages' sessions over it (flat). */
class Connection {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { done: (r: Params) => void; fail: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<Listener>>();
  private buffered = '';

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    // The browser gone, nothing more will answer: what waits fails instead of hanging the bench.
    fromBrowser.on('close', () => {
      for (const [, waiter] of this.waiting) waiter.fail(new Error('the browser closed'));
      this.waiting.clear();
    });
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (text: string) => {
      this.buffered += text;
      // Messages end in NUL on the pipe.
      for (let end = this.buffered.indexOf('\0'); end >= 0; end = this.buffered.indexOf('\0')) {
        const message = JSON.parse(this.buffered.slice(0, end)) as {
          id?: number;
          method?: string;
          params?: Params;
          result?: Params;
          error?: { message: string };
          sessionId?: string;
        };
        this.buffered = this.buffered.slice(end + 1);
        if (message.id !== undefined) {
          const waiter = this.waiting.get(message.id);
          this.waiting.delete(message.id);
          if (message.error !== undefined) waiter?.fail(new Error(message.error.message));
          else waiter?.done(message.result ?? {});
        } else if (message.method !== undefined) {
          const key = `${message.sessionId ?? ''}|${message.method}`;
          for (const listener of this.listeners.get(key) ?? []) listener(message.params ?? {});
        }
      }
    });
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    return new Promise((done, fail) => {
      const id = this.nextId++;
      this.waiting.set(id, {
        done,
        fail: (error) => fail(new Error(`${method}: ${error.message}`)),
      });
      const message = { id, method, params, ...(sessionId === undefined ? {} : { sessionId }) };
      this.toBrowser.write(`${JSON.stringify(message)}\0`);
    });
  }

  on(method: string, listener: Listener, sessionId?: string): () => void {
    const key = `${sessionId ?? ''}|${method}`;
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }
}

/**
 * The switches Playwright launches Chromium with that bear on timing, so that figures stay
 * comparable with those measured through it: no throttling of timers or of a page not in front,
 * no IPC flood protection, no scrollbars taking from the plots' width, shared memory in /tmp.
 */
const AS_PLAYWRIGHT = [
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-dev-shm-usage',
  '--disable-field-trial-config',
  '--disable-back-forward-cache',
  '--disable-extensions',
  '--disable-hang-monitor',
  '--disable-breakpad',
  '--no-default-browser-check',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
  '--mute-audio',
  // The floor's about:blank counts as the public network to Local Network Access, which would
  // refuse it the wire floor's WebSocket to 127.0.0.1; Playwright's pages were let through.
  '--disable-features=LocalNetworkAccessChecks',
];

/** A page's protocol session, as the bench's cases use one (Playwright's CDPSession's shape). */
export interface PageSession {
  send(method: string, params?: Params): Promise<Params>;
  on(method: string, listener: Listener): void;
  /** Stops this session's listeners; the page stays attached. */
  detach(): Promise<void>;
}

const BUTTON = { none: 0, left: 1 } as const;

/** The keys the bench presses (digits and Backspace), as the protocol wants them. */
function keyOf(key: string): {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text?: string;
} {
  if (key === 'Backspace') return { key, code: key, windowsVirtualKeyCode: 8 };
  if (/^[0-9]$/.test(key))
    return { key, code: `Digit${key}`, windowsVirtualKeyCode: key.charCodeAt(0), text: key };
  throw new Error(`the bench driver presses digits and Backspace, not ${key}`);
}

/** A page of its own browser context: what the bench's cases do with a page. */
export class BarePage {
  private pointer = { x: 0, y: 0, button: 'none' as keyof typeof BUTTON };

  constructor(
    private readonly connection: Connection,
    private readonly sessionId: string,
    private readonly close_: () => Promise<void>,
  ) {}

  send(method: string, params: Params = {}): Promise<Params> {
    return this.connection.send(method, params, this.sessionId);
  }

  /** The value of a script's expression (a promise's, once it settles). */
  async evaluate(expression: string): Promise<unknown> {
    const { result, exceptionDetails } = (await this.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as {
      result: { value?: unknown };
      exceptionDetails?: { exception?: { description?: string }; text?: string };
    };
    if (exceptionDetails !== undefined) {
      const why = exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'thrown';
      throw new Error(`in the page: ${why}`);
    }
    return result.value;
  }

  /** Sets the viewport's size, as a window resized to it. */
  async resize(viewport: { width: number; height: number }): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', {
      ...viewport,
      deviceScaleFactor: 1,
      mobile: false,
    });
  }

  /** Goes to url; resolves, once its load event fired, with the HTTP status it ended on. */
  async goto(url: string): Promise<number> {
    const loaded = new Promise<void>((done) => {
      const stop = this.connection.on(
        'Page.loadEventFired',
        () => (stop(), done()),
        this.sessionId,
      );
    });
    const { errorText } = (await this.send('Page.navigate', { url })) as { errorText?: string };
    if (errorText !== undefined) throw new Error(`opening ${url} failed: ${errorText}`);
    await loaded;
    // After redirects (serve trades the token for a cookie), the last response's; 0 for none.
    return Number(
      await this.evaluate(`performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0`),
    );
  }

  /** Resolves once an element matches selector, waiting in the page itself. */
  async waitForSelector(selector: string, options: { timeout?: number } = {}): Promise<void> {
    const timeout = options.timeout ?? 30_000;
    const found = await this.evaluate(`new Promise((done) => {
      const deadline = performance.now() + ${timeout};
      const look = () => document.querySelector(${JSON.stringify(selector)}) !== null ? done(true)
        : performance.now() > deadline ? done(false) : setTimeout(look, 20);
      look(); })`);
    if (found !== true) throw new Error(`no ${selector} within ${timeout} ms`);
  }

  /** The element's box in the viewport, scrolled into view first. */
  async boundingBox(
    selector: string,
  ): Promise<{ x: number; y: number; width: number; height: number }> {
    const box = (await this
      .evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (e === null) return null; e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })()`)) as {
      x: number;
      y: number;
      width: number;
      height: number;
    } | null;
    if (box === null) throw new Error(`no ${selector} in the page`);
    return box;
  }

  readonly mouse = {
    move: async (x: number, y: number, options: { steps?: number } = {}): Promise<void> => {
      const steps = Math.max(1, options.steps ?? 1);
      const from = { ...this.pointer };
      for (let i = 1; i <= steps; i++) {
        this.pointer.x = from.x + ((x - from.x) * i) / steps;
        this.pointer.y = from.y + ((y - from.y) * i) / steps;
        await this.mouseEvent('mouseMoved', 0);
      }
    },
    down: async (clickCount = 1): Promise<void> => {
      this.pointer.button = 'left';
      await this.mouseEvent('mousePressed', clickCount);
    },
    up: async (clickCount = 1): Promise<void> => {
      await this.mouseEvent('mouseReleased', clickCount);
      this.pointer.button = 'none';
    },
  };

  readonly keyboard = {
    press: async (key: string): Promise<void> => {
      // The text goes with the key's press alone: it is what types the character.
      const { text, ...stroke } = keyOf(key);
      await this.send('Input.dispatchKeyEvent', { type: 'keyDown', ...stroke, text });
      await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...stroke });
    },
  };

  async click(selector: string): Promise<void> {
    await this.clickTimes(selector, 1);
  }

  async dblclick(selector: string): Promise<void> {
    await this.clickTimes(selector, 2);
  }

  /** A session for a case's own protocol work (tracing aside), sharing this page's target. */
  async newCDPSession(): Promise<PageSession> {
    return this.sessionOf(this.sessionId);
  }

  /** The session of a target attached under this page (its workers, auto-attached flat). */
  attachedSession(sessionId: string): PageSession {
    return this.sessionOf(sessionId);
  }

  private sessionOf(sessionId: string): PageSession {
    const stops: (() => void)[] = [];
    return {
      send: (method, params) => this.connection.send(method, params, sessionId),
      on: (method, listener) => void stops.push(this.connection.on(method, listener, sessionId)),
      detach: async () => stops.splice(0).forEach((stop) => stop()),
    };
  }

  close(): Promise<void> {
    return this.close_();
  }

  /** Starts tracing the whole browser (every page of it) in these categories. */
  async startTracing(categories: readonly string[]): Promise<void> {
    await this.connection.send('Tracing.start', {
      traceConfig: { includedCategories: categories },
      transferMode: 'ReturnAsStream',
    });
  }

  /** The trace since startTracing, as Chromium writes it (JSON). */
  async stopTracing(): Promise<string> {
    const complete = new Promise<string>((done) => {
      const stop = this.connection.on('Tracing.tracingComplete', (params) => {
        stop();
        done(params['stream'] as string);
      });
    });
    await this.connection.send('Tracing.end');
    const handle = await complete;
    const parts: string[] = [];
    for (;;) {
      const { data, eof, base64Encoded } = (await this.connection.send('IO.read', { handle })) as {
        data: string;
        eof: boolean;
        base64Encoded?: boolean;
      };
      parts.push(base64Encoded === true ? Buffer.from(data, 'base64').toString('utf8') : data);
      if (eof) break;
    }
    await this.connection.send('IO.close', { handle });
    return parts.join('');
  }

  private async clickTimes(selector: string, times: number): Promise<void> {
    const box = await this.boundingBox(selector);
    await this.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let count = 1; count <= times; count++) {
      await this.mouse.down(count);
      await this.mouse.up(count);
    }
  }

  private mouseEvent(type: string, clickCount: number): Promise<Params> {
    const { x, y, button } = this.pointer;
    return this.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button,
      buttons: BUTTON[button],
      clickCount,
    });
  }
}

/** Chromium as a child on a protocol pipe; each page in a browser context of its own. */
export class BareChromium {
  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: Connection,
    private readonly profileDir: string,
  ) {}

  static async launch(): Promise<BareChromium> {
    const profileDir = mkdtempSync(join(tmpdir(), 'munin-bench-chromium-'));
    // fd 3 carries the protocol to the browser, fd 4 back.
    const child = spawn(
      CHROMIUM,
      [
        ...CHROMIUM_ARGS,
        ...AS_PLAYWRIGHT,
        '--remote-debugging-pipe',
        `--user-data-dir=${profileDir}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const connection = new Connection(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const browser = new BareChromium(child, connection, profileDir);
    await connection.send('Browser.getVersion');
    return browser;
  }

  /** A page of viewport's size in a fresh context, running init before any script of its own. */
  async newPage(viewport: { width: number; height: number }, init: string): Promise<BarePage> {
    const { browserContextId } = await this.connection.send('Target.createBrowserContext');
    const { targetId } = await this.connection.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = (await this.connection.send('Target.attachToTarget', {
      targetId,
      flatten: true,
    })) as { sessionId: string };
    const page = new BarePage(this.connection, sessionId, async () => {
      await this.connection.send('Target.disposeBrowserContext', { browserContextId });
    });
    await page.send('Page.enable');
    await page.resize(viewport);
    // A headless page has no window to be focused in: typing needs the page to think it is.
    await page.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: init });
    return page;
  }

  async close(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    await this.connection.send('Browser.close').catch(() => this.child.kill('SIGKILL'));
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}
