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

function withEncodings(listing: CachedListing, onEncoded: (bytes: number) => void): ListingEntry {
  const cache: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    ...listing,
    encoded(encoding) {
      if (!cache[encoding]) {
        cache[encoding] =
          encoding === 'br'
            ? brotliCompressSync(listing.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(listing.body, { level: 6 });
        onEncoded(cache[encoding].length);
      }
      return cache[encoding];
    },
  };
}

const TTL_MS = 5_000;

export interface ListingCacheLimits {
  maxEntries: number;
  /** Bodies and their compressed copies together (a body counts one byte a character). */
  maxBytes: number;
}

/**
 * A page of 24 of 10,000 experts is about 30 KB of JSON and 10 KB compressed, a page of 100 four times
 * that: 16 MB keeps a few hundred recent queries. Without a byte bound, 500 pages of 100 stayed in memory.
 */
const DEFAULT_LIMITS: ListingCacheLimits = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 };

interface Slot {
  expiresAt: number;
  value: Promise<ListingEntry>;
  bytes: number;
}

/**
 * Expert listings are read far more often than experts change, so each distinct query's answer is kept
 * for a few seconds, and concurrent requests for the same query share one database round trip. Writes
 * to experts call `clear()`; other servers see a change within the TTL, as they do presence. Expired
 * answers are dropped as new ones come, so a burst of distinct queries does not stay in memory.
 */
export function createListingCache(load: (query: ExpertListQuery) => Promise<CachedListing>, limits: ListingCacheLimits = DEFAULT_LIMITS) {
  // In insertion order, which is expiry order: a key is deleted before it is set again.
  const entries = new Map<string, Slot>();
  let bytes = 0;

  // The parsed query's keys come in the schema's order, so equal queries serialise equally.
  const keyOf = (query: ExpertListQuery) => JSON.stringify(query);

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
    get(query: ExpertListQuery, now = Date.now()): Promise<ListingEntry> {
      const key = keyOf(query);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      remove(key);
      dropExpired(now);
      const slot = { expiresAt: now + TTL_MS, bytes: 0 } as Slot;
      // Bytes count while the slot is still the cached one (not after clear() or eviction).
      const charge = (n: number) => {
        if (entries.get(key) !== slot) return;
        slot.bytes += n;
        bytes += n;
        evictOldest();
      };
      slot.value = load(query).then((listing) => {
        charge(listing.body.length);
        return withEncodings(listing, charge);
      });
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
    /** What the cache holds now. */
    usage() {
      return { entries: entries.size, bytes };
    },
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
