// What the page's Open Remote Store dialog may ask main: an address ssh takes as a host and a
// path only, a one-line command, and a confirmation in main's own dialog for any far command the
// page names that is not the default.

import { describe, expect, it } from 'vitest';
import { checkRemoteStoreRequest } from '../../electron/remote-store-request.js';
import { parseSshAddress } from '../../electron/sources/remote/ssh-address.js';
import { sshArguments } from '../../electron/sources/remote/ssh-command.js';

describe('the Open Remote Store request', () => {
  it('takes an address with the default command, and asks nothing more', () => {
    expect(checkRemoteStoreRequest(' ssh://me@gpu-box:2222/data/store ', '')).toEqual({
      ok: true,
      address: 'ssh://me@gpu-box:2222/data/store',
      remoteCommand: '',
      confirm: null,
    });
    expect(checkRemoteStoreRequest('ssh://gpu-box/data/store', 'munin-view')).toMatchObject({
      ok: true,
      confirm: null,
    });
  });

  it('has the user confirm any other far command, in main, showing what will run', () => {
    const checked = checkRemoteStoreRequest("ssh://box/data/it's", 'npx munin-view');
    expect(checked).toMatchObject({ ok: true, remoteCommand: 'npx munin-view' });
    expect(checked.ok && checked.confirm).toBe(
      "Run this on box, through ssh?\n\nnpx munin-view serve --stdio '/data/it'\\''s'",
    );
  });

  it('refuses what is no address, an option in place of a host, and a command of many lines', () => {
    const refusals: [unknown, unknown][] = [
      [42, ''],
      ['', ''],
      ['/data/store', ''],
      ['ssh://box', ''],
      ['ssh://-oProxyCommand=touch%20x/data', ''],
      ['ssh://box;rm/data', ''],
      ['ssh://me@-l/data', ''],
      ['ssh://box:0/data', ''],
      ['ssh://box:99999/data', ''],
      ['ssh://box/data%00x', ''],
      ['ssh://box/data', 'munin-view\nrm -rf ~'],
      ['ssh://box/data', 7],
      ['ssh://box/data', 'x'.repeat(1025)],
    ];
    for (const [address, command] of refusals)
      expect(
        checkRemoteStoreRequest(address, command),
        `${String(address)} ${String(command)}`,
      ).toMatchObject({
        ok: false,
      });
  });
});

describe('the ssh command line', () => {
  it('puts every option before --, the host after it, the far path quoted for the far shell', () => {
    const address = parseSshAddress("ssh://me@[::1]:2222/data/a b/it's");
    expect(
      sshArguments(address, ['serve', '--stdio', address.path], {
        sshCommand: 'ssh',
        remoteCommand: 'node /opt/munin-view/bin/munin-view.js',
      }),
    ).toEqual([
      '-o',
      'BatchMode=yes',
      '-o',
      'ConnectTimeout=20',
      '-o',
      'ServerAliveInterval=10',
      '-o',
      'ServerAliveCountMax=3',
      '-p',
      '2222',
      '-l',
      'me',
      '--',
      '::1',
      "node /opt/munin-view/bin/munin-view.js 'serve' '--stdio' '/data/a b/it'\\''s'",
    ]);
  });
});
