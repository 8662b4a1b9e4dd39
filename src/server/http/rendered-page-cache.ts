import { ExpiringMap } from '../core/expiring-map.js';
import { compressBody, type ContentEncoding } from './content-encoding.js';

/** A page as a signed-out visitor gets it: its status, its HTML and, once asked for, its compressed forms. */
export interface CachedPage {
  status: number;
  html: string;
  bytes(encoding: ContentEncoding): Buffer;
}

/**
 * As long as an expert listing is kept (features/experts/listing-cache.ts): a page is never older than
 * the answers the API would give. A change to experts made here or announced by another server clears
 * it at once (app.ts).
 */
const TTL_MS = 5_000;
const LIMITS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

/**
 * The pages every signed-out visitor gets alike (the server rendered them with their content), by their
 * address: a crawler or a shared link asks for the same few pages again and again, and a page is rendered
 * once for all who ask within a few seconds, concurrent requests sharing the one render. A signed-in
 * visitor's page is theirs and never kept here.
 */
export function createRenderedPageCache({ ttlMs = TTL_MS, limits = LIMITS } = {}) {
  const pages = new ExpiringMap<string, Promise<CachedPage>>(ttlMs, limits);
  return {
    /** The page at the address, loaded once for all who ask meanwhile; kept only when `load` says `keep`. */
    get(address: string, load: () => Promise<{ status: number; html: string; keep: boolean }>, now = Date.now()): Promise<CachedPage> {
      const hit = pages.get(address, now);
      if (hit) return hit;
      const page = load().then(({ status, html, keep }) => {
        const compressed: Partial<Record<ContentEncoding, Buffer>> = {};
        if (keep) pages.charge(address, page, html.length);
        else pages.delete(address, page);
        return {
          status,
          html,
          bytes(encoding: ContentEncoding) {
            let bytes = compressed[encoding];
            if (!bytes) {
              bytes = compressed[encoding] = compressBody(html, encoding);
              pages.charge(address, page, bytes.length);
            }
            return bytes;
          },
        };
      });
      page.catch(() => pages.delete(address, page));
      pages.set(address, page, now);
      return page;
    },
    /** Experts changed: no page kept is answered again. */
    clear: () => pages.clear(),
  };
}

export type RenderedPageCache = ReturnType<typeof createRenderedPageCache>;
