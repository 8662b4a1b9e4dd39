import { PRODUCT_NAME } from '../../../common/brand.js';
import type { PageHead } from '../../../common/page-head.js';
import { escapeMarkup } from '../../core/markup.js';

/**
 * A page's head as HTML (docs/PRODUCT.md#found-on-the-web): the title, the description, the canonical
 * address, `noindex`, and the Open Graph and Twitter tags link previews read. Addresses are absolute, on
 * `baseUrl`. The app's `applyDocumentHead` writes the same into the document as the visitor moves on.
 */
export function pageHeadTags(head: PageHead, baseUrl: string): string {
  const canonical = head.canonical === null ? null : baseUrl + head.canonical;
  const image = head.image === null ? null : new URL(head.image, `${baseUrl}/`).href;
  const meta = (key: 'name' | 'property', id: string, content: string | null) =>
    content === null ? '' : `<meta ${key}="${id}" content="${escapeMarkup(content)}">`;
  return [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    canonical === null ? '' : `<link rel="canonical" href="${escapeMarkup(canonical)}">`,
    head.index ? '' : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'),
  ].join('');
}
