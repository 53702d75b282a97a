// `munin-view serve --stdio` as ssh runs it: frames and nothing else on standard output, one
// answer per request, an exit once its input closes; a path that is no store said on stderr (exit
// 2, standard output empty); options of a listening socket, or an ssh:// address, refused.

import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseServeArguments } from '../../electron/host/serve-command.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { ApiResponse, StoreInfo } from '../../shared/api/contract.js';
import { FrameReader, framed, MAX_SERVER_FRAME_BYTES } from '../../shared/api/stdio-frames.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';
import { CLI, copyExampleStore, tempDirs } from './harness.js';

const newDir = tempDirs();

/** Runs `serve --stdio args`, writes input, closes it; resolves with all it wrote and its status. */
function runStdio(
  args: readonly string[],
  input: Uint8Array,
): Promise<{ status: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--stdio', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdin.end(input);
    child.once('close', (status) => resolve({ status, stdout: Buffer.concat(out), stderr }));
  });
}

describe('serve --stdio', () => {
  it('writes frames and nothing else, one answer a request, and exits when its input closes', async () => {
    const root = copyExampleStore(newDir());
    const request = (id: number, body: unknown) =>
      framed(encodeWireMessage({ type: 'request', id, request: body }, nodeTextCodec));
    const input = Buffer.concat([
      request(1, { op: 'storeInfo' }),
      request(2, { op: 'listRuns' }),
      request(3, { op: 'no-such-op' }),
    ]);
    const { status, stdout, stderr } = await runStdio([root], input);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    const reader = new FrameReader(MAX_SERVER_FRAME_BYTES);
    const messages = reader
      .push(stdout)
      .map((frame) => decodeWireMessage(frame, nodeTextCodec) as WireServerMessage);
    // Every byte written is part of a whole frame.
    expect(reader.pending).toBe(0);
    const responses = messages.filter(
      (m): m is Extract<WireServerMessage, { type: 'response' }> => m.type === 'response',
    );
    expect(responses.map((m) => m.id)).toEqual([1, 2, 3]);
    const [info, runs, refused] = responses.map((m) => m.response as ApiResponse);
    expect(info!.ok && (info!.result as StoreInfo).root).toBe(root);
    expect(runs!.ok).toBe(true);
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('says on stderr why a path is no store, exit 2, writing nothing to stdout', async () => {
    const { status, stdout, stderr } = await runStdio(
      [join(newDir(), 'no-such-store')],
      new Uint8Array(0),
    );
    expect(status).toBe(2);
    expect(stdout.length).toBe(0);
    expect(stderr).toMatch(/^munin-view: .*no-such-store/);
  });

  it("refuses a listening socket's options and ssh:// addresses", () => {
    expect(parseServeArguments(['--stdio', '--port', '8123', '/s'])).toMatch(
      /opens no port: --port cannot go with it/,
    );
    expect(parseServeArguments(['--stdio', '--no-token', '--host', '0.0.0.0', '/s'])).toMatch(
      /--no-token, --host cannot go with it/,
    );
    expect(parseServeArguments(['--stdio', 'ssh://box/data/store'])).toMatch(
      /serves paths on this machine/,
    );
    expect(parseServeArguments(['--stdio', '/s'])).toMatchObject({ stdio: true, paths: ['/s'] });
    expect(parseServeArguments(['/s'])).toMatchObject({ stdio: false });
  });
});
