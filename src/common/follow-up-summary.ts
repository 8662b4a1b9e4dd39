import { z } from 'zod';
import type { ServiceType } from './roles.js';
import { BOOKING_STATUS_LABELS, type BookingStatus } from './bookings-status.js';

/**
 * The expert's written follow-up of a booking: what was found, what to do next and the parts. After a
 * video consultation it is the follow-up summary (calls are not recorded; this is what the owner keeps of
 * the call); after an onsite visit it is the service report of what was found and done.
 */

/** What the written follow-up is called after each service, and what it follows. */
export const FOLLOW_UP_WORDS = {
  video: { name: 'follow-up summary', short: 'summary', session: 'consultation', service: 'video consultation' },
  onsite: { name: 'service report', short: 'report', session: 'visit', service: 'onsite service visit' },
} as const satisfies Record<ServiceType, Record<string, string>>;
export type FollowUpWords = (typeof FOLLOW_UP_WORDS)[ServiceType];

/** A summary can be written from the consultation's start, and written or amended until this many days after its end. */
export const SUMMARY_AMEND_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SUMMARY_LIMITS = { findings: 5000, nextSteps: 5000, parts: 30, partName: 200, partNumber: 100, quantity: 999 } as const;

export const FINDINGS_REQUIRED = 'Please describe what you found';
export const NEXT_STEPS_REQUIRED = 'Please recommend the next steps';
export const PART_NAME_REQUIRED = 'Please name the part, or remove this row';
export const QUANTITY_RANGE = `Quantity must be a whole number from 1 to ${SUMMARY_LIMITS.quantity}`;
const CONTROL_CHARACTERS = 'Remove the control characters from this text';

const BREAKS = new Set([9, 10, 13]);

/** Longer texts keep their line breaks and tabs; one-line fields take no control characters at all. */
export function hasControlCharacters(value: string, allowBreaks: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 32 || code === 127) && !(allowBreaks && BREAKS.has(code))) return true;
  }
  return false;
}

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value, true), CONTROL_CHARACTERS);

const line = (max: number, required = 'Must be text') =>
  z.string({ error: required }).trim().max(max, `Must be at most ${max} characters`).refine((value) => !hasControlCharacters(value, false), CONTROL_CHARACTERS);

export const summaryPartSchema = z.object({
  name: line(SUMMARY_LIMITS.partName, PART_NAME_REQUIRED).pipe(z.string().min(1, PART_NAME_REQUIRED)),
  partNumber: line(SUMMARY_LIMITS.partNumber)
    .nullish()
    .transform((value) => value || null),
  // The form's number input gives '' for 'not said'.
  quantity: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce.number({ error: QUANTITY_RANGE }).int(QUANTITY_RANGE).min(1, QUANTITY_RANGE).max(SUMMARY_LIMITS.quantity, QUANTITY_RANGE).nullable(),
  ),
});
export type SummaryPart = z.output<typeof summaryPartSchema>;

/** The summary as the expert's form holds it and `PUT /api/bookings/{id}/summary` checks it: one schema for both. */
export const followUpSummaryInputSchema = z.object({
  findings: text(FINDINGS_REQUIRED, SUMMARY_LIMITS.findings),
  nextSteps: text(NEXT_STEPS_REQUIRED, SUMMARY_LIMITS.nextSteps),
  parts: z.array(summaryPartSchema).max(SUMMARY_LIMITS.parts, `At most ${SUMMARY_LIMITS.parts} parts`).default([]),
});
export type FollowUpSummaryInput = z.input<typeof followUpSummaryInputSchema>;
export type FollowUpSummaryContent = z.output<typeof followUpSummaryInputSchema>;

/** The request body: the summary, and whether to mark the consultation completed in the same step. */
export const writeFollowUpSummarySchema = followUpSummaryInputSchema.extend({
  markCompleted: z.boolean({ error: 'markCompleted must be true or false' }).default(false),
});
export type WriteFollowUpSummaryInput = z.input<typeof writeFollowUpSummarySchema>;

export const followUpSummarySchema = z.object({
  findings: z.string(),
  nextSteps: z.string(),
  parts: z.array(z.object({ name: z.string(), partNumber: z.string().nullable(), quantity: z.number().int().nullable() })),
  expertName: z.string(),
  /** When it was first sent to the owner. */
  sentAt: z.iso.datetime(),
  /** When it was last amended; null while it is as first sent. */
  amendedAt: z.iso.datetime().nullable(),
});
export type FollowUpSummary = z.infer<typeof followUpSummarySchema>;

/** `GET /api/bookings/{id}/summary`: the summary (if written) and whether the caller may write or amend it now. */
export const bookingFollowUpSchema = z.object({
  summary: followUpSummarySchema.nullable(),
  canWrite: z.boolean(),
  /** Until when the expert can still write or amend it; null for anyone else or a booking that takes none. */
  writableUntil: z.iso.datetime().nullable(),
});
export type BookingFollowUp = z.infer<typeof bookingFollowUpSchema>;

export type SummaryRefusal = 'wrong-status' | 'too-early' | 'too-late';

interface SummaryBooking {
  serviceType: ServiceType;
  status: BookingStatus;
  startsAt: Date | string;
  endsAt: Date | string;
}

/** Until when a summary of this booking can be written or amended. */
export function summaryDeadline(booking: Pick<SummaryBooking, 'endsAt'>): Date {
  return new Date(new Date(booking.endsAt).getTime() + SUMMARY_AMEND_DAYS * DAY_MS);
}

/**
 * Why the booking's expert cannot write (or amend) its summary or report now, or null when they can:
 * confirmed (the call or visit took place or is under way) or completed (also by the sweep), from the
 * start until SUMMARY_AMEND_DAYS after the end.
 */
export function summaryRefusal(booking: SummaryBooking, now: Date = new Date()): SummaryRefusal | null {
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return 'wrong-status';
  if (now.getTime() < new Date(booking.startsAt).getTime()) return 'too-early';
  if (now.getTime() > summaryDeadline(booking).getTime()) return 'too-late';
  return null;
}

/** The 409 message for a refused summary or report. */
export function summaryRefusalMessage(refusal: SummaryRefusal, booking: Pick<SummaryBooking, 'serviceType' | 'status'>): string {
  const words = FOLLOW_UP_WORDS[booking.serviceType];
  switch (refusal) {
    case 'wrong-status':
      return `This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}; a ${words.name} is written only for a ${words.session} that took place.`;
    case 'too-early':
      return `The ${words.name} can be written once the ${words.session} has started.`;
    case 'too-late':
      return `The ${words.name} can be written or amended until ${SUMMARY_AMEND_DAYS} days after the ${words.session}; that time has passed.`;
  }
}
