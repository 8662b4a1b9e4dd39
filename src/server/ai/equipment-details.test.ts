import { describe, expect, it } from 'vitest';
import { describeEquipment, isFourStroke, makeFits, readEquipmentDetails, withoutEquipmentDetails } from './equipment-details.js';

describe('readEquipmentDetails', () => {
  it("reads make, model, year and hours from an owner's message", () => {
    expect(readEquipmentDetails(["it's a 2016 Yamaha F150 with 900 hours"])).toEqual({
      make: 'Yamaha',
      makeKind: 'engine',
      model: 'F150',
      year: 2016,
      hours: 900,
      drive: 'outboard',
      conditions: false,
    });
    expect(readEquipmentDetails(['my merc 4.3L mpi bogs when I hit the throttle, 1,250 hrs'])).toMatchObject({
      make: 'Mercury',
      hours: 1250,
      conditions: true,
    });
  });

  it('reads the power, stroke and fuel system owners name their outboards by', () => {
    expect(readEquipmentDetails(["it's a Mercury 90 four-stroke from 2012"])).toMatchObject({ make: 'Mercury', model: '90', year: 2012, stroke: 'four-stroke' });
    expect(readEquipmentDetails(['old 2 stroke johnson, 25 hp, carbureted'])).toMatchObject({ make: 'Johnson', model: '25 hp', stroke: 'two-stroke', fuelSystem: 'carbureted' });
    expect(readEquipmentDetails(['Yamaha F115 EFI'])).toMatchObject({ fuelSystem: 'fuel-injected' });
  });

  it('takes the words after a maker that look like a model', () => {
    expect(readEquipmentDetails(["it's a Garmin echoMAP 74cv"])).toMatchObject({ make: 'Garmin', makeKind: 'electronics', model: 'echoMAP 74cv' });
    expect(readEquipmentDetails(['2008 volvo penta 5.0 gxi'])).toMatchObject({ make: 'Volvo Penta', model: '5.0', year: 2008 });
    expect(readEquipmentDetails(["it's a Rule 1100 pump"])).toMatchObject({ make: 'Rule', makeKind: 'pump', model: '1100' });
  });

  it('reads the boat and the waters it is used on', () => {
    expect(readEquipmentDetails(['21 ft bowrider on lake erie'])).toMatchObject({ boat: '21 ft bowrider', conditions: true });
    expect(readEquipmentDetails(['we keep her on a mooring'])).toMatchObject({ conditions: true });
  });

  it('tells an outboard from an engine inside the boat, by the words or the maker', () => {
    expect(readEquipmentDetails(['outboard wont start']).drive).toBe('outboard');
    expect(readEquipmentDetails(['my sterndrive overheats']).drive).toBe('inboard');
    expect(readEquipmentDetails(['Yanmar 3YM30 smokes']).drive).toBe('inboard');
    expect(readEquipmentDetails(['Mercury 90 runs rough']).drive).toBeUndefined();
  });

  it('finds nothing in a vague message', () => {
    expect(readEquipmentDetails(['engine wont start'])).toEqual({ conditions: false });
  });
});

describe('withoutEquipmentDetails', () => {
  it('leaves what the message is about once the equipment and conditions are taken out', () => {
    expect(withoutEquipmentDetails("it's a Mercury 90 four-stroke from 2012").replace(/\s+/g, ' ').trim()).toBe("it's a from");
    expect(withoutEquipmentDetails('Yamaha F150 overheats at idle').replace(/\s+/g, ' ').trim()).toBe('overheats');
  });
});

describe('makeFits', () => {
  it("says which subjects a maker's equipment can be about", () => {
    expect(makeFits('engine', 'engine')).toBe(true);
    expect(makeFits('engine', 'plumbing')).toBe(false);
    expect(makeFits('pump', 'plumbing')).toBe(true);
    expect(makeFits('electronics', 'electronics')).toBe(true);
  });
});

describe('isFourStroke', () => {
  it('is true when the owner says so or names an inboard maker', () => {
    expect(isFourStroke(readEquipmentDetails(['Mercury 90 four-stroke']))).toBe(true);
    expect(isFourStroke(readEquipmentDetails(['MerCruiser 5.7']))).toBe(true);
    expect(isFourStroke(readEquipmentDetails(['old Johnson 25']))).toBe(false);
  });
});

describe('describeEquipment', () => {
  it('names the equipment as the owner described it', () => {
    expect(describeEquipment(readEquipmentDetails(['2016 Yamaha F150 with 900 hours']))).toBe('a 2016 Yamaha F150 with 900 hours');
    expect(describeEquipment(readEquipmentDetails(["it's a Mercury 90 four-stroke from 2012"]))).toBe('a 2012 Mercury 90 four-stroke');
    expect(describeEquipment({ conditions: false })).toBe('');
    expect(describeEquipment(readEquipmentDetails(['the boat is a 1995']))).toBe('');
  });
});
