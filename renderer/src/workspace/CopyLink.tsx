// Copy link: the page's address, which reopens it as it is (its runs, keys, zoom, axis, smoothing
// and filter). In a browser it is the page's URL without the token, which whoever opens it is
// asked for; in the desktop app a munin-view:// link that opens the store at the page.

import { useServices, useStoreView } from '../state/app-context.js';

/** The desktop app's link to a page of a store: what `munin-view --open` and the OS hand it. */
export function desktopLink(root: string, hash: string): string {
  const params = new URLSearchParams({ store: root, page: hash === '' ? '#/' : hash });
  return `munin-view://open?${params.toString()}`;
}

export function CopyLink() {
  const { bridge, toast } = useServices();
  const view = useStoreView();
  const copy = (): void => {
    const root = view.info?.root;
    const link =
      bridge.desktop !== null && root !== undefined
        ? desktopLink(root, location.hash)
        : // The page's own address holds no token: serve traded it for a cookie at the door.
          `${location.origin}${location.pathname}${location.hash}`;
    navigator.clipboard.writeText(link).then(
      () =>
        toast(
          bridge.desktop !== null
            ? 'Link copied: it opens this store at this page'
            : 'Link copied, without the token: whoever opens it is asked for it',
        ),
      () => toast('The clipboard is not available here', 'error'),
    );
  };
  return (
    <button
      className="btn small"
      onClick={copy}
      title="Copy a link that reopens this page as it is: its runs, keys, zoom, axis, smoothing and filter"
      data-testid="copy-link"
    >
      Copy link
    </button>
  );
}
