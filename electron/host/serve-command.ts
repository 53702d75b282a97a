// The `munin-view serve` command: parses its options, opens the store (or streams), starts the server and
// prints its URL (with the token), and stops cleanly on SIGINT or SIGTERM. With --stdio it serves
// one client over standard input and output instead (stdio-command.ts), as ssh runs it.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Backend } from './backend.js';
import { serve } from './serve.js';
import { newToken } from './serve-auth.js';
import type { FlowLimits } from './socket-outbox.js';
import { FLOW_LIMITS } from './socket-outbox.js';
import { StoreError } from '../store/store.js';
import type { HealthThresholds } from '../../shared/api/health.js';
import { ThresholdFlags } from '../health/threshold-flags.js';
import type { RemoteChoices } from '../sources/open-source.js';
import { isSshAddress } from '../sources/remote/ssh-address.js';

export const RENDERER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'renderer');

export interface ServeArguments {
  /** What to open: a store, a .jsonl stream or a folder of them; several side by side. */
  readonly paths: readonly string[];
  readonly port: number;
  readonly host: string;
  readonly token: string | null;
  readonly mode: 'auto' | 'polling';
  readonly intervalMs: number;
  readonly health: HealthThresholds;
  /** Serve the Api over standard input and output to one client, and open no port. */
  readonly stdio: boolean;
  /** No WebSocket message is bigger: an answer that is goes in parts. */
  readonly maxFrameBytes: number;
}

/** --frame-kib's bounds: room for a part's header and bytes; the default cap (FLOW_LIMITS). */
const FRAME_KIB = { least: 64, most: FLOW_LIMITS.maxFrameBytes / 1024 } as const;

export function parseServeArguments(args: readonly string[]): ServeArguments | string {
  const paths: string[] = [];
  let port = 0;
  let host = '127.0.0.1';
  let token: string | null | undefined;
  let mode: 'auto' | 'polling' = 'auto';
  let intervalMs = 1000;
  let stdio = false;
  let maxFrameBytes = FLOW_LIMITS.maxFrameBytes;
  /** Options that name a listening socket, refused with --stdio, which opens none. */
  const socketOptions: string[] = [];
  const thresholds = new ThresholdFlags();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const took = thresholds.take(args, i);
    if (typeof took === 'string') return took;
    if (took > 0) {
      i += took - 1;
      continue;
    }
    const value = (): string | undefined => args[++i];
    if (['--port', '--host', '--token', '--no-token', '--frame-kib'].includes(arg))
      socketOptions.push(arg);
    switch (arg) {
      case '--stdio':
        stdio = true;
        break;
      case '--port': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 65535)
          return '--port takes a number from 0 to 65535';
        port = n;
        break;
      }
      case '--host': {
        const h = value();
        if (h === undefined || h.length === 0) return '--host takes an address';
        host = h;
        break;
      }
      case '--token': {
        const t = value();
        if (t === undefined || !/^[A-Za-z0-9_-]{16,}$/.test(t)) {
          return '--token takes at least 16 characters of letters, digits, - and _';
        }
        token = t;
        break;
      }
      case '--no-token':
        token = null;
        break;
      case '--frame-kib': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < FRAME_KIB.least || n > FRAME_KIB.most)
          return `--frame-kib takes a number of KiB from ${FRAME_KIB.least} to ${FRAME_KIB.most}`;
        maxFrameBytes = n * 1024;
        break;
      }
      case '--poll':
        mode = 'polling';
        break;
      case '--interval': {
        const n = Number(value());
        if (!Number.isFinite(n) || n < 50) return '--interval takes milliseconds, at least 50';
        intervalMs = n;
        break;
      }
      default:
        if (arg.startsWith('-')) return `unexpected argument ${arg}`;
        paths.push(arg);
    }
  }
  if (paths.length === 0) return 'serve takes a STORE (or a .jsonl stream, or a folder of them)';
  // The far end serves the paths of its own machine: it reaches no further one.
  if (stdio && paths.some(isSshAddress))
    return '--stdio serves paths on this machine, not ssh:// addresses';
  if (stdio && socketOptions.length > 0)
    return `--stdio serves over standard input and output and opens no port: ${socketOptions.join(', ')} cannot go with it`;
  return {
    stdio,
    paths,
    port,
    host,
    token: token === undefined ? newToken() : token,
    mode,
    intervalMs,
    health: thresholds.thresholds,
    maxFrameBytes,
  };
}

/**
 * The flow limits with frames of at most maxFrameBytes: deltas are gathered into frames of a
 * quarter of that at most, so that a batch of them never makes one past the cap.
 */
function framesOf(maxFrameBytes: number): FlowLimits {
  const deltaFrameBytes = Math.min(FLOW_LIMITS.deltaFrameBytes, maxFrameBytes / 4);
  return { ...FLOW_LIMITS, maxFrameBytes, deltaFrameBytes };
}

export async function serveCommand(
  args: readonly string[],
  remote: RemoteChoices = {},
): Promise<void> {
  const parsed = parseServeArguments(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`munin-view: ${parsed}\n`);
    process.exit(2);
  }
  if (parsed.stdio) {
    const { stdioCommand } = await import('./stdio-command.js');
    return stdioCommand(parsed);
  }
  let backend: Backend;
  try {
    backend = await Backend.open(parsed.paths, {
      watch: { mode: parsed.mode, intervalMs: parsed.intervalMs },
      health: parsed.health,
      remote,
    });
  } catch (error) {
    if (error instanceof StoreError) {
      process.stderr.write(`munin-view: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (parsed.token === null) {
    process.stderr.write(
      'munin-view: WARNING: --no-token: any program or web page on this machine that can reach the\n' +
        'address can read these runs and change their tags and notes.\n',
    );
  }
  const running = await serve(backend, {
    port: parsed.port,
    host: parsed.host,
    token: parsed.token,
    rendererDir: RENDERER_DIR,
    flow: framesOf(parsed.maxFrameBytes),
  });
  if (backend.polling)
    process.stderr.write(`munin-view: polling the store every ${parsed.intervalMs} ms\n`);
  process.stdout.write(`munin-view serving ${backend.paths.join(', ')} at ${running.url}\n`);
  const stop = (): void => {
    void running
      .close()
      .then(() => backend.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
