import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  describeTime,
  formatClockTime,
  isLocalDate,
  localDateOf,
  localMinutesOf,
  parseClockTime,
  wallClockOf,
  zonedTimeToInstant,
} from './zoned-time.js';

describe('zoned time', () => {
  it('places 9:00 AM in New York at 14:00 UTC in winter and 13:00 UTC in summer', () => {
    expect(zonedTimeToInstant('2026-01-15', 9 * 60, 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-15', 9 * 60, 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('follows the daylight-saving changes of 2026 (8 March and 1 November in the US)', () => {
    expect(zonedTimeToInstant('2026-03-07', 9 * 60, 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-08', 9 * 60, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedTimeToInstant('2026-10-31', 9 * 60, 'America/New_York').toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(zonedTimeToInstant('2026-11-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Midnight on the day of the change is still before it.
    expect(zonedTimeToInstant('2026-03-08', 0, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('handles zones without daylight saving and ahead of UTC', () => {
    expect(zonedTimeToInstant('2026-07-01', 8 * 60, 'Pacific/Honolulu').toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-01', 8 * 60, 'Europe/Berlin').toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });

  it('reads back the local date and minutes it was given, for every working-day time in many zones', () => {
    const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'Europe/London', 'Australia/Sydney'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 6 * 60, max: 20 * 60 }),
        fc.constantFrom(...zones),
        (day, minutes, zone) => {
          const localDate = day.toISOString().slice(0, 10);
          const instant = zonedTimeToInstant(localDate, minutes, zone);
          expect(localDateOf(instant, zone)).toBe(localDate);
          expect(localMinutesOf(instant, zone)).toBe(minutes);
        },
      ),
    );
  });

  it('describes an instant in words in the zone, with the zone name of that date', () => {
    expect(describeTime(new Date('2026-03-10T13:00:00Z'), 'America/New_York')).toBe('Tuesday, March 10, 2026 at 9:00 AM Eastern Daylight Time');
    expect(describeTime(new Date('2026-03-06T14:00:00Z'), 'America/New_York')).toBe('Friday, March 6, 2026 at 9:00 AM Eastern Standard Time');
    // The same zone and another style must not share a cached formatter.
    expect(localDateOf(new Date('2026-03-10T13:00:00Z'), 'America/New_York')).toBe('2026-03-10');
    expect(describeTime(new Date('2026-03-10T23:30:00Z'), 'Pacific/Honolulu')).toBe('Tuesday, March 10, 2026 at 1:30 PM Hawaii-Aleutian Standard Time');
  });

  it('writes and reads clock times as the forms show them', () => {
    expect(formatClockTime(9 * 60)).toBe('9:00 AM');
    expect(formatClockTime(12 * 60)).toBe('12:00 PM');
    expect(formatClockTime(17 * 60 + 30)).toBe('5:30 PM');
    expect(parseClockTime('9:00 AM')).toBe(540);
    expect(parseClockTime('1:00 pm')).toBe(13 * 60);
    expect(parseClockTime('12:00 AM')).toBe(0);
    expect(parseClockTime('13:00 PM')).toBeNull();
    expect(parseClockTime('nine')).toBeNull();
  });

  it('knows real dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-30')).toBe(false);
    expect(isLocalDate('2026-2-3')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('wallClockOf', () => {
  it('agrees with the platform time-zone data at every moment, across daylight-saving changes and odd offsets', () => {
    const zones = ['America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/London'];
    const mismatches: string[] = [];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
      // Every 37 minutes and 11 seconds of 2027: lands on all minutes of the hour and on both sides of each change.
      for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 37 * 60_000 + 11_000) {
        const parts = Object.fromEntries(intl.formatToParts(ms).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
        const ours = wallClockOf(new Date(ms), timeZone);
        // Collected and asserted once: 85,000 expect() calls made this test slow enough to time out on a loaded machine.
        if (Object.entries(parts).some(([unit, value]) => ours[unit as keyof typeof ours] !== (unit === 'hour' ? value % 24 : value))) {
          mismatches.push(`${timeZone} ${new Date(ms).toISOString()}: ${JSON.stringify(ours)} vs ${JSON.stringify(parts)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
