// Who gets into `serve`: token and cookie, Host (DNS rebinding), Origin, and the CLI's token options.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { AuthPolicy } from '../../electron/host/serve-auth.js';
import { authorize, hostAllowed, newToken } from '../../electron/host/serve-auth.js';
import type { TestServer } from './harness.js';
import {
  APP_JS,
  ApiSession,
  CLI,
  EXAMPLE_RUN,
  INDEX_HTML,
  REPO,
  copyExampleStore,
  cookieFor,
  http,
  rawHttpStatus,
  startServer,
  tempDirs,
  upgradeStatus,
} from './harness.js';

const newDir = tempDirs();
let server: TestServer;

beforeAll(async () => {
  server = await startServer(newDir());
});

afterAll(async () => {
  await server.close();
});

/** Headers a browser on the page sends, plus extra ones. */
function own(extra: Record<string, string> = {}): Record<string, string> {
  return { Host: server.host, ...extra };
}

function bearer(token = server.token): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

function expectRefused(answer: { status: number; body: string; headers: object }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).not.toContain(INDEX_HTML.trim());
  expect(answer.body).not.toContain(APP_JS.trim());
  expect(answer.body).not.toContain(EXAMPLE_RUN);
  expect(answer.headers).not.toHaveProperty('set-cookie');
}

describe('without a token', () => {
  it('every page, asset, export and upgrade gets 401 and nothing else', async () => {
    for (const path of ['/', '/index.html', '/app.js', '/runs/x', '/api/export', '/nothing.css']) {
      expectRefused(await http(server.port, path, own()), 401);
    }
    expectRefused(await http(server.port, '/', own(), 'HEAD'), 401);
    expect(await upgradeStatus(server.port, { headers: own() })).toBe(401);
    expect(await upgradeStatus(server.port, { headers: own(), origin: server.origin })).toBe(401);
  });

  it('a wrong token gets 401 by query, bearer and cookie', async () => {
    const wrong = newToken();
    const prefix = server.token.slice(0, -1);
    for (const token of [wrong, prefix, `${server.token}x`, '', server.token.toUpperCase()]) {
      expectRefused(await http(server.port, `/?token=${encodeURIComponent(token)}`, own()), 401);
      expectRefused(await http(server.port, '/api/export', own(bearer(token))), 401);
      expectRefused(
        await http(server.port, '/app.js', own({ Cookie: cookieFor(server, token) })),
        401,
      );
      expect(
        await upgradeStatus(server.port, {
          headers: own({ Cookie: cookieFor(server, token) }),
          origin: server.origin,
        }),
      ).toBe(401);
      expect(await upgradeStatus(server.port, { path: `/api/ws?token=${token}` })).toBe(401);
    }
  });

  it('the right token under another name gets 401', async () => {
    const otherCookie = `munin-view-${server.port + 1}=${server.token}`;
    expectRefused(await http(server.port, '/', own({ Cookie: otherCookie })), 401);
    expectRefused(await http(server.port, '/', own({ Authorization: server.token })), 401);
    expectRefused(
      await http(server.port, '/', own({ Authorization: `Basic ${server.token}` })),
      401,
    );
    expectRefused(await http(server.port, `/?Token=${server.token}`, own()), 401);
  });
});

