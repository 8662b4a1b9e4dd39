import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  primaryKey,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  date,
  doublePrecision,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, EXPERT_STATUSES, ROLES, SERVICE_TYPES, USER_STATUSES } from '../../common/roles.js';
import { BOOKING_STATUSES } from '../../common/bookings-status.js';
import { PAYMENT_STATUSES } from '../../common/bookings.js';
import { BOAT_TYPES } from '../../common/bookings-fields.js';
import { REVIEW_STATUSES } from '../../common/reviews-rules.js';
import type { INVOICE_LINE_KINDS} from '../../common/invoices.js';
import { IN_PERSON_METHODS, INVOICE_STATUSES, OVERPAYMENT_STATUSES, PAYMENT_METHODS, PAYOUT_STATUSES } from '../../common/invoices.js';
import { HOURS_RECORDERS, HULL_TYPES, PROPULSIONS, type BoatSnapshot, type Engine } from '../../common/boats.js';
import { CONTACT_STATUSES, CONTACT_TOPICS } from '../../common/contact.js';
import { NOTIFICATION_KINDS } from '../../common/notifications.js';
import { HELP_REQUEST_STATUSES } from '../../common/help-now.js';

/** A CHECK that keeps an enum column to its values, named `<table>_<column>_check`. */
function oneOf(table: string, column: { name: string }, values: readonly string[]) {
  const list = values.map((v) => `'${v}'`).join(', ');
  return check(`${table}_${column.name}_check`, sql.raw(`"${column.name}" in (${list})`));
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// Better Auth's models (user, session, account, verification, rateLimit), keyed by the field names it expects.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  /** The IANA zone chosen in Settings; null: not chosen (e-mails then show the booking's own zone only). */
  timeZone: text('time_zone'),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
  /** Set when an administrator deleted the account: the person is anonymised, the rows others need stay. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [oneOf('users', t.role, ROLES), oneOf('users', t.status, USER_STATUSES)]);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const experts = pgTable(
  'experts',
  {
    id: serial('id').primaryKey(),
    // The expert's account; at most one expert profile per account.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    profileImage: text('profile_image'),
    bio: text('bio').notNull().default(''),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The figures an expert had before reviews were collected here (the demo experts'), kept as a prior:
     * rating and review_count combine them with the visible reviews (features/reviews/expert-rating.ts).
     */
    seededRating: numeric('seeded_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    seededReviewCount: integer('seeded_review_count').notNull().default(0),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    certifications: text('certifications').notNull().default(''),
    experience: integer('experience').notNull(),
    serviceRadius: integer('service_radius').notNull(),
    // Money is integer cents; the API answers decimal strings.
    videoRateCents: integer('video_rate_cents').notNull(),
    onsiteRateCents: integer('onsite_rate_cents').notNull(),
    onsiteMinimumHours: integer('onsite_minimum_hours').notNull().default(1),
    serviceTypes: text('service_types').array().notNull().default(sql`ARRAY[]::text[]`),
    available: boolean('available').notNull().default(true),
    status: text('status', { enum: EXPERT_STATUSES }).notNull().default('pending'),
    /** Why an administrator suspended the expert (also in the audit log). */
    statusReason: text('status_reason'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Bookings are confirmed at once instead of waiting for the expert. */
    instantBooking: boolean('instant_booking').notNull().default(false),
    /** The expert's Stripe Connect Express account, once they started onboarding; card payments go to it. */
    stripeAccountId: text('stripe_account_id').unique(),
    /** Stripe says the account can take charges and pay out (its `account.updated` events keep this). */
    stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
    // Lower-cased words of everything the free-text search covers; matched with word-prefix regexes.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || specialty || ' ' || city || ' ' || state || ' ' || zip_code || ' ' || certifications)`,
      ),
    locationText: text('location_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(city || ' ' || state || ' ' || zip_code)`),
  },
  (t) => [
    uniqueIndex('experts_user_id_idx').on(t.userId),
    oneOf('experts', t.status, EXPERT_STATUSES),
  ],
);

/**
 * An application to become an expert, as submitted, and the decision on it.
 * Applying creates the pending expert profile beside it; a rejection removes that profile and keeps this
 * row, so the person may apply again. One pending application per account.
 */
export const expertApplications = pgTable(
  'expert_applications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    expertId: integer('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    payload: jsonb('payload').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('expert_applications_one_pending_idx').on(t.userId).where(sql`status = 'pending'`),
    index('expert_applications_expert_idx').on(t.expertId),
    oneOf('expert_applications', t.status, APPLICATION_STATUSES),
  ],
);

