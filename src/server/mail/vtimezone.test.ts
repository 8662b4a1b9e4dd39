import { describe, expect, it } from 'vitest';
import { localDateTime, vtimezoneLines, vtimezoneLinesBetween } from './vtimezone.js';

describe('vtimezoneLines', () => {
  it("defines a winter event's zone by the observance in force (standard time since November) and the next change", () => {
    expect(vtimezoneLines('America/New_York', new Date('2026-12-08T14:00:00Z'))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:STANDARD',
      'DTSTART:20261101T020000',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20270314T020000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'TZNAME:EDT',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ]);
  });

  it("defines a summer event's zone by daylight time since March", () => {
    const lines = vtimezoneLines('America/Chicago', new Date('2026-07-01T15:00:00Z'));
    expect(lines.slice(2, 8)).toEqual(['BEGIN:DAYLIGHT', 'DTSTART:20260308T020000', 'TZOFFSETFROM:-0600', 'TZOFFSETTO:-0500', 'TZNAME:CDT', 'END:DAYLIGHT']);
    expect(lines.slice(8, 11)).toEqual(['BEGIN:STANDARD', 'DTSTART:20261101T020000', 'TZOFFSETFROM:-0500']);
  });

  it('gives a zone without daylight saving one standard observance', () => {
    expect(vtimezoneLines('America/Phoenix', new Date('2026-07-01T15:00:00Z'))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Phoenix',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0700',
      'TZNAME:MST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });
});

describe('localDateTime', () => {
  it("writes the zone's wall clock without a zone", () => {
    expect(localDateTime(new Date('2026-12-08T14:00:00Z'), 'America/New_York')).toBe('20261208T090000');
    expect(localDateTime(new Date('2026-12-08T14:00:00Z'), 'America/Chicago')).toBe('20261208T080000');
  });
});

describe('vtimezoneLinesBetween', () => {
  it('holds every change of offset between two instants, and the one after', () => {
    const lines = vtimezoneLinesBetween('America/New_York', new Date('2026-12-01T00:00:00Z'), new Date('2027-12-01T00:00:00Z'));
    expect(lines.filter((line) => line.startsWith('DTSTART:'))).toEqual([
      'DTSTART:20261101T020000',
      'DTSTART:20270314T020000',
      'DTSTART:20271107T020000',
      'DTSTART:20280312T020000',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:DAYLIGHT')).toHaveLength(2);
  });

  it('is what an event of one instant gets', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(vtimezoneLinesBetween('Europe/Berlin', at, at)).toEqual(vtimezoneLines('Europe/Berlin', at));
  });
});