describe('the token flow', () => {
  it('the URL serve made carries the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
  });

  it('the token on / is traded for a cookie and dropped from the address bar', async () => {
    const answer = await http(server.port, `/?token=${server.token}`, own());
    expect(answer.status).toBe(302);
    expect(answer.headers['location']).toBe('/');
    const cookies = answer.headers['set-cookie'] as string[];
    expect(cookies).toHaveLength(1);
    const parts = cookies[0]!.split(';').map((part) => part.trim());
    expect(parts[0]).toBe(cookieFor(server));
    expect(parts.slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    expect(answer.body).toBe('');
  });

  it('the redirect keeps the path and other parameters, and never leaves the site', async () => {
    const deep = await http(server.port, `/runs/a?view=2&token=${server.token}&x=y`, own());
    expect(deep.status).toBe(302);
    expect(deep.headers['location']).toBe('/runs/a?view=2&x=y');
    const sneaky = await http(server.port, `/.//evil.example/?token=${server.token}`, own());
    expect(sneaky.status).toBe(302);
    expect(sneaky.headers['location']).toBe('/evil.example/');
  });

  it('the cookie alone opens the page, its assets and the WebSocket', async () => {
    const cookie = { Cookie: cookieFor(server) };
    const page = await http(server.port, '/', own(cookie));
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const asset = await http(server.port, '/app.js', own(cookie));
    expect(asset.status).toBe(200);
    expect(asset.body).toBe(APP_JS);
    const route = await http(server.port, '/runs/some-run', own(cookie));
    expect(route.status).toBe(200);
    expect(route.body).toBe(INDEX_HTML);
    const withOthers = { Cookie: `theme=dark; ${cookieFor(server)}; other=1` };
    expect((await http(server.port, '/', own(withOthers))).status).toBe(200);

    expect(await upgradeStatus(server.port, { headers: own(cookie), origin: server.origin })).toBe(
      101,
    );
    const session = await ApiSession.open(server.port, own({ ...cookie, Origin: server.origin }));
    try {
      const info = await session.request({ op: 'storeInfo' });
      expect(info).toEqual({
        ok: true,
        result: {
          root: server.root,
          name: 'store',
          sources: [{ root: server.root, name: 'store', kind: 'munin' }],
          polling: server.backend.polling,
          runsRead: 1,
          runsToRead: 0,
          reading: [],
          health: { stallAfter: 60, stallFactor: 10 },
        },
      });
    } finally {
      await session.close();
    }
  });

  it('the export takes the token as a bearer, in the query or as the cookie', async () => {
    for (const [path, headers] of [
      ['/api/export', bearer()],
      [`/api/export?token=${server.token}`, {}],
      ['/api/export', { Cookie: cookieFor(server) }],
    ] as const) {
      const answer = await http(server.port, path, own(headers));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const parsed = JSON.parse(answer.body) as { runs: { id: string }[] };
      expect(parsed.runs.map((run) => run.id)).toEqual([EXAMPLE_RUN]);
    }
  });

  it('a bearer token opens pages too, and the static files stay inside the renderer', async () => {
    expect((await http(server.port, '/app.js', own(bearer()))).body).toBe(APP_JS);
    const outside = await http(server.port, '/..%2f..%2f..%2fetc%2fpasswd', own(bearer()));
    expect(outside.status).toBe(404);
    const badEscape = await http(server.port, '/%E0%A4%A', own(bearer()));
    expect(badEscape.status).toBe(400);
    expect((await http(server.port, '/', own(bearer()))).status).toBe(200);
  });
});

