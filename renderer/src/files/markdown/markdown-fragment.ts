// Markdown a run logged as a DOM fragment: markdown-it renders it with raw HTML off (a <script>
// or <b> written in it shows as text), DOMPurify keeps only the elements Markdown makes, links
// open only through the app's external-link check, and images show only from the run's own
// logged files or a data: image (the page's CSP loads nothing else).

import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { externalLink } from '../../../../shared/api/external-link.js';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
// A table column's alignment comes as a style attribute, which the page's CSP refuses (and
// reports even in the parse DOMPurify makes): a class instead.
markdown.core.ruler.push('alignment-classes', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = /text-align:\s*(left|right|center)/.exec(
      String(token.attrGet('style') ?? ''),
    )?.[1];
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    if (align !== undefined) token.attrJoin('class', `align-${align}`);
  }
});

/** What Markdown renders to; anything else in the output is removed. */
const ALLOWED_TAGS = [
  'a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img',
  'li', 'ol', 'p', 'pre', 's', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
]; // prettier-ignore
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'start', 'class'];

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

export interface MarkdownLinks {
  /** The address of an image path, when it names an image the run logged; else null. */
  readonly imageUrl: (path: string) => string | null;
}

const purify = DOMPurify(window);

/** A link opens outside the app when the check lets it; else it reads as its text. */
function settleLink(link: HTMLAnchorElement): void {
  const href = link.getAttribute('href');
  const external = href === null ? null : externalLink(href);
  if (external === null) {
    link.removeAttribute('href');
    if (href !== null && href !== '') link.setAttribute('title', href);
    return;
  }
  link.setAttribute('href', external);
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
}

/** An image shows from a file of the run or a data: image; else its alt text says what it was. */
function settleImage(image: HTMLImageElement, links: MarkdownLinks): void {
  const src = image.getAttribute('src') ?? '';
  const url = DATA_IMAGE.test(src) ? src : links.imageUrl(src);
  if (url !== null) {
    image.setAttribute('src', url);
    return;
  }
  const alt = image.ownerDocument.createElement('span');
  alt.className = 'markdown-missing-image';
  alt.textContent = `[image not shown: ${image.getAttribute('alt') || src}]`;
  alt.title = src;
  image.replaceWith(alt);
}

/** The Markdown source rendered and sanitized, as nodes to put in the page. */
export function markdownFragment(source: string, links: MarkdownLinks): DocumentFragment {
  const fragment = purify.sanitize(markdown.render(source), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    RETURN_DOM_FRAGMENT: true,
  });
  fragment.querySelectorAll('a').forEach(settleLink);
  fragment.querySelectorAll('img').forEach((image) => settleImage(image, links));
  return fragment;
}
