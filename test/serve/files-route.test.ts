// `serve`'s route of logged files: bytes and headers with the token, 401 without, the refusals'
// 404 and 403 with their reasons, HEAD, a malformed escape, a run id of odd characters, and byte
// ranges (206, 416, the whole file for a malformed Range; fuzzed headers never leave the file).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGGED_FILE_CSP } from '../../electron/host/logged-file-response.js';
import { loggedFileUrl } from '../../shared/api/logged-file-url.js';
import { fileLine, startLine } from '../support/lines.js';
import { Prng } from '../support/prng.js';
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
/** A file whose every byte tells its offset: a part sent is checked against where it came from. */
const COUNTED = Buffer.from(Array.from({ length: 70_001 }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

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
      fileLine('episode', 5, 'files/episode/5.wav'),
    ]);
    mkdirSync(join(runDir(root, RUN), 'files/samples/grid'), { recursive: true });
    writeFileSync(join(runDir(root, RUN), 'files/samples/grid/0.png'), PNG);
    writeRunFile(root, RUN, 'files/report/1.html', '<script>alert(1)</script>');
    writeRunFile(root, RUN, 'files/big/2.bin', 'x'.repeat(BIG_BYTES));
    writeRunFile(root, RUN, 'files/episode/5.wav', COUNTED);
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
      'content-security-policy': LOGGED_FILE_CSP,
      'cache-control': 'no-cache',
      'content-disposition': `inline; filename="0.png"; filename*=UTF-8''0.png`,
    });
  });

  it('serves an HTML file under a sandbox that runs no script', async () => {
    const answer = await fetchBytes(loggedFileUrl(RUN, 'files/report/1.html'));
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString()).toBe('<script>alert(1)</script>');
    // Spelled out: a sandbox with no allow-scripts, nothing loaded but inline styles and data:
    // images, framed only by the app's own pages.
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'self'",
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

describe('byte ranges of /api/files/<run id>/<path>', () => {
  const wav = loggedFileUrl(RUN, 'files/episode/5.wav');
  const ranged = (range: string, method = 'GET') =>
    http(server.port, wav, { ...authorized(), Range: range }, method);

  it('says on every file that it takes byte ranges', async () => {
    const answer = await fetchBytes(wav);
    expect(answer.status).toBe(200);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['content-range']).toBeUndefined();
    expect(answer.bytes.equals(COUNTED)).toBe(true);
  });

  it('answers a range, an open-ended one and a suffix with 206 and the part', async () => {
    const size = COUNTED.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=65536-65600', 65_536, 65_600],
      ['bytes=70000-', 70_000, size - 1],
      ['bytes=-10', size - 10, size - 1],
      ['bytes=5-999999999', 5, size - 1],
      ['bytes=99999-, 3-4', 3, 4],
    ];
    for (const [range, start, end] of cases) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(206);
      expect(answer.headers, range).toMatchObject({
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': String(end - start + 1),
        'accept-ranges': 'bytes',
        'content-type': 'audio/wav',
      });
      expect(answer.bytes.equals(COUNTED.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with bytes */SIZE when no range is in the file', async () => {
    for (const range of ['bytes=70001-', 'bytes=80000-90000', 'bytes=-0']) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${COUNTED.length}`);
      expect(answer.body).toContain('past the file');
    }
  });

  it('sends the whole file for a malformed Range, another unit, and HEAD', async () => {
    for (const range of ['bytes=5-1', 'bytes=abc', 'pages=1-2', 'bytes 0-1']) {
      const answer = await ranged(range);
      expect(answer.status, range).toBe(200);
      expect(answer.bytes.equals(COUNTED), range).toBe(true);
    }
    const head = await ranged('bytes=0-9', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(COUNTED.length));
  });

  it('never answers a fuzzed Range with a byte from outside the file', async () => {
    const prng = new Prng(9110);
    const pieces = ['0', '1', '9', '70000', '70001', '-', ',', ' ', '=', '99999999999999999999'];
    for (let i = 0; i < 200; i++) {
      const many = prng.chance(0.2);
      const specs = Array.from({ length: many ? prng.range(20, 200) : prng.range(1, 4) }, () =>
        Array.from({ length: prng.range(1, 4) }, () => prng.pick(pieces)).join(''),
      );
      const range = `${prng.chance(0.9) ? 'bytes=' : ''}${specs.join(',')}`;
      const answer = await ranged(range);
      expect([200, 206, 416], range).toContain(answer.status);
      if (answer.status === 416) continue;
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(answer.headers['content-range']));
      const [start, end] = answer.status === 206 ? [Number(match![1]), Number(match![2])] : [0, -1];
      const expected = answer.status === 206 ? COUNTED.subarray(start, end + 1) : COUNTED;
      expect(answer.bytes.equals(expected), range).toBe(true);
      // Overlapping and repeated ranges never make the answer longer than the file.
      expect(answer.bytes.length).toBeLessThanOrEqual(COUNTED.length);
    }
  });
});
