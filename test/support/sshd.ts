// A real OpenSSH server for tests, on 127.0.0.1 at a free port, with a generated host key and a
// generated user key (and a second key it does not take), started in the foreground and stopped
// after. The client's ssh command trusts nothing of the machine's own ssh setup (-F /dev/null).

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

export const SSHD = '/usr/sbin/sshd';

export interface TestSshd {
  readonly port: number;
  readonly user: string;
  /** ssh with the authorized key, learning the host key into a file of its own. */
  readonly sshCommand: string;
  /** ssh with a key the server does not take. */
  readonly refusedKeyCommand: string;
  /** ssh that knows no host key and may not learn one (the app's BatchMode default). */
  readonly unknownHostCommand: string;
  /** ssh reading a config file that names the server `far-box`, as a user's ~/.ssh/config does. */
  readonly aliasSshCommand: string;
  /** ssh://user@127.0.0.1:port + path. */
  address(path: string): string;
  stop(): Promise<void>;
}

/** Why the tests that need sshd cannot run here, or null when they can. */
export function sshdMissing(): string | null {
  return existsSync(SSHD) ? null : `${SSHD} is not installed (Debian's openssh-server)`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function keygen(path: string): void {
  const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path]);
  if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr.toString()}`);
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Starts sshd with its files under dir. */
export async function startSshd(dir: string): Promise<TestSshd> {
  const home = join(dir, 'sshd');
  mkdirSync(home, { recursive: true });
  keygen(join(home, 'host_key'));
  keygen(join(home, 'user_key'));
  keygen(join(home, 'other_key'));
  copyFileSync(join(home, 'user_key.pub'), join(home, 'authorized_keys'));
  // Privilege separation wants its empty directory when sshd starts as root.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
  const port = await freePort();
  const user = userInfo().username;
  const config = join(home, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(home, 'host_key')}`,
      `AuthorizedKeysFile ${join(home, 'authorized_keys')}`,
      `PidFile ${join(home, 'sshd.pid')}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${user}`,
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null) throw new Error(`sshd exited: ${log}`);
    if (Date.now() > deadline) throw new Error(`sshd did not listen on ${port}: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const aliasConfig = join(home, 'ssh_config');
  writeFileSync(
    aliasConfig,
    [
      'Host far-box',
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  User ${user}`,
      `  IdentityFile ${join(home, 'user_key')}`,
      '  IdentitiesOnly yes',
      '  StrictHostKeyChecking accept-new',
      `  UserKnownHostsFile ${join(home, 'known_hosts')}`,
      '',
    ].join('\n'),
  );
  const base = `ssh -F /dev/null -o IdentitiesOnly=yes`;
  const known = `-o UserKnownHostsFile=${join(home, 'known_hosts')}`;
  return {
    port,
    user,
    sshCommand: `${base} -o StrictHostKeyChecking=accept-new ${known} -i ${join(home, 'user_key')}`,
    refusedKeyCommand: `${base} -o StrictHostKeyChecking=accept-new ${known} -i ${join(home, 'other_key')}`,
    unknownHostCommand: `${base} -o UserKnownHostsFile=${join(home, 'no_known_hosts')} -i ${join(home, 'user_key')}`,
    aliasSshCommand: `ssh -F ${aliasConfig}`,
    address: (path) => `ssh://${user}@127.0.0.1:${port}${path}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}
