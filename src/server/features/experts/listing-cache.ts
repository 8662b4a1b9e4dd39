import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ExpertListQuery } from '../../../common/expert.js';

export interface CachedListing {
  /** The serialized JSON array, sent as it is. */
  body: string;
  total: number;
}

/** A cached listing with its compressed forms, each made once, on first demand. */
export interface ListingEntry extends CachedListing {
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

function withEncodings(listing: CachedListing): ListingEntry {
  const cache: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    ...listing,
    encoded(encoding) {
      cache[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(listing.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(listing.body, { level: 6 });
      return cache[encoding];
    },
  };
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

/**
 * Expert listings are read far more often than experts change, so each distinct query's answer is kept
 * for a few seconds, and concurrent requests for the same query share one database round trip. Writes
 * to experts call `clear()`; other servers see a change within the TTL, as they do presence.
 */
export function createListingCache(load: (query: ExpertListQuery) => Promise<CachedListing>) {
  const entries = new Map<string, { expiresAt: number; value: Promise<ListingEntry> }>();

  // The parsed query's keys come in the schema's order, so equal queries serialise equally.
  const keyOf = (query: ExpertListQuery) => JSON.stringify(query);

  return {
    get(query: ExpertListQuery, now = Date.now()): Promise<ListingEntry> {
      const key = keyOf(query);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = load(query).then(withEncodings);
      entries.set(key, { expiresAt: now + TTL_MS, value });
      value.catch(() => entries.delete(key));
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
