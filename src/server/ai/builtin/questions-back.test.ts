import { describe, expect, it } from 'vitest';
import { readEquipmentDetails } from '../equipment-details.js';
import { questionsToAsk } from './questions-back.js';

describe('questionsToAsk', () => {
  it('asks 2-3 questions, only about what is missing', () => {
    expect(questionsToAsk(readEquipmentDetails(['outboard wont start']), 'engine')).toHaveLength(3);
    const known = readEquipmentDetails(['2016 Yamaha F150, 900 hours, after winter storage']);
    expect(questionsToAsk(known, 'engine')).toEqual([]);
    const partly = questionsToAsk(readEquipmentDetails(['Yamaha F150 overheats at idle']), 'engine');
    expect(partly.join(' ')).not.toMatch(/make and model/);
    expect(partly.join(' ')).toMatch(/year/);
  });
});

describe('questions back for other systems', () => {
  it('ask about the boat, not a maker, for the hull, rigging, trailer and safety gear, and when it happens in their terms', () => {
    const trailer = questionsToAsk(readEquipmentDetails(['trailer lights only work on one side']), 'trailer');
    expect(trailer[0]).toBe('What kind of boat is it: length, type, and power or sail?');
    expect(trailer.join(' ')).not.toMatch(/make and model|at idle|under load/);
    expect(trailer.at(-1)).toMatch(/every tow or only after launching/);
    const safety = questionsToAsk(readEquipmentDetails(['21 ft bowrider on lake erie, what safety gear do I need']), 'safety');
    expect(safety.join(' ')).not.toMatch(/kind of boat|Where do you take the boat/);
  });
});
