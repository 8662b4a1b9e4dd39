import { timeZoneForZip } from './zip-time-zone.js';
import { visitZip } from './travel-area.js';
import { describeTime, localDateOf } from './zoned-time.js';

/**
 * Which zone a booking's times are told in (docs/PRODUCT.md#booking-pages): an onsite visit's in its place's
 * zone, since that is where both people will be; a video call's in the expert's, who keeps the slots.
 */

/** The IANA zone of an onsite visit's place, from its ZIP code (its address's, else its boat's); null when unknown. */
export function placeTimeZoneOf(boatAddress: string | null | undefined, boatHomeZip: string | null | undefined): string | null {
  const zip = visitZip(boatAddress, boatHomeZip);
  return zip ? timeZoneForZip(zip) : null;
}

/** The zone a booking's times are shown in: its place's when known, else the expert's. */
export function bookingTimeZone(booking: { timeZone: string; placeTimeZone?: string | null }): string {
  return booking.placeTimeZone ?? booking.timeZone;
}

const clockFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'long', timeZone });

/** What an e-mail says beside a booking's time: whose clock it is, then the reader's time when that differs. */
export interface TimeNotes {
  /** 'local time at the boat', "the expert's local time", or null to say nothing. */
  whose: string | null;
  /** The reader's IANA zone, or null when unknown. */
  readerZone: string | null;
}

/** Whose clock `bookingTimeZone` is, in an e-mail's words. */
export function whoseTime(booking: { placeTimeZone?: string | null }): string {
  return booking.placeTimeZone ? 'local time at the boat' : "the expert's local time";
}

/**
 * A booking's start as an e-mail tells it: 'Tuesday, March 10, 2026 at 9:00 AM Eastern Daylight Time', then in
 * brackets whose clock that is and, when the reader's zone shows another time, '6:00 AM Pacific Daylight Time
 * your time' (with the reader's date when it is another day there).
 */
export function describeTimeFor(instant: Date, timeZone: string, { whose, readerZone }: TimeNotes): string {
  const told = describeTime(instant, timeZone);
  const said = [whose, readerZone ? readersTime(instant, timeZone, readerZone, told) : null].filter(Boolean);
  return said.length ? `${told} (${said.join('; ')})` : told;
}

/** '6:00 AM Pacific Daylight Time your time', or null when the reader's clock reads as `told`. */
function readersTime(instant: Date, timeZone: string, readerZone: string, told: string): string | null {
  const theirs = describeTime(instant, readerZone);
  if (theirs === told) return null;
  const sameDay = localDateOf(instant, readerZone) === localDateOf(instant, timeZone);
  return `${sameDay ? clockFormatter(readerZone).format(instant) : theirs} your time`;
}
