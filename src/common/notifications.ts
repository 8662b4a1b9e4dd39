import { z } from 'zod';

/**
 * What the product tells people about, and by which channels (docs/PRODUCT.md#notifications). Every kind
 * is written to the person's notification centre; e-mail, push and text follow their preferences.
 */
export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_confirmed',
  'booking_declined',
  'booking_expired',
  'booking_cancelled',
  'booking_rescheduled',
  'booking_reminder',
  'messages_waiting',
  'service_summary',
  'invoice_issued',
  'invoice_paid',
  'payment_failed',
  'invoice_disputed',
  'dispute_resolved',
  'application_decided',
  'maintenance_due',
  'help_request',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATION_CHANNELS = ['email', 'push', 'text'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

interface KindRules {
  /** The settings row's label. */
  label: string;
  /** Who it is for, said under the label. */
  hint: string;
  /** The channels on until the person says otherwise. */
  defaults: Record<NotificationChannel, boolean>;
  /** Receipts and invoices are records a person must have: their e-mail cannot be turned off. */
  emailRequired?: true;
  /** Only short, time-critical events may go by text. */
  textAllowed?: true;
  /** A ring that is over in minutes is never e-mailed: by the time one is read it is of no use. */
  noEmail?: true;
}

const ALL_BUT_TEXT = { email: true, push: true, text: false };
const ALL = { email: true, push: true, text: true };

export const NOTIFICATION_KIND_RULES: Record<NotificationKind, KindRules> = {
  booking_requested: { label: 'New booking requests', hint: 'For experts: an owner asks for your time.', defaults: ALL, textAllowed: true },
  booking_confirmed: { label: 'Booking confirmed', hint: 'The expert accepted, or the time was reserved at once.', defaults: ALL, textAllowed: true },
  booking_declined: { label: 'Booking declined', hint: 'The expert could not take the request.', defaults: ALL, textAllowed: true },
  booking_expired: { label: 'Request expired', hint: 'A request nobody answered in time.', defaults: ALL_BUT_TEXT },
  booking_cancelled: { label: 'Booking cancelled', hint: 'Either side cancelled.', defaults: ALL_BUT_TEXT },
  booking_rescheduled: { label: 'Booking moved', hint: 'A booking moved to another time.', defaults: ALL_BUT_TEXT },
  booking_reminder: { label: 'Booking reminders', hint: 'A day and an hour before (the text only an hour before).', defaults: ALL, textAllowed: true },
  messages_waiting: { label: 'Messages waiting', hint: 'A message on a booking left unread for a while.', defaults: ALL_BUT_TEXT },
  service_summary: { label: 'Service summaries', hint: 'The expert wrote up the visit or call.', defaults: ALL_BUT_TEXT },
  invoice_issued: { label: 'Invoices', hint: 'An invoice issued, and a reminder while it is due.', defaults: ALL_BUT_TEXT, emailRequired: true },
  invoice_paid: { label: 'Payments and refunds', hint: 'Receipts, payments recorded and refunds.', defaults: ALL_BUT_TEXT, emailRequired: true },
  payment_failed: { label: 'Payment problems', hint: 'A card payment that did not go through or needs confirming.', defaults: ALL_BUT_TEXT },
  invoice_disputed: { label: 'Disputes', hint: 'An invoice disputed.', defaults: ALL_BUT_TEXT },
  dispute_resolved: { label: 'Dispute decisions', hint: 'How a dispute was settled.', defaults: ALL_BUT_TEXT },
  application_decided: { label: 'Expert application', hint: 'For applicants: the decision on your application.', defaults: ALL_BUT_TEXT },
  maintenance_due: { label: 'Maintenance due', hint: 'Tasks on your boats coming due, and engine-hour check-ins.', defaults: ALL_BUT_TEXT },
  help_request: { label: 'Help now requests', hint: 'For experts on call: an owner needs someone now. Your open pages ring as well.', defaults: { email: false, push: true, text: true }, textAllowed: true, noEmail: true },
};

/** Whether a channel can be switched for a kind at all (else it is fixed: on for required e-mail, off for text). */
export function channelAdjustable(kind: NotificationKind, channel: NotificationChannel): boolean {
  const rules = NOTIFICATION_KIND_RULES[kind];
  if (channel === 'email') return !rules.emailRequired && !rules.noEmail;
  if (channel === 'text') return !!rules.textAllowed;
  return true;
}

/** The page a notification opens: a path on this site, never another origin. */
export const notificationPathSchema = z.string().regex(/^\/(?!\/)[^\s\\]*$/);

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  path: notificationPathSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * What a push message carries to the service worker (encrypted on the way): what the notification shows
 * and the page a click opens. `tag` replaces an earlier notification of the same thing on the device.
 */
export const pushMessageSchema = z.object({
  title: z.string().max(200),
  body: z.string().max(500),
  path: notificationPathSchema,
  tag: z.string().max(64),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** What the bell opens: the latest few. */
export const BELL_NOTIFICATIONS = 10;

export const notificationsQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Whether older ones exist: ask for `before` the last id. */
  hasMore: z.boolean(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadNotificationsSchema = z.object({ count: z.number().int() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

export const MARK_READ_NEEDS_ONE = 'Say which notifications were read: upToId, or ids';
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({ upToId: z.number().int().positive() }),
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1, { error: MARK_READ_NEEDS_ONE }).max(NOTIFICATIONS_PAGE_MAX) }),
  ],
  { error: MARK_READ_NEEDS_ONE },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** One kind's channels as a person has them. */
export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  email: z.boolean(),
  push: z.boolean(),
  text: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const PREFERENCE_NOT_ADJUSTABLE = 'Receipts and invoices always come by e-mail, Help now rings never do, and only short, urgent notices can come by text';
export const DUPLICATE_PREFERENCE = 'Each kind of notification can appear only once';
export const savePreferencesSchema = z
  .object({ preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length) })
  .refine(({ preferences }) => new Set(preferences.map((p) => p.kind)).size === preferences.length, { error: DUPLICATE_PREFERENCE, path: ['preferences'] });

/** A kind's channels with the person's changes, holding what cannot change to its fixed value. */
export function effectivePreference(kind: NotificationKind, chosen?: Omit<NotificationPreference, 'kind'>): NotificationPreference {
  const rules = NOTIFICATION_KIND_RULES[kind];
  const base = chosen ?? rules.defaults;
  return {
    kind,
    email: rules.emailRequired ? true : rules.noEmail ? false : base.email,
    push: base.push,
    text: rules.textAllowed ? base.text : false,
  };
}

/** What a one-click unsubscribe address carries: the person, the kind, and the server's signature of both. */
export const unsubscribeLinkSchema = z.object({ u: z.string().min(1).max(100), k: z.string().max(40), s: z.string().min(1).max(100) });
export type UnsubscribeLink = z.infer<typeof unsubscribeLinkSchema>;
export const unsubscribedSchema = z.object({ kind: notificationKindSchema, label: z.string() });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
