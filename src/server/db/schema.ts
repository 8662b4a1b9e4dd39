import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
  role: text('role', { enum: ['user', 'expert', 'admin'] }).notNull().default('user'),
  status: text('status', { enum: ['active', 'inactive', 'pending'] }).notNull().default('active'),
  ...timestamps,
});

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
    // Null for the seeded demo experts, who have no account.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    profileImage: text('profile_image'),
    bio: text('bio').notNull().default(''),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
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
    status: text('status', { enum: ['pending', 'approved', 'suspended'] })
      .notNull()
      .default('pending'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
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
    index('experts_status_rating_idx').on(t.status, t.rating.desc(), t.reviewCount.desc(), t.id),
    index('experts_status_specialty_rating_idx').on(t.status, t.specialty, t.rating.desc(), t.reviewCount.desc(), t.id),
    index('experts_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('experts_location_text_trgm_idx').using('gin', sql`${t.locationText} gin_trgm_ops`),
    index('experts_user_id_idx').on(t.userId),
  ],
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
    ...timestamps,
  },
  (t) => [index('ai_sessions_user_created_idx').on(t.userId, t.createdAt.desc())],
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
  (t) => [index('ai_messages_session_created_idx').on(t.sessionId, t.createdAt)],
);

/** The assistant's prompts: one row, changed by administrators. */
export const aiSettings = pgTable('ai_settings', {
  id: integer('id').primaryKey().default(1),
  systemPrompt: text('system_prompt').notNull(),
  userPromptTemplate: text('user_prompt_template').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters for our own rate limits, shared by every app server. */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});
