/** A set of slots, a bit each: adding and asking cost no allocation, whatever the size. */
export class SlotSet {
  private readonly bits: Uint32Array;
  size = 0;

  constructor(capacity: number) {
    this.bits = new Uint32Array((capacity >>> 5) + 1);
  }

  add(slot: number): void {
    const mask = 1 << (slot & 31);
    const word = slot >>> 5;
    const bits = this.bits[word]!;
    if (bits & mask) return;
    this.bits[word] = bits | mask;
    this.size += 1;
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
