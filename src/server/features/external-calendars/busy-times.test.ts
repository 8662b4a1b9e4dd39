import { describe, expect, it } from 'vitest';
import { calendarText } from '../../test/calendar-server.js';
import { busyTimesOf, merged } from './busy-times.js';

const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
const iso = (intervals: { start: number; end: number }[]) => intervals.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]);

describe('busyTimesOf', () => {
  it('expands a daily rule in its zone, leaves out excluded and cancelled dates, and moves an overridden one', () => {
    const text = calendarText([
      ['UID:r1', 'DTSTART;TZID=Europe/Berlin:20261207T100000', 'DTEND;TZID=Europe/Berlin:20261207T110000', 'RRULE:FREQ=DAILY;COUNT=5', 'EXDATE;TZID=Europe/Berlin:20261208T100000'],
      ['UID:r1', 'RECURRENCE-ID;TZID=Europe/Berlin:20261209T100000', 'DTSTART;TZID=Europe/Berlin:20261209T150000', 'DTEND;TZID=Europe/Berlin:20261209T160000'],
      ['UID:r1', 'RECURRENCE-ID;TZID=Europe/Berlin:20261210T100000', 'DTSTART;TZID=Europe/Berlin:20261210T100000', 'DTEND;TZID=Europe/Berlin:20261210T110000', 'STATUS:CANCELLED'],
    ]);
    expect(iso(busyTimesOf(text, window, 'America/New_York'))).toEqual([
      ['2026-12-07T09:00:00.000Z', '2026-12-07T10:00:00.000Z'],
      ['2026-12-09T14:00:00.000Z', '2026-12-09T15:00:00.000Z'],
      ['2026-12-11T09:00:00.000Z', '2026-12-11T10:00:00.000Z'],
    ]);
  });

  it('skips cancelled and free (transparent) events and events of no length', () => {
    const text = calendarText([
      ['UID:c', 'DTSTART:20261215T100000Z', 'DTEND:20261215T110000Z', 'STATUS:CANCELLED'],
      ['UID:t', 'DTSTART:20261215T120000Z', 'DTEND:20261215T130000Z', 'TRANSP:TRANSPARENT'],
      ['UID:z', 'DTSTART:20261215T140000Z'],
      ['UID:b', 'DTSTART:20261215T150000Z', 'DURATION:PT45M', 'TRANSP:OPAQUE'],
    ]);
    expect(iso(busyTimesOf(text, window, 'UTC'))).toEqual([['2026-12-15T15:00:00.000Z', '2026-12-15T15:45:00.000Z']]);
  });

  it("makes an all-day event busy for its whole days in the expert's zone", () => {
    const text = calendarText([['UID:a', 'DTSTART;VALUE=DATE:20261212', 'DTEND;VALUE=DATE:20261214']]);
    expect(iso(busyTimesOf(text, window, 'America/Los_Angeles'))).toEqual([['2026-12-12T08:00:00.000Z', '2026-12-14T08:00:00.000Z']]);
    expect(iso(busyTimesOf(text, window, 'Asia/Tokyo'))).toEqual([['2026-12-11T15:00:00.000Z', '2026-12-13T15:00:00.000Z']]);
  });

  it('keeps only the window, cutting events at its edges', () => {
    const text = calendarText([
      ['UID:old', 'DTSTART:20261101T100000Z', 'DTEND:20261101T110000Z'],
      ['UID:edge', 'DTSTART:20261130T230000Z', 'DTEND:20261201T010000Z'],
      ['UID:weekly', 'DTSTART:20261125T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY'],
    ]);
    const busy = busyTimesOf(text, window, 'UTC');
    expect(iso(busy)[0]).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-01T01:00:00.000Z']);
    expect(busy.length).toBe(1 + 5);
    expect(busy.every((b) => b.start >= window.from.getTime() && b.end <= window.to.getTime())).toBe(true);
  });
});

describe('merged', () => {
  it('joins overlapping and touching intervals', () => {
    expect(merged([{ start: 5, end: 7 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 9 }])).toEqual([{ start: 1, end: 4 }, { start: 5, end: 9 }]);
  });
});