describe('the Host header', () => {
  it('a rebinding Host gets 403 even with a valid token', async () => {
    const hosts = [
      `evil.example:${server.port}`,
      'evil.example',
      `127.0.0.1.evil.example:${server.port}`,
      `localhost.evil.example:${server.port}`,
      `127.0.0.2:${server.port}`,
      `[::2]:${server.port}`,
      `127.0.0.1:${server.port}@evil.example`,
      `evil.example:${server.port}:${server.port}`,
    ];
    for (const host of hosts) {
      for (const auth of [bearer(), { Cookie: cookieFor(server) }]) {
        expectRefused(await http(server.port, '/', { Host: host, ...auth }), 403);
        expectRefused(await http(server.port, '/api/export', { Host: host, ...auth }), 403);
      }
      expect(
        await upgradeStatus(server.port, {
          headers: { Host: host, Cookie: cookieFor(server) },
        }),
      ).toBe(403);
      // The token in the query is not traded for a cookie either.
      expectRefused(await http(server.port, `/?token=${server.token}`, { Host: host }), 403);
    }
  });

  it('a request without a Host, or with an empty one, gets 403 even with a valid token', async () => {
    const auth = `Authorization: Bearer ${server.token}\r\n`;
    expect(await rawHttpStatus(server.port, `GET / HTTP/1.0\r\n${auth}\r\n`)).toBe(403);
    expect(await rawHttpStatus(server.port, `GET /api/export HTTP/1.0\r\n${auth}\r\n`)).toBe(403);
    // Node refuses an HTTP/1.1 request without a Host before it reaches the checks.
    const status = await rawHttpStatus(server.port, `GET / HTTP/1.1\r\n${auth}\r\n`);
    expect([400, 403]).toContain(status);
    expect(await rawHttpStatus(server.port, `GET / HTTP/1.1\r\nHost: \r\n${auth}\r\n`)).toBe(403);
    expect(
      await rawHttpStatus(server.port, `GET / HTTP/1.0\r\nHost: ${server.host}\r\n${auth}\r\n`),
    ).toBe(200);
  });

  it('the loopback names with the port pass', async () => {
    for (const host of [
      server.host,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      `[::1]:${server.port}`,
    ]) {
      expect((await http(server.port, '/', { Host: host, ...bearer() })).status).toBe(200);
    }
  });

  it('through an SSH tunnel the Host names the tunnel port, and it passes', async () => {
    // ssh -L 8080:127.0.0.1:PORT box: the browser on the laptop names localhost:8080.
    const tunnel = { Host: 'localhost:8080', Origin: 'http://localhost:8080' };
    const redirect = await http(server.port, `/?token=${server.token}`, tunnel);
    expect(redirect.status).toBe(302);
    expect(redirect.headers['location']).toBe('/');
    const cookie = { Cookie: cookieFor(server) };
    expect((await http(server.port, '/', { ...tunnel, ...cookie })).status).toBe(200);
    expect(
      (await http(server.port, '/api/export', { Host: '127.0.0.1:9', ...bearer() })).status,
    ).toBe(200);
    expect(await upgradeStatus(server.port, { headers: { ...tunnel, ...cookie } })).toBe(101);
    // The tunnel's Host still needs the token, and its Origin must match it.
    expect((await http(server.port, '/', tunnel)).status).toBe(401);
    expect(
      await upgradeStatus(server.port, {
        headers: { Host: 'localhost:8080', Origin: server.origin, ...cookie },
      }),
    ).toBe(403);
  });
});

