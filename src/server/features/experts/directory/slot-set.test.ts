import { describe, expect, it } from 'vitest';
import { SlotSet } from './slot-set.js';

const setOf = (capacity: number, slots: number[]) => {
  const set = new SlotSet(capacity);
  for (const slot of slots) set.add(slot);
  return set;
};
const slotsOf = (set: SlotSet) => {
  const slots: number[] = [];
  set.scan((slot) => void slots.push(slot));
  return slots;
};

describe('SlotSet', () => {
  it('unites two sets, of any capacities, with their size', () => {
    const both = setOf(40, [0, 31, 32, 39]).union(setOf(100, [31, 64, 99]));
    expect(slotsOf(both)).toEqual([0, 31, 32, 39, 64, 99]);
    expect(both.size).toBe(6);
  });

  it('counts the slots every set holds, and stops once over the most it is asked for', () => {
    const evens = setOf(200, Array.from({ length: 100 }, (_, i) => i * 2));
    const threes = setOf(200, Array.from({ length: 67 }, (_, i) => i * 3));
    const low = setOf(100, Array.from({ length: 100 }, (_, i) => i));
    // Multiples of 6 below 100: 0, 6, ..., 96.
    expect(SlotSet.countCommon([evens, threes, low], 1_000)).toBe(17);
    expect(SlotSet.countCommon([evens], 1_000)).toBe(100);
    expect(SlotSet.countCommon([evens], 10)).toBeGreaterThan(10);
    expect(SlotSet.countCommon([evens, setOf(200, [1, 3, 5])], 1_000)).toBe(0);
    expect(SlotSet.countCommon([], 1_000)).toBe(0);
  });

  it('visits the slots every set holds in ascending order, whatever order the sets come in', () => {
    const evens = setOf(200, Array.from({ length: 100 }, (_, i) => i * 2));
    const threes = setOf(200, Array.from({ length: 67 }, (_, i) => i * 3));
    const rare = setOf(200, [6, 7, 66, 67, 198, 199]);
    const visited = (sets: SlotSet[]) => {
      const slots: number[] = [];
      SlotSet.scanCommon(sets, (slot) => slots.push(slot));
      return slots;
    };
    expect(visited([evens, threes, rare])).toEqual([6, 66, 198]);
    expect(visited([rare, threes, evens])).toEqual([6, 66, 198]);
    expect(visited([threes, evens])).toEqual(Array.from({ length: 34 }, (_, i) => i * 6));
    expect(visited([setOf(40, [0, 31, 32, 39]), setOf(100, [31, 39, 64, 99])])).toEqual([31, 39]);
    expect(visited([evens, setOf(200, [1, 3, 5])])).toEqual([]);
    expect(visited([])).toEqual([]);
  });
});
