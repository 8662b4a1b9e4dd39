import { localDateTime, vtimezoneLines } from './vtimezone.js';

/**
 * A calendar invite's text (iCalendar, RFC 5545): one event, its start in the zone it is told in (a TZID
 * with its VTIMEZONE, so a calendar shows the place's zone beside the reader's). Written here rather than
 * by a library: the one we used checked every event against a schema, which made the invite the costliest
 * part of a booking's work on the server.
 */
export interface CalendarEvent {
  method: 'REQUEST' | 'CANCEL';
  productId: string;
  uid: string;
  sequence: number;
  title: string;
  description: string;
  location?: string;
  url: string;
  start: Date;
  /** The IANA zone the start is written in. */
  timeZone: string;
  durationMinutes: number;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When the invite was written (DTSTAMP). */
  stamp: Date;
}

/** A TEXT value: backslashes, semicolons, commas and line breaks escaped (RFC 5545 3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value, quoted: it may hold ':', ';' and ','; a double quote cannot appear in one at all. */
function param(value: string): string {
  return `"${value.replace(/"/g, "'")}"`;
}

/** A UTC date-time: 20261201T150000Z. */
function utc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The octets of one character (a code point) in UTF-8. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Folds a content line into lines of at most 75 octets, each continuation starting with a tab (RFC 5545 3.1). */
export function fold(line: string): string {
  if (line.length <= 18 || Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    // The first line holds 75 octets; each continuation 74 after its leading tab.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n\t');
}

export function calendarEventText(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${text(event.productId)}`,
    `METHOD:${event.method}`,
    ...vtimezoneLines(event.timeZone, event.start),
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SUMMARY:${text(event.title)}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART;TZID=${event.timeZone}:${localDateTime(event.start, event.timeZone)}`,
    `DURATION:PT${event.durationMinutes}M`,
    `SEQUENCE:${event.sequence}`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;RSVP=FALSE;ROLE=REQ-PARTICIPANT;CN=${param(event.attendee.name)}:mailto:${event.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
