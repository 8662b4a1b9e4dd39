import type { SlotSet } from './slot-set.js';

/**
 * A word's slots: a short list as an array, a long one as an Int32Array (4 bytes a slot instead of 8, and
 * no spare room), replaced whole on a change: changes are rare, look-ups are every request.
 */
type Postings = number[] | Int32Array;

/** Lists longer than this are kept as Int32Array. */
const COMPACT_OVER = 8;

const compact = (list: number[]): Postings => (list.length > COMPACT_OVER ? Int32Array.from(list) : list);

/** Where each word occurs: the slots of the texts that hold it, and the words in order for prefix look-ups. */
export class TokenIndex {
  private readonly postings = new Map<string, Postings>();
  /** Every word that occurs, sorted, so that the words with one prefix lie side by side. */
  private sorted: string[] = [];

  /** Many texts at once: the sorted list is made once, at the end. */
  static build(texts: Iterable<[slot: number, tokens: string[]]>): TokenIndex {
    const index = new TokenIndex();
    const lists = new Map<string, number[]>();
    for (const [slot, tokens] of texts) {
      for (const token of tokens) {
        const list = lists.get(token);
        if (list) list.push(slot);
        else lists.set(token, [slot]);
      }
    }
    for (const [token, list] of lists) index.postings.set(token, compact(list));
    index.sorted = [...lists.keys()].sort();
    return index;
  }

  add(slot: number, tokens: string[]): void {
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (list) {
        this.postings.set(token, compact([...list, slot]));
      } else {
        this.postings.set(token, [slot]);
        this.sorted.splice(this.lowerBound(token), 0, token);
      }
    }
  }

  remove(slot: number, tokens: string[]): void {
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (!list) continue;
      const rest = Array.prototype.filter.call(list, (s: number) => s !== slot) as number[];
      this.postings.set(token, compact(rest));
      if (rest.length === 0) {
        this.postings.delete(token);
        this.sorted.splice(this.lowerBound(token), 1);
      }
    }
  }

  /** The slots whose text has this word. */
  slotsWith(token: string): ArrayLike<number> {
    return this.postings.get(token) ?? [];
  }

  /** Adds to `into` the slots whose text has a word starting with `prefix`. */
  addWithPrefix(prefix: string, into: SlotSet): void {
    for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) {
      const list = this.postings.get(this.sorted[i]!)!;
      for (let j = 0; j < list.length; j++) into.add(list[j]!);
    }
  }

  private lowerBound(token: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < token) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