/**
 * An expert's weekly working hours per service type, in the expert's own time zone: minutes after local
 * midnight on a weekday (0 = Sunday). Several ranges a day are allowed (a lunch break).
 */
export const expertWorkingHours = pgTable(
  'expert_working_hours',
  {
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.expertId, t.serviceType, t.weekday, t.startMinute] }),
    oneOf('expert_working_hours', t.serviceType, SERVICE_TYPES),
    check('expert_working_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('expert_working_hours_range_check', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`),
  ],
);

/** Local dates (in the expert's zone) the expert does not work. */
export const expertDaysOff = pgTable(
  'expert_days_off',
  {
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.expertId, t.date] })],
);

export const aiSessions = pgTable(
  'ai_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question of the conversation (its title in the history). */
    question: text('question').notNull(),
    category: text('category').notNull().default('general'),
    /** The owner's boat the conversation is about: its details go to the assistant, and it shows in the boat's history. */
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('ai_sessions_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('ai_sessions_boat_idx').on(t.boatId).where(sql`${t.boatId} is not null`),
  ],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => aiSessions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'ai'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_messages_session_created_idx').on(t.sessionId, t.createdAt), oneOf('ai_messages', t.role, ['user', 'ai'])],
);

/** The assistant's prompts: one row, changed by administrators. */
export const aiSettings = pgTable('ai_settings', {
  id: integer('id').primaryKey().default(1),
  systemPrompt: text('system_prompt').notNull(),
  userPromptTemplate: text('user_prompt_template').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pending change waits for its link; a newer request replaces it; following the link applies it. */
export const EMAIL_CHANGE_STATUSES = ['pending', 'replaced', 'applied'] as const;

/**
 * A user's request to change their e-mail address, applied when the link sent to the new address is
 * followed (docs/PRODUCT.md#changing-the-e-mail-address). Only the token's hash is kept, so the table holds no usable link.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** A digest of the password hash when asked: a password changed since then voids the request. */
    passwordStamp: text('password_stamp').notNull(),
    status: text('status', { enum: EMAIL_CHANGE_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_changes_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('email_changes_user_idx').on(t.userId),
    oneOf('email_changes', t.status, EMAIL_CHANGE_STATUSES),
  ],
);

/** Fixed-window request counters for our own rate limits, shared by every app server. */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

/**
 * A booking of an expert by a boat owner. Instants are UTC; `time_zone` is the expert's zone the slot was
 * chosen in. The migration adds the exclusion constraint `bookings_no_overlap`: two live bookings of one
 * expert never overlap in time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people quote ('Booking #1042'). */
    number: serial('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    /**
     * An onsite visit's place's IANA zone, from its ZIP code when booked (a boat's ZIP code may change later);
     * null for a video call or a place without one. Its times are shown in it (docs/PRODUCT.md#booking-pages).
     */
    placeTimeZone: text('place_time_zone'),
    /** When a requested booking nobody answered expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    description: text('description').notNull(),
    boatAddress: text('boat_address'),
    marinaName: text('marina_name'),
    dockSlip: text('dock_slip'),
    contactPhone: text('contact_phone'),
    emergencyContact: text('emergency_contact'),
    boatType: text('boat_type', { enum: BOAT_TYPES }),
    boatLength: text('boat_length'),
    estimatedHours: integer('estimated_hours'),
    priceCents: integer('price_cents').notNull(),
    /** A Help now call's price of each minute beyond the first 15 (price_cents); null for every other booking. */
    minutePriceCents: integer('minute_price_cents'),
    /** The expert's minimum onsite visit when booked: what a video consultation saves (Money Saved). */
    onsiteVisitCents: integer('onsite_visit_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    paymentIntentId: text('payment_intent_id').unique(),
    cancelReason: text('cancel_reason'),
    /** The calendar invite's SEQUENCE: raised by each reschedule and the cancellation. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** The assistant conversation the owner booked from (AI hand-off); its copy is in booking_ai_conversations. */
    aiSessionId: uuid('ai_session_id').references(() => aiSessions.id, { onDelete: 'set null' }),
    /** The owner's boat this booking is for; its snapshot below is what the booking keeps of it. */
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
    boatSnapshot: jsonb('boat_snapshot').$type<BoatSnapshot>(),
    /** The maintenance task booked from: completing the booking completes it. */
    maintenanceTaskId: uuid('maintenance_task_id').references(() => maintenanceTasks.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bookings_boat_idx').on(t.boatId).where(sql`${t.boatId} is not null`),
    index('bookings_user_starts_idx').on(t.userId, t.startsAt),
    index('bookings_expert_starts_idx').on(t.expertId, t.startsAt),
    index('bookings_status_expires_idx').on(t.status, t.expiresAt),
    index('bookings_status_ends_idx').on(t.status, t.endsAt),
    // Deleting a conversation sets its bookings' reference to null: found by this index, not a scan.
    index('bookings_ai_session_idx').on(t.aiSessionId).where(sql`${t.aiSessionId} is not null`),
    // One booking going at a time per maintenance task, even when two requests for it race (409).
    uniqueIndex('bookings_one_live_per_task')
      .on(t.maintenanceTaskId)
      .where(sql`${t.maintenanceTaskId} is not null and ${t.status} in ('requested', 'confirmed')`),
    oneOf('bookings', t.serviceType, SERVICE_TYPES),
    oneOf('bookings', t.status, BOOKING_STATUSES),
    oneOf('bookings', t.paymentStatus, PAYMENT_STATUSES),
    check('bookings_boat_type_check', sql.raw(`"boat_type" is null or "boat_type" in (${BOAT_TYPES.map((v) => `'${v}'`).join(', ')})`)),
    check('bookings_time_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_price_check', sql`${t.priceCents} >= 0`),
  ],
);

export const AUDIT_ACTORS = ['owner', 'expert', 'admin', 'system', 'user'] as const;

/** Who changed what, when, with the record before and after: every status change and admin decision. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the background jobs. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: AUDIT_ACTORS }).notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id), oneOf('audit_log', t.actorRole, AUDIT_ACTORS)],
);

/**
 * A create request by the client's Idempotency-Key, so a retried submit writes once (bookings, messages;
 * `idempotency/idempotent-write.ts`). `resource_id` is what the first request made (a booking's or a
 * message's id): null only inside that request's own transaction, between the claim and the write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: text('resource_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Live messages too large for a NOTIFY payload (about 8 KB; a video call's session description can pass
 * it): the notification carries this row's id instead. Rows are read within milliseconds and deleted
 * after 10 minutes by the next large message.
 */
export const realtimePayloads = pgTable(
  'realtime_payloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_payloads_created_idx').on(t.createdAt)],
);

// --- booking reminders ---

export const BOOKING_REMINDER_KINDS = ['24h', '1h'] as const;
export type BookingReminderKind = (typeof BOOKING_REMINDER_KINDS)[number];

/**
 * The reminder e-mails of confirmed bookings: one row per booking, kind and start time it reminds of.
 * A row without `sent_at` is queued (its pg-boss job is cancelled and the row deleted when the
 * booking leaves that time); `sent_at` records the send, so no start time is reminded of twice.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_REMINDER_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** When the reminder is due (the job's start_after). */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The pg-boss job that sends it (cancelled with the row when the booking leaves that time). */
    jobId: uuid('job_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind, t.startsAt] }), oneOf('booking_reminders', t.kind, BOOKING_REMINDER_KINDS)],
);

/**
 * A verified review: written by a completed booking's owner, one per booking (unique index). The expert
 * may reply once and report it; an administrator keeps or hides a reported one. `expert_id` is the
 * booking's, copied so the profile's pages and the rating's recomputation read one index.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('published'),
    reportReason: text('report_reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** The administrator's reason for hiding it. */
    hiddenReason: text('hidden_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_id_idx').on(t.bookingId),
    index('reviews_expert_created_idx').on(t.expertId, t.createdAt, t.id),
    index('reviews_status_reported_idx').on(t.status, t.reportedAt),
    oneOf('reviews', t.status, REVIEW_STATUSES),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * The assistant conversation attached to a booking (AI hand-off), copied when the booking was made: the
 * expert reads what the owner saw then, even if the owner chats on or deletes the conversation.
 */
export const bookingAiConversations = pgTable('booking_ai_conversations', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  category: text('category').notNull(),
  /** [{type: 'user' | 'ai', content, at}], oldest first. */
  messages: jsonb('messages').notNull(),
  earlierOmitted: integer('earlier_omitted').notNull().default(0),
  attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
});
export const MESSAGE_SENDER_ROLES = ['owner', 'expert'] as const;

/**
 * Messages between a booking's owner and its expert: text, or a photo (re-encoded JPEG, kept by name in the
 * message photo store) with an optional caption. The recipient is the other party; `read_at` is when they
 * read it, `emailed_at` when the unread-message e-mail covered it (so it is never e-mailed twice).
 */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderRole: text('sender_role', { enum: MESSAGE_SENDER_ROLES }).notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body'),
    photoName: text('photo_name'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_messages_booking_idx').on(t.bookingId, t.id),
    // The unread counts (avatar menu, workspace) read only this small index.
    index('booking_messages_unread_idx').on(t.recipientId, t.bookingId).where(sql`${t.readAt} is null`),
    oneOf('booking_messages', t.senderRole, MESSAGE_SENDER_ROLES),
    check('booking_messages_content_check', sql`${t.body} is not null or ${t.photoName} is not null`),
  ],
);

/**
 * The expert's written follow-up summary of a video consultation (calls are not recorded): one per booking.
 * `parts` is a JSON array of {name, partNumber, quantity}; `revision` counts the versions the owner was sent.
 */
export const followUpSummaries = pgTable(
  'follow_up_summaries',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    findings: text('findings').notNull(),
    nextSteps: text('next_steps').notNull(),
    parts: jsonb('parts').$type<{ name: string; partNumber: string | null; quantity: number | null }[]>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (t) => [check('follow_up_summaries_revision_check', sql`${t.revision} >= 1`)],
);

/** The last invoice number of each year: incremented in the completing transaction, so numbers have no gaps. */
export const invoiceNumbers = pgTable('invoice_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** One line of an invoice as stored: amounts in cents, quantity in hours for labour. */
export interface StoredInvoiceLine {
  kind: (typeof INVOICE_LINE_KINDS)[number];
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  taxed: boolean;
}

/**
 * The final invoice of a completed booking (docs/PRODUCT.md#payments): its lines and
 * totals as issued (an adjustment adds a line), how it was paid, its dispute, and where the expert's share
 * stands. Rates are basis points (1500 = 15%), fixed when it is issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxBasisPoints: integer('tax_basis_points'),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Refunds sent to Stripe and not yet answered: with those done, never more than the total. */
    refundingCents: integer('refunding_cents').notNull().default(0),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    currency: text('currency').notNull().default('usd'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    inPersonMethod: text('in_person_method', { enum: IN_PERSON_METHODS }),
    /** When the payment was recorded: Stripe's confirmation, or the expert's 'paid in person'. */
    paymentRecordedAt: timestamp('payment_recorded_at', { withTimezone: true }),
    /** When the money counts as received: at once by card, on the owner's confirmation in person. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id').unique(),
    paymentError: text('payment_error'),
    /** How many payment reminders were sent (each at most once). */
    remindersSent: integer('reminders_sent').notNull().default(0),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeResolution: text('dispute_resolution'),
    disputeResolvedAt: timestamp('dispute_resolved_at', { withTimezone: true }),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATUSES }).notNull().default('not_due'),
    /** The expert's Stripe account the card payment was sent to (a destination charge). */
    transferDestination: text('transfer_destination'),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    index('invoices_paid_at_idx').on(t.paidAt),
    oneOf('invoices', t.status, INVOICE_STATUSES),
    oneOf('invoices', t.payoutStatus, PAYOUT_STATUSES),
    check('invoices_totals_check', sql`${t.totalCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.taxCents} >= 0`),
    check('invoices_refund_check', sql`${t.refundedCents} >= 0 and ${t.refundingCents} >= 0 and ${t.refundedCents} + ${t.refundingCents} <= ${t.totalCents}`),
  ],
);

