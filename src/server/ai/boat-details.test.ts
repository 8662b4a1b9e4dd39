import { describe, expect, it } from 'vitest';
import { readEquipmentDetails } from './equipment-details.js';
import { boatAssumption, describeBoat, withBoat } from './boat-details.js';
import type { BoatContext } from './provider.js';

const seaBreeze: BoatContext = {
  name: 'Sea Breeze',
  type: 'Powerboat',
  make: 'Grady-White',
  model: '209',
  year: 2008,
  lengthFeet: 21,
  propulsion: 'outboard',
  engine: { make: 'Yamaha', model: 'F150', year: 2016, hours: 900, fuel: 'gasoline' },
};

describe("the owner's boat as the assistant's details", () => {
  it('fills the engine question with the boat’s engine', () => {
    const details = withBoat(readEquipmentDetails(['my engine overheats at idle']), seaBreeze, 'engine');
    expect(details).toMatchObject({ make: 'Yamaha', makeKind: 'engine', model: 'F150', year: 2016, hours: 900, drive: 'outboard', boat: '21 ft powerboat' });
  });

  it('keeps what the owner said: another maker named wins, and their own year and hours', () => {
    const named = withBoat(readEquipmentDetails(['the Mercury kicker on my boat will not start']), seaBreeze, 'engine');
    expect(named.make).toBe('Mercury');
    expect(named.model).not.toBe('F150');
    const hours = withBoat(readEquipmentDetails(['it has 1,200 hours and idles rough']), seaBreeze, 'engine');
    expect(hours.hours).toBe(1200);
    expect(hours.make).toBe('Yamaha');
  });

  it('leaves the engine out of a question about something else, but keeps the boat', () => {
    const details = withBoat(readEquipmentDetails(['my chartplotter screen is blank']), seaBreeze, 'electronics');
    expect(details.make).toBeUndefined();
    expect(details.boat).toBe('21 ft powerboat');
  });

  it('says which boat it assumed, in the owner’s terms', () => {
    expect(describeBoat(seaBreeze)).toBe('Sea Breeze, a 2008 Grady-White 209 (21 ft powerboat) with a 2016 Yamaha F150 outboard at 900 hours');
    expect(describeBoat({ ...seaBreeze, make: null, model: null, year: null, lengthFeet: null, engine: null })).toBe('Sea Breeze, a powerboat');
    expect(boatAssumption(seaBreeze)).toMatch(/^_I have assumed this is about your boat Sea Breeze, .*\._$/);
  });
});