describe('hostAllowed', () => {
  const loopback: AuthPolicy = { token: 't', listenHost: '127.0.0.1', port: 4000 };
  const everywhere: AuthPolicy = { token: 't', listenHost: '0.0.0.0', port: 4000 };
  const lan: AuthPolicy = { token: 't', listenHost: '192.168.1.5', port: 4000 };
  const named: AuthPolicy = { token: 't', listenHost: 'box.lan', port: 4000 };

  it('takes loopback names with any port only on a server that listens on loopback', () => {
    for (const host of ['localhost:8080', '127.0.0.1:1', '[::1]:8080', 'localhost']) {
      expect(hostAllowed(host, loopback)).toBe(true);
      expect(hostAllowed(host, { ...loopback, listenHost: '::1' })).toBe(true);
      expect(hostAllowed(host, { ...loopback, listenHost: 'localhost' })).toBe(true);
      expect(hostAllowed(host, everywhere)).toBe(false);
      expect(hostAllowed(host, lan)).toBe(false);
    }
  });

  it('takes a server listening elsewhere only by its own port', () => {
    expect(hostAllowed('192.168.1.5:4000', lan)).toBe(true);
    expect(hostAllowed('192.168.1.5:4001', lan)).toBe(false);
    expect(hostAllowed('192.168.1.5', lan)).toBe(false);
    expect(hostAllowed('localhost:4000', lan)).toBe(true);
    expect(hostAllowed('10.0.0.7:4000', lan)).toBe(false);
    expect(hostAllowed('box.lan:4000', named)).toBe(true);
    expect(hostAllowed('BOX.LAN:4000', named)).toBe(true);
    expect(hostAllowed('box.lan:4001', named)).toBe(false);
    expect(hostAllowed('other.lan:4000', named)).toBe(false);
  });

  it('takes any IP literal but no DNS name with its port on a server listening everywhere', () => {
    expect(hostAllowed('10.0.0.7:4000', everywhere)).toBe(true);
    expect(hostAllowed('[fe80::1]:4000', everywhere)).toBe(true);
    expect(hostAllowed('10.0.0.7:4001', everywhere)).toBe(false);
    expect(hostAllowed('evil.example:4000', everywhere)).toBe(false);
    expect(hostAllowed('localhost:4000', everywhere)).toBe(true);
  });

  it('refuses what is not a Host', () => {
    for (const host of [undefined, '', ':4000', 'a b:4000', 'localhost:', 'localhost:4000/x']) {
      expect(hostAllowed(host, loopback)).toBe(false);
    }
    expect(hostAllowed('evil.example:4000', loopback)).toBe(false);
    expect(hostAllowed('evil.example:8080', loopback)).toBe(false);
  });

  it('authorize checks the Host before the token', () => {
    const request = (headers: Record<string, string>, url = '/'): IncomingMessage =>
      ({ headers, url }) as unknown as IncomingMessage;
    const policy: AuthPolicy = { token: 'secret-token-0123', listenHost: '127.0.0.1', port: 4000 };
    expect(authorize(request({ host: 'evil.example:4000' }), policy, false)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(authorize(request({ host: '127.0.0.1:4000' }), policy, false)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(
      authorize(request({ host: '127.0.0.1:4000' }, '/?token=secret-token-0123'), policy, false),
    ).toEqual({ ok: true, viaQuery: true });
  });
});

describe('the Origin', () => {
  it('a foreign Origin on the upgrade gets 403 even with a valid cookie', async () => {
    const cookie = own({ Cookie: cookieFor(server) });
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${server.port}`,
      `https://${server.host}`,
      `http://127.0.0.1:${server.port + 1}`,
      `http://${server.host}.evil.example`,
      'null',
    ]) {
      expect(await upgradeStatus(server.port, { headers: cookie, origin })).toBe(403);
      expect(
        await upgradeStatus(server.port, { path: `/api/ws?token=${server.token}`, origin }),
      ).toBe(403);
    }
    expect(await upgradeStatus(server.port, { headers: cookie, origin: server.origin })).toBe(101);
  });

  it('POST and PUT from a foreign Origin get 403 even with a valid token', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const auth of [bearer(), { Cookie: cookieFor(server) }]) {
        const foreign = await http(
          server.port,
          '/api/export',
          own({ ...auth, Origin: 'http://evil.example' }),
          method,
        );
        expectRefused(foreign, 403);
        // Same origin (or none, as from curl) passes the checks: only GET and HEAD are served.
        const same = await http(
          server.port,
          '/api/export',
          own({ ...auth, Origin: server.origin }),
          method,
        );
        expect(same.status).toBe(405);
        expect((await http(server.port, '/', own(auth), method)).status).toBe(405);
      }
      // Without a token the Origin check already refuses, and with a good Origin the token does.
      expect(
        (await http(server.port, '/', own({ Origin: 'http://evil.example' }), method)).status,
      ).toBe(403);
      expect((await http(server.port, '/', own({ Origin: server.origin }), method)).status).toBe(
        401,
      );
    }
  });

  it('an upgrade elsewhere than /api/ws gets 403', async () => {
    expect(
      await upgradeStatus(server.port, {
        path: '/',
        headers: own({ Cookie: cookieFor(server) }),
        origin: server.origin,
      }),
    ).toBe(403);
  });
});

