// Who may talk to `serve`: a per-launch token (traded for an HttpOnly SameSite=Strict cookie),
// a Host header naming the server itself (against DNS rebinding), and a same-origin Origin on
// WebSocket upgrades and state-changing requests (against cross-site requests).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export type AuthVerdict =
  | { readonly ok: true; readonly viaQuery: boolean }
  | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

export interface AuthPolicy {
  /** null when --no-token turned the token off. */
  readonly token: string | null;
  /** The address the server listens on, as given (127.0.0.1 unless told otherwise). */
  readonly listenHost: string;
  readonly port: number;
}

export function cookieName(port: number): string {
  // Cookies ignore ports: each server's cookie gets its own name so that two never clash.
  return `munin-view-${port}`;
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(request: IncomingMessage, name: string): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Splits a Host header into hostname and port; null when it is not one. */
function parseHost(host: string): { hostname: string; port: number | null } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
  if (match === null) return null;
  return {
    hostname: match[1]!.toLowerCase(),
    port: match[2] === undefined ? null : Number(match[2]),
  };
}

function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'));
}

/**
 * True when the Host header names this server: its own address, or a loopback name, with its
 * port. A server only loopback reaches also takes a loopback name with any port: through a tunnel
 * (`ssh -L 8080:127.0.0.1:PORT box`) the browser names the tunnel's end, localhost:8080, and a
 * loopback name is no DNS name a rebinding attack could point here.
 */
export function hostAllowed(hostHeader: string | undefined, policy: AuthPolicy): boolean {
  if (hostHeader === undefined) return false;
  const host = parseHost(hostHeader);
  if (host === null) return false;
  const bare = host.hostname.replace(/^\[|\]$/g, '');
  const listen = policy.listenHost.toLowerCase().replace(/^\[|\]$/g, '');
  const loopback = bare === 'localhost' || bare === '127.0.0.1' || bare === '::1';
  if (loopback && isLoopbackName(listen)) return true;
  if (host.port !== policy.port) return false;
  if (bare === listen || loopback) return true;
  // Listening on every address: any IP literal is this machine; a DNS name could be rebound.
  return (listen === '0.0.0.0' || listen === '::') && isIP(bare) !== 0;
}

/** True when the Origin is the server's own (the scheme and the Host the request came to). */
export function originAllowed(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `http://${request.headers.host ?? ''}`;
}

/** Checks a request: Host first, then Origin where it matters, then the token. */
export function authorize(
  request: IncomingMessage,
  policy: AuthPolicy,
  stateChanging: boolean,
): AuthVerdict {
  if (!hostAllowed(request.headers.host, policy)) {
    return { ok: false, status: 403, reason: 'the Host header does not name this server' };
  }
  if (stateChanging && !originAllowed(request)) {
    return { ok: false, status: 403, reason: 'requests from other sites are refused' };
  }
  if (policy.token === null) return { ok: true, viaQuery: false };
  const url = new URL(request.url ?? '/', 'http://localhost');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery !== null && sameSecret(fromQuery, policy.token))
    return { ok: true, viaQuery: true };
  const authorization = request.headers.authorization;
  if (
    authorization?.startsWith('Bearer ') &&
    sameSecret(authorization.slice(7).trim(), policy.token)
  ) {
    return { ok: true, viaQuery: false };
  }
  const cookie = cookieValue(request, cookieName(policy.port));
  if (cookie !== null && sameSecret(cookie, policy.token)) return { ok: true, viaQuery: false };
  return {
    ok: false,
    status: 401,
    reason: 'a valid token is needed: open the URL munin-view serve printed',
  };
}
