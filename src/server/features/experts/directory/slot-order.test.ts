import { describe, expect, it } from 'vitest';
import { SlotOrder } from './slot-order.js';

const slotsOf = (order: SlotOrder) => Array.from({ length: order.length }, (_, i) => order.at(i));

describe('SlotOrder', () => {
  it('inserts and removes at a position, growing past its first size', () => {
    const order = new SlotOrder(Int32Array.from([3, 1, 2]));
    order.insert(0, 7);
    order.insert(4, 9);
    order.insert(2, 5);
    expect(slotsOf(order)).toEqual([7, 3, 5, 1, 2, 9]);
    order.removeAt(0);
    order.removeAt(4);
    expect(slotsOf(order)).toEqual([3, 5, 1, 2]);
    for (let slot = 10; slot < 40; slot++) order.insert(order.length, slot);
    expect(order.length).toBe(34);
    expect(order.at(33)).toBe(39);
  });
});
