// A run's writer in another process, stepped over stdin/stdout: flock, append, pwrite, truncate.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FS_EXT = require.resolve('fs-ext');

/** The child's program: one JSON command a line on stdin, one JSON answer a line on stdout. */
const CHILD = String.raw`
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const ext = require(process.argv[1]);
const files = new Map();
let nextHandle = 1;
const ticks = new Map();
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
function answer(id, body) { process.stdout.write(JSON.stringify({ id, ...body }) + '\n'); }
function file(handle) {
  const f = files.get(handle);
  if (f === undefined) throw new Error('no open file ' + handle);
  return f;
}
function writeAll(fd, buffer, position) {
  let done = 0;
  while (done < buffer.length) done += fs.writeSync(fd, buffer, done, buffer.length - done, position + done);
}
function append(f, buffer) { writeAll(f.fd, buffer, f.end); f.end += buffer.length; }
function floatText(x) { const s = String(x); return /[.e]/.test(s) ? s : s + '.0'; }
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function metricsLine(step, values, type) {
  const members = Object.entries(values).map(([k, v]) => JSON.stringify(k) + ':' + floatText(v));
  return '{"type":"' + (type || 'metrics') + '","time":' + floatText(1.8e9 + step / 8) + ',"step":' + step +
    ',"values":{' + members.join(',') + '}}\n';
}
async function soak(f, m) {
  const random = mulberry32(m.seed);
  const keys = ['train/loss', 'train/acc', 'train/lr'];
  const counts = {};
  let generated = 0, step = 0, pending = '', bytes = 0, writes = 0;
  const started = Date.now();
  while (generated < m.samples || pending.length > 0) {
    const due = Math.min(m.samples, Math.ceil(((Date.now() - started) / m.durationMs) * m.samples));
    while (generated < due) {
      const values = {};
      let type = 'metrics';
      if (random() < 0.1) {
        type = 'reading';
        values['sys/cpu'] = random();
      } else {
        step++;
        const n = Math.min(1 + Math.floor(random() * keys.length), due - generated);
        for (let i = 0; i < n; i++) values[keys[i]] = random() * 10 - 5;
      }
      for (const k of Object.keys(values)) counts[k] = (counts[k] || 0) + 1;
      generated += Object.keys(values).length;
      pending += metricsLine(step, values, type);
    }
    if (pending.length > 0) {
      const all = generated === m.samples || random() < 0.3;
      const n = all ? pending.length : 1 + Math.floor(random() * pending.length);
      append(f, Buffer.from(pending.slice(0, n), 'latin1'));
      bytes += n;
      writes++;
      pending = pending.slice(n);
    }
    if (generated < m.samples) await sleep(2 + Math.floor(random() * 10));
  }
  return { counts, bytes, writes };
}
const commands = {
  open(m) {
    const flags = fs.constants.O_RDWR | (m.create ? fs.constants.O_CREAT : 0);
    const fd = fs.openSync(m.path, flags, 0o644);
    try {
      if (m.lock) ext.flockSync(fd, 'exnb');
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    const handle = nextHandle++;
    files.set(handle, { fd, end: fs.fstatSync(fd).size });
    return { handle };
  },
  append(m) { append(file(m.handle), Buffer.from(m.data, 'base64')); return {}; },
  writeAt(m) { writeAll(file(m.handle).fd, Buffer.from(m.data, 'base64'), m.at); return {}; },
  truncate(m) {
    const f = file(m.handle);
    fs.ftruncateSync(f.fd, m.length);
    f.end = m.length;
    return {};
  },
  close(m) { fs.closeSync(file(m.handle).fd); files.delete(m.handle); return {}; },
  rename(m) { fs.renameSync(m.from, m.to); return {}; },
  unlink(m) { fs.unlinkSync(m.path); return {}; },
  mkdir(m) { fs.mkdirSync(m.path, { recursive: true }); return {}; },
  removeTree(m) { fs.rmSync(m.path, { recursive: true, force: true }); return {}; },
  replaceFile(m) {
    const temporary = path.join(path.dirname(m.path), '.' + path.basename(m.path) + '-' + process.pid);
    const fd = fs.openSync(temporary, 'w', 0o644);
    writeAll(fd, Buffer.from(m.data, 'base64'), 0);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temporary, m.path);
    return {};
  },
  async stream(m) {
    const f = file(m.handle);
    const times = [];
    for (const line of m.lines) {
      append(f, Buffer.from(line, 'utf8'));
      times.push(now());
      await sleep(m.intervalMs);
    }
    return { times };
  },
  soak(m) { return soak(file(m.handle), m); },
  tick(m) {
    const f = file(m.handle);
    const state = { step: m.step, count: 0 };
    const write = () => {
      state.step++;
      state.count++;
      append(f, Buffer.from(metricsLine(state.step, { [m.key]: state.step / 7 }), 'latin1'));
    };
    // Started after a delay: tickers of several runs at phases of their own, as runs are.
    state.timer = setTimeout(() => (state.timer = setInterval(write, m.intervalMs)), m.delayMs);
    ticks.set(m.handle, state);
    return {};
  },
  untick(m) {
    const state = ticks.get(m.handle);
    if (state === undefined) throw new Error('no ticker on ' + m.handle);
    clearTimeout(state.timer);
    clearInterval(state.timer);
    ticks.delete(m.handle);
    return { count: state.count, step: state.step };
  },
};
let queue = Promise.resolve();
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  queue = queue.then(async () => {
    try {
      answer(m.id, { ok: true, ...(await commands[m.op](m)) });
    } catch (error) {
      answer(m.id, { ok: false, error: String(error && error.stack || error) });
    }
  });
}).on('close', () => process.exit(0));
`;

