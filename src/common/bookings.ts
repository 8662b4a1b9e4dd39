import { z } from 'zod';
import { SERVICE_TYPES } from './roles.js';
import { BOOKING_ACTIONS, BOOKING_STATUSES } from './bookings-status.js';
import { DEFAULT_ONSITE_HOURS, MAX_ONSITE_HOURS } from './bookings-rules.js';
import { isLocalDate } from './zoned-time.js';
import { BOAT_TYPES, DATE_REQUIRED, DESCRIPTION_REQUIRED, MISSING_INFORMATION } from './bookings-fields.js';
import { boatSnapshotSchema } from './boats.js';

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const localDateSchema = z
  .string({ error: DATE_REQUIRED })
  .trim()
  .min(1, DATE_REQUIRED)
  .refine(isLocalDate, 'Dates are written YYYY-MM-DD');

const expertIdSchema = z.coerce
  .number({ error: MISSING_INFORMATION })
  .int(MISSING_INFORMATION)
  .positive(MISSING_INFORMATION)
  .max(2_147_483_647, MISSING_INFORMATION);

/** The video booking form (docs/PRODUCT.md#booking-rules), as the form and `POST /api/bookings` check it. */
export const videoBookingFormSchema = z.object({
  expertId: expertIdSchema,
  description: required(DESCRIPTION_REQUIRED, 4000),
  scheduledDate: localDateSchema,
  preferredTime: required(MISSING_INFORMATION, 20),
});
export type VideoBookingForm = z.input<typeof videoBookingFormSchema>;

export const estimatedHoursSchema = z.coerce
  .number({ error: 'Estimated hours must be between 1 and 8' })
  .int('Estimated hours must be between 1 and 8')
  .min(1, 'Estimated hours must be between 1 and 8')
  .max(MAX_ONSITE_HOURS, 'Estimated hours must be between 1 and 8');

/** The onsite booking form (docs/PRODUCT.md#booking-rules). */
export const onsiteBookingFormSchema = videoBookingFormSchema.extend({
  boatAddress: required(MISSING_INFORMATION, 300),
  marinaName: optional(200),
  dockSlip: optional(50),
  contactPhone: required(MISSING_INFORMATION, 30),
  emergencyContact: optional(200),
  boatType: z.enum(BOAT_TYPES, { error: MISSING_INFORMATION }),
  boatLength: optional(50),
  estimatedHours: estimatedHoursSchema.default(DEFAULT_ONSITE_HOURS),
});
export type OnsiteBookingForm = z.input<typeof onsiteBookingFormSchema>;

/**
 * The owner's conversation with the assistant to attach to the booking (AI hand-off): only one of their
 * own; a copy of it is kept with the booking for the expert to read.
 */
const attachConversation = {
  aiSessionId: z.uuid('We could not find that conversation with the assistant').optional(),
  /** One of the owner's boats (My Boats): the booking keeps a snapshot of it for the expert. */
  boatId: z.uuid('We could not find that boat in My Boats').nullish(),
  /** The boat's maintenance task booked from: completing the booking completes it. */
  maintenanceTaskId: z.uuid('We could not find that maintenance task on this boat').nullish(),
};

/** `POST /api/bookings`: a form's state plus its service type. */
export const createBookingSchema = z.discriminatedUnion(
  'serviceType',
  [
    videoBookingFormSchema.extend({ serviceType: z.literal('video'), ...attachConversation }),
    onsiteBookingFormSchema.extend({ serviceType: z.literal('onsite'), ...attachConversation }),
  ],
  { error: "serviceType must be 'video' or 'onsite'" },
);
export type CreateBookingInput = z.input<typeof createBookingSchema>;
export type CreateBooking = z.output<typeof createBookingSchema>;

export const rescheduleBookingSchema = z.object({
  scheduledDate: localDateSchema,
  preferredTime: required('Please select a new time', 20),
});
export type RescheduleBookingInput = z.input<typeof rescheduleBookingSchema>;

export const CANCEL_REASON_REQUIRED = 'Please tell us why you are cancelling';
export const cancelBookingSchema = z.object({ reason: required(CANCEL_REASON_REQUIRED, 500) });
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

export const declineBookingSchema = z.object({ reason: optional(500) });
export const DECLINE_REASON_REQUIRED = 'Please tell the owner why you cannot take this booking';
/** The workspace's decline form: the owner is told the reason, so it asks for one, though the API takes none. */
export const declineBookingFormSchema = z.object({ reason: required(DECLINE_REASON_REQUIRED, 500) });
export type DeclineBookingFormInput = z.input<typeof declineBookingFormSchema>;

/** `GET /api/experts/{id}/slots` query. */
export const slotsQuerySchema = z.object({
  type: z.enum(SERVICE_TYPES, { error: "type must be 'video' or 'onsite'" }),
  date: z.string({ error: 'date is required (YYYY-MM-DD)' }).refine(isLocalDate, 'date must be a real date written YYYY-MM-DD'),
  hours: estimatedHoursSchema.default(DEFAULT_ONSITE_HOURS),
});
export type SlotsQuery = z.input<typeof slotsQuerySchema>;

export const OWN_BOOKINGS_PAGE_SIZE = 20;
export const OWN_BOOKINGS_MAX_PAGE_SIZE = 100;

