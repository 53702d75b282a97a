// `munin-view serve --stdio PATH ...`, the far end of a remote store: opens only the paths it was
// given, serves their Api to the one client on standard input and output, writes nothing else to
// standard output (logs and failures go to stderr), and exits when its input closes.

import { Backend } from './backend.js';
import { serveStdio } from './stdio-server.js';
import type { ServeArguments } from './serve-command.js';
import { StoreError } from '../store/store.js';
import { log } from '../log.js';

/** Standard output carries frames only: anything printed to it would break the client's framing. */
function keepStdoutForFrames(): void {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${args.map(String).join(' ')}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

export async function stdioCommand(parsed: ServeArguments): Promise<void> {
  keepStdoutForFrames();
  let backend: Backend;
  try {
    backend = await Backend.open(parsed.paths, {
      watch: { mode: parsed.mode, intervalMs: parsed.intervalMs },
      health: parsed.health,
    });
  } catch (error) {
    if (error instanceof StoreError) {
      process.stderr.write(`munin-view: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // A hangup (the ssh session gone) or a stop ends the serving as a closed input does.
  const stop = (): void => void process.stdin.destroy();
  process.once('SIGHUP', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const why = await serveStdio(backend, process.stdin, process.stdout);
  log.debug(`serve --stdio: ${why}`);
  await backend.close();
  // What is still buffered for the client goes before the exit, when it can go at all.
  if (process.stdout.writableLength > 0 && !process.stdout.destroyed)
    await new Promise<void>((resolve) => {
      process.stdout.once('finish', resolve);
      process.stdout.once('error', () => resolve());
      process.stdout.once('close', resolve);
    });
  process.exit(0);
}
