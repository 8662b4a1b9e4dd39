import type { ServiceType } from './roles.js';
import { formatClockTime } from './zoned-time.js';

/** Pure booking rules shared by the server, the screens and the tests. */

export const VIDEO_MINUTES = 30;
export const ONSITE_HOUR_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const DEFAULT_ONSITE_HOURS = 3;
export const MAX_ONSITE_HOURS = 8;

/** An expert's working day in their own zone, until experts edit their hours: 8:00 AM to 6:00 PM. */
export const WORKDAY_START_MINUTES = 8 * 60;
export const WORKDAY_END_MINUTES = 18 * 60;

/** A working range, minutes after local midnight: [start, end). */
export interface MinuteRange {
  start: number;
  end: number;
}

/** The default working day as ranges: what every expert has until they edit their hours. */
export const DEFAULT_WORKING_RANGES: readonly MinuteRange[] = [{ start: WORKDAY_START_MINUTES, end: WORKDAY_END_MINUTES }];

/** A booking fits when it lies wholly inside one working range (a break splits the day). */
export function fitsWorkingRanges(ranges: readonly MinuteRange[], startMinutes: number, minutes: number): boolean {
  return ranges.some((range) => startMinutes >= range.start && startMinutes + minutes <= range.end);
}

/** The start times each service offers (docs/PRODUCT.md#booking-rules), minutes after local midnight. */
export const SLOT_START_MINUTES: Record<ServiceType, readonly number[]> = {
  video: [9, 10, 11, 13, 14, 15, 16, 17].map((h) => h * 60),
  onsite: [8, 9, 10, 11, 13, 14, 15].map((h) => h * 60),
};

export const SLOT_TIMES: Record<ServiceType, readonly string[]> = {
  video: SLOT_START_MINUTES.video.map(formatClockTime),
  onsite: SLOT_START_MINUTES.onsite.map(formatClockTime),
};

/** How far ahead a booking can be made. */
export const BOOKING_HORIZON_DAYS = 180;

/** A requested booking nobody answers expires 24 hours after it was made, or at its start if sooner. */
export const REQUEST_TTL_MS = 24 * 60 * 60 * 1000;
/** A confirmed booking nobody marks is completed 24 hours after its end. */
export const AUTO_COMPLETE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ExpertRates {
  videoRateCents: number;
  onsiteRateCents: number;
  onsiteMinimumHours: number;
}

/** Onsite hours actually booked: at least the expert's minimum (and at least 1). */
export function billableHours(hours: number, onsiteMinimumHours: number): number {
  return Math.max(hours, onsiteMinimumHours, 1);
}

/** Minutes a booking lasts: 30 for video, the billable hours for onsite. */
export function bookingMinutes(serviceType: ServiceType, hours: number, onsiteMinimumHours: number): number {
  return serviceType === 'video' ? VIDEO_MINUTES : billableHours(hours, onsiteMinimumHours) * 60;
}

/** The price the server charges, in cents: the video rate per session; onsite, the rate times billable hours. */
export function bookingPriceCents(serviceType: ServiceType, hours: number, rates: ExpertRates): number {
  return serviceType === 'video'
    ? rates.videoRateCents
    : rates.onsiteRateCents * billableHours(hours, rates.onsiteMinimumHours);
}

/**
 * Money Saved for one completed video consultation: the expert's minimum onsite visit (onsite rate x
 * minimum hours) minus the consultation's price, never below zero.
 */
export function savingsCents(onsiteVisitCents: number, consultationPriceCents: number): number {
  return Math.max(0, onsiteVisitCents - consultationPriceCents);
}

export const MONEY_SAVED_EXPLANATION =
  "For each completed video consultation: the expert's minimum onsite visit (onsite rate × minimum hours) minus what the consultation cost, never below zero.";
