/**
 * The slots of one order, in an Int32Array with room to grow: 4 bytes a slot where an array of numbers
 * takes 8, and nothing for the collector to trace.
 */
export class SlotOrder {
  private items: Int32Array;
  length: number;

  constructor(slots: Int32Array) {
    this.items = slots;
    this.length = slots.length;
  }

  at(index: number): number {
    return this.items[index]!;
  }

  insert(index: number, slot: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(Math.max(16, Math.ceil(this.length * 1.25)));
      grown.set(this.items);
      this.items = grown;
    }
    this.items.copyWithin(index + 1, index, this.length);
    this.items[index] = slot;
    this.length += 1;
  }

  removeAt(index: number): void {
    this.items.copyWithin(index, index + 1, this.length);
    this.length -= 1;
  }
}
