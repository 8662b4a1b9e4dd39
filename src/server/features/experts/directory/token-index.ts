import type { SlotSet } from './slot-set.js';

/**
 * A word's slots: one slot as the number itself (most words of names and places occur once: an array
 * each cost some 60 bytes), a short list as an array, a long one as an Int32Array (4 bytes a slot instead
 * of 8, and no spare room), replaced whole on a change: changes are rare, look-ups are every request.
 */
type Postings = number | number[] | Int32Array;

/** Lists longer than this are kept as Int32Array. */
const COMPACT_OVER = 8;

const compact = (list: number[]): Postings => (list.length === 1 ? list[0]! : list.length > COMPACT_OVER ? Int32Array.from(list) : list);
const listOf = (postings: Postings | undefined): readonly number[] | Int32Array => (postings === undefined ? [] : typeof postings === 'number' ? [postings] : postings);

/** Where each word occurs: the slots of the texts that hold it, and the words in order for prefix look-ups. */
export class TokenIndex {
  private readonly postings = new Map<string, Postings>();
  /** Every word that occurs, sorted, so that the words with one prefix lie side by side. */
  private sorted: string[] = [];

  /** Many texts at once, given one by one: the lists are compacted and the words sorted once, at the end. */
  static builder() {
    const lists = new Map<string, number[]>();
    return {
      add(slot: number, tokens: string[]): void {
        for (const token of tokens) {
          const list = lists.get(token);
          if (list) list.push(slot);
          else lists.set(token, [slot]);
        }
      },
      finish(): TokenIndex {
        const index = new TokenIndex();
        for (const [token, list] of lists) index.postings.set(token, compact(list));
        index.sorted = [...lists.keys()].sort();
        lists.clear();
        return index;
      },
    };
  }

  add(slot: number, tokens: string[]): void {
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (list !== undefined) {
        this.postings.set(token, compact([...listOf(list), slot]));
      } else {
        this.postings.set(token, [slot]);
        this.sorted.splice(this.lowerBound(token), 0, token);
      }
    }
  }

  remove(slot: number, tokens: string[]): void {
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (list === undefined) continue;
      const rest = Array.prototype.filter.call(listOf(list), (s: number) => s !== slot) as number[];
      this.postings.set(token, compact(rest));
      if (rest.length === 0) {
        this.postings.delete(token);
        this.sorted.splice(this.lowerBound(token), 1);
      }
    }
  }

  /** The slots whose text has this word. */
  slotsWith(token: string): ArrayLike<number> {
    return listOf(this.postings.get(token));
  }

  /** Adds to `into` the slots whose text has a word starting with `prefix`. */
  addWithPrefix(prefix: string, into: SlotSet): void {
    for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) {
      const list = this.postings.get(this.sorted[i]!)!;
      if (typeof list === 'number') into.add(list);
      else for (let j = 0; j < list.length; j++) into.add(list[j]!);
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
