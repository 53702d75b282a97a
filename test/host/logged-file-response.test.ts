// The desktop scheme's answers for logged files, as web Responses from DesktopHost: the bytes and
// headers `serve` sends, byte ranges as `serve` answers them, the refusals with their reasons, and
// the fd closed however the body ends.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DesktopHost } from '../../electron/host/desktop-host.js';
import { contentDisposition, LOGGED_FILE_CSP } from '../../electron/host/logged-file-response.js';
import { loggedFileUrl } from '../../shared/api/logged-file-url.js';
import { fileLine, startLine } from '../support/lines.js';
import { runDir, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
let root: string;
let host: DesktopHost;

const RUN = 'r #1';
/** Larger than one chunk of the stream (64 KiB), so that a cancel comes between reads. */
const BIG = Buffer.alloc(5 * (1 << 16) + 3, 7);

/** The fds this process holds open on files of the store. */
function storeFds(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(root);
    } catch {
      return false;
    }
  }).length;
}

async function settled(expected: number): Promise<number> {
  const deadline = Date.now() + 5000;
  while (storeFds() !== expected && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  return storeFds();
}

beforeAll(async () => {
  root = newStore();
  writeLog(root, RUN, [
    startLine(),
    fileLine('attention/head0', 10, 'files/attention/head0/10.svg'),
    fileLine('big', 1, 'files/big/1.bin'),
    fileLine('empty', 2, 'files/empty/2.txt'),
  ]);
  mkdirSync(join(runDir(root, RUN), 'files/attention/head0'), { recursive: true });
  writeFileSync(join(runDir(root, RUN), 'files/attention/head0/10.svg'), '<svg/>');
  mkdirSync(join(runDir(root, RUN), 'files/big'));
  writeFileSync(join(runDir(root, RUN), 'files/big/1.bin'), BIG);
  mkdirSync(join(runDir(root, RUN), 'files/empty'));
  writeFileSync(join(runDir(root, RUN), 'files/empty/2.txt'), '');
  host = new DesktopHost(
    () => {},
    () => {},
  );
});

afterAll(async () => {
  await host.close();
});

describe('the desktop scheme answering logged files', () => {
  it('answers 404 while no store is open', async () => {
    const response = await host.loggedFileResponse({
      method: 'GET',
      pathname: loggedFileUrl(RUN, 'files/big/1.bin'),
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('no store is open\n');
  });

  it('answers 200 with the bytes and the headers serve sends', async () => {
    expect((await host.open(root)).ok).toBe(true);
    const response = await host.loggedFileResponse({
      method: 'GET',
      pathname: loggedFileUrl(RUN, 'files/attention/head0/10.svg'),
    });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-length': '6',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': LOGGED_FILE_CSP,
      'cache-control': 'no-cache',
      'content-disposition': `inline; filename="10.svg"; filename*=UTF-8''10.svg`,
    });
    expect(await response.text()).toBe('<svg/>');
    expect(await settled(0)).toBe(0);
  });

  it('streams a file of several chunks whole, and an empty one', async () => {
    const big = await host.loggedFileResponse({
      method: 'GET',
      pathname: loggedFileUrl(RUN, 'files/big/1.bin'),
    });
    expect(Buffer.from(await big.arrayBuffer()).equals(BIG)).toBe(true);
    const empty = await host.loggedFileResponse({
      method: 'GET',
      pathname: loggedFileUrl(RUN, 'files/empty/2.txt'),
    });
    expect(empty.headers.get('content-length')).toBe('0');
    expect(await empty.text()).toBe('');
    expect(await settled(0)).toBe(0);
  });

  it('closes the fd when the reader cancels midway, and for HEAD', async () => {
    const response = await host.loggedFileResponse({
      method: 'GET',
      pathname: loggedFileUrl(RUN, 'files/big/1.bin'),
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBe(1 << 16);
    expect(storeFds()).toBe(1);
    await reader.cancel();
    expect(await settled(0)).toBe(0);
    const head = await host.loggedFileResponse({
      method: 'HEAD',
      pathname: loggedFileUrl(RUN, 'files/big/1.bin'),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(BIG.length));
    expect(head.body).toBeNull();
    expect(await settled(0)).toBe(0);
  });

  it('refuses with the status and reason: 404, 400, 405', async () => {
    const cases: [string, string, number, string][] = [
      ['GET', loggedFileUrl('no-such-run', 'files/big/1.bin'), 404, 'no run of the store'],
      ['GET', loggedFileUrl(RUN, 'files/big/9.bin'), 404, 'no file record'],
      ['GET', loggedFileUrl(RUN, '../../etc/passwd'), 404, 'no file record'],
      ['GET', `/api/files/${encodeURIComponent(RUN)}/%E2%82`, 400, 'not percent-encoded'],
      ['GET', '/api/files/x', 404, 'not the address of a logged file'],
      ['POST', loggedFileUrl(RUN, 'files/big/1.bin'), 405, 'only GET and HEAD'],
    ];
    for (const [method, pathname, status, reason] of cases) {
      const response = await host.loggedFileResponse({ method, pathname });
      expect(response.status, pathname).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text(), pathname).toContain(reason);
    }
    expect(await settled(0)).toBe(0);
  });
});

describe('the desktop scheme answering byte ranges', () => {
  const big = loggedFileUrl(RUN, 'files/big/1.bin');
  const ranged = (range: string, ifRange?: string) =>
    host.loggedFileResponse({ method: 'GET', pathname: big, range, ifRange });

  it('answers 206 with the part, read from its first byte on, across chunks', async () => {
    const start = (1 << 16) - 5;
    const response = await ranged(`bytes=${start}-${start + 70_000}`);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(
      `bytes ${start}-${start + 70_000}/${BIG.length}`,
    );
    expect(response.headers.get('content-length')).toBe('70001');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(BIG.subarray(start, start + 70_001))).toBe(true);
    const suffix = await ranged('bytes=-3');
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${BIG.length - 3}-${BIG.length - 1}/${BIG.length}`,
    );
    expect(Buffer.from(await suffix.arrayBuffer()).equals(BIG.subarray(-3))).toBe(true);
    expect(await settled(0)).toBe(0);
  });

  it('answers 416 past the end and the whole file for If-Range, closing each fd', async () => {
    const past = await ranged(`bytes=${BIG.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${BIG.length}`);
    expect(await past.text()).toContain('past the file');
    const conditional = await ranged('bytes=0-1', 'Wed, 21 Oct 2015 07:28:00 GMT');
    expect(conditional.status).toBe(200);
    expect((await conditional.arrayBuffer()).byteLength).toBe(BIG.length);
    expect(await settled(0)).toBe(0);
  });
});

describe('contentDisposition', () => {
  it('keeps only safe characters in the plain name, the whole name in filename*', () => {
    expect(contentDisposition('files/a/1.png')).toBe(
      `inline; filename="1.png"; filename*=UTF-8''1.png`,
    );
    expect(contentDisposition('files/a/"x"; y=(1)*\r\n.txt')).toBe(
      `inline; filename="_x___y__1____.txt"; filename*=UTF-8''%22x%22%3B%20y%3D%281%29%2A%0D%0A.txt`,
    );
  });
});
