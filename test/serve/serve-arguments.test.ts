// serve's --frame-kib: the cap on each WebSocket message, within bounds, and only with a socket.

import { describe, expect, it } from 'vitest';
import { parseServeArguments } from '../../electron/host/serve-command.js';
import { FLOW_LIMITS } from '../../electron/host/socket-outbox.js';

describe('serve --frame-kib', () => {
  it('caps frames at N KiB, the default cap when not given', () => {
    expect(parseServeArguments(['/s'])).toMatchObject({
      maxFrameBytes: FLOW_LIMITS.maxFrameBytes,
    });
    expect(parseServeArguments(['--frame-kib', '256', '/s'])).toMatchObject({
      maxFrameBytes: 256 * 1024,
      paths: ['/s'],
    });
  });

  it('refuses a size outside 64 KiB to the default cap, and with --stdio', () => {
    for (const bad of ['63', '65537', '1.5', 'big', undefined])
      expect(
        parseServeArguments(bad === undefined ? ['/s', '--frame-kib'] : ['--frame-kib', bad, '/s']),
      ).toBe('--frame-kib takes a number of KiB from 64 to 65536');
    expect(parseServeArguments(['--stdio', '--frame-kib', '128', '/s'])).toMatch(
      /opens no port: --frame-kib cannot go with it/,
    );
  });
});
