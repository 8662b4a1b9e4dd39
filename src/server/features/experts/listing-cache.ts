import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ExpertFilters, ExpertListQuery } from '../../../common/expert.js';

/** A page as sent: the serialized JSON array and the cursor of the next page. */
export interface ListingPage {
  body: string;
  nextCursor: string | null;
}

export interface ListingCount {
  total: number;
  capped: boolean;
}

/** A cached page with its compressed forms, each made once, on first demand. */
export interface PageEntry extends ListingPage {
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

export interface Listing {
  page: PageEntry;
  count: ListingCount;
}

function withEncodings(page: ListingPage): PageEntry {
  const cache: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    ...page,
    encoded(encoding) {
      cache[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(page.body, { level: 6 });
      return cache[encoding];
    },
  };
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

/** Promises kept for TTL_MS by key, at most MAX_ENTRIES (oldest first out); a failed load is not kept. */
function createMemo<T>() {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>, now: number): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = load();
      entries.set(key, { expiresAt: now + TTL_MS, value });
      value.catch(() => entries.delete(key));
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear: () => entries.clear(),
  };
}

function filtersOf({ q, specialty, location, serviceType, available, minRating }: ExpertListQuery): ExpertFilters {
  return { q, specialty, location, serviceType, available, minRating };
}

/**
 * Expert listings are read far more often than experts change, so each distinct page is kept for a few
 * seconds, and concurrent requests for it share one database round trip. The count depends on the filters
 * only, so it is kept once for every sort and page of a search: paging and re-sorting never count again.
 * Writes to experts call `clear()`; other servers see a change within the TTL, as they do presence.
 */
export function createListingCache(load: {
  /** Given the count, which tells the page how many experts it sorts. */
  page(query: ExpertListQuery, count: ListingCount): Promise<ListingPage>;
  count(filters: ExpertFilters): Promise<ListingCount>;
}) {
  const pages = createMemo<PageEntry>();
  const counts = createMemo<ListingCount>();
  // Parsed queries list their keys in the schema's order, so equal queries serialise equally.
  return {
    async get(query: ExpertListQuery, now = Date.now()): Promise<Listing> {
      const filters = filtersOf(query);
      const count = await counts.get(JSON.stringify(filters), () => load.count(filters), now);
      const page = await pages.get(JSON.stringify(query), () => load.page(query, count).then(withEncodings), now);
      return { page, count };
    },
    clear() {
      pages.clear();
      counts.clear();
    },
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
