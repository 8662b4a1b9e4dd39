import { describe, expect, it } from 'vitest';
import { candidateStarts } from './slots.js';
import { DEFAULT_WORKING_RANGES } from '../../../common/bookings-rules.js';

const newYork = { id: 1, timeZone: 'America/New_York', onsiteMinimumHours: 1 };

describe('candidate start times', () => {
  it('keeps 9:00 AM at 9:00 AM local across the spring daylight-saving change', () => {
    const before = candidateStarts(newYork, 'video', '2026-03-07', 0, DEFAULT_WORKING_RANGES);
    const after = candidateStarts(newYork, 'video', '2026-03-08', 0, DEFAULT_WORKING_RANGES);
    expect(before[0]).toMatchObject({ time: '9:00 AM' });
    expect(before[0]!.start.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(after[0]!.start.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(after.at(-1)!.end.toISOString()).toBe('2026-03-08T21:30:00.000Z');
  });

  it('keeps the autumn change too, and ends every onsite visit by 6:00 PM local', () => {
    const visits = candidateStarts(newYork, 'onsite', '2026-11-01', 4, DEFAULT_WORKING_RANGES);
    expect(visits.map((v) => v.time)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM']);
    expect(visits[0]!.start.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(visits.at(-1)!.end.toISOString()).toBe('2026-11-01T23:00:00.000Z');
  });

  it("raises the hours to the expert's minimum", () => {
    const visits = candidateStarts({ ...newYork, onsiteMinimumHours: 8 }, 'onsite', '2026-06-01', 2, DEFAULT_WORKING_RANGES);
    expect(visits.map((v) => v.time)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM']);
  });
});

describe('candidate start times within working ranges', () => {
  it('offers only starts whose whole booking fits inside one range, so a lunch break splits the day', () => {
    const ranges = [{ start: 9 * 60, end: 12 * 60 }, { start: 13 * 60, end: 15 * 60 }];
    const video = candidateStarts(newYork, 'video', '2026-06-01', 0, ranges);
    expect(video.map((v) => v.time)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM']);
    const visits = candidateStarts(newYork, 'onsite', '2026-06-01', 2, ranges);
    expect(visits.map((v) => v.time)).toEqual(['9:00 AM', '10:00 AM', '1:00 PM']);
  });

  it('offers nothing on a day without ranges', () => {
    expect(candidateStarts(newYork, 'video', '2026-06-01', 0, [])).toEqual([]);
  });
});
