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

function withEncodings(page: ListingPage, onEncoded: (bytes: number) => void): PageEntry {
  const cache: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    ...page,
    encoded(encoding) {
      if (!cache[encoding]) {
        cache[encoding] =
          encoding === 'br'
            ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(page.body, { level: 6 });
        onEncoded(cache[encoding].length);
      }
      return cache[encoding];
    },
  };
}

const TTL_MS = 5_000;

export interface ListingCacheLimits {
  maxEntries: number;
  /** Page bodies and their compressed copies together (a body counts one byte a character). */
  maxBytes: number;
}

/**
 * A page of 24 experts is about 15 KB of JSON and 1 KB compressed, a page of 100 four times that: 16 MB
 * keeps several hundred recent pages. Without a byte bound, 500 pages of 100 stayed in memory.
 */
const DEFAULT_LIMITS: ListingCacheLimits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 };

interface Slot<T> {
  expiresAt: number;
  value: Promise<T>;
  bytes: number;
}

/**
 * Promises kept for TTL_MS by key, within the limits (oldest out first); a failed load is not kept, and
 * expired answers are dropped as new ones come, so a burst of distinct queries does not stay in memory.
 * `load` is given `charge(bytes)` to count what its answer holds, now or later.
 */
function createMemo<T>(limits: ListingCacheLimits) {
  // In insertion order, which is expiry order: a key is deleted before it is set again.
  const entries = new Map<string, Slot<T>>();
  let bytes = 0;

  const remove = (key: string) => {
    const slot = entries.get(key);
    if (!slot) return;
    bytes -= slot.bytes;
    entries.delete(key);
  };
  const evictOldest = () => {
    while (entries.size > limits.maxEntries || bytes > limits.maxBytes) remove(entries.keys().next().value!);
  };
  const dropExpired = (now: number) => {
    for (const [key, slot] of entries) {
      if (slot.expiresAt > now) break;
      remove(key);
    }
  };

  return {
    get(key: string, load: (charge: (bytes: number) => void) => Promise<T>, now: number): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      remove(key);
      dropExpired(now);
      const slot = { expiresAt: now + TTL_MS, bytes: 0 } as Slot<T>;
      // Bytes count while the slot is still the cached one (not after clear() or eviction).
      const charge = (n: number) => {
        if (entries.get(key) !== slot) return;
        slot.bytes += n;
        bytes += n;
        evictOldest();
      };
      slot.value = load(charge);
      slot.value.catch(() => {
        if (entries.get(key) === slot) remove(key);
      });
      entries.set(key, slot);
      evictOldest();
      return slot.value;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    usage: () => ({ entries: entries.size, bytes }),
  };
}

function filtersOf({ q, specialty, location, serviceType, available, minRating }: ExpertListQuery): ExpertFilters {
  return { q, specialty, location, serviceType, available, minRating };
}

/**
 * Expert listings are read far more often than experts change, so each distinct page is kept for a few
 * seconds, and concurrent requests for it share one database round trip. The count depends on the filters
 * only, so it is kept once for every sort and page of a search: paging and re-sorting never count again.
 * Writes to experts call `clear()`; changes announced by other servers call `forget()`. Presence (the
 * 'online' badge) is not announced: other servers show it within the TTL.
 */
export function createListingCache(
  load: {
    page(query: ExpertListQuery): Promise<ListingPage>;
    count(filters: ExpertFilters): Promise<ListingCount>;
    /** Told when this server has changed experts (see `clear`). */
    changed?(): void;
  },
  limits: ListingCacheLimits = DEFAULT_LIMITS,
) {
  // A page keeps the count it was made with, so that a cached page is one lookup.
  const pages = createMemo<Listing>(limits);
  const counts = createMemo<ListingCount>(limits);
  // Parsed queries list their keys in the schema's order, so equal queries serialise equally.
  return {
    get(query: ExpertListQuery, now = Date.now()): Promise<Listing> {
      return pages.get(
        JSON.stringify(query),
        async (charge) => {
          const filters = filtersOf(query);
          const count = await counts.get(JSON.stringify(filters), () => load.count(filters), now);
          const loaded = await load.page(query);
          charge(loaded.body.length);
          return { page: withEncodings(loaded, charge), count };
        },
        now,
      );
    },
    /** This server has changed experts: nothing cached is answered again, and the loader is told. */
    clear() {
      load.changed?.();
      pages.clear();
      counts.clear();
    },
    /** What was cached may be out of date (another server's change): nothing cached is answered again. */
    forget() {
      pages.clear();
      counts.clear();
    },
    /** What the cache holds now: pages and their bytes. */
    usage: () => pages.usage(),
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