/**
 * Card money received that the invoice does not account for (docs/PRODUCT.md#payments): a payment beyond
 * the amount due, or one that arrived when the invoice was already paid. Held until an administrator
 * refunds it; one row per PaymentIntent.
 */
export const invoiceOverpayments = pgTable(
  'invoice_overpayments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** Why it does not count towards the invoice, in the administrator's words. */
    reason: text('reason').notNull(),
    status: text('status', { enum: OVERPAYMENT_STATUSES }).notNull().default('open'),
    /** The expert's Stripe account the intent paid (a destination charge), whose transfer a refund reverses. */
    transferDestination: text('transfer_destination'),
    ...timestamps,
  },
  (t) => [
    index('invoice_overpayments_invoice_idx').on(t.invoiceId),
    index('invoice_overpayments_status_idx').on(t.status, t.createdAt),
    oneOf('invoice_overpayments', t.status, OVERPAYMENT_STATUSES),
    check('invoice_overpayments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Money given back on an invoice: through Stripe for a card payment (pending until it answers), or recorded. */
export const invoiceRefunds = pgTable(
  'invoice_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    stripeRefundId: text('stripe_refund_id').unique(),
    /** Set when this refund gives back an overpayment, not part of the invoice. */
    overpaymentId: uuid('overpayment_id').references(() => invoiceOverpayments.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('invoice_refunds_invoice_idx').on(t.invoiceId), check('invoice_refunds_amount_check', sql`${t.amountCents} > 0`)],
);

/**
 * What the platform paid out to an expert (or settled with them) for a month: an administrator's record
 * without Stripe, Stripe's own payouts to a connected account with it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    /** The month settled, 'YYYY-MM' (UTC). */
    period: text('period').notNull(),
    /** What the platform paid the expert; negative when the expert owed the platform its fees. */
    amountCents: integer('amount_cents').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidByUserId: text('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('payouts_expert_idx').on(t.expertId, t.period)],
);

/** Stripe events already applied: a redelivered event is acknowledged and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An owner's boat (docs/PRODUCT.md#my-boats). */
export const boats = pgTable(
  'boats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    boatType: text('boat_type', { enum: BOAT_TYPES }).notNull(),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    lengthFeet: numeric('length_feet', { precision: 5, scale: 1, mode: 'number' }),
    hullType: text('hull_type', { enum: HULL_TYPES }).notNull(),
    propulsion: text('propulsion', { enum: PROPULSIONS }).notNull(),
    engines: jsonb('engines').$type<Engine[]>().notNull().default([]),
    homeMarina: text('home_marina'),
    slip: text('slip'),
    homeZip: text('home_zip'),
    /** The stored JPEG's name in the boat-photo store. */
    photoName: text('photo_name'),
    hoursRecordedAt: timestamp('hours_recorded_at', { withTimezone: true }),
    /** The month ('YYYY-MM') the owner was last asked by e-mail to update the engine hours. */
    hoursAskedMonth: text('hours_asked_month'),
    ...timestamps,
  },
  (t) => [
    index('boats_owner_idx').on(t.ownerId, t.createdAt),
    oneOf('boats', t.boatType, BOAT_TYPES),
    oneOf('boats', t.hullType, HULL_TYPES),
    oneOf('boats', t.propulsion, PROPULSIONS),
  ],
);

/** The owner's own notes in a boat's service history. */
export const boatNotes = pgTable(
  'boat_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boat_notes_boat_idx').on(t.boatId, t.createdAt)],
);

