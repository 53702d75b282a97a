// Benchmark: CPU of following 100 runs, 5 live, as a share of a core, against the floor of any
// follower that reacts to file events: a bare process woken by the same appends.

import { mkdirSync, mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WatchOptions } from '../../electron/follow/store-watcher.js';
import { Backend } from '../../electron/host/backend.js';
import { serve } from '../../electron/host/serve.js';
import { startLiveRun, writeEndedRun } from '../support/live-store.js';
import { LiveWriter } from '../support/live-writer.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './report.js';

const TOKEN = 'bench-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time of this process over ms of wall time, as a fraction of one core. */
async function cpuShare(ms: number): Promise<number> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await sleep(ms);
  const used = process.cpuUsage(cpu);
  const wallMicros = Number(process.hrtime.bigint() - start) / 1000;
  return (used.user + used.system) / wallMicros;
}

/** A client in another process: its decoding is not the serving process's cost. */
async function startClient(
  port: number,
  live: readonly string[],
): Promise<{ samples: () => Promise<number>; stop: () => void }> {
  const script = fileURLToPath(new URL('./idle-client.js', import.meta.url));
  const child = spawn(process.execPath, [script, String(port), TOKEN, live.join(',')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) answers.shift()?.(line);
  });
  const next = (): Promise<string> => new Promise((resolve) => answers.push(resolve));
  const subscribed = await next();
  if (subscribed !== 'subscribed') throw new Error(`the client said ${subscribed}`);
  return {
    samples: async () => {
      const answer = next();
      child.stdin.write('count\n');
      return Number(await answer);
    },
    stop: () => void child.kill('SIGTERM'),
  };
}

/**
 * The floor: this process, watching the live runs' directories and doing nothing else, for ms.
 * Woken by the same appends as the app, it pays what any follower that reacts to file events
 * pays on this machine; in a VM a wake-up alone costs a few hundred microseconds.
 */
async function floorShare(root: string, live: readonly string[], ms: number): Promise<number> {
  let events = 0;
  const watchers = live.map((id) => watch(join(root, 'runs', id), () => void events++));
  try {
    await sleep(10_000);
    const share = await cpuShare(ms);
    if (events === 0) throw new Error('the live runs raised no events');
    return share;
  } finally {
    for (const watcher of watchers) watcher.close();
  }
}

async function following(root: string, watch: WatchOptions, live: readonly string[], ms: number) {
  const backend = await Backend.open(root, { watch });
  const server = await serve(backend, { port: 0, token: TOKEN, rendererDir: join(root, 'ui') });
  const client = await startClient(server.port, live);
  try {
    // The steady state is measured: the first minute also compiles the code that following
    // makes hot, once, which is no part of what following costs an hour in. Measured in 10 s
    // windows from the start, the share falls from about 3.8 % to under 2 % by the fourth, and
    // optimizing compilations trickle on for a minute.
    await sleep(60_000);
    const before = await client.samples();
    const share = await cpuShare(ms);
    await sleep(300);
    // The live runs wrote about 50 samples a second, and they arrived.
    const arrived = (await client.samples()) - before;
    if (arrived < (ms / 1000) * 25) throw new Error(`only ${arrived} samples arrived in ${ms} ms`);
    return share;
  } finally {
    client.stop();
    await server.close();
    await backend.close();
  }
}

export async function benchLiveIdle(ms = 60_000): Promise<BenchFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'munin-bench-idle-'));
  mkdirSync(join(root, 'ui'));
  const writer = LiveWriter.start();
  try {
    for (let i = 0; i < 95; i++)
      writeEndedRun(root, `20261101T0800${String(i).padStart(2, '0')}Z-0000${i}`, { steps: 200 });
    const live: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `20261101T090000Z-live000${i}`;
      const handle = await startLiveRun(writer, root, id);
      await writer.tick(handle, 'train/loss', 100);
      live.push(id);
    }
    const baseline = await floorShare(root, live, ms);
    const modes: [string, WatchOptions][] = [
      ['events', { mode: 'events' }],
      ['polling 1 s', { mode: 'polling', intervalMs: 1000 }],
    ];
    const figures: BenchFigure[] = [];
    for (const [label, watch] of modes) {
      const share = await following(root, watch, live, ms);
      figures.push({
        name: `idle CPU following 100 runs, 5 live at 10 samples/s, ${label}`,
        value: share * 100,
        unit: '% of a core',
        baseline: baseline * 100,
        ratio: share / Math.max(baseline, 1e-6),
        goal: 'value < 2',
      });
    }
    return figures;
  } finally {
    await writer.kill();
    rmSync(root, { recursive: true, force: true });
  }
}
