/**
 * Recent searches and their results, least recently used dropped first, within a budget of query
 * characters. Every question replays its conversation's earlier messages through the knowledge base, so
 * the same texts are searched again and again; a cached search costs a map lookup instead of a scoring pass.
 */
export class SearchCache<T> {
  private readonly entries = new Map<string, T>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    if (key.length > this.maxChars) return;
    if (this.entries.delete(key)) this.chars -= key.length;
    this.entries.set(key, value);
    this.chars += key.length;
    for (const oldest of this.entries.keys()) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
