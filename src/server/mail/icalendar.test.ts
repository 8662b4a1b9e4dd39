import { describe, expect, it } from 'vitest';
import { calendarEventText, type CalendarEvent } from './icalendar.js';

const event: CalendarEvent = {
  method: 'REQUEST',
  productId: 'K&B Marine/bookings',
  uid: 'booking-1b2c3d4e-0000-4000-8000-000000000001@kbmarine',
  sequence: 3,
  title: 'K&B Marine: onsite service visit with Ana López',
  description: 'Booking #1042. Bilge pump runs, constantly; "loud" \\ wet\n\nDetails: https://kb.example/bookings/1',
  location: '1 Marina Way, Annapolis, MD',
  url: 'https://kb.example/bookings/1',
  start: new Date('2026-12-01T15:00:00Z'),
  timeZone: 'America/New_York',
  durationMinutes: 120,
  organizer: { name: 'K&B Marine', email: 'noreply@kb.example' },
  attendee: { name: 'Sam "Skipper" Owner', email: 'sam@example.com' },
  stamp: new Date('2026-11-27T19:12:01.345Z'),
};

/** The content lines, unfolded (RFC 5545 3.1: a line break followed by a space or tab continues the line). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendarEventText', () => {
  it('writes one event with its method, UID, sequence, and its start in its zone, defined by a VTIMEZONE before it', () => {
    const lines = unfold(calendarEventText(event));
    expect(lines.slice(0, 7)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:K&B Marine/bookings', 'METHOD:REQUEST', 'BEGIN:VTIMEZONE', 'TZID:America/New_York']);
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toContain('UID:booking-1b2c3d4e-0000-4000-8000-000000000001@kbmarine');
    expect(lines).toContain('SEQUENCE:3');
    // 15:00 UTC is 10:00 AM in Eastern Standard Time.
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261201T100000');
    expect(lines).toContain('DURATION:PT120M');
    expect(lines).toContain('DTSTAMP:20261127T191201Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('escapes text values and keeps quotes out of parameters', () => {
    const lines = unfold(calendarEventText(event));
    expect(lines).toContain('DESCRIPTION:Booking #1042. Bilge pump runs\\, constantly\\; "loud" \\\\ wet\\n\\nDetails: https://kb.example/bookings/1');
    expect(lines).toContain('LOCATION:1 Marina Way\\, Annapolis\\, MD');
    expect(lines).toContain("ATTENDEE;RSVP=FALSE;ROLE=REQ-PARTICIPANT;CN=\"Sam 'Skipper' Owner\":mailto:sam@example.com");
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const long = { ...event, title: `${'é'.repeat(60)} ${'x'.repeat(100)}` };
    const ics = calendarEventText(long);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain(`SUMMARY:${long.title}`);
  });

  it('marks a cancellation cancelled', () => {
    const lines = unfold(calendarEventText({ ...event, method: 'CANCEL' }));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
  });
});
