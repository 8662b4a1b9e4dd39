import { wallClockOf } from '../../common/zoned-time.js';

/**
 * An iCalendar VTIMEZONE (RFC 5545 3.6.5) for an IANA zone around one event, read from the platform's
 * time-zone data: a DTSTART with a TZID must be defined by one. Written as the zone's observances in force
 * at the event and at its next change of offset (no RRULE), so it is exact for the event whatever the
 * zone's rules, and a calendar that moves the event by a few months still reads it right.
 */

const MINUTE_MS = 60_000;
/** The search's stride: no zone changes its offset twice in a week. */
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;
/** How far to look for the zone's offset changes: a year each way finds the two of a daylight-saving year. */
const SEARCH_WEEKS = 53;

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const wall = wallClockOf(new Date(instantMs), timeZone);
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallMs - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
}

/** The first minute at which the offset differs from the one at `fromMs`, searching a week at a time in `direction`. */
function nextChange(fromMs: number, timeZone: string, direction: 1 | -1): number | null {
  const offset = offsetMinutes(fromMs, timeZone);
  for (let week = 1; week <= SEARCH_WEEKS; week++) {
    const probe = fromMs + direction * week * WEEK_MS;
    if (offsetMinutes(probe, timeZone) === offset) continue;
    // The change lies within the last week: narrow it to the minute. `same` keeps fromMs's offset.
    let same = probe - direction * WEEK_MS;
    let other = probe;
    while (Math.abs(other - same) > MINUTE_MS) {
      const middle = Math.floor((same + other) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(middle, timeZone) === offset) same = middle;
      else other = middle;
    }
    // Going forward the change is at `other`; going back, the period of fromMs starts at `same`.
    return direction === 1 ? other : same;
  }
  return null;
}

/** '-0500' for -300 minutes. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** A local date-time without a zone: 20261208T090000. */
export function localDateTime(instant: Date, timeZone: string): string {
  const { year, month, day, hour, minute, second } = wallClockOf(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}${two(month)}${two(day)}T${two(hour)}${two(minute)}${two(second)}`;
}

/** 'EST' for America/New_York in winter; 'GMT+9' where the zone has no common abbreviation. */
function abbreviation(instantMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instantMs));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

interface Observance {
  /** The first instant of the observance. */
  onsetMs: number;
  from: number;
  to: number;
  /** When its abbreviation is read: its onset, or now for a zone's lone offset (whose onset is 1970). */
  namedAtMs: number;
}

/** One STANDARD or DAYLIGHT block: its onset in the local time it replaces, as RFC 5545 writes it. */
function observanceLines(observance: Observance, daylight: boolean, timeZone: string): string[] {
  const kind = daylight ? 'DAYLIGHT' : 'STANDARD';
  const onsetLocal = new Date(observance.onsetMs + observance.from * MINUTE_MS).toISOString().replace(/[-:]/g, '').slice(0, 15);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${onsetLocal}`,
    `TZOFFSETFROM:${utcOffset(observance.from)}`,
    `TZOFFSETTO:${utcOffset(observance.to)}`,
    `TZNAME:${abbreviation(observance.namedAtMs, timeZone)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE lines of `timeZone` that define an event starting at `start`. */
export function vtimezoneLines(timeZone: string, start: Date): string[] {
  return vtimezoneLinesBetween(timeZone, start, start);
}

/**
 * The VTIMEZONE lines of `timeZone` for events from `from` to `to` (a calendar feed's): the observance in
 * force at `from` and each that begins up to `to`, and the one after it.
 */
export function vtimezoneLinesBetween(timeZone: string, from: Date, to: Date): string[] {
  const at = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS;
  const current = offsetMinutes(at, timeZone);
  const began = nextChange(at, timeZone, -1);
  const observances: Observance[] = [];
  // A zone without changes in reach keeps one offset: one observance since 1970 says so.
  observances.push(
    began === null
      ? { onsetMs: -current * MINUTE_MS, from: current, to: current, namedAtMs: at }
      : { onsetMs: began, from: offsetMinutes(began - MINUTE_MS, timeZone), to: current, namedAtMs: began },
  );
  for (let cursor = at, offset = current; ; ) {
    const change = nextChange(cursor, timeZone, 1);
    if (change === null) break;
    const next = offsetMinutes(change, timeZone);
    observances.push({ onsetMs: change, from: offset, to: next, namedAtMs: change });
    if (change > to.getTime()) break;
    cursor = change;
    offset = next;
  }
  // Of two offsets, the larger is the daylight-saving one; a lone offset is standard time.
  const lowest = Math.min(...observances.map((o) => o.to));
  const blocks = observances.flatMap((o) => observanceLines(o, observances.length > 1 && o.to > lowest, timeZone));
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...blocks, 'END:VTIMEZONE'];
}
