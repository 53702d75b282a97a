// Where the page fetches a file a run logged: one address for both transports, served by `serve`
// over HTTP and by the desktop app's own scheme, each through the host's one safe open.

/** The path of a logged file's bytes: the run id and the record's path, each one segment. */
export function loggedFileUrl(runId: string, path: string): string {
  return `/api/files/${encodeURIComponent(runId)}/${encodeURIComponent(path)}`;
}

/** The run id and path a logged-file address names, or null when it names none. */
export function parseLoggedFileUrl(pathname: string): { runId: string; path: string } | null {
  const match = /^\/api\/files\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (match === null) return null;
  try {
    return { runId: decodeURIComponent(match[1]!), path: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
