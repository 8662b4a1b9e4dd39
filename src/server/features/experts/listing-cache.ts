import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ExpertFilters, ExpertListQuery } from '../../../common/experts.js';
import { ExpiringMap, type ExpiringMapLimits } from '../../core/expiring-map.js';
import { compressBody, type CompressOptions, type ContentEncoding } from '../../http/content-encoding.js';

/** A page as sent: the JSON array (UTF-8) and the cursor of the next page. */
export interface ListingPage {
  body: Buffer;
  nextCursor: string | null;
}

export interface ListingCount {
  total: number;
  capped: boolean;
}

/** A cached page: its bytes as a client accepts them (see `cachedPage`). */
export interface PageEntry {
  nextCursor: string | null;
  bytes(encoding: ContentEncoding | undefined): Buffer;
}

export interface Listing {
  page: PageEntry;
  count: ListingCount;
}

/**
 * Most pages are compressed once and sent once (visitors' searches rarely repeat within the cache's few
 * seconds), so compressing costs as much as serving. The fastest quality, with a window that holds a page
 * of 100 experts, makes pages a little larger than a higher quality would, for a fraction of the CPU.
 */
const PAGE_COMPRESSION: CompressOptions = { brotliQuality: 1, brotliWindowBits: 16 };

/**
 * A page keeps the forms of its bytes clients ask for, except the JSON it was made from once a client
 * has asked for it compressed (the compressed bytes are a small fraction of the JSON, and browsers all ask
 * for compression). A client that then asks for JSON
 * has it decompressed, and kept for the next.
 */
function cachedPage({ body, nextCursor }: ListingPage, charge: (bytes: number) => void): PageEntry {
  let json: Buffer | null = body;
  let jsonAsked = false;
  const compressed: Partial<Record<ContentEncoding, Buffer>> = {};
  const decompressed = () => (compressed.br ? brotliDecompressSync(compressed.br) : gunzipSync(compressed.gzip!));
  return {
    nextCursor,
    bytes(encoding) {
      if (!encoding) {
        jsonAsked = true;
        if (!json) {
          json = decompressed();
          charge(json.length);
        }
        return json;
      }
      let bytes = compressed[encoding];
      if (!bytes) {
        bytes = compressed[encoding] = compressBody(json ?? decompressed(), encoding, PAGE_COMPRESSION);
        charge(bytes.length);
        if (json && !jsonAsked) {
          charge(-json.length);
          json = null;
        }
      }
      return bytes;
    },
  };
}

const TTL_MS = 5_000;

/** maxBytes counts page bodies and their compressed copies together. */
export type ListingCacheLimits = ExpiringMapLimits;

/**
 * Bounded by bytes as well as by count: pages of 100 experts are several times the size of pages of 24, and
 * a count alone would let hundreds of large pages stay in memory.
 */
const DEFAULT_LIMITS: ListingCacheLimits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 };

/**
 * Promises kept for TTL_MS by key, within the limits (oldest out first); a failed load is not kept, and
 * expired answers are dropped as new ones come, so a burst of distinct queries does not stay in memory.
 * `load` is given `charge(bytes)` to count what its answer holds, now or later.
 */
function createMemo<T>(limits: ListingCacheLimits) {
  const entries = new ExpiringMap<string, Promise<T>>(TTL_MS, limits);
  return {
    get(key: string, load: (charge: (bytes: number) => void) => Promise<T>, now: number): Promise<T> {
      const hit = entries.get(key, now);
      if (hit) return hit;
      // Bytes count while the promise is still the cached one (not after clear() or eviction).
      const kept: { value?: Promise<T> } = {};
      const value = load((bytes) => kept.value && entries.charge(key, kept.value, bytes));
      kept.value = value;
      value.catch(() => entries.delete(key, value));
      entries.set(key, value, now);
      return value;
    },
    clear: () => entries.clear(),
    usage: () => entries.usage(),
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
    /** A page, given the count of its filters (it helps choose how to find the page). */
    page(query: ExpertListQuery, count: ListingCount): Promise<ListingPage>;
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
          const loaded = await load.page(query, count);
          charge(loaded.body.length);
          return { page: cachedPage(loaded, charge), count };
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
