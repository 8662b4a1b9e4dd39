import type { PageHead } from '@common/page-head';
import { PRODUCT_NAME } from '@common/brand';

/** Sets an attribute of the head's element that has `key="id"`, made when missing; null takes the element out. */
function setHeadElement(tag: 'meta' | 'link', key: string, id: string, attribute: string, value: string | null) {
  const existing = document.head.querySelector(`${tag}[${key}="${id}"]`);
  if (value === null) {
    existing?.remove();
    return;
  }
  const element = existing ?? document.head.appendChild(document.createElement(tag));
  element.setAttribute(key, id);
  element.setAttribute(attribute, value);
}

const setMeta = (key: 'name' | 'property', id: string, content: string | null) => setHeadElement('meta', key, id, 'content', content);

/**
 * Writes a page's head into the document as the server writes it into the page's HTML (the server's search-engines feature):
 * the tab's title, the description, canonical address, `noindex` and the link preview's tags.
 */
export function applyDocumentHead(head: PageHead, origin = window.location.origin) {
  document.title = head.title;
  const canonical = head.canonical === null ? null : origin + head.canonical;
  setMeta('name', 'description', head.description);
  setMeta('name', 'robots', head.index ? null : 'noindex');
  setHeadElement('link', 'rel', 'canonical', 'href', canonical);
  setMeta('property', 'og:site_name', PRODUCT_NAME);
  setMeta('property', 'og:type', head.type);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:url', canonical);
  setMeta('property', 'og:image', head.image === null ? null : new URL(head.image, origin).href);
  setMeta('name', 'twitter:card', head.image === null ? 'summary' : 'summary_large_image');
}
