/** How long an expert's JSON is reused: the listing's own staleness (presence, see listing-cache.ts). */
const TTL_MS = 5_000;
/** An expert is about 700 bytes of JSON: some 12,000 experts, more than a busy 5 s shows. */
const MAX_BYTES = 8 * 1024 * 1024;
/** Most experts the cache holds at once (their JSON may fill its bytes first). */
const MAX_ENTRIES = 16_384;

/**
 * Each expert's JSON as listing pages show it, by id, for a few seconds: pages of different searches show
 * the same experts again and again, and a page whose experts are all here is made without the database. Cleared with the listing
 * cache on every change to experts this server makes or is told of; other changes (a bio edited on another
 * server, presence) show within the TTL, as they do in cached pages.
 *
 * The JSON is written into one ring of bytes, and the entries are numbers in typed arrays: nothing per
 * expert lives on the JavaScript heap. Kept for seconds, per-expert objects would outlive the young
 * generation and feed the old generation's collections, the stalls behind the listing's slowest answers.
 * The oldest JSON is overwritten first.
 */
export function createExpertJsonCache({ ttlMs = TTL_MS, maxBytes = MAX_BYTES, maxEntries = MAX_ENTRIES } = {}) {
  let bytes: Buffer | null = null;
  /** Where the next JSON is written, counted from the first byte ever written (laps included). */
  let written = 0;
  /**
   * The entry slot of each expert's id: a slot is reused in turn, its id checked on reading. Ids are not
   * deleted (deleting from a busy Map makes V8 copy its table again and again); there are no more of them
   * than experts listed since the last clear.
   */
  const slotOf = new Map<number, number>();
  let nextSlot = 0;
  const ids = new Int32Array(maxEntries);
  const starts = new Float64Array(maxEntries);
  const lengths = new Int32Array(maxEntries);
  const expiries = new Float64Array(maxEntries);

  /** Whether the slot still holds the id's JSON: not expired, and not overwritten by later JSON. */
  const holds = (slot: number, id: number, now: number) =>
    ids[slot] === id && expiries[slot]! > now && starts[slot]! >= written - maxBytes;

  return {
    get(id: number, now: number): Buffer | undefined {
      const slot = slotOf.get(id);
      if (slot === undefined || !holds(slot, id, now)) return undefined;
      const at = starts[slot]! % maxBytes;
      return bytes!.subarray(at, at + lengths[slot]!);
    },

    /** Keeps the JSON text. Bytes `get` answered before may be overwritten: use them at once. */
    set(id: number, json: string, now: number): void {
      const length = Buffer.byteLength(json);
      if (length > maxBytes) return;
      bytes ??= Buffer.allocUnsafeSlow(maxBytes);
      // JSON that would not fit before the end of the ring starts the next lap.
      if ((written % maxBytes) + length > maxBytes) written += maxBytes - (written % maxBytes);
      const at = written % maxBytes;
      bytes.write(json, at, 'utf8');
      const slot = nextSlot;
      nextSlot = (nextSlot + 1) % maxEntries;
      ids[slot] = id;
      starts[slot] = written;
      lengths[slot] = length;
      expiries[slot] = now + ttlMs;
      slotOf.set(id, slot);
      written += length;
    },

    clear(): void {
      slotOf.clear();
      // Nothing written before now is read again; the ring's memory is given back.
      bytes = null;
      written = 0;
      expiries.fill(0);
    },
  };
}

export type ExpertJsonCache = ReturnType<typeof createExpertJsonCache>;
