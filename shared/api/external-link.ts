// The app's one check of a link that leaves it: only http(s) addresses open, in the user's
// browser (the desktop app's window-open handler) or a new tab (`serve`); anything else
// (javascript:, file:, the app's own scheme, a relative path) is no link to follow.

/** An http(s) address with a host. */
const EXTERNAL = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** True when text holds a control character (C0 or DEL), which no address to follow holds. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The address a link opens outside the app, or null when it opens none. */
export function externalLink(href: string): string | null {
  return EXTERNAL.test(href) && !hasControl(href) ? href : null;
}
