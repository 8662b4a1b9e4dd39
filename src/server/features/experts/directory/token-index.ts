import { SlotSet } from './slot-set.js';

/**
 * A word's slots: one slot as the number itself (most words of names and places occur once: an array
 * each cost some 60 bytes), a short list as an array, a long one as an Int32Array (4 bytes a slot instead
 * of 8, and no spare room), replaced whole on a change: changes are rare, look-ups are every request.
 * A word that many texts hold ('certified', a state) is a SlotSet, a bit per slot of the directory:
 * smaller than its list once it holds more than one slot in 32, and added to a search's set 32 slots at a
 * time, where a list is added slot by slot.
 */
type Postings = number | number[] | Int32Array | SlotSet;

/** Lists longer than this are kept as Int32Array. */
const COMPACT_OVER = 8;
/** Lists of at least this many slots may be kept as a SlotSet (see `isDense`). */
const DENSE_FROM = 32;

/** Whether `count` slots of a directory with `slots` slots take less room as a bit each. */
const isDense = (count: number, slots: number) => count >= DENSE_FROM && count * 32 > slots;

function compact(list: number[], slots: number): Postings {
  if (list.length === 1) return list[0]!;
  if (isDense(list.length, slots)) {
    const set = new SlotSet(slots);
    for (const slot of list) set.add(slot);
    return set;
  }
  return list.length > COMPACT_OVER ? Int32Array.from(list) : list;
}

/** The slots of postings that are not a SlotSet, as a list. */
const listOf = (postings: Exclude<Postings, SlotSet> | undefined): readonly number[] | Int32Array =>
  postings === undefined ? [] : typeof postings === 'number' ? [postings] : postings;

/** Where each word occurs: the slots of the texts that hold it, and the words in order for prefix look-ups. */
export class TokenIndex {
  private readonly postings = new Map<string, Postings>();
  /** Every word that occurs, sorted, so that the words with one prefix lie side by side. */
  private sorted: string[] = [];
  /** One more than the highest slot added: the room a dense word's SlotSet needs. */
  private slots = 0;

  /** Many texts at once, given one by one: the lists are compacted and the words sorted once, at the end. */
  static builder() {
    const lists = new Map<string, number[]>();
    let slots = 0;
    return {
      add(slot: number, tokens: string[]): void {
        slots = Math.max(slots, slot + 1);
        for (const token of tokens) {
          const list = lists.get(token);
          if (list) list.push(slot);
          else lists.set(token, [slot]);
        }
      },
      finish(): TokenIndex {
        const index = new TokenIndex();
        index.slots = slots;
        for (const [token, list] of lists) index.postings.set(token, compact(list, slots));
        index.sorted = [...lists.keys()].sort();
        lists.clear();
        return index;
      },
    };
  }

  add(slot: number, tokens: string[]): void {
    this.slots = Math.max(this.slots, slot + 1);
    for (const token of tokens) {
      const postings = this.postings.get(token);
      if (postings instanceof SlotSet) {
        const set = postings.withRoomFor(slot);
        set.add(slot);
        if (set !== postings) this.postings.set(token, set);
      } else if (postings !== undefined) {
        this.postings.set(token, compact([...listOf(postings), slot], this.slots));
      } else {
        this.postings.set(token, [slot]);
        this.sorted.splice(this.lowerBound(token), 0, token);
      }
    }
  }

  remove(slot: number, tokens: string[]): void {
    for (const token of tokens) {
      const postings = this.postings.get(token);
      if (postings === undefined) continue;
      let left: number;
      if (postings instanceof SlotSet) {
        postings.delete(slot);
        left = postings.size;
      } else {
        const rest = Array.prototype.filter.call(listOf(postings), (s: number) => s !== slot) as number[];
        this.postings.set(token, compact(rest, this.slots));
        left = rest.length;
      }
      if (left === 0) {
        this.postings.delete(token);
        this.sorted.splice(this.lowerBound(token), 1);
      }
    }
  }

  /** Whether some text has this word. */
  has(token: string): boolean {
    return this.postings.has(token);
  }

  /** Whether some text has a word starting with `prefix`. */
  hasPrefix(prefix: string): boolean {
    return this.sorted[this.lowerBound(prefix)]?.startsWith(prefix) ?? false;
  }

  /** Visits the slots whose text has this word. */
  forEachWith(token: string, visit: (slot: number) => void): void {
    const postings = this.postings.get(token);
    if (postings instanceof SlotSet) postings.scan(visit);
    else for (const slot of listOf(postings)) visit(slot);
  }

  /** Adds to `into` the slots whose text has this word. */
  addWith(token: string, into: SlotSet): void {
    const postings = this.postings.get(token);
    if (postings instanceof SlotSet) into.addAll(postings);
    else if (typeof postings === 'number') into.add(postings);
    else if (postings !== undefined) for (let i = 0; i < postings.length; i++) into.add(postings[i]!);
  }

  /** Adds to `into` the slots whose text has a word starting with `prefix`. */
  addWithPrefix(prefix: string, into: SlotSet): void {
    for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) this.addWith(this.sorted[i]!, into);
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
