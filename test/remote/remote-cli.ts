// The munin-view command in a child process, for tests of ssh:// addresses: its exit status and
// what it wrote, in a fixed locale and time zone, never waiting past a bound.

import { spawn } from 'node:child_process';
import { CLI } from '../serve/harness.js';

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `munin-view args...`; asynchronous, so that sshd in this process can answer it. */
export function runCli(args: readonly string[], timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        TZ: 'UTC',
        LANG: 'C.UTF-8',
        HOME: process.env.HOME ?? '/',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