/**
 * Each engine-hours reading of a boat, in engine order, beside what it replaced: the owner's, an expert's
 * from a booking (their name kept as it was), and the owner's corrections downward with their reason.
 */
export const engineHourReadings = pgTable(
  'engine_hour_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    hours: jsonb('hours').$type<number[]>().notNull(),
    previous: jsonb('previous').$type<Array<number | null>>().notNull(),
    recordedBy: text('recorded_by', { enum: HOURS_RECORDERS }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    expertName: text('expert_name'),
    correction: boolean('correction').notNull().default(false),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('engine_hour_readings_boat_idx').on(t.boatId, t.createdAt),
    index('engine_hour_readings_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    oneOf('engine_hour_readings', t.recordedBy, HOURS_RECORDERS),
    check('engine_hour_readings_correction_note_check', sql`not ${t.correction} or ${t.note} is not null`),
  ],
);

/**
 * A task of a boat's maintenance schedule, due by `due_date`, `due_hours` or both. `reminded_*_for` hold
 * the due date each reminder was sent for: a moved date is reminded of again, the same one never twice.
 */
export const maintenanceTasks = pgTable(
  'maintenance_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    templateKey: text('template_key'),
    title: text('title').notNull(),
    specialty: text('specialty').notNull(),
    dueDate: date('due_date'),
    dueHours: integer('due_hours'),
    intervalMonths: integer('interval_months'),
    intervalHours: integer('interval_hours'),
    dueReason: text('due_reason'),
    lastDoneOn: date('last_done_on'),
    lastDoneHours: integer('last_done_hours'),
    /** A one-off task once done; a recurring one moves its due instead. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    reminded14For: date('reminded_14_for'),
    reminded2For: date('reminded_2_for'),
    ...timestamps,
  },
  (t) => [
    index('maintenance_tasks_boat_idx').on(t.boatId),
    index('maintenance_tasks_open_due_idx').on(t.dueDate).where(sql`${t.doneAt} is null and ${t.dueDate} is not null`),
    check('maintenance_tasks_due_check', sql`${t.dueDate} is not null or ${t.dueHours} is not null`),
  ],
);

/** Each time a task was done: the boat's maintenance log in its service history. */
export const maintenanceCompletions = pgTable(
  'maintenance_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id').references(() => maintenanceTasks.id, { onDelete: 'set null' }),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    doneOn: date('done_on').notNull(),
    engineHours: integer('engine_hours'),
    note: text('note'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_completions_boat_idx').on(t.boatId, t.doneOn)],
);

/**
 * A 'Contact Us' message (docs/PRODUCT.md#contact-us). `user_id` is the signed-in sender (null for a
 * signed-out one, known only by the address they typed, `email`); a signed-in sender's replies go to their
 * account's address as it is when answered.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    message: text('message').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.createdAt),
    oneOf('contact_messages', t.topic, CONTACT_TOPICS),
    oneOf('contact_messages', t.status, CONTACT_STATUSES),
  ],
);

/** An administrator's answer to a contact message, with the address it was e-mailed to. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    sentTo: text('sent_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.id)],
);

/**
 * A person's notification centre: every event that reaches them writes one, whatever the other channels
 * (docs/PRODUCT.md#notifications). Written in the event's own transaction; the text is as the event left it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page it opens, a path on this site. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's count reads only this small index.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    oneOf('notifications', t.kind, NOTIFICATION_KINDS),
  ],
);

/** The channels a person changed from a kind's defaults; a kind without a row follows its defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    text: boolean('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), oneOf('notification_preferences', t.kind, NOTIFICATION_KINDS)],
);
// --- Text messages (docs/PRODUCT.md#text-messages) ------------------------------------------------

/**
 * The mobile number an account proved it holds, by a code sent to it: the only number texts ever go to.
 * One per account; several accounts may share a number (an owner's and an expert's account of one person).
 */
export const smsNumbers = pgTable('sms_numbers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164, '+14105550100'. */
  number: text('number').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
}, (t) => [index('sms_numbers_number_idx').on(t.number)]);

/**
 * A 6-digit code sent to prove a number, kept as an HMAC only. It works for 10 minutes and 5 wrong tries;
 * a newer code replaces it. The rows of the last hour are also what limits codes to 3 an hour.
 */
export const smsVerificationCodes = pgTable(
  'sms_verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was entered rightly, replaced by a newer one or the number removed: it no longer works. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_verification_codes_user_idx').on(t.userId, t.createdAt), index('sms_verification_codes_number_idx').on(t.number, t.createdAt)],
);

