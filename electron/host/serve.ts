// `munin-view serve`: the built renderer over HTTP and the Api over a WebSocket, for a browser
// (a store on a remote box through an SSH tunnel) and for end-to-end tests. Same Backend as the
// desktop app; every request passes the checks of serve-auth.ts, and no client, however slow,
// makes the server hold without end: the export goes at the pace its client reads it, and a
// WebSocket's frames through socket-outbox.ts.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import type { Delta } from '../../shared/api/contract.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import { errorCode } from '../error-code.js';
import { log } from '../log.js';
import { writePieces } from '../store/export-stream.js';
import type { ExportPieces } from '../store/export.js';
import { StoreError } from '../store/store.js';
import type { Backend, Session } from './backend.js';
import type { FrameRequest } from './wire-requests.js';
import { refusedFrame, takeRequestFrame } from './wire-requests.js';
import { nodeTextCodec } from './node-text-codec.js';
import type { LoggedFileAnswer } from './logged-file-response.js';
import { answerLoggedFile, fileStream, isLoggedFileAddress } from './logged-file-response.js';
import type { FlowLimits } from './socket-outbox.js';
import { SocketOutbox } from './socket-outbox.js';
import type { AuthPolicy } from './serve-auth.js';
import { authorize, cookieName } from './serve-auth.js';
import {
  isAppPage,
  PROMPT_CSS,
  PROMPT_HTML,
  PROMPT_JS,
  PROMPT_SCRIPT,
  PROMPT_STYLE,
} from './token-prompt.js';

export { nodeTextCodec } from './node-text-codec.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self'; worker-src 'self'; frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** The token; null turns it off (--no-token). Made at random when not given. */
  readonly token: string | null;
  /** Where the built renderer is. */
  readonly rendererDir: string;
  /** What one WebSocket client may make the server hold; FLOW_LIMITS unless a test says. */
  readonly flow?: FlowLimits;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

function refuse(response: ServerResponse, status: number, reason: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  response.end(`${reason}\n`);
}

/** What a browser without the token is given at an address: the prompt, its script or style. */
function tokenDoor(pathname: string): { status: number; type: string; body: string } | null {
  if (isAppPage(pathname))
    return { status: 401, type: 'text/html; charset=utf-8', body: PROMPT_HTML };
  if (pathname === PROMPT_SCRIPT)
    return { status: 200, type: 'text/javascript; charset=utf-8', body: PROMPT_JS };
  if (pathname === PROMPT_STYLE)
    return { status: 200, type: 'text/css; charset=utf-8', body: PROMPT_CSS };
  return null;
}

