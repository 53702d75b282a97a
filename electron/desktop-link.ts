// munin-view:// links: what the desktop app's Copy link makes and the system hands back (a click
// in another program, `munin-view --open LINK`): a store's path and a page's address in it.

import { isAbsolute } from 'node:path';

export const LINK_SCHEME = 'munin-view';

export type DesktopLink =
  | { readonly ok: true; readonly store: string; readonly page: string }
  | { readonly ok: false; readonly problem: string };

/** The store and page a link names, or why it is no link of this app's. */
export function parseDesktopLink(text: string): DesktopLink {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: `${text.slice(0, 200)} is not a link` };
  }
  if (url.protocol !== `${LINK_SCHEME}:` || url.hostname !== 'open')
    return { ok: false, problem: `${text.slice(0, 200)} is not a ${LINK_SCHEME}://open link` };
  const store = url.searchParams.get('store');
  if (store === null || store === '' || !isAbsolute(store))
    return { ok: false, problem: 'the link names no store by its full path' };
  const page = url.searchParams.get('page') ?? '#/';
  if (!page.startsWith('#/'))
    return { ok: false, problem: 'the link’s page is no address in the app (#/…)' };
  return { ok: true, store, page };
}

/** The link the arguments hand the app (`--open LINK`, or a link the system passed), if any. */
export function linkInArguments(argv: readonly string[]): string | null {
  const at = argv.indexOf('--open');
  if (at >= 0 && argv[at + 1] !== undefined) return argv[at + 1]!;
  return argv.find((arg) => arg.startsWith(`${LINK_SCHEME}:`)) ?? null;
}

/** The arguments without the link and its --open: what is left names paths to open. */
export function withoutLink(argv: readonly string[]): string[] {
  const link = linkInArguments(argv);
  return argv.filter((arg, i) => arg !== link && !(arg === '--open' && argv[i + 1] === link));
}
