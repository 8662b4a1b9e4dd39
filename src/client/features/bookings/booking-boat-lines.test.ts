import { describe, expect, it } from 'vitest';
import { engineHoursLabel, engineLine, homeMarinaLine, mayRecordEngineHours } from './booking-boat-lines';

const yamaha = { make: 'Yamaha', model: 'F150', year: 2019, hours: 1250, fuel: 'gasoline' } as const;

describe("the booking's boat card", () => {
  it('lists an engine by make, model and year, with its hours and fuel', () => {
    expect(engineLine(yamaha, 0, 1, 'Gasoline')).toBe('Yamaha F150 2019 · 1,250 h · Gasoline');
    expect(engineLine({ ...yamaha, model: null, year: null, hours: null }, 1, 2, 'Diesel')).toBe('Engine 2: Yamaha · hours not recorded · Diesel');
  });

  it('shows the hours recorded on the visit before those of the booking', () => {
    expect(engineLine(yamaha, 0, 1, 'Gasoline', 1262)).toBe('Yamaha F150 2019 · 1,262 h recorded on this visit (1,250 h when booked) · Gasoline');
    expect(engineLine(yamaha, 0, 1, 'Gasoline', 1250)).toBe('Yamaha F150 2019 · 1,250 h recorded on this visit · Gasoline');
    expect(engineLine({ ...yamaha, hours: null }, 0, 1, 'Gasoline', 40)).toBe('Yamaha F150 2019 · 40 h recorded on this visit · Gasoline');
    expect(engineLine(yamaha, 0, 1, 'Gasoline', null)).toBe('Yamaha F150 2019 · 1,250 h · Gasoline');
  });

  it('says where the boat is kept', () => {
    expect(homeMarinaLine({ homeMarina: 'Harbor Marina', slip: 'B12' })).toBe('Harbor Marina, slip B12');
    expect(homeMarinaLine({ homeMarina: null, slip: 'B12' })).toBe('slip B12');
    expect(homeMarinaLine({ homeMarina: null, slip: null })).toBe('');
  });

  it('labels the hours fields by engine when there are several', () => {
    expect(engineHoursLabel(0, 1)).toBe('Engine hours');
    expect(engineHoursLabel(1, 2)).toBe('Engine 2 hours');
  });
});

describe('who records engine hours from a booking', () => {
  const booking = { status: 'confirmed', owner: { email: 'owner@example.com' }, boat: { engines: [yamaha] } } as const;
  const expert = { role: 'expert', email: 'expert@example.com' } as const;

  it("is the booking's expert while it is confirmed or completed", () => {
    expect(mayRecordEngineHours(booking, expert)).toBe(true);
    expect(mayRecordEngineHours({ ...booking, status: 'completed' }, expert)).toBe(true);
    expect(mayRecordEngineHours({ ...booking, status: 'requested' }, expert)).toBe(false);
    expect(mayRecordEngineHours({ ...booking, status: 'cancelled' }, expert)).toBe(false);
  });

  it('is not the owner, an administrator or a visitor', () => {
    expect(mayRecordEngineHours(booking, { role: 'user', email: 'owner@example.com' })).toBe(false);
    expect(mayRecordEngineHours(booking, { role: 'expert', email: 'Owner@Example.com' })).toBe(false);
    expect(mayRecordEngineHours(booking, { role: 'admin', email: 'admin@example.com' })).toBe(false);
    expect(mayRecordEngineHours(booking, null)).toBe(false);
  });

  it('needs a boat with engines', () => {
    expect(mayRecordEngineHours({ ...booking, boat: null }, expert)).toBe(false);
    expect(mayRecordEngineHours({ ...booking, boat: { engines: [] } }, expert)).toBe(false);
  });
});
