/**
 * Wall-clock times in an IANA time zone, with the platform's Intl data only. Booking slots live in the
 * expert's zone; instants are stored in UTC.
 */

// Building an Intl.DateTimeFormat costs far more than using one: keep one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function cachedFormatter(timeZone: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  return cachedFormatter(timeZone, 'parts', {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock at an instant, as the platform's time-zone data reads it. */
function readWallClock(instant: Date, timeZone: string): WallClock {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year!,
    month: values.month!,
    day: values.day!,
    hour: values.hour! % 24,
    minute: values.minute!,
    second: values.second!,
  };
}

const QUARTER_HOUR_MS = 15 * 60_000;
/** Most offsets kept (a few per zone and day a server looks at); the cache starts over past it. */
const MAX_OFFSETS = 50_000;
const offsets = new Map<string, number>();

/**
 * How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. Reading it from Intl is
 * what a booking's times cost most, so each zone's offset is read once per quarter hour of UTC: today's
 * zones are all whole quarter hours off UTC and change offset only at a quarter hour.
 */
function offsetMs(instantMs: number, timeZone: string): number {
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const wall = readWallClock(new Date(quarter), timeZone);
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - quarter;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The instant at which the zone's clock shows `minutes` after midnight on the local date 'YYYY-MM-DD'. */
export function zonedTimeToInstant(localDate: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = offsetMs(guess, timeZone);
  // Across a daylight-saving change the offset at the answer can differ from the guess's: use the answer's.
  const second = offsetMs(guess - first, timeZone);
  return new Date(guess - second);
}

/** 'Tuesday, March 10, 2026 at 9:00 AM Eastern Daylight Time': an instant as the zone's clock and calendar show it. */
export function describeTime(instant: Date, timeZone: string): string {
  const date = cachedFormatter(timeZone, 'long-date', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(instant);
  const time = cachedFormatter(timeZone, 'long-time', { hour: 'numeric', minute: '2-digit', timeZoneName: 'long' }).format(instant);
  return `${date} at ${time}`;
}

/** The local date 'YYYY-MM-DD' of an instant in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Minutes after local midnight of an instant in the zone. */
export function localMinutesOf(instant: Date, timeZone: string): number {
  const { hour, minute } = wallClockOf(instant, timeZone);
  return hour * 60 + minute;
}

/** '9:00 AM' for 540 minutes after midnight. */
export function formatClockTime(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** 540 for '9:00 AM' (also '9 AM', '09:00am'); null when it is not a clock time. */
export function parseClockTime(text: string): number | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?[Mm]\.?\s*$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]!.toLowerCase() === 'p';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

/** Adds whole days to a local date 'YYYY-MM-DD'. */
export function addDays(localDate: string, days: number): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const LOCAL_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar date in 'YYYY-MM-DD' form (not 2026-02-30). */
export function isLocalDate(text: string): boolean {
  if (!LOCAL_DATE_PATTERN.test(text)) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}
