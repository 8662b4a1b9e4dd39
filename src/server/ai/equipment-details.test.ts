import { describe, expect, it } from 'vitest';
import { describeEquipment, questionsToAsk, readEquipmentDetails } from './equipment-details.js';

describe('readEquipmentDetails', () => {
  it("reads make, model, year and hours from an owner's message", () => {
    expect(readEquipmentDetails(["it's a 2016 Yamaha F150 with 900 hours"])).toEqual({
      make: 'Yamaha',
      model: 'F150',
      year: 2016,
      hours: 900,
      conditions: false,
    });
    expect(readEquipmentDetails(['my merc 4.3L mpi bogs when I hit the throttle, 1,250 hrs'])).toMatchObject({
      make: 'Mercury',
      hours: 1250,
      conditions: true,
    });
  });

  it('finds nothing in a vague message', () => {
    expect(readEquipmentDetails(['outboard wont start'])).toEqual({ conditions: false });
  });
});

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

describe('describeEquipment', () => {
  it('names the equipment as the owner described it', () => {
    expect(describeEquipment(readEquipmentDetails(['2016 Yamaha F150 with 900 hours']))).toBe('a 2016 Yamaha F150 with 900 hours');
    expect(describeEquipment({ conditions: false })).toBe('');
  });
});