describe('tokens', () => {
  it('newToken has at least 128 bits and differs at each call', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const token = newToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      tokens.add(token);
    }
    expect(tokens.size).toBe(1000);
  });

  it('two servers launched one after the other get different tokens and URLs', async () => {
    const first = await startServer(newDir());
    const second = await startServer(newDir());
    try {
      expect(first.token).not.toBe(second.token);
      expect(
        (await http(first.port, '/', { Host: first.host, ...bearer(second.token) })).status,
      ).toBe(401);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

interface Launched {
  readonly child: ChildProcess;
  readonly url: URL;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs `munin-view serve STORE --port 0 ...args` and waits for the URL it prints. */
function launch(store: string, args: readonly string[]): Promise<Launched> {
  const child = spawn(process.execPath, [CLI, 'serve', store, '--port', '0', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL printed; stderr: ${stderr}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = / at (http:\/\/\S+)\n/.exec(stdout);
      if (match !== null) {
        clearTimeout(timer);
        done({ child, url: new URL(match[1]!), stdout: () => stdout, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`serve exited with ${code}; stderr: ${stderr}`));
    });
  });
}

async function stop(launched: Launched): Promise<number | null> {
  const { child } = launched;
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.kill('SIGTERM');
  const timeout = new Promise<never>((_, fail) =>
    setTimeout(() => fail(new Error('serve did not stop on SIGTERM')), 10_000),
  );
  return Promise.race([exited, timeout]);
}

describe('the serve command', () => {
  it('prints the URL with a fresh token at each launch, which opens the export', async () => {
    const store = copyExampleStore(newDir());
    const first = await launch(store, []);
    const second = await launch(store, []);
    try {
      for (const launched of [first, second]) {
        expect(launched.stdout()).toMatch(/^munin-view serving .+ at http:\/\/127\.0\.0\.1:\d+\//);
        expect(launched.url.hostname).toBe('127.0.0.1');
        const token = launched.url.searchParams.get('token')!;
        expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
        expect(launched.stderr()).not.toMatch(/WARNING/);
        const port = Number(launched.url.port);
        const headers = { Host: launched.url.host };
        expect((await http(port, '/api/export', headers)).status).toBe(401);
        const answer = await http(port, '/api/export', { ...headers, ...bearer(token) });
        expect(answer.status).toBe(200);
        expect(answer.body).toContain(EXAMPLE_RUN);
        const trade = await http(port, `${launched.url.pathname}${launched.url.search}`, headers);
        expect(trade.status).toBe(302);
      }
      expect(first.url.searchParams.get('token')).not.toBe(second.url.searchParams.get('token'));
    } finally {
      expect(await stop(first)).toBe(0);
      expect(await stop(second)).toBe(0);
    }
  });

  it('--token sets the token and the printed URL carries it', async () => {
    const token = 'scripted_token-0123456789';
    const launched = await launch(copyExampleStore(newDir()), ['--token', token]);
    try {
      expect(launched.url.searchParams.get('token')).toBe(token);
      const port = Number(launched.url.port);
      const headers = { Host: launched.url.host };
      expect((await http(port, '/api/export', { ...headers, ...bearer(token) })).status).toBe(200);
      expect((await http(port, '/api/export', { ...headers, ...bearer() })).status).toBe(401);
    } finally {
      await stop(launched);
    }
  });

  it('--no-token prints a warning on stderr and lets requests in', async () => {
    const launched = await launch(copyExampleStore(newDir()), ['--no-token']);
    try {
      expect(launched.url.search).toBe('');
      expect(launched.stderr()).toMatch(/WARNING: --no-token/);
      expect(launched.stderr()).toMatch(/change their tags and notes/);
      const port = Number(launched.url.port);
      const headers = { Host: launched.url.host };
      const answer = await http(port, '/api/export', headers);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(EXAMPLE_RUN);
      expect(await upgradeStatus(port, { headers, origin: launched.url.origin })).toBe(101);
      // The Host and Origin checks stay on.
      expect((await http(port, '/api/export', { Host: `evil.example:${port}` })).status).toBe(403);
      expect(await upgradeStatus(port, { headers, origin: 'http://evil.example' })).toBe(403);
    } finally {
      await stop(launched);
    }
  });

  it('refuses a token that is too short or not made of token characters, with status 2', async () => {
    const store = copyExampleStore(newDir());
    const run = (args: readonly string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
        execFile(
          process.execPath,
          [CLI, 'serve', store, '--port', '0', ...args],
          { cwd: REPO, encoding: 'utf8', timeout: 30_000 },
          (error, stdout, stderr) => {
            const code = error === null ? 0 : (error as { code?: unknown }).code;
            done({ status: typeof code === 'number' ? code : null, stdout, stderr });
          },
        );
      });
    const tooShort = ['short', '0123456789abcde', 'has spaces in it here', 'semi;colon;0123456'];
    const results = await Promise.all([
      ...tooShort.map((token) => run(['--token', token])),
      run(['--token']),
    ]);
    for (const result of results) {
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/--token takes at least 16 characters/);
    }
  });
});
