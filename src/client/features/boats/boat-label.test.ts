import { describe, expect, it } from 'vitest';
import { boatKindLine, boatLabel, boatWhereLine, engineName, formatFeet, formatHours } from './boat-label';

describe('boatLabel', () => {
  it('names the boat, then its year, make and model', () => {
    expect(boatLabel({ name: 'Sea Breeze', year: 2012, make: 'Grady-White', model: '209' })).toBe('Sea Breeze · 2012 Grady-White 209');
  });

  it('leaves out what is not known, and the separator with all of it', () => {
    expect(boatLabel({ name: 'Sea Breeze', year: null, make: 'Grady-White', model: null })).toBe('Sea Breeze · Grady-White');
    expect(boatLabel({ name: 'Sea Breeze', year: null, make: null, model: null })).toBe('Sea Breeze');
  });
});

describe('the lines of a boat card', () => {
  it('gives the kind and length, a tenth of a foot at most', () => {
    expect(boatKindLine({ boatType: 'fishing-boat', lengthFeet: 20.5 })).toBe('Fishing Boat · 20.5 ft');
    expect(boatKindLine({ boatType: 'sailboat', lengthFeet: null })).toBe('Sailboat');
    expect(formatFeet(32)).toBe('32 ft');
  });

  it('says where the boat is kept from what is known', () => {
    expect(boatWhereLine({ homeMarina: 'Harbor Marina', slip: 'B12', homeZip: '02108' })).toBe('Harbor Marina, slip B12 · 02108');
    expect(boatWhereLine({ homeMarina: null, slip: null, homeZip: '02108' })).toBe('02108');
    expect(boatWhereLine({ homeMarina: null, slip: null, homeZip: null })).toBe('');
  });

  it('writes engine hours with thousands separators', () => {
    expect(formatHours(1250)).toBe('1,250 h');
  });
});

describe('engineName', () => {
  it('numbers the engine and names its make and model', () => {
    expect(engineName({ make: 'Yamaha', model: 'F150' }, 0)).toBe('Engine 1: Yamaha F150');
    expect(engineName({ make: 'Volvo Penta', model: null }, 1)).toBe('Engine 2: Volvo Penta');
  });
});
