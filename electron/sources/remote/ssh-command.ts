// Running munin-view on another machine through the user's own ssh (so ~/.ssh/config, keys,
// agents, ProxyJump and ControlMaster work as set): the command line, and what ssh's failures
// mean in words. ssh runs in BatchMode: it never asks for a password or a host key's approval,
// which no terminal is here to give; it fails with its message instead.

import { spawn } from 'node:child_process';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import type { SshAddress } from './ssh-address.js';

/** The environment variable that sets the ssh command, as GIT_SSH_COMMAND does git's. */
export const SSH_COMMAND_VARIABLE = 'MUNIN_VIEW_SSH_COMMAND';
export const DEFAULT_REMOTE_COMMAND = 'munin-view';
/** The one command that installs munin-view on a machine with Node ≥ 20. */
export const INSTALL_COMMAND = 'npm install -g munin-view';
/** ssh's own exit status for its failures (no route, refused key, unknown host key, ...). */
export const SSH_FAILED = 255;
/** A POSIX shell's exit status for a command it could not find. */
export const COMMAND_NOT_FOUND = 127;

export interface RemoteOptions {
  /** The ssh command as a shell reads it ('ssh -F ~/.ssh/work -i key', say); 'ssh' unless told. */
  readonly sshCommand: string;
  /** The command that runs munin-view on the far machine ('npx munin-view', a path). */
  readonly remoteCommand: string;
}

/** --ssh-command, else MUNIN_VIEW_SSH_COMMAND, else ssh; --remote-command, else munin-view. */
export function remoteOptions(
  given: Partial<RemoteOptions> = {},
  env: NodeJS.ProcessEnv = process.env,
): RemoteOptions {
  const fromEnv = env[SSH_COMMAND_VARIABLE];
  return {
    sshCommand:
      given.sshCommand ?? (fromEnv !== undefined && fromEnv.trim() !== '' ? fromEnv : 'ssh'),
    remoteCommand: given.remoteCommand ?? DEFAULT_REMOTE_COMMAND,
  };
}

/** Text as one word of a POSIX shell, whatever it holds: in single quotes, each ' written '\''. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The arguments after the ssh command: BatchMode, a bound on connecting and on a link gone
 * silent (so a dropped link ends ssh instead of hanging), the port and user, then `--` (nothing
 * after it is an option), the host, and the far shell's command line: the remote command as the
 * user gave it (it is a command by design), then munin-view's arguments, each quoted.
 */
export function sshArguments(
  address: SshAddress,
  farArguments: readonly string[],
  options: RemoteOptions,
): string[] {
  return [
    '-o',
    'BatchMode=yes',
    '-o',
    'ConnectTimeout=20',
    '-o',
    'ServerAliveInterval=10',
    '-o',
    'ServerAliveCountMax=3',
    ...(address.port !== null ? ['-p', String(address.port)] : []),
    ...(address.user !== null ? ['-l', address.user] : []),
    '--',
    address.host,
    [options.remoteCommand, ...farArguments.map(shellQuote)].join(' '),
  ];
}

/**
 * Starts ssh running munin-view with farArguments on the far machine. The ssh command goes
 * through /bin/sh, as GIT_SSH_COMMAND does, so that it may carry options of its own.
 */
export function spawnSsh(
  address: SshAddress,
  farArguments: readonly string[],
  options: RemoteOptions,
  stdio: StdioOptions = ['pipe', 'pipe', 'pipe'],
): ChildProcess {
  const args = sshArguments(address, farArguments, options);
  // exec: ssh itself is the child, so that a stop reaches it and its exit status is its own.
  return spawn('/bin/sh', ['-c', `exec ${options.sshCommand} "$@"`, 'munin-view-ssh', ...args], {
    stdio,
  });
}

/** The last lines of what ssh and the far side wrote to stderr, at most `max` characters. */
export function stderrTail(text: string, max = 2000): string {
  // ssh's note that it learned a host key (accept-new) says nothing of why it ended.
  const trimmed = text
    .split('\n')
    .filter((line) => !line.startsWith('Warning: Permanently added'))
    .join('\n')
    .trim();
  return trimmed.length <= max ? trimmed : `…${trimmed.slice(trimmed.length - max)}`;
}

/** The line of text that matches, or undefined. */
const lineOf = (text: string, pattern: RegExp): string | undefined =>
  text
    .split('\n')
    .find((line) => pattern.test(line))
    ?.trim();

/**
 * What an ssh that ended with `code` (null: killed by a signal) and wrote `stderr` means, in
 * words, for `host`: a refused key, a host key not known, a host not reached, munin-view not
 * installed there, or the far munin-view's own message (a path that is no store).
 */
export function explainEnd(
  host: string,
  code: number | null,
  stderr: string,
  options: RemoteOptions,
): string {
  const said = stderrTail(stderr);
  const refused = lineOf(said, /Permission denied|Too many authentication failures/);
  if (code === SSH_FAILED && refused !== undefined)
    return (
      `ssh to ${host} was refused: it asks for a key (or a password) that ssh cannot give ` +
      `without a terminal here (it runs in BatchMode). Load your key into ssh-agent (ssh-add) ` +
      `or name it in ~/.ssh/config, then try again. ssh said: ${refused}`
    );
  const hostKey = lineOf(
    said,
    /Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED/,
  );
  if (code === SSH_FAILED && hostKey !== undefined)
    return (
      `${host}'s host key is not known here, or it changed, and there is no terminal here to ` +
      `confirm it: connect once with \`ssh ${host}\` in a terminal, check the key it shows, then ` +
      `try again. ssh said: ${hostKey}`
    );
  const unreached = lineOf(
    said,
    /Could not resolve hostname|No route to host|Connection refused|Connection timed out|Network is unreachable|Name or service not known|Operation timed out|Connection reset|Broken pipe|Connection closed|timed out/i,
  );
  if (code === SSH_FAILED && unreached !== undefined) return `cannot reach ${host}: ${unreached}`;
  if (code === COMMAND_NOT_FOUND || lineOf(said, /command not found|: not found$/) !== undefined)
    return (
      `munin-view is not installed on ${host}, or not on the PATH of its shell ` +
      `(\`${options.remoteCommand}\` was not found${said === '' ? '' : `: ${lastLine(said)}`}). ` +
      `Install it there (it needs Node ≥ 20): ${INSTALL_COMMAND} — or give the command that ` +
      `runs it there with --remote-command (the app's Remote Command field), such as ` +
      `'npx munin-view' or 'node /path/to/munin-view/bin/munin-view.js'.`
    );
  if (code === SSH_FAILED)
    return `ssh to ${host} failed${said === '' ? ` (${options.sshCommand} exited ${code})` : `: ${said}`}`;
  // The far munin-view's own words: each of its failures is a line "munin-view: why".
  const far = said
    .split('\n')
    .filter(
      (line) => line.startsWith('munin-view: ') && !/^munin-view: (debug|warning):/.test(line),
    )
    .map((line) => line.slice('munin-view: '.length));
  if (far.length > 0) return `${host}: ${far.join(' ')}`;
  if (code === null)
    return `the ssh connection to ${host} was cut: ssh was stopped by a signal${said === '' ? '' : `: ${said}`}`;
  return `munin-view on ${host} exited with status ${code}${said === '' ? '' : `: ${said}`}`;
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]!.trim();
}
