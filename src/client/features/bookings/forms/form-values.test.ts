import { describe, expect, it } from 'vitest';
import { boatFillChanges, boatPayload, initialBoatChoice, onsiteFieldsOfBoat, onsiteFormDefaults, videoFormDefaults } from './form-values';

const BOAT_A = '11111111-1111-4111-8111-111111111111';
const BOAT_B = '22222222-2222-4222-8222-222222222222';
const TASK = '33333333-3333-4333-8333-333333333333';

const seaBreeze = { boatType: 'fishing-boat', lengthFeet: 20.5, homeMarina: 'Harbor Marina', slip: 'B12', homeZip: '21401' } as const;
const blank = { boatAddress: '', boatType: '', boatLength: '', marinaName: '', dockSlip: '' } as const;

describe('a boat from My Boats in the onsite form', () => {
  it('gives where it is kept as the address, its type, its length in feet, its home marina and its slip', () => {
    expect(onsiteFieldsOfBoat(seaBreeze)).toEqual({ boatAddress: 'Harbor Marina, 21401', boatType: 'fishing-boat', boatLength: '20.5 ft', marinaName: 'Harbor Marina', dockSlip: 'B12' });
    expect(onsiteFieldsOfBoat({ ...seaBreeze, homeMarina: null }).boatAddress).toBe('21401');
    expect(onsiteFieldsOfBoat({ ...seaBreeze, lengthFeet: 32 }).boatLength).toBe('32 ft');
  });

  it('leaves what the boat does not say blank', () => {
    expect(onsiteFieldsOfBoat({ boatType: 'sailboat', lengthFeet: null, homeMarina: null, slip: null, homeZip: null })).toEqual({
      boatAddress: '',
      boatType: 'sailboat',
      boatLength: '',
      marinaName: '',
      dockSlip: '',
    });
  });

  it("overwrites every field on the owner's choice, and changes only what differs", () => {
    const typed = { boatAddress: '1 Old Road, Annapolis, MD 21401', boatType: 'yacht', boatLength: '40 feet', marinaName: 'Old Marina', dockSlip: 'C-1' } as const;
    expect(boatFillChanges(seaBreeze, typed, false)).toEqual({ boatAddress: 'Harbor Marina, 21401', boatType: 'fishing-boat', boatLength: '20.5 ft', marinaName: 'Harbor Marina', dockSlip: 'B12' });
    expect(boatFillChanges(seaBreeze, { ...typed, marinaName: 'Harbor Marina' }, false)).not.toHaveProperty('marinaName');
    // A boat without a marina clears the marina of the boat chosen before.
    expect(boatFillChanges({ ...seaBreeze, homeMarina: null }, typed, false)).toMatchObject({ marinaName: '' });
  });

  it("fills only the blank fields on the form's own first choice (a restored draft keeps what was typed)", () => {
    expect(boatFillChanges(seaBreeze, blank, true)).toEqual({ boatAddress: 'Harbor Marina, 21401', boatType: 'fishing-boat', boatLength: '20.5 ft', marinaName: 'Harbor Marina', dockSlip: 'B12' });
    expect(boatFillChanges(seaBreeze, { ...blank, boatAddress: '1 Dock St', marinaName: 'Typed Marina', boatType: 'yacht' }, true)).toEqual({ boatLength: '20.5 ft', dockSlip: 'B12' });
    expect(boatFillChanges(seaBreeze, { ...blank, dockSlip: '   ' }, true)).toHaveProperty('dockSlip', 'B12');
  });
});

describe('the boat a booking form starts with', () => {
  const boats = [{ id: BOAT_A }, { id: BOAT_B }];

  it("is the address's boat when it is one of the owner's", () => {
    expect(initialBoatChoice(boats, '', BOAT_B)).toBe(BOAT_B);
  });

  it("is the owner's only boat otherwise, and none when they have several or none", () => {
    expect(initialBoatChoice([{ id: BOAT_A }], '', null)).toBe(BOAT_A);
    expect(initialBoatChoice([{ id: BOAT_A }], '', BOAT_B)).toBe(BOAT_A);
    expect(initialBoatChoice(boats, '', null)).toBe('');
    expect(initialBoatChoice(boats, '', '44444444-4444-4444-8444-444444444444')).toBe('');
    expect(initialBoatChoice([], '', BOAT_A)).toBe('');
  });

  it("keeps a restored draft's boat when it is still the owner's", () => {
    expect(initialBoatChoice(boats, BOAT_A, BOAT_B)).toBe(BOAT_A);
    expect(initialBoatChoice([{ id: BOAT_B }], BOAT_A, null)).toBe(BOAT_B);
  });

  it('is none in a new form, and a draft may bring one', () => {
    expect(videoFormDefaults(null, '7').boatId).toBe('');
    expect(onsiteFormDefaults({ boatId: BOAT_A }, null).boatId).toBe(BOAT_A);
    expect(onsiteFormDefaults({ boatId: 12 }, null).boatId).toBe('');
  });
});

describe('what a booking request carries of the boat', () => {
  const url = { boatId: BOAT_A, taskId: TASK };

  it("carries the address's task while the chosen boat is the address's boat", () => {
    expect(boatPayload(BOAT_A, url)).toEqual({ boatId: BOAT_A, maintenanceTaskId: TASK });
  });

  it('drops the task for another boat or no boat', () => {
    expect(boatPayload(BOAT_B, url)).toEqual({ boatId: BOAT_B, maintenanceTaskId: null });
    expect(boatPayload('', url)).toEqual({ boatId: null, maintenanceTaskId: null });
  });

  it('carries no task without one in the address', () => {
    expect(boatPayload(BOAT_A, null)).toEqual({ boatId: BOAT_A, maintenanceTaskId: null });
    expect(boatPayload(BOAT_A, { boatId: BOAT_A, taskId: null })).toEqual({ boatId: BOAT_A, maintenanceTaskId: null });
  });
});
