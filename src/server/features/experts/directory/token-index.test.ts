import { describe, expect, it } from 'vitest';
import { SlotSet } from './slot-set.js';
import { TokenIndex } from './token-index.js';

const slotsOf = (set: SlotSet) => {
  const slots: number[] = [];
  set.scan((slot) => void slots.push(slot));
  return slots;
};
const withWord = (index: TokenIndex, word: string, capacity: number) => {
  const set = new SlotSet(capacity);
  index.addWith(word, set);
  return set;
};

describe('TokenIndex', () => {
  // 1,000 texts: 'certified' in every other one (a word many texts hold), 'rare' in three, a name each.
  const texts = Array.from({ length: 1_000 }, (_, slot) => [`name${slot}`, ...(slot % 2 === 0 ? ['certified'] : []), ...(slot % 400 === 7 ? ['rare'] : [])]);
  const build = () => {
    const builder = TokenIndex.builder();
    texts.forEach((tokens, slot) => builder.add(slot, tokens));
    return builder.finish();
  };

  it('finds the texts of a word held by many, by few and by one, and by prefix', () => {
    const index = build();
    expect(withWord(index, 'certified', 1_000).size).toBe(500);
    expect(slotsOf(withWord(index, 'certified', 1_000)).slice(0, 3)).toEqual([0, 2, 4]);
    expect(slotsOf(withWord(index, 'rare', 1_000))).toEqual([7, 407, 807]);
    expect(slotsOf(withWord(index, 'name42', 1_000))).toEqual([42]);
    const prefixed = new SlotSet(1_000);
    index.addWithPrefix('cert', prefixed);
    index.addWithPrefix('name99', prefixed);
    expect(prefixed.size).toBe(500 + 11 - 5); // name99 and name990..name999; the even ones are certified
    expect(index.has('rare') && index.hasPrefix('cer') && !index.has('cert') && !index.hasPrefix('zz')).toBe(true);
  });

  it('keeps a word held by many correct through additions past its room and removals', () => {
    const index = build();
    index.add(5_000, ['certified', 'new']);
    index.remove(0, ['name0', 'certified']);
    index.remove(7, ['name7', 'rare']);
    const certified = withWord(index, 'certified', 5_001);
    expect(certified.size).toBe(500);
    expect(certified.has(0)).toBe(false);
    expect(certified.has(5_000)).toBe(true);
    const visited: number[] = [];
    index.forEachWith('certified', (slot) => visited.push(slot));
    expect(visited.length).toBe(500);
    expect(visited.at(-1)).toBe(5_000);
    expect(slotsOf(withWord(index, 'rare', 5_001))).toEqual([407, 807]);
    expect(index.has('name0')).toBe(false);
  });

  it('forgets a word once no text holds it, however it was kept', () => {
    const index = build();
    for (let slot = 0; slot < 1_000; slot += 2) index.remove(slot, ['certified']);
    expect(index.has('certified')).toBe(false);
    expect(index.hasPrefix('cert')).toBe(false);
  });
});
