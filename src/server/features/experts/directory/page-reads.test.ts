import { describe, expect, it } from 'vitest';
import { pageCosts, readByRank, walkOrder } from './page-reads.js';
import { SlotOrder } from './slot-order.js';
import { SlotSet } from './slot-set.js';

// 1,000 slots ordered backwards; the matches are the slots below 100, so they come last in the order.
const order = new SlotOrder(Int32Array.from({ length: 1_000 }, (_, i) => 999 - i));
const rank = Int32Array.from({ length: 1_000 }, (_, slot) => 999 - slot);
const low = new SlotSet(1_000);
for (let slot = 0; slot < 100; slot++) low.add(slot);
const span = { order, from: 0, skip: 5, wanted: 3 };

describe('the two ways to a page', () => {
  it('find the same matches, skipping the offset', () => {
    expect(walkOrder(span, (slot) => low.has(slot), Infinity)).toEqual([94, 93, 92]);
    expect(readByRank(span, rank, [low])).toEqual([94, 93, 92]);
  });

  it('gives up a walk past its limit, but not one that reached the end of the order', () => {
    expect(walkOrder(span, (slot) => low.has(slot), 500)).toBeNull();
    expect(walkOrder({ ...span, from: 990 }, (slot) => low.has(slot), 500)).toEqual([4, 3, 2]);
    expect(walkOrder({ ...span, from: 998 }, (slot) => low.has(slot), 500)).toEqual([]);
  });

  it('walks when the matches are many and intersects when they are few, and limits the walk to twice the other', () => {
    const directory = { size: 1_000, sparseShare: 1 / 8 };
    const broad = pageCosts(directory, low, 2, 1_000, 25, 900);
    expect(broad.walk).toBeLessThan(broad.intersect);
    const narrow = pageCosts(directory, low, 2, 1_000, 25, 3);
    expect(narrow.intersect).toBeLessThan(narrow.walk);
    expect(narrow.walkLimit * 4).toBeGreaterThanOrEqual(2 * narrow.intersect);
  });
});