function sendDoor(
  response: ServerResponse,
  door: { status: number; type: string; body: string },
  head: boolean,
): void {
  response.writeHead(door.status, { 'Content-Type': door.type, ...SECURITY_HEADERS });
  response.end(head ? undefined : door.body);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text = status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}\n`,
  );
}

/** A header's value as one text; a repeated one's values joined as a list, as RFC 9110 reads it. */
function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Sends the export at the pace the client reads it; a failure midway cuts the response short. */
async function sendExport(response: ServerResponse, pieces: Iterable<string>): Promise<void> {
  try {
    if (await writePieces(response, pieces)) response.end();
  } catch (error) {
    log.warn('the export failed midway; its response is cut short', error);
    // No end: the client sees a response cut short, not a document that looks whole.
    response.destroy();
  }
}

/**
 * Sends a logged file's answer: its bytes streamed a part at a time at the pace the client reads
 * them, never whole in memory; the file is closed however the response ends, an abort included.
 */
function sendLoggedFile(response: ServerResponse, answer: LoggedFileAnswer): void {
  response.writeHead(answer.status, answer.headers);
  if ('text' in answer) return void response.end(answer.text);
  const { file, start, length } = answer;
  if (file === null) return void response.end();
  // Only the bytes answered are read: a seek into a large video reads from there, not from 0.
  const bytes = Readable.fromWeb(fileStream(file, start, length) as WebReadableStream<Uint8Array>);
  pipeline(bytes, response).catch((error: unknown) => {
    // An abort by the client is no failure of the server's; the stream closed the file either way.
    if (errorCode(error) !== 'ERR_STREAM_PREMATURE_CLOSE')
      log.warn('a logged file failed midway; its response is cut short', error);
    response.destroy();
  });
}

/** One WebSocket message taken in: only binary frames hold requests. */
function takeFrame(session: Session, data: RawData, isBinary: boolean): FrameRequest {
  if (!isBinary) return refusedFrame('messages are binary frames');
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return takeRequestFrame(session, bytes, nodeTextCodec);
}

export async function serve(backend: Backend, options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const rendererDir = resolve(options.rendererDir);
  let policy: AuthPolicy = { token: options.token, listenHost: host, port: options.port ?? 0 };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 8 << 20 });

  const serveStatic = (
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): void => {
    let relativePath: string;
    try {
      relativePath = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
    } catch {
      // Not silent: the client is told; a malformed URL is its mistake, not the server's.
      return refuse(response, 400, 'the path is not percent-encoded UTF-8');
    }
    const path = normalize(join(rendererDir, relativePath));
    if (!path.startsWith(rendererDir + sep)) return refuse(response, 404, 'not found');
    let file = path;
    if (!existsSync(file) || !statSync(file).isFile()) {
      // Routes of the single-page app all load its index.
      if (extname(relativePath) !== '') return refuse(response, 404, 'not found');
      file = join(rendererDir, 'index.html');
      if (!existsSync(file)) {
        return refuse(response, 503, 'The renderer is not built: run `npm run build` first.');
      }
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ...SECURITY_HEADERS,
    });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  };

  const server = createServer((request, response) => {
    const stateChanging = request.method !== 'GET' && request.method !== 'HEAD';
    const verdict = authorize(request, policy, stateChanging);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!verdict.ok) {
      if (verdict.status === 401 && !stateChanging) {
        const door = tokenDoor(url.pathname);
        if (door !== null) return sendDoor(response, door, request.method === 'HEAD');
      }
      return refuse(response, verdict.status, verdict.reason);
    }
    if (stateChanging) return refuse(response, 405, 'only GET and HEAD are served');
    if (url.pathname === '/api/export') {
      let pieces: ExportPieces;
      try {
        pieces = backend.exportPieces();
      } catch (error) {
        // A far store's export is its own munin-view's: the answer says how to have it.
        if (error instanceof StoreError) return refuse(response, 501, error.message);
        throw error;
      }
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        ...SECURITY_HEADERS,
      });
      if (request.method === 'HEAD') {
        pieces.return();
        return void response.end();
      }
      void sendExport(response, pieces);
      return;
    }
    if (isLoggedFileAddress(url.pathname)) {
      const open = (runId: string, path: string) => backend.loggedFile(runId, path);
      void answerLoggedFile(open, {
        method: request.method ?? 'GET',
        pathname: url.pathname,
        range: request.headers.range,
        ifRange: headerText(request.headers['if-range']),
      })
        .then((answer) => sendLoggedFile(response, answer))
        .catch((error: unknown) => {
          log.warn('answering a logged file failed', error);
          response.destroy();
        });
      return;
    }
    if (verdict.viaQuery && policy.token !== null) {
      // Trade the token for a cookie, and take it out of the address bar and the history.
      url.searchParams.delete('token');
      response.writeHead(302, {
        'Set-Cookie': `${cookieName(policy.port)}=${policy.token}; HttpOnly; SameSite=Strict; Path=/`,
        // One leading slash: `//host/` would send the browser to another site.
        Location: url.pathname.replace(/^\/+/, '/') + url.search,
        ...SECURITY_HEADERS,
      });
      response.end();
      return;
    }
    serveStatic(request, response, url.pathname);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const verdict = authorize(request, policy, true);
    if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.reason);
    if (url.pathname !== '/api/ws') return refuseUpgrade(socket, 403, 'no such endpoint');
    sockets.handleUpgrade(request, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket): void => {
    const outbox = new SocketOutbox(
      ws,
      (message) => encodeWireMessage(message, nodeTextCodec),
      options.flow,
    );
    const session = backend.connect((deltas: readonly Delta[]) => outbox.sendDeltas(deltas));
    ws.on('message', (data, isBinary) => {
      const { answer, lane } = takeFrame(session, data, isBinary);
      outbox.answer(answer, lane);
    });
    const end = (): void => {
      outbox.close();
      session.close();
    };
    ws.on('close', end);
    ws.on('error', end);
  };

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  policy = { ...policy, port };
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}/${options.token !== null ? `?token=${options.token}` : ''}`;
  return {
    url,
    port,
    server,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
