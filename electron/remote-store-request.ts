// What the page's Open Remote Store dialog asks main to open, checked before anything runs: an
// ssh:// address ssh will take as nothing but a host and a path, and the command that runs
// munin-view there. That command runs on the far machine, so one the page names (not the
// default) is shown to the user in main's own dialog to confirm: the page is not trusted to run
// a command anywhere by itself.

import { parseSshAddress, SshAddressError } from './sources/remote/ssh-address.js';
import { DEFAULT_REMOTE_COMMAND, shellQuote } from './sources/remote/ssh-command.js';

const MAX_ADDRESS = 4096;
const MAX_COMMAND = 1024;

export type RemoteStoreRequest =
  | {
      readonly ok: true;
      readonly address: string;
      /** '' for the default. */
      readonly remoteCommand: string;
      /** What main asks the user to confirm before it runs, or null when nothing needs it. */
      readonly confirm: string | null;
    }
  | { readonly ok: false; readonly message: string };

export function checkRemoteStoreRequest(
  address: unknown,
  remoteCommand: unknown,
): RemoteStoreRequest {
  if (typeof address !== 'string' || address.length === 0 || address.length > MAX_ADDRESS)
    return { ok: false, message: 'An address like ssh://user@host/path/to/store is needed.' };
  if (typeof remoteCommand !== 'string' || remoteCommand.length > MAX_COMMAND)
    return { ok: false, message: 'The remote command is text of at most 1024 characters.' };
  if ([...remoteCommand].some((char) => char < ' ' || char === '\u007f'))
    return { ok: false, message: 'The remote command is one line, without control characters.' };
  let parsed;
  try {
    parsed = parseSshAddress(address.trim());
  } catch (error) {
    if (error instanceof SshAddressError) return { ok: false, message: error.message };
    throw error;
  }
  const command = remoteCommand.trim();
  const confirm =
    command === '' || command === DEFAULT_REMOTE_COMMAND
      ? null
      : `Run this on ${parsed.host}, through ssh?\n\n${command} serve --stdio ${shellQuote(parsed.path)}`;
  return { ok: true, address: parsed.address, remoteCommand: command, confirm };
}
