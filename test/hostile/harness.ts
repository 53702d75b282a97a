// Running munin-view's commands on hostile stores in a child process: bounded in time (a hang is
// a failure, not a stuck suite), its peak memory measured, and, when the tests run as root, as
// the user nobody, so that files without permissions really cannot be read.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { ApiSession } from '../serve/harness.js';

export const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin', 'munin-view.js');
const PEAK_PRELOAD = join(REPO, 'test', 'hostile', 'peak-memory.mjs');

/** True when the tests run as root: permissions mean nothing to root, so children run as nobody. */
export const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

export const MiB = 1 << 20;

/** A maker of fresh temp directories that the child (maybe nobody) can enter; removed after. */
export function hostileDirs(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-view-hostile-'));
    chmodSync(dir, 0o755);
    made.push(dir);
    return dir;
  };
}

export interface ChildOutcome {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
  /** The child's peak resident memory; NaN when it died before it could tell. */
  readonly peakRssBytes: number;
  /** True when it was killed for outliving its time bound. */
  readonly timedOut: boolean;
}

export interface ChildOptions {
  /** Killed after this long, and the outcome says timedOut. */
  readonly timeoutMs: number;
  /** Run as the user nobody when the tests run as root (default true). */
  readonly unprivileged?: boolean;
  readonly env?: Record<string, string>;
  /** Caps stdout kept in memory here: an export's text is not the test's to hold. */
  readonly keepStdoutBytes?: number;
}

export interface RunningChild {
  readonly child: ChildProcess;
  /** Stdout so far. */
  stdout(): string;
  /** Resolves once the child exits (or is killed at its bound). */
  readonly done: Promise<ChildOutcome>;
}

/** Starts `munin-view <args>` in a child, measured. */
export function startCli(args: readonly string[], options: ChildOptions): RunningChild {
  const peakDir = mkdtempSync(join(tmpdir(), 'munin-view-peak-'));
  chmodSync(peakDir, 0o777);
  const peakFile = join(peakDir, 'peak.json');
  const asNobody = AS_ROOT && (options.unprivileged ?? true);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_PRELOAD, CLI, ...args], {
    env: { ...process.env, ...options.env, MUNIN_PEAK_FILE: peakFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  const keep = options.keepStdoutBytes ?? 1 << 20;
  let stdout = '';
  let stdoutBytes = 0;
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => {
    stdoutBytes += text.length;
    if (stdout.length < keep) stdout += text.slice(0, keep - stdout.length);
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => (stderr += text));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  const done = new Promise<ChildOutcome>((resolveOutcome) => {
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      let peakRssBytes = Number.NaN;
      try {
        peakRssBytes = (JSON.parse(readFileSync(peakFile, 'utf8')) as { peakRssBytes: number })
          .peakRssBytes;
      } catch {
        // Killed before its exit hook ran.
      }
      rmSync(peakDir, { recursive: true, force: true });
      resolveOutcome({
        status,
        signal,
        stdout,
        stderr,
        elapsedMs: performance.now() - started,
        peakRssBytes,
        timedOut,
      });
      void stdoutBytes;
    });
  });
  return { child, stdout: () => stdout, done };
}

/** Runs `munin-view <args>` to its end, measured. */
export function runCli(args: readonly string[], options: ChildOptions): Promise<ChildOutcome> {
  return startCli(args, options).done;
}

/** Starts `munin-view serve` on a store in a child; resolves once it prints its address. */
export async function startServe(
  store: string,
  options: ChildOptions,
): Promise<{ url: URL; token: string; stop(): Promise<ChildOutcome>; child: RunningChild }> {
  const running = startCli(['serve', store, '--port', '0'], options);
  const line = await new Promise<string>((resolveLine, reject) => {
    const check = (): void => {
      const match = /at (http:\S+)/.exec(running.stdout());
      if (match !== null) resolveLine(match[1]!);
    };
    running.child.stdout!.on('data', check);
    void running.done.then((outcome) =>
      reject(new Error(`serve exited before it listened: ${outcome.stderr}`)),
    );
  });
  const url = new URL(line);
  const token = url.searchParams.get('token') ?? '';
  return {
    url,
    token,
    child: running,
    stop: () => {
      running.child.kill('SIGTERM');
      return running.done;
    },
  };
}

/** A WebSocket Api session with a served child, authorised as its page is. */
export function serveSession(served: { url: URL; token: string }): Promise<ApiSession> {
  const port = Number(served.url.port);
  return ApiSession.open(port, {
    Host: `127.0.0.1:${port}`,
    Origin: `http://127.0.0.1:${port}`,
    Cookie: `munin-view-${port}=${served.token}`,
  });
}
