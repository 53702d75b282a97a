// Test helpers for `serve`: a writable example store, a live server, raw HTTP, a WebSocket session.

import { afterAll } from 'vitest';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { Backend } from '../../electron/host/backend.js';
import type { RunningServer } from '../../electron/host/serve.js';
import { nodeTextCodec, serve } from '../../electron/host/serve.js';
import { newToken } from '../../electron/host/serve-auth.js';
import type { ApiResponse, Delta } from '../../shared/api/contract.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const CLI = join(REPO, 'bin', 'munin-view.js');
export const EXAMPLE_STORE = resolve(REPO, '..', 'shared', 'examples', 'basic', 'store');
/** The one run of the example store. */
export const EXAMPLE_RUN = '20261101T140307Z-a1f3c9e2';

export const INDEX_HTML = '<!doctype html><title>munin-view test page</title>\n';
export const APP_JS = 'console.log("munin-view test asset");\n';

function makeWritable(path: string): void {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) makeWritable(join(path, name));
  } else {
    chmodSync(path, 0o644);
  }
}

/** A maker of fresh temp directories, all removed after the file's tests. */
export function tempDirs(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-view-serve-test-'));
    made.push(dir);
    return dir;
  };
}

/** A writable copy of the example store under dir. */
export function copyExampleStore(dir: string): string {
  const root = join(dir, 'store');
  cpSync(EXAMPLE_STORE, root, { recursive: true });
  makeWritable(root);
  return root;
}

/** A renderer directory under dir holding an index page and one script. */
export function fakeRenderer(dir: string): string {
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(rendererDir, 'app.js'), APP_JS);
  return rendererDir;
}

export interface TestServer {
  readonly root: string;
  readonly token: string;
  readonly port: number;
  readonly url: string;
  readonly running: RunningServer;
  readonly backend: Backend;
  /** `127.0.0.1:PORT`, the Host a browser sends. */
  readonly host: string;
  /** `http://127.0.0.1:PORT`, the server's own origin. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Starts a server on a fresh copy of the example store (changed first by prepare), with a fresh token. */
export async function startServer(
  dir: string,
  token: string = newToken(),
  prepare: (root: string) => void = () => {},
): Promise<TestServer> {
  const root = copyExampleStore(dir);
  prepare(root);
  const rendererDir = fakeRenderer(dir);
  const backend = await Backend.open(root);
  const running = await serve(backend, { port: 0, host: '127.0.0.1', token, rendererDir });
  const host = `127.0.0.1:${running.port}`;
  return {
    root,
    token,
    port: running.port,
    url: running.url,
    running,
    backend,
    host,
    origin: `http://${host}`,
    close: async () => {
      await running.close();
      await backend.close();
    },
  };
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** The body as it came, for files that are not text. */
  readonly bytes: Buffer;
}

/** One HTTP request to 127.0.0.1:port with exactly the headers given (Host too, when given). */
export function http(
  port: number,
  path: string,
  headers: OutgoingHttpHeaders = {},
  method = 'GET',
): Promise<HttpAnswer> {
  return new Promise((done, fail) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method, headers, agent: false, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes.toString('utf8'),
            bytes,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer to ${method} ${path}`)));
    request.on('error', fail);
    request.end();
  });
}

/** Sends raw request text over TCP and returns the status of the answer's first line. */
export function rawHttpStatus(port: number, text: string): Promise<number> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (match !== null) {
        done(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on('error', fail);
    socket.on('close', () =>
      fail(new Error(`connection closed after ${JSON.stringify(received)}`)),
    );
  });
}

export interface UpgradeOptions {
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly origin?: string;
}

/** Tries a WebSocket upgrade: 101 when it opens, else the status of the refusal. */
export function upgradeStatus(port: number, options: UpgradeOptions = {}): Promise<number> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/api/ws'}`, {
      headers: options.headers,
      origin: options.origin,
      handshakeTimeout: 10_000,
    });
    ws.on('open', () => {
      done(101);
      ws.close();
    });
    ws.on('unexpected-response', (_request, response) => {
      done(response.statusCode ?? 0);
      response.resume();
      ws.terminate();
    });
    ws.on('error', fail);
  });
}

export interface WireResponse {
  readonly id: number;
  readonly response: ApiResponse;
}

/** A WebSocket session with the Api: requests by id, responses and deltas as they come. */
export class ApiSession {
  readonly responses: WireResponse[] = [];
  readonly deltas: Delta[] = [];
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) throw new Error('the server sent a text frame');
      const message = decodeWireMessage(data, nodeTextCodec) as {
        type: string;
        id?: number;
        response?: ApiResponse;
        deltas?: Delta[];
      };
      if (message.type === 'response') {
        this.responses.push({ id: message.id!, response: message.response! });
      } else if (message.type === 'deltas') {
        this.deltas.push(...message.deltas!);
      } else {
        throw new Error(`unexpected message type ${message.type}`);
      }
      for (const wake of [...this.waiters]) wake();
    });
  }

  static open(port: number, headers: Record<string, string>): Promise<ApiSession> {
    return new Promise((done, fail) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
        headers,
        handshakeTimeout: 10_000,
      });
      ws.once('open', () => done(new ApiSession(ws)));
      ws.once('unexpected-response', (_request, response) =>
        fail(new Error(`upgrade refused with ${response.statusCode}`)),
      );
      ws.once('error', fail);
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Waits until test holds of the session, at most timeoutMs. */
  waitFor<T>(test: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
    const now = test();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((done, fail) => {
      const wake = (): void => {
        const value = test();
        if (value === undefined) return;
        this.waiters.delete(wake);
        clearTimeout(timer);
        done(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        fail(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(wake);
      this.ws.once('close', () => {
        if (!this.waiters.has(wake)) return;
        this.waiters.delete(wake);
        clearTimeout(timer);
        fail(new Error(`the connection closed while waiting for ${what}`));
      });
    });
  }

  /** The response with this id, waited for. */
  responseTo(id: number, timeoutMs?: number): Promise<ApiResponse> {
    return this.waitFor(
      () => this.responses.find((r) => r.id === id)?.response,
      `the response to ${id}`,
      timeoutMs,
    );
  }

  /** Sends a request with a fresh id; returns the id. */
  send(request: unknown): number {
    const id = this.nextId++;
    this.ws.send(encodeWireMessage({ type: 'request', id, request }, nodeTextCodec));
    return id;
  }

  request(request: unknown): Promise<ApiResponse> {
    return this.responseTo(this.send(request));
  }

  /** Sends a frame as it is; resolves with the next response numbered -1. */
  sendRaw(data: Uint8Array | string, binary = true): Promise<ApiResponse> {
    const before = this.responses.filter((r) => r.id === -1).length;
    this.ws.send(data, { binary });
    return this.waitFor(
      () => this.responses.filter((r) => r.id === -1)[before]?.response,
      'the answer to a malformed frame',
    );
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((done) => {
      this.ws.once('close', () => done());
      this.ws.close();
    });
  }
}

/** The cookie a browser gets for the token: `munin-view-PORT=TOKEN`. */
export function cookieFor(server: TestServer, token = server.token): string {
  return `munin-view-${server.port}=${token}`;
}

/** A session authorized the way the page is: Host, Origin and cookie of the server itself. */
export function browserSession(server: TestServer): Promise<ApiSession> {
  return ApiSession.open(server.port, {
    Host: server.host,
    Origin: server.origin,
    Cookie: cookieFor(server),
  });
}