type Bytes = string | Uint8Array;

function base64(bytes: Bytes): string {
  return (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString(
    'base64',
  );
}

export interface SoakResult {
  /** Samples written per key. */
  readonly counts: Record<string, number>;
  readonly bytes: number;
  readonly writes: number;
}

interface Pending {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** A writer process. Commands run one at a time, in the order sent. */
export class LiveWriter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stderr = '';
  private readonly exitPromise: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      for (let lf = buffered.indexOf('\n'); lf >= 0; lf = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, lf)) as {
          id: number;
          ok: boolean;
          error?: string;
        };
        buffered = buffered.slice(lf + 1);
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) waiter?.resolve(message as unknown as Record<string, unknown>);
        else waiter?.reject(new Error(`writer process: ${message.error ?? 'failed'}`));
      }
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exitPromise = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        for (const waiter of this.pending.values()) {
          waiter.reject(new Error(`writer process exited (${code ?? signal}): ${this.stderr}`));
        }
        this.pending.clear();
        resolve();
      });
    });
  }

  static start(): LiveWriter {
    const child = spawn(process.execPath, ['-e', CHILD, FS_EXT], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new LiveWriter(child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private call(
    op: string,
    message: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    if (!this.running)
      return Promise.reject(new Error(`writer process has exited: ${this.stderr}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin!.write(`${JSON.stringify({ id, op, ...message })}\n`);
    });
  }

  /** Opens a log for writing, created unless told otherwise, flocked as a writer unless told. */
  async open(path: string, options: { create?: boolean; lock?: boolean } = {}): Promise<number> {
    const answer = await this.call('open', {
      path,
      create: options.create ?? true,
      lock: options.lock ?? true,
    });
    return answer['handle'] as number;
  }

  async append(handle: number, bytes: Bytes): Promise<void> {
    await this.call('append', { handle, data: base64(bytes) });
  }

  async writeAt(handle: number, at: number, bytes: Bytes): Promise<void> {
    await this.call('writeAt', { handle, at, data: base64(bytes) });
  }

  async truncate(handle: number, length: number): Promise<void> {
    await this.call('truncate', { handle, length });
  }

  /** Closes the file, which releases its lock. */
  async close(handle: number): Promise<void> {
    await this.call('close', { handle });
  }

  async rename(from: string, to: string): Promise<void> {
    await this.call('rename', { from, to });
  }

  async unlink(path: string): Promise<void> {
    await this.call('unlink', { path });
  }

  async mkdir(path: string): Promise<void> {
    await this.call('mkdir', { path });
  }

  async removeTree(path: string): Promise<void> {
    await this.call('removeTree', { path });
  }

  /** Replaces the file at path whole: a .-named file beside it, synced, renamed over it. */
  async replaceFile(path: string, bytes: Bytes): Promise<void> {
    await this.call('replaceFile', { path, data: base64(bytes) });
  }

  /**
   * Appends each line (with its line feed), intervalMs apart; returns, for each, the wall clock
   * (performance.timeOrigin + performance.now()) right after its write returned.
   */
  async stream(handle: number, lines: readonly string[], intervalMs: number): Promise<number[]> {
    const answer = await this.call('stream', { handle, lines, intervalMs });
    return answer['times'] as number[];
  }

  /**
   * Appends `samples` metric and reading samples over about durationMs, in chunks of random
   * size that split lines, from a PRNG seeded with seed.
   */
  async soak(
    handle: number,
    options: { seed: number; samples: number; durationMs: number },
  ): Promise<SoakResult> {
    const answer = await this.call('soak', { handle, ...options });
    return answer as unknown as SoakResult;
  }

  /** Starts appending one metrics line of `key` every intervalMs, steps from step + 1. */
  async tick(
    handle: number,
    key: string,
    intervalMs: number,
    step = 0,
    delayMs = 0,
  ): Promise<void> {
    await this.call('tick', { handle, key, intervalMs, step, delayMs });
  }

  /** Stops the ticker; returns how many lines it wrote and its last step. */
  async untick(handle: number): Promise<{ count: number; step: number }> {
    const answer = await this.call('untick', { handle });
    return { count: answer['count'] as number, step: answer['step'] as number };
  }

  /** Kills the process with SIGKILL, mid-line or not, and waits until it has exited. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exitPromise;
  }

  /** Lets the process exit by itself (its files close, their locks go) and waits for it. */
  async exit(): Promise<void> {
    if (this.running) this.child.stdin!.end();
    await this.exitPromise;
  }
}
