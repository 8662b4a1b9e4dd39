import { describe, expect, it } from 'vitest';
import { bookingTimeZone, describeTimeFor, placeTimeZoneOf, whoseTime } from './bookings-time-zone.js';

describe('placeTimeZoneOf', () => {
  it('takes the zone of the last ZIP code in the address', () => {
    expect(placeTimeZoneOf('80 Compromise St, Annapolis, MD 21401', '32541')).toBe('America/New_York');
  });

  it("falls back to the boat's home ZIP code when the address has none", () => {
    expect(placeTimeZoneOf('Slip 4, Harbor Marina', '32541')).toBe('America/Chicago');
  });

  it('is null when neither gives a ZIP code', () => {
    expect(placeTimeZoneOf('Slip 4, Harbor Marina', null)).toBeNull();
    expect(placeTimeZoneOf(null, undefined)).toBeNull();
  });
});

describe('bookingTimeZone', () => {
  it("is the place's zone when known, else the expert's", () => {
    expect(bookingTimeZone({ timeZone: 'America/Chicago', placeTimeZone: 'America/New_York' })).toBe('America/New_York');
    expect(bookingTimeZone({ timeZone: 'America/Chicago', placeTimeZone: null })).toBe('America/Chicago');
    expect(bookingTimeZone({ timeZone: 'America/Chicago' })).toBe('America/Chicago');
  });
});

describe('whoseTime', () => {
  it("says the boat's clock for a placed visit, the expert's otherwise", () => {
    expect(whoseTime({ placeTimeZone: 'America/New_York' })).toBe('local time at the boat');
    expect(whoseTime({ placeTimeZone: null })).toBe("the expert's local time");
  });
});

describe('describeTimeFor', () => {
  // 9:00 AM in Annapolis on a winter Tuesday.
  const start = new Date('2026-12-08T14:00:00Z');
  const eastern = 'Tuesday, December 8, 2026 at 9:00 AM Eastern Standard Time';

  it("says the time alone when the reader has no zone or the same clock, and nothing is to be said of whose", () => {
    expect(describeTimeFor(start, 'America/New_York', { whose: null, readerZone: null })).toBe(eastern);
    expect(describeTimeFor(start, 'America/New_York', { whose: null, readerZone: 'America/New_York' })).toBe(eastern);
    // Another name for the same clock reads the same.
    expect(describeTimeFor(start, 'America/New_York', { whose: null, readerZone: 'America/Detroit' })).toBe(eastern);
  });

  it('says whose clock it is', () => {
    expect(describeTimeFor(start, 'America/New_York', { whose: 'local time at the boat', readerZone: null })).toBe(`${eastern} (local time at the boat)`);
  });

  it("adds the reader's time when their clock shows another", () => {
    expect(describeTimeFor(start, 'America/New_York', { whose: 'local time at the boat', readerZone: 'America/Los_Angeles' })).toBe(
      `${eastern} (local time at the boat; 6:00 AM Pacific Standard Time your time)`,
    );
    expect(describeTimeFor(start, 'America/New_York', { whose: null, readerZone: 'America/Chicago' })).toBe(`${eastern} (8:00 AM Central Standard Time your time)`);
  });

  it("names the reader's date when it is another day there", () => {
    expect(describeTimeFor(new Date('2026-12-08T23:00:00Z'), 'America/New_York', { whose: null, readerZone: 'Asia/Tokyo' })).toBe(
      'Tuesday, December 8, 2026 at 6:00 PM Eastern Standard Time (Wednesday, December 9, 2026 at 8:00 AM Japan Standard Time your time)',
    );
  });
});
