// `munin-view watch PATH ...`: follows stores and streams as `serve` does and prints a line per
// health event as it happens (a stall, writing again, a first NaN, an end, a crash), words or
// --json; nothing of the past. --once prints the health of every run without an end, then exits.

import type { RunSummary } from '../../shared/api/contract.js';
import type { HealthEvent } from '../../shared/api/health.js';
import { Backend } from '../host/backend.js';
import { StoreError } from '../store/store.js';
import { THRESHOLD_USAGE, ThresholdFlags } from '../health/threshold-flags.js';
import { eventJson, eventLine, stateLine } from './event-lines.js';
import type { RemoteChoices } from '../sources/open-source.js';

export const WATCH_USAGE = `munin-view watch PATH ... [--json] [--stall-after S] [--stall-factor K] [--once]
  ${THRESHOLD_USAGE.split('\n').join('\n  ')}`;

interface WatchArguments {
  readonly paths: readonly string[];
  readonly json: boolean;
  readonly once: boolean;
  readonly flags: ThresholdFlags;
}

function parseWatchArguments(args: readonly string[]): WatchArguments | string {
  const paths: string[] = [];
  const flags = new ThresholdFlags();
  let json = false;
  let once = false;
  for (let i = 0; i < args.length; i++) {
    const took = flags.take(args, i);
    if (typeof took === 'string') return took;
    if (took > 0) {
      i += took - 1;
      continue;
    }
    const arg = args[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--once') once = true;
    else if (arg.startsWith('-')) return `unexpected argument ${arg}`;
    else paths.push(arg);
  }
  if (paths.length === 0) return 'watch takes a STORE (or a .jsonl stream, or a folder of them)';
  return { paths, json, once, flags };
}

/**
 * The state of a run without an end as events would tell it now: crashed, stalled or writing,
 * then its keys' first non-finite samples.
 */
function currentHealth(run: RunSummary, now: number): Omit<HealthEvent, 'id'>[] {
  const base = { time: now, runId: run.id, key: null, value: null, error: null };
  const health = run.health;
  const stalled = health?.stalled === true;
  const state: Omit<HealthEvent, 'id'> = {
    ...base,
    kind: run.status === 'crashed' ? 'crashed' : stalled ? 'stalled' : 'writing',
    step: run.lastStep,
    lastWrite: stalled ? run.lastWrite : null,
    interval: stalled ? (health?.interval ?? null) : null,
  };
  const nonFinite = (health?.nonFinite ?? []).map((sample): Omit<HealthEvent, 'id'> => ({
    ...base,
    kind: 'nonfinite',
    step: sample.step,
    key: sample.key,
    value: sample.value,
    lastWrite: null,
    interval: null,
  }));
  return [state, ...nonFinite];
}

/** Resolves once the Backend has read every run it lists (a big store reads on after open). */
async function allRead(backend: Backend): Promise<void> {
  while (backend.storeInfo().runsToRead > 0) await new Promise((done) => setTimeout(done, 50));
}

export async function watchCommand(
  args: readonly string[],
  fail: (message: string) => never,
  remote: RemoteChoices = {},
): Promise<void> {
  const parsed = parseWatchArguments(args);
  if (typeof parsed === 'string') fail(`${parsed}\nusage: ${WATCH_USAGE}`);
  let backend: Backend;
  try {
    backend = await Backend.open(parsed.paths, { health: parsed.flags.thresholds, remote });
  } catch (error) {
    if (error instanceof StoreError) fail(error.message);
    throw error;
  }
  const runs = new Map<string, RunSummary>();
  const print = (event: HealthEvent, now = false): void => {
    const run = runs.get(event.runId);
    const words = now && run !== undefined ? stateLine(event, run) : eventLine(event, run);
    process.stdout.write(`${parsed.json ? eventJson(event) : words}\n`);
  };
  if (parsed.once) {
    await allRead(backend);
    const now = Date.now() / 1000;
    let id = 0;
    for (const run of backend.listRuns()) {
      runs.set(run.id, run);
      if (run.endTime !== null || run.status === 'unreadable') continue;
      for (const event of currentHealth(run, now)) print({ ...event, id: ++id }, true);
    }
    await backend.close();
    return;
  }
  const session = backend.connect((deltas) => {
    for (const delta of deltas) {
      if (delta.type === 'run-added' || delta.type === 'run-changed')
        runs.set(delta.run.id, delta.run);
      else if (delta.type === 'run-removed') runs.delete(delta.runId);
      else if (delta.type === 'health') print(delta.event);
    }
  });
  for (const run of backend.listRuns()) runs.set(run.id, run);
  // The Backend's timers and watches keep no process alive by themselves (serve has its socket).
  const alive = setInterval(() => undefined, 1 << 30);
  const stop = (): void => {
    clearInterval(alive);
    session.close();
    void backend.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A reader that went away (`watch ... | head -3`) ends the watch, as it would end `tail -f`.
  process.stdout.on('error', stop);
}
