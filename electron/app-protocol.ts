// Which file of the built renderer a request of the app's private scheme asks for, or why none:
// kept apart from Electron's protocol handler so that it is tested without Electron.

import { isAbsolute, relative, resolve, sep } from 'node:path';

export type AppFileAnswer =
  | { readonly status: 200; readonly path: string }
  | { readonly status: 400 | 404; readonly reason: string };

/**
 * The file under rendererDir that url names: 400 when its path is not percent-encoded UTF-8,
 * 404 when it is of another host, or names rendererDir itself or a path out of it. `/` is the
 * index page.
 */
export function resolveAppFile(url: string, rendererDir: string, appHost: string): AppFileAnswer {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: 400, reason: 'not a URL' };
  }
  if (parsed.host !== appHost) return { status: 404, reason: 'not found' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    // A malformed escape is the page's mistake, answered as such, not a failure of the app.
    return { status: 400, reason: 'the path is not percent-encoded UTF-8' };
  }
  const path = resolve(rendererDir, decoded.replace(/^\/+/, '') || 'index.html');
  const inside = relative(rendererDir, path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return { status: 404, reason: 'not found' };
  return { status: 200, path };
}
