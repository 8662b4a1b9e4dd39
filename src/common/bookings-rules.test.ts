import { describe, expect, it } from 'vitest';
import { SLOT_TIMES, billableHours, bookingMinutes, bookingPriceCents, savingsCents } from './bookings-rules.js';

const rates = { videoRateCents: 7500, onsiteRateCents: 12500, onsiteMinimumHours: 2 };

describe('booking rules', () => {
  it('offers the start times of each service', () => {
    expect(SLOT_TIMES.video).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(SLOT_TIMES.onsite).toEqual(['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']);
  });

  it('prices a video consultation at the expert’s rate per session, whatever the hours', () => {
    expect(bookingPriceCents('video', 0, rates)).toBe(7500);
    expect(bookingPriceCents('video', 5, rates)).toBe(7500);
  });

  it('prices onsite service at the hourly rate times the hours, never below the expert’s minimum', () => {
    expect(bookingPriceCents('onsite', 3, rates)).toBe(37500);
    expect(bookingPriceCents('onsite', 1, rates)).toBe(25000);
    expect(billableHours(1, 0)).toBe(1);
    expect(bookingMinutes('onsite', 1, 2)).toBe(120);
    expect(bookingMinutes('video', 8, 2)).toBe(30);
  });

  it('counts Money Saved as the minimum onsite visit minus the consultation, never below zero', () => {
    expect(savingsCents(25000, 7500)).toBe(17500);
    expect(savingsCents(5000, 7500)).toBe(0);
  });
});