/** Numbers that replied STOP (or a synonym): no text goes to them, on any account, until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  number: text('number').primaryKey(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull(),
});
// ---------------------------------------------------------------------------------------------------------
// Web push (docs/PRODUCT.md#installable-app-and-push): one row per device that turned notifications on.
// ---------------------------------------------------------------------------------------------------------

/**
 * A browser's push subscription (its `PushSubscription`): where the push service takes messages for the
 * device (`endpoint`, a capability URL, so unique) and the keys its messages are encrypted for. It belongs
 * to the session it was made in: when that session ends (sign-out, 'Sign out of other sessions', a password
 * change, deactivation), the row goes with it, so a device signed out gets nothing more.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The device's ECDH public key (P-256, uncompressed, base64url) and auth secret (16 bytes, base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the push service took a message for it; null: none yet. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), index('push_subscriptions_session_idx').on(t.sessionId)],
);

// ---------------------------------------------------------------------------------------------------
// Calendars (docs/PRODUCT.md#calendars): each account's private calendar feed, and the outside calendars
// an expert's busy times are read from.
// ---------------------------------------------------------------------------------------------------

/**
 * An account's private calendar feed (`GET /calendar/{token}.ics`). Only the token's SHA-256 is kept: the
 * address is shown once, when it is made. `contentHash` is the last answer's ETag; `contentChangedAt`
 * (its Last-Modified) moves only when the answer's content changes.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  contentHash: text('content_hash'),
  contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
  ...timestamps,
});

/** An outside calendar (an ICS address) whose busy times keep an expert's slots free of clashes. */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    /** The https address it is read from (a webcal:// address is stored as https://): a secret, never shown whole. */
    url: text('url').notNull(),
    label: text('label').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [uniqueIndex('external_calendars_expert_url_idx').on(t.expertId, t.url)],
);

