import { ExpiringMap } from '../../core/expiring-map.js';

/** How long an expert's JSON is reused: the listing's own staleness (presence, see listing-cache.ts). */
const TTL_MS = 5_000;
/** An expert is about 700 bytes of JSON: some 12,000 experts, more than a busy 5 s shows. */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * Each expert's JSON as listing pages show it (UTF-8 bytes, outside the JavaScript heap: kept for seconds,
 * strings were copied into the old generation and collected there), by id, for a few seconds: pages of different searches show
 * the same experts again and again (nine rows in ten within 5 s in the benchmark's mix), and a page whose
 * experts are all here is made without the database. Cleared with the listing cache on every change to
 * experts this server makes or is told of; other changes (a bio edited on another server, presence) show
 * within the TTL, as they do in cached pages.
 */
export function createExpertJsonCache({ ttlMs = TTL_MS, maxBytes = MAX_BYTES } = {}) {
  const entries = new ExpiringMap<number, Buffer>(ttlMs, { maxEntries: Infinity, maxBytes });
  return {
    get: (id: number, now: number): Buffer | undefined => entries.get(id, now),
    set: (id: number, json: Buffer, now: number): void => entries.set(id, json, now, json.length),
    clear: (): void => entries.clear(),
    usage: () => entries.usage(),
  };
}

export type ExpertJsonCache = ReturnType<typeof createExpertJsonCache>;
