// `serve`'s route of logged files: bytes and headers with the token, 401 without, the refusals'
// 404 and 403 with their reasons, HEAD, a malformed escape, and a run id of odd characters.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loggedFileUrl } from '../../shared/api/logged-file-url.js';
import { fileLine, startLine } from '../support/lines.js';
import { runDir, writeLog, writeRunFile } from '../support/store-fixture.js';
import type { HttpAnswer, TestServer } from './harness.js';
import { cookieFor, http, startServer, tempDirs } from './harness.js';

const newDir = tempDirs();
let server: TestServer;
let outside: string;

const RUN = 'files-run';
const ODD_RUN = 'odd %2F#?+ Grüße 🎉';
/** Bytes no UTF-8 decoding keeps: what comes back is the file's, not a text made of it. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xfe]);
const BIG_BYTES = 3 * (1 << 20) + 17;

beforeAll(async () => {
  const dir = newDir();
  outside = join(dir, 'secret.txt');
  writeFileSync(outside, 'not the run’s');
  server = await startServer(dir, undefined, (root) => {
    writeLog(root, RUN, [
      startLine(),
      fileLine('samples/grid', 0, 'files/samples/grid/0.png'),
      fileLine('report', 1, 'files/report/1.html'),
      fileLine('big', 2, 'files/big/2.bin'),
      fileLine('leak', 3, 'files/leak/3.txt'),
      fileLine('gone', 4, 'files/gone/4.txt'),
    ]);
    mkdirSync(join(runDir(root, RUN), 'files/samples/grid'), { recursive: true });
    writeFileSync(join(runDir(root, RUN), 'files/samples/grid/0.png'), PNG);
    writeRunFile(root, RUN, 'files/report/1.html', '<script>alert(1)</script>');
    writeRunFile(root, RUN, 'files/big/2.bin', 'x'.repeat(BIG_BYTES));
    mkdirSync(join(runDir(root, RUN), 'files/leak'));
    symlinkSync(outside, join(runDir(root, RUN), 'files/leak/3.txt'));
    writeLog(root, ODD_RUN, [startLine(), fileLine('notes', 0, 'files/notes/0 é.txt')]);
    writeRunFile(root, ODD_RUN, 'files/notes/0 é.txt', 'odd run’s notes');
  });
});

afterAll(async () => {
  await server.close();
});

function authorized(): Record<string, string> {
  return { Host: server.host, Cookie: cookieFor(server) };
}

/** GET of path with the cookie. */
function fetchBytes(path: string): Promise<HttpAnswer> {
  return http(server.port, path, authorized());
}

describe('GET /api/files/<run id>/<path>', () => {
  it('answers 200 with the bytes and headers that keep them inert', async () => {
    const answer = await fetchBytes(loggedFileUrl(RUN, 'files/samples/grid/0.png'));
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(PNG)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'no-cache',
      'content-disposition': `inline; filename="0.png"; filename*=UTF-8''0.png`,
    });
  });

  it('serves an HTML file under a sandbox that runs no script', async () => {
    const answer = await fetchBytes(loggedFileUrl(RUN, 'files/report/1.html'));
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString()).toBe('<script>alert(1)</script>');
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "sandbox; default-src 'none'",
    });
  });

  it('streams a file of megabytes whole', async () => {
    const answer = await fetchBytes(loggedFileUrl(RUN, 'files/big/2.bin'));
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBe(BIG_BYTES);
    expect(answer.headers).toMatchObject({ 'content-length': String(BIG_BYTES) });
  });

  it('serves the run whose id has odd characters, and a path with a space and é', async () => {
    const answer = await fetchBytes(loggedFileUrl(ODD_RUN, 'files/notes/0 é.txt'));
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString('utf8')).toBe('odd run’s notes');
    expect(answer.headers).toMatchObject({
      'content-disposition': `inline; filename="0__.txt"; filename*=UTF-8''0%20%C3%A9.txt`,
    });
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await http(
      server.port,
      loggedFileUrl(RUN, 'files/samples/grid/0.png'),
      authorized(),
      'HEAD',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
    });
  });

  it('answers 401 without the token, and tells nothing of the file', async () => {
    const answer = await http(server.port, loggedFileUrl(RUN, 'files/samples/grid/0.png'), {
      Host: server.host,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('PNG');
    expect(answer.headers['content-length']).not.toBe(String(PNG.length));
  });

  it('answers 404 with the reason for a run, a record or a file that is not there', async () => {
    const cases: [string, string][] = [
      [loggedFileUrl('no-such-run', 'files/a/0.png'), 'no run of the store has this id'],
      [loggedFileUrl(RUN, 'files/other/0.png'), 'no file record of the run names this file'],
      [loggedFileUrl(RUN, 'files/gone/4.txt'), 'the file is not there'],
      ['/api/files/only-a-run', 'not the address of a logged file'],
    ];
    for (const [path, reason] of cases) {
      const answer = await http(server.port, path, authorized());
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body, path).toContain(reason);
    }
  });

  it('answers 403 with the reason for a link out of the run', async () => {
    const answer = await http(server.port, loggedFileUrl(RUN, 'files/leak/3.txt'), authorized());
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('out of the run’s directory');
    expect(answer.body).not.toContain('not the run’s');
  });

  it('answers 400 for a malformed escape', async () => {
    for (const path of [`/api/files/${RUN}/%zz`, '/api/files/%E2%82/files%2Fa', '/api/files/a/%']) {
      const answer = await http(server.port, path, authorized());
      expect(answer.status, path).toBe(400);
      expect(answer.body).toContain('not percent-encoded UTF-8');
    }
  });

  it('closes every file it opened, a client that goes away midway included', async () => {
    // The fds this process holds open on files of the store: none once every answer is sent.
    const fds = (): number =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(server.root);
        } catch {
          return false;
        }
      }).length;
    const before = fds();
    for (let i = 0; i < 5; i++) await fetchBytes(loggedFileUrl(RUN, 'files/samples/grid/0.png'));
    await http(server.port, loggedFileUrl(RUN, 'files/samples/grid/0.png'), authorized(), 'HEAD');
    await new Promise<void>((done, fail) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: loggedFileUrl(RUN, 'files/big/2.bin'),
          headers: authorized(),
          agent: false,
        },
        (response) => {
          response.once('data', () => {
            request.destroy();
            done();
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : fail(error)));
      request.end();
    });
    // The aborted response closes its stream, and its fd, a moment later.
    const deadline = Date.now() + 5000;
    while (fds() > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(fds()).toBe(before);
  });
});
