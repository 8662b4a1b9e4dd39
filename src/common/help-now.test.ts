import { describe, expect, it } from 'vitest';
import { callCharge, callLines, createHelpRequestSchema, onCallSettingsSchema, priceLine, withinOnCallHours } from './help-now.js';

const MINUTE = 60_000;

describe('a Help now call’s price', () => {
  it('is the first price up to 15 minutes, then each whole minute, a part minute free', () => {
    expect(callCharge(7 * MINUTE, 4500, 250)).toEqual({ extraMinutes: 0, totalCents: 4500 });
    expect(callCharge(15 * MINUTE + 59_999, 4500, 250)).toEqual({ extraMinutes: 0, totalCents: 4500 });
    expect(callCharge(16 * MINUTE, 4500, 250)).toEqual({ extraMinutes: 1, totalCents: 4750 });
    expect(callCharge(23 * MINUTE + 59_000, 4500, 250)).toEqual({ extraMinutes: 8, totalCents: 6500 });
  });

  it('is nothing for a call that never connected', () => {
    expect(callCharge(null, 4500, 250).totalCents).toBe(0);
    expect(callLines(null, 4500, 250)).toEqual([expect.objectContaining({ amountCents: 0, description: 'Help now call: the call did not connect' })]);
  });

  it('invoices the first 15 minutes and the minutes after as two lines', () => {
    const lines = callLines(23 * MINUTE, 4500, 250);
    expect(lines.map((l) => [l.quantity, l.unitCents, l.amountCents])).toEqual([
      [1, 4500, 4500],
      [8, 250, 2000],
    ]);
  });

  it('is said before sending', () => {
    expect(priceLine(4500, 250)).toBe('From $45.00 for the first 15 minutes, then $2.50 a minute');
  });
});

describe('on-call hours', () => {
  it('may run past midnight', () => {
    expect(withinOnCallHours(23 * 60, 22 * 60, 6 * 60)).toBe(true);
    expect(withinOnCallHours(5 * 60 + 59, 22 * 60, 6 * 60)).toBe(true);
    expect(withinOnCallHours(6 * 60, 22 * 60, 6 * 60)).toBe(false);
    expect(withinOnCallHours(12 * 60, 8 * 60, 18 * 60)).toBe(true);
    expect(withinOnCallHours(18 * 60, 8 * 60, 18 * 60)).toBe(false);
  });

  it('hold prices within the bounds, in cents', () => {
    const ok = onCallSettingsSchema.parse({ onCall: true, from: '08:00', to: '18:00', firstPrice: '$45', minutePrice: '0.50' });
    expect(ok).toMatchObject({ firstPrice: 4500, minutePrice: 50 });
    expect(onCallSettingsSchema.safeParse({ onCall: true, from: '08:00', to: '18:00', firstPrice: '300.01', minutePrice: '1' }).success).toBe(false);
    expect(onCallSettingsSchema.safeParse({ onCall: true, from: '08:00', to: '08:00', firstPrice: '45', minutePrice: '1' }).success).toBe(false);
  });
});

describe('a request', () => {
  it('takes a position on the globe with its accuracy, or a ZIP code', () => {
    const base = { specialty: 'not-sure', problem: 'Taking on water slowly near the stern.' };
    expect(createHelpRequestSchema.safeParse({ ...base, location: { kind: 'position', latitude: 38.97, longitude: -76.49, accuracy: 12 } }).success).toBe(true);
    expect(createHelpRequestSchema.safeParse({ ...base, location: { kind: 'position', latitude: 38.97, longitude: -181, accuracy: 12 } }).success).toBe(false);
    expect(createHelpRequestSchema.safeParse({ ...base, location: { kind: 'place', zipCode: '2140' } }).success).toBe(false);
    expect(createHelpRequestSchema.parse({ ...base, location: { kind: 'place', zipCode: '21403' } }).location).toEqual({ kind: 'place', marina: '', zipCode: '21403' });
  });
});
