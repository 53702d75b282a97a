// Where a path written in a logged Markdown file leads within its run, read from the file's own
// directory: how a report's relative image names another file the run logged.

/**
 * Where a Markdown file's image or link path leads within the run: `path` read from the file's
 * directory (`..` climbing), or null when it is absolute, has a scheme, or climbs out of the run.
 */
export function pathInRun(markdownPath: string, path: string): string | null {
  if (path === '' || path.startsWith('/') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const segments = markdownPath.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}
