// `munin-view export ssh://host/path`: the far munin-view's own export, its bytes passed through
// as they come (this host holds no lossless copy of a far run), and its exit status kept: 2 for
// a far path that is no store, with the far side's message. ssh's own failures (a refused key,
// an unknown host key, no route) end with ssh's words explained and its non-zero status.

import type { SshAddress } from './ssh-address.js';
import type { RemoteOptions } from './ssh-command.js';
import { COMMAND_NOT_FOUND, explainEnd, SSH_FAILED, spawnSsh } from './ssh-command.js';

/** Runs the far export to this process's stdout; resolves with the status to exit with. */
export function exportRemote(address: SshAddress, options: RemoteOptions): Promise<number> {
  return new Promise((resolve) => {
    // The far export goes straight to this process's stdout, never through a buffer here.
    const child = spawnSsh(address, ['export', address.path], options, [
      'ignore',
      'inherit',
      'pipe',
    ]);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr += text;
    });
    child.once('error', (error) => {
      process.stderr.write(`munin-view: ${options.sshCommand} could not start: ${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code) => {
      if (code === SSH_FAILED || code === COMMAND_NOT_FOUND || code === null)
        process.stderr.write(`munin-view: ${explainEnd(address.host, code, stderr, options)}\n`);
      // The far munin-view's own lines (its warnings, its refusal) as it wrote them.
      else process.stderr.write(stderr);
      resolve(code ?? 1);
    });
  });
}
