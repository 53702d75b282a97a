// The command line's say in how far stores are reached, for every command that opens paths:
// --ssh-command CMD (as GIT_SSH_COMMAND and rsync's -e take one) and --remote-command CMD (how
// the far machine runs munin-view: `npx munin-view`, a path).

import type { RemoteChoices } from '../open-source.js';

const FLAGS = ['--ssh-command', '--remote-command'] as const;

/** The arguments without the two flags and their values, and what they chose; or what is wrong. */
export function takeRemoteFlags(
  args: readonly string[],
): { readonly args: string[]; readonly remote: RemoteChoices } | string {
  const rest: string[] = [];
  let sshCommand: string | undefined;
  let remoteCommand: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const flag = FLAGS.find((name) => arg === name || arg.startsWith(`${name}=`));
    if (flag === undefined) {
      rest.push(arg);
      continue;
    }
    const value = arg === flag ? args[++i] : arg.slice(flag.length + 1);
    if (value === undefined || value.trim() === '') return `${flag} takes a command`;
    if (flag === '--ssh-command') sshCommand = value;
    else remoteCommand = value;
  }
  return {
    args: rest,
    remote: {
      ...(sshCommand !== undefined ? { sshCommand } : {}),
      ...(remoteCommand !== undefined ? { remoteCommand } : {}),
    },
  };
}

/** The flags again, for a process started with the same choices (the desktop app's). */
export function remoteFlags(remote: RemoteChoices): string[] {
  return [
    ...(remote.sshCommand !== undefined ? ['--ssh-command', remote.sshCommand] : []),
    ...(remote.remoteCommand !== undefined ? ['--remote-command', remote.remoteCommand] : []),
  ];
}
