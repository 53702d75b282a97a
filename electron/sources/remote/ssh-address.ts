// The address of a store on another machine: ssh://[user@]host[:port]/absolute/path, as git and
// VS Code write it (the path after the host is absolute on the far machine, as scp reads it).
// Parsed strictly: nothing in it may reach ssh as an option or the far shell as a command.

export interface SshAddress {
  /** The address as given. */
  readonly address: string;
  readonly user: string | null;
  /** A name ssh resolves (through ~/.ssh/config too), an IPv4 address, or an IPv6 one unbracketed. */
  readonly host: string;
  readonly port: number | null;
  /** Absolute on the far machine. */
  readonly path: string;
}

export const SSH_SCHEME = 'ssh://';

/** True when the text is meant as a far address (parsed or refused), not a local path. */
export function isSshAddress(text: string): boolean {
  return text.toLowerCase().startsWith(SSH_SCHEME);
}

export class SshAddressError extends Error {}

/** A user name or host ssh takes as such: no leading -, no spaces, quotes or shell characters. */
const USER = /^[A-Za-z0-9._][A-Za-z0-9._-]*$/;
const HOST_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const IPV6 = /^[0-9A-Fa-f:.]+(%[A-Za-z0-9._-]+)?$/;

const isControl = (char: string): boolean => char < ' ' || char === '\u007f';

function fail(address: string, why: string): never {
  throw new SshAddressError(`${address} is no ssh://[user@]host[:port]/path address: ${why}`);
}

/** The parts of an ssh:// address; throws an SshAddressError saying what is wrong. */
export function parseSshAddress(address: string): SshAddress {
  if (!isSshAddress(address)) fail(address, `it does not start with ${SSH_SCHEME}`);
  const rest = address.slice(SSH_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash < 0)
    fail(address, 'a path on the far machine must follow the host, as in ssh://box/data/store');
  const authority = rest.slice(0, slash);
  let path = rest.slice(slash);
  try {
    path = decodeURIComponent(path);
  } catch {
    fail(address, 'the path is not percent-encoded UTF-8');
  }
  if ([...path].some(isControl)) fail(address, 'the path holds a control character');
  if (path === '/') fail(address, 'the path names no store');
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? null : authority.slice(0, at);
  const hostPort = at < 0 ? authority : authority.slice(at + 1);
  if (user !== null && !USER.test(user)) fail(address, `"${user}" is no user name ssh takes`);
  let host: string;
  let portText: string | null = null;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) fail(address, 'an IPv6 address in [ ] is not closed');
    host = hostPort.slice(1, close);
    if (!IPV6.test(host)) fail(address, `"${host}" is no IPv6 address`);
    const after = hostPort.slice(close + 1);
    if (after !== '') {
      if (!after.startsWith(':')) fail(address, 'only :port may follow an IPv6 address');
      portText = after.slice(1);
    }
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    if (colon >= 0) portText = hostPort.slice(colon + 1);
    if (host === '') fail(address, 'it names no host');
    if (!HOST_NAME.test(host)) fail(address, `"${host}" is no host name ssh takes`);
  }
  let port: number | null = null;
  if (portText !== null) {
    const n = Number(portText);
    if (!/^\d+$/.test(portText) || !Number.isInteger(n) || n < 1 || n > 65535)
      fail(address, `"${portText}" is no port from 1 to 65535`);
    port = n;
  }
  return { address, user, host, port, path };
}

/** The address for a host and path, as the desktop's dialog and the tests make it. */
export function sshAddressOf(parts: Omit<SshAddress, 'address'>): string {
  const host = parts.host.includes(':') ? `[${parts.host}]` : parts.host;
  const user = parts.user === null ? '' : `${parts.user}@`;
  const port = parts.port === null ? '' : `:${parts.port}`;
  return `${SSH_SCHEME}${user}${host}${port}${parts.path}`;
}
