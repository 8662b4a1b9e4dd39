export interface ExpiringMapLimits {
  maxEntries: number;
  /** What the entries hold together, as their owners count it (see `set` and `charge`). */
  maxBytes: number;
}

interface Entry<K, V> {
  key: K;
  value: V;
  expiresAt: number;
  bytes: number;
}

/**
 * A map whose entries live for a fixed time, within a number of entries and of bytes, the oldest leaving
 * first. Entries are kept in a queue in the order they were set, which is their expiry order, so dropping
 * the expired ones costs only what is dropped. (Iterating a Map from its start to find them would walk the
 * holes V8 leaves where entries were deleted.)
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  /**
   * Every entry set, oldest first from `head`; one replaced or removed since is skipped when reached. Slots
   * behind the head are emptied as it passes them, so that what is dropped is not held until the next cut.
   */
  private queue: (Entry<K, V> | undefined)[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly limits: ExpiringMapLimits,
  ) {}

  /** The value, unless it has expired (then it is dropped). */
  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.remove(entry);
    return undefined;
  }

  /** Sets the value for the time to live, dropping what has expired and what is over the limits. */
  set(key: K, value: V, now: number, bytes = 0): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(previous);
    const entry = { key, value, expiresAt: now + this.ttlMs, bytes };
    this.entries.set(key, entry);
    this.queue.push(entry);
    this.bytes += bytes;
    this.trim(now);
  }

  /** Counts more bytes for the value, if it is still the one kept under the key. */
  charge(key: K, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    this.trim(-Infinity);
  }

  /** Drops the key's entry; with a value, only if it is still that value. */
  delete(key: K, value?: V): void {
    const entry = this.entries.get(key);
    if (entry && (value === undefined || entry.value === value)) this.remove(entry);
  }

  clear(): void {
    this.entries.clear();
    this.queue = [];
    this.head = 0;
    this.bytes = 0;
  }

  usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(entry: Entry<K, V>): void {
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
  }

  private trim(now: number): void {
    const { maxEntries, maxBytes } = this.limits;
    while (this.head < this.queue.length) {
      const oldest = this.queue[this.head]!;
      if (this.entries.get(oldest.key) === oldest) {
        if (this.entries.size <= maxEntries && this.bytes <= maxBytes && oldest.expiresAt > now) break;
        this.remove(oldest);
      }
      this.queue[this.head++] = undefined;
    }
    // The queue is cut once most of it lies behind the head.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
