// A far run's logged files through a real OpenSSH server: served by `serve` and by the desktop
// scheme with the bytes, headers and byte ranges a local read of the same store gives, a file of
// several parts streamed whole, and each refusal (not there, a FIFO, a link out of the run) with
// the local read's status and words, the far side's safe open deciding.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { DesktopHost } from '../../electron/host/desktop-host.js';
import type { RunningServer } from '../../electron/host/serve.js';
import { serve } from '../../electron/host/serve.js';
import { loggedFileUrl } from '../../shared/api/logged-file-url.js';
import { fakeRenderer, REPO } from '../serve/harness.js';
import { BIG_BYTES, FILES_RUN, LOGGED, writeLoggedFilesRun } from '../support/logged-files-run.js';
import { liveDirs } from '../support/live-scratch.js';
import type { TestSshd } from '../support/sshd.js';
import { sshdMissing, startSshd } from '../support/sshd.js';

const missing = sshdMissing();
if (missing !== null) console.warn(`skipping the far files tests: ${missing}`);

const FAR_COMMAND = `${process.execPath} ${join(REPO, 'bin', 'munin-view.js')}`;
const TOKEN = 'far-files-test-token-0123456789';
/** The headers a far file's answer must share with the local one's. */
const HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'content-disposition',
  'content-security-policy',
];

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | null>;
  readonly body: Buffer;
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)])),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The far answer is the local one: status, headers, and bytes (compared as bytes: fast). */
function expectSame(far: Answer, local: Answer, what = ''): void {
  expect({ ...far, body: null }, what).toEqual({ ...local, body: null });
  expect(far.body.equals(local.body), what).toBe(true);
}

const newDir = liveDirs();

describe.skipIf(missing !== null)("a far run's logged files, through ssh", () => {
  let sshd: TestSshd;
  let farRoot: string;
  let files: ReturnType<typeof writeLoggedFilesRun>;
  let near: Backend;
  let local: Backend;
  let nearServer: RunningServer;
  let localServer: RunningServer;
  /** The far run's id here: behind its host's name, beside a local store. */
  const farId = `127.0.0.1/${FILES_RUN}`;

  beforeAll(async () => {
    const dir = newDir();
    sshd = await startSshd(dir);
    farRoot = join(dir, 'far-store');
    const localRoot = join(dir, 'local-store');
    mkdirSync(join(localRoot, 'runs'), { recursive: true });
    files = writeLoggedFilesRun(farRoot);
    near = await Backend.open([localRoot, sshd.address(farRoot)], {
      remote: { sshCommand: sshd.sshCommand, remoteCommand: FAR_COMMAND },
    });
    local = await Backend.open(farRoot);
    nearServer = await serve(near, { token: TOKEN, rendererDir: fakeRenderer(newDir()) });
    localServer = await serve(local, { token: TOKEN, rendererDir: fakeRenderer(newDir()) });
  }, 30_000);

  afterAll(async () => {
    await nearServer?.close();
    await localServer?.close();
    await near?.close();
    await local?.close();
    await sshd?.stop();
  });

  /** The same request of the far run here and of the run on its own machine. */
  async function both(
    path: string,
    init: { method?: string; range?: string } = {},
  ): Promise<{ far: Answer; local: Answer }> {
    const ask = (port: number, runId: string) =>
      fetch(`http://127.0.0.1:${port}${loggedFileUrl(runId, path)}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          ...(init.range !== undefined ? { Range: init.range } : {}),
        },
      }).then(answerOf);
    const [far, here] = await Promise.all([
      ask(nearServer.port, farId),
      ask(localServer.port, FILES_RUN),
    ]);
    return { far, local: here };
  }

  it('serves an image and a Markdown note with the bytes and headers of the local read', async () => {
    const image = await both(LOGGED.image);
    expect(image.far.status).toBe(200);
    expect(image.far.body.equals(files.image)).toBe(true);
    expectSame(image.far, image.local);
    expect(image.far.headers['content-type']).toBe('image/png');
    const head = await both(LOGGED.image, { method: 'HEAD' });
    expectSame(head.far, head.local);
    expect(head.far.headers['content-length']).toBe(String(files.image.length));
    const note = await both(LOGGED.note);
    expect(note.far.body.toString('utf8')).toBe(files.note);
    expectSame(note.far, note.local);
  });

  it('answers byte ranges across parts, and streams a file of several parts whole', async () => {
    // Across the far file's first MiB: more than one part of the far host's.
    const across = await both(LOGGED.big, { range: 'bytes=1048570-2100000' });
    expect(across.far.status).toBe(206);
    expect(across.far.headers['content-range']).toBe(`bytes 1048570-2100000/${BIG_BYTES}`);
    expect(across.far.body.equals(files.big.subarray(1048570, 2100001))).toBe(true);
    expectSame(across.far, across.local);
    const suffix = await both(LOGGED.big, { range: 'bytes=-5' });
    expect(suffix.far.body.equals(files.big.subarray(-5))).toBe(true);
    expectSame(suffix.far, suffix.local);
    const past = await both(LOGGED.big, { range: `bytes=${BIG_BYTES}-` });
    expect(past.far.status).toBe(416);
    expectSame(past.far, past.local);
    const whole = await both(LOGGED.big);
    expect(whole.far.status).toBe(200);
    expect(whole.far.body.equals(files.big)).toBe(true);
    expectSame(whole.far, whole.local);
  });

  it('refuses what the far safe open refuses, with the status and words of the local read', async () => {
    const cases: [string, number, string][] = [
      [LOGGED.gone, 404, 'the file is not there'],
      [LOGGED.fifo, 403, 'the file is a FIFO (named pipe), not a file'],
      [LOGGED.leak, 403, 'a link out of the run’s directory'],
      ['files/img/9.png', 404, 'no file record of the run names this file'],
    ];
    for (const [path, status, words] of cases) {
      const { far, local: here } = await both(path);
      expect(far.status, path).toBe(status);
      expect(far.body.toString('utf8'), path).toContain(words);
      expectSame(far, here, path);
    }
  });

  it('answers the desktop scheme from the far host, and has no path here to show', async () => {
    const host = new DesktopHost(
      () => {},
      () => {},
    );
    host.setRemote({ sshCommand: sshd.sshCommand, remoteCommand: FAR_COMMAND });
    try {
      expect((await host.open(sshd.address(farRoot))).ok).toBe(true);
      // Alone, the far store's runs keep their own ids.
      const pathname = loggedFileUrl(FILES_RUN, LOGGED.big);
      const response = await host.loggedFileResponse({
        method: 'GET',
        pathname,
        range: 'bytes=7-',
      });
      expect(response.status).toBe(206);
      expect(Buffer.from(await response.arrayBuffer()).equals(files.big.subarray(7))).toBe(true);
      const gone = await host.loggedFileResponse({
        method: 'GET',
        pathname: loggedFileUrl(FILES_RUN, LOGGED.gone),
      });
      expect([gone.status, await gone.text()]).toEqual([404, 'the file is not there\n']);
      expect(host.loggedFilePath(FILES_RUN, LOGGED.image)).toEqual({
        ok: false,
        message: 'this file is on 127.0.0.1: it has no path on this machine',
      });
    } finally {
      await host.close();
    }
  });
});
