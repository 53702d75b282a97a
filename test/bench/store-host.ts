// A process of its own for the large-store benchmark, so that its RSS is the host's alone:
// `open ROOT RUNS` opens the store as `serve` does, one window's session encoding every answer
// and delta as serve sends them; `list ROOT` is the baseline, a plain listing of runs/.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse, Delta, Snapshot } from '../../shared/api/contract.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import { Backend } from '../../electron/host/backend.js';
import { nodeTextCodec } from '../../electron/host/serve.js';

/** What the parent reads from the child's stdout, one JSON line. */
export interface StoreHostResult {
  /** ms until the first rows were at hand (open); the listing's ms (list). */
  readonly firstRowsMs: number;
  /** ms until the window held every run (open); the listing's ms (list). */
  readonly wholeMs: number;
  /** Runs the window held first, and in the end. */
  readonly shown: number;
  readonly listed: number;
  /** The process's peak resident set, in bytes. */
  readonly peakRss: number;
}

const peakRss = (): number => process.resourceUsage().maxRSS * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(root: string, runs: number): Promise<StoreHostResult> {
  const start = performance.now();
  const backend = await Backend.open(root);
  const held = new Set<string>();
  const session = backend.connect((deltas: readonly Delta[]) => {
    // Encoded as serve's socket would send it; the bytes themselves go nowhere.
    encodeWireMessage({ type: 'deltas', deltas }, nodeTextCodec);
    for (const delta of deltas) if (delta.type === 'run-added') held.add(delta.run.id);
  });
  const response = (await session.request({ op: 'subscribe', runIds: [] })) as ApiResponse;
  encodeWireMessage({ type: 'response', id: 1, response }, nodeTextCodec);
  if (!response.ok) throw new Error(`subscribe failed: ${response.error.message}`);
  for (const run of (response.result as Snapshot).runs ?? []) held.add(run.id);
  const firstRowsMs = performance.now() - start;
  const shown = held.size;
  while (held.size < runs || backend.storeInfo().runsToRead > 0) await sleep(5);
  const wholeMs = performance.now() - start;
  session.close();
  await backend.close();
  return { firstRowsMs, wholeMs, shown, listed: held.size, peakRss: peakRss() };
}

function list(root: string): StoreHostResult {
  const start = performance.now();
  const names = readdirSync(join(root, 'runs'));
  const ms = performance.now() - start;
  return {
    firstRowsMs: ms,
    wholeMs: ms,
    shown: names.length,
    listed: names.length,
    peakRss: peakRss(),
  };
}

const [mode, root, runs] = process.argv.slice(2);
if (root === undefined) throw new Error('usage: store-host open|list ROOT [RUNS]');
const result = mode === 'open' ? await open(root, Number(runs)) : list(root);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
