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

  /** The slots, in ascending order. */
  slots(): number[] {
    const list: number[] = [];
    for (let word = 0; word < this.bits.length; word++) {
      let bits = this.bits[word]!;
      while (bits !== 0) {
        const lowest = bits & -bits;
        list.push((word << 5) + 31 - Math.clz32(lowest));
        bits ^= lowest;
      }
    }
    return list;
  }
}