/** The busy times last read from an outside calendar, within the booking window; no titles are kept. */
export const externalBusyTimes = pgTable(
  'external_busy_times',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    /** The calendar's expert, here too: the slot query reads an expert's busy times by the index below. */
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('external_busy_times_expert_range_idx').using('gist', t.expertId, sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    index('external_busy_times_calendar_idx').on(t.calendarId),
    check('external_busy_times_range_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** An expert's Help now settings (docs/PRODUCT.md#help-now): on call or not, the hours in their zone, the prices. */
export const expertOnCall = pgTable(
  'expert_on_call',
  {
    expertId: integer('expert_id')
      .primaryKey()
      .references(() => experts.id, { onDelete: 'cascade' }),
    onCall: boolean('on_call').notNull().default(false),
    /** Minutes after midnight in the expert's zone; `to` before `from` runs past midnight. */
    fromMinute: integer('from_minute').notNull(),
    toMinute: integer('to_minute').notNull(),
    firstPriceCents: integer('first_price_cents').notNull(),
    minutePriceCents: integer('minute_price_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expert_on_call_on_idx').on(t.expertId).where(sql`${t.onCall}`),
    check('expert_on_call_minutes_check', sql`${t.fromMinute} between 0 and 1439 and ${t.toMinute} between 0 and 1439 and ${t.fromMinute} <> ${t.toMinute}`),
    check('expert_on_call_prices_check', sql`${t.firstPriceCents} between 1000 and 30000 and ${t.minutePriceCents} between 50 and 1000`),
  ],
);

/** An owner's Help now request: what is wrong, the boat as it was, where it is, and what became of it. */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialty: text('specialty').notNull(),
    problem: text('problem').notNull(),
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
    boatSnapshot: jsonb('boat_snapshot').$type<BoatSnapshot>(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMeters: integer('accuracy_meters'),
    marina: text('marina'),
    zipCode: text('zip_code'),
    photoName: text('photo_name'),
    status: text('status', { enum: HELP_REQUEST_STATUSES }).notNull().default('ringing'),
    /** How many rounds of five have been rung. */
    rounds: integer('rounds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedExpertId: integer('accepted_expert_id').references(() => experts.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** When it expired or was cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One request ringing per owner: a second is 409 (core/database-error.ts).
    uniqueIndex('help_requests_one_ringing').on(t.userId).where(sql`${t.status} = 'ringing'`),
    index('help_requests_ringing_idx').on(t.expiresAt).where(sql`${t.status} = 'ringing'`),
    index('help_requests_created_idx').on(t.createdAt),
    oneOf('help_requests', t.status, HELP_REQUEST_STATUSES),
    check('help_requests_place_check', sql`(${t.latitude} is not null and ${t.longitude} is not null) or ${t.zipCode} is not null`),
  ],
);

/** Each expert a request rang, in which round, how far away, and whether they declined. */
export const helpRings = pgTable(
  'help_rings',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    rungAt: timestamp('rung_at', { withTimezone: true }).notNull(),
    distanceMiles: doublePrecision('distance_miles'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.expertId] }), index('help_rings_expert_idx').on(t.expertId)],
);

/** When a video call's two parties were first in its room together, and last (video-call's; a call's real length). */
export const callTimes = pgTable('call_times', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
  lastTogetherAt: timestamp('last_together_at', { withTimezone: true }).notNull(),
});
