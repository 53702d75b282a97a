// What the desktop app's command line asks for: the paths to open (a local one resolved against
// the working directory, an ssh:// address as it is) and how far stores are reached.

import type { RemoteChoices } from './sources/open-source.js';
import { takeRemoteFlags } from './sources/remote/remote-flags.js';
import { isSshAddress } from './sources/remote/ssh-address.js';

export interface AppArguments {
  readonly paths: readonly string[];
  readonly remote: RemoteChoices;
}

/** The app's arguments after Electron's own (the binary, and the app's folder when unpackaged). */
export function appArguments(
  args: readonly string[],
  resolvePath: (path: string) => string,
): AppArguments {
  const taken = takeRemoteFlags(args);
  // A flag without its value was refused by the command line before the app started.
  const { args: rest, remote } = typeof taken === 'string' ? { args, remote: {} } : taken;
  return {
    paths: rest
      .filter((arg) => !arg.startsWith('-'))
      .map((arg) => (isSshAddress(arg) ? arg : resolvePath(arg))),
    remote,
  };
}
