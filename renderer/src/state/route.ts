// The app's routes as location hashes: the runs table, a run's tab, and the runs compared.

export type Route =
  | { readonly page: 'runs' }
  | { readonly page: 'run'; readonly runId: string; readonly tab: RunTab }
  | { readonly page: 'compare'; readonly runIds: readonly string[] };

export type RunTab = 'overview' | 'metrics' | 'system' | 'notes';
const TABS: readonly RunTab[] = ['overview', 'metrics', 'system', 'notes'];

/**
 * A part of a route as it was before routeHash encoded it. A part that is no valid encoding (a
 * `%` typed by hand, as in `#/run/100%/overview`) is taken as it is, as the run it names.
 */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The route a location's hash names. Run ids are compared, never parsed, and may hold any of
 * `%#?+,` and spaces: routeHash encodes each id whole, and the hash is split at its own `/` and
 * `,` before any id is decoded, so every id reads back exactly as it was.
 */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  if (parts[0] === 'run' && parts[1] !== undefined && parts[1] !== '') {
    const named = decodePart(parts[2] ?? '');
    const tab = TABS.includes(named as RunTab) ? (named as RunTab) : 'overview';
    return { page: 'run', runId: decodePart(parts[1]), tab };
  }
  if (parts[0] === 'compare' && parts[1] !== undefined) {
    const encoded = parts[1].split(',').filter((id) => id.length > 0);
    return { page: 'compare', runIds: encoded.map(decodePart) };
  }
  return { page: 'runs' };
}

/** The hash of a route; parseRoute reads it back to the same route, ids exactly as they are. */
export function routeHash(route: Route): string {
  switch (route.page) {
    case 'runs':
      return '#/';
    case 'run':
      return `#/run/${encodeURIComponent(route.runId)}/${route.tab}`;
    case 'compare':
      // encodeURIComponent encodes `,`: the commas left are the list's own.
      return `#/compare/${route.runIds.map(encodeURIComponent).join(',')}`;
  }
}
