/** A set of slots, a bit each: adding and asking cost no allocation, whatever the size. */
export class SlotSet {
  private readonly bits: Uint32Array;
  size = 0;

  constructor(capacity: number) {
    this.bits = new Uint32Array((capacity >>> 5) + 1);
  }

  /** The slots this set has room for: 0 to capacity - 1. */
  get capacity(): number {
    return this.bits.length * 32;
  }

  add(slot: number): void {
    const mask = 1 << (slot & 31);
    const word = slot >>> 5;
    const bits = this.bits[word]!;
    if (bits & mask) return;
    this.bits[word] = bits | mask;
    this.size += 1;
  }

  delete(slot: number): void {
    const mask = 1 << (slot & 31);
    const word = slot >>> 5;
    const bits = this.bits[word] ?? 0;
    if (!(bits & mask)) return;
    this.bits[word] = bits ^ mask;
    this.size -= 1;
  }

  /** Adds every slot of `other`, 32 at a time. */
  addAll(other: SlotSet): void {
    const words = Math.min(this.bits.length, other.bits.length);
    for (let word = 0; word < words; word++) {
      const before = this.bits[word]!;
      const after = before | other.bits[word]!;
      if (after === before) continue;
      this.bits[word] = after;
      this.size += popCount(after) - popCount(before);
    }
  }

  /** This set, or a copy with room for slots up to `slot` when it has none. */
  withRoomFor(slot: number): SlotSet {
    if (slot < this.capacity) return this;
    const grown = new SlotSet(Math.max(slot, Math.ceil(this.capacity * 1.25)));
    grown.bits.set(this.bits);
    grown.size = this.size;
    return grown;
  }

  /** A set of the slots in this one or in `other`. */
  union(other: SlotSet): SlotSet {
    const both = new SlotSet(Math.max(this.bits.length, other.bits.length) * 32 - 1);
    for (let word = 0; word < both.bits.length; word++) {
      const bits = (this.bits[word] ?? 0) | (other.bits[word] ?? 0);
      both.bits[word] = bits;
      both.size += popCount(bits);
    }
    return both;
  }

  /**
   * How many slots are in every one of the sets, 32 slots at a time; the count stops once it is over
   * `atMost` (a larger answer means only that: more than `atMost`).
   */
  static countCommon(sets: readonly SlotSet[], atMost: number): number {
    if (sets.length === 0) return 0;
    const words = Math.min(...sets.map((set) => set.bits.length));
    let total = 0;
    for (let word = 0; word < words; word++) {
      let bits = sets[0]!.bits[word]!;
      for (let i = 1; i < sets.length && bits !== 0; i++) bits &= sets[i]!.bits[word]!;
      if (bits === 0) continue;
      total += popCount(bits);
      if (total > atMost) break;
    }
    return total;
  }

  /**
   * Visits the slots in every one of the sets, in ascending order, 32 at a time: only the words where the
   * smallest set has slots are read in the others, so a rare word's few experts cost a few words.
   */
  static scanCommon(sets: readonly SlotSet[], visit: (slot: number) => void): void {
    if (sets.length === 0) return;
    const ordered = [...sets].sort((a, b) => a.size - b.size);
    const smallest = ordered[0]!.bits;
    const words = Math.min(...sets.map((set) => set.bits.length));
    for (let word = 0; word < words; word++) {
      let bits = smallest[word]!;
      for (let i = 1; i < ordered.length && bits !== 0; i++) bits &= ordered[i]!.bits[word]!;
      while (bits !== 0) {
        const lowest = bits & -bits;
        visit((word << 5) + 31 - Math.clz32(lowest));
        bits ^= lowest;
      }
    }
  }

  has(slot: number): boolean {
    return (this.bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  }

  /** Visits the slots from `from` on, in ascending order, until `visit` returns true (making no list). */
  scan(visit: (slot: number) => boolean | void, from = 0): void {
    for (let word = from >>> 5; word < this.bits.length; word++) {
      let bits = this.bits[word]!;
      if (word === from >>> 5) bits &= ~0 << (from & 31);
      while (bits !== 0) {
        const lowest = bits & -bits;
        if (visit((word << 5) + 31 - Math.clz32(lowest)) === true) return;
        bits ^= lowest;
      }
    }
  }
}

/** The number of bits set in a 32-bit word. */
function popCount(bits: number): number {
  bits -= (bits >>> 1) & 0x55555555;
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