/** `GET /api/bookings` query: a page of the caller's bookings, the first or the one after `cursor`. */
export const ownBookingsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(OWN_BOOKINGS_MAX_PAGE_SIZE, `limit must be at most ${OWN_BOOKINGS_MAX_PAGE_SIZE}`)
    .default(OWN_BOOKINGS_PAGE_SIZE),
  /** From the previous page's `X-Next-Cursor`. */
  cursor: z.string().max(500, 'cursor is too long').optional(),
});
export type OwnBookingsQuery = z.output<typeof ownBookingsQuerySchema>;

/** A free start time: `time` as the forms show it in the expert's zone, `start` the instant. */
export const slotSchema = z.object({ time: z.string(), start: z.iso.datetime() });
export type Slot = z.infer<typeof slotSchema>;

export const bookingHistoryEntrySchema = z.object({
  action: z.string(),
  status: z.enum(BOOKING_STATUSES),
  at: z.iso.datetime(),
  by: z.enum(['owner', 'expert', 'admin', 'system']),
  note: z.string().nullable(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

export const onsiteDetailsSchema = z.object({
  boatAddress: z.string(),
  marinaName: z.string().nullable(),
  dockSlip: z.string().nullable(),
  contactPhone: z.string(),
  emergencyContact: z.string().nullable(),
  boatType: z.enum(BOAT_TYPES),
  boatLength: z.string().nullable(),
  estimatedHours: z.number().int(),
});

/** A booking as its owner, its expert or an administrator sees it. */
/** Whom a booking's page speaks to: the caller's part in it (a party before an administrator, the owner before the expert). */
export const BOOKING_VIEWERS = ['owner', 'expert', 'admin'] as const;
export type BookingViewer = (typeof BOOKING_VIEWERS)[number];

export const bookingSchema = z.object({
  id: z.uuid(),
  /** The number people quote: 'Booking #1042'. */
  number: z.number().int(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  expert: z.object({
    id: z.number().int(),
    name: z.string(),
    specialty: z.string(),
    profileImage: z.string().nullable(),
    city: z.string(),
    state: z.string(),
  }),
  owner: z.object({ name: z.string(), email: z.string() }),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** The expert's IANA zone; `scheduledDate` and `preferredTime` are in it. */
  timeZone: z.string(),
  /** An onsite visit's place's IANA zone, set when booked; null for a call or a place without a ZIP code. Times are shown in it. */
  placeTimeZone: z.string().nullable(),
  scheduledDate: z.string(),
  preferredTime: z.string(),
  durationMinutes: z.number().int(),
  description: z.string(),
  onsite: onsiteDetailsSchema.nullable(),
  /** The owner's boat as it was when booked (My Boats), or null. */
  boat: boatSnapshotSchema.nullable(),
  /** The maintenance task booked from, or null. */
  maintenanceTaskId: z.uuid().nullable(),
  /** Computed by the server from the expert's rates: decimal string '75.00'. */
  price: z.string(),
  /** A Help now call's price of each minute after the first 15 (price covers those); null for any other booking. */
  minutePrice: z.string().nullable(),
  currency: z.string(),
  cancelReason: z.string().nullable(),
  /** What the caller may do now (the state machine of `booking-status.ts`). */
  allowedActions: z.array(z.enum(BOOKING_ACTIONS)),
  viewer: z.enum(BOOKING_VIEWERS),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingDetailSchema = bookingSchema.extend({
  history: z.array(bookingHistoryEntrySchema),
  /** The engine hours the expert last recorded on this visit, one per engine of `boat`, or null. */
  hoursRecorded: z.array(z.number().int()).nullable(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

/** A Consultation of the dashboard (docs/PRODUCT.md#dashboard): the caller's video bookings. */
export const consultationSchema = z.object({
  id: z.uuid(),
  /** 'scheduled' while it is still to come (requested or confirmed); otherwise the booking's status. */
  status: z.string(),
  scheduledDate: z.iso.datetime(),
  expertName: z.string(),
  bookingStatus: z.enum(BOOKING_STATUSES),
});
export type Consultation = z.infer<typeof consultationSchema>;

/** What the server has switched on, so no screen guesses (`GET /api/config`). */
export const clientConfigSchema = z.object({
  payments: z.object({
    provider: z.enum(['none', 'stripe']),
    publishableKey: z.string().nullable(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** An expert's own account may not book them (docs/PRODUCT.md#booking-rules). */
export const SELF_BOOKING = 'You cannot book yourself';

export const PAYMENT_UNAVAILABLE = 'Payment processing is currently unavailable. Please contact support for assistance.';

/**
 * `POST /api/create-payment-intent` (docs/PRODUCT.md#payments), keyed by the booking. The client's amount is
 * ignored; the other fields, when sent, must match the booking.
 */
export const createPaymentIntentSchema = z.object({
  bookingId: z.uuid({ error: 'bookingId is required' }),
  amount: z.unknown().optional(),
  expertId: z.coerce.number().int().optional(),
  serviceType: z.enum(SERVICE_TYPES).optional(),
  estimatedHours: z.coerce.number().int().optional(),
});
export const paymentIntentSchema = z.object({ clientSecret: z.string() });
