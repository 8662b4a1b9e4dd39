/** How long an expert's JSON is reused: the listing's own staleness (presence, see listing-cache.ts). */
const TTL_MS = 5_000;
/** An expert is about 700 bytes of JSON: some 12,000 experts, more than a busy 5 s shows. */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * Each expert's JSON as listing pages show it, by id, for a few seconds: pages of different searches show
 * the same experts again and again (nine rows in ten within 5 s in the benchmark's mix), and a page whose
 * experts are all here is made without the database. Cleared with the listing cache on every change to
 * experts this server makes or is told of; other changes (a bio edited on another server, presence) show
 * within the TTL, as they do in cached pages.
 */
export function createExpertJsonCache({ ttlMs = TTL_MS, maxBytes = MAX_BYTES } = {}) {
  // In insertion order, which is expiry order: an id is deleted before it is set again.
  const entries = new Map<number, { json: string; expiresAt: number }>();
  let bytes = 0;

  const remove = (id: number) => {
    const entry = entries.get(id);
    if (!entry) return;
    bytes -= entry.json.length;
    entries.delete(id);
  };

  return {
    get(id: number, now: number): string | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.expiresAt > now) return entry.json;
      remove(id);
      return undefined;
    },
    set(id: number, json: string, now: number): void {
      remove(id);
      entries.set(id, { json, expiresAt: now + ttlMs });
      bytes += json.length;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes && entry.expiresAt > now) break;
        remove(oldest);
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    usage: () => ({ entries: entries.size, bytes }),
  };
}

export type ExpertJsonCache = ReturnType<typeof createExpertJsonCache>;
