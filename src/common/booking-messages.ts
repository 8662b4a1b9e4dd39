import { z } from 'zod';

/** Messages between a booking's owner and its expert: the rules both sides check, and the answers' shapes. */

export const MESSAGE_MAX_LENGTH = 2000;
/** A photo as sent (before it is re-encoded): phones take photos of a few MB. */
export const MESSAGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
/** How long a message waits unread before its recipient is e-mailed. */
export const UNREAD_EMAIL_DELAY_MS = 15 * 60_000;

export const MESSAGE_REQUIRED = 'Please write a message';
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`;
export const MESSAGE_CONTROL_CHARACTERS = 'Messages cannot contain control characters';

// Line breaks are text; every other C0/C1 control character (NUL, escape, bell...) is refused.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export const messageTextSchema = z
  .string({ error: MESSAGE_REQUIRED })
  .trim()
  .min(1, MESSAGE_REQUIRED)
  .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
  .refine((text) => !hasControlCharacters(text), MESSAGE_CONTROL_CHARACTERS);

export const sendTextMessageSchema = z.object({ text: messageTextSchema });
export type SendTextMessageInput = z.infer<typeof sendTextMessageSchema>;

/** The caption of a photo message: the same rules as a text, but it may be left out or empty. */
export const photoCaptionSchema = z
  .string()
  .trim()
  .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
  .refine((text) => !hasControlCharacters(text), MESSAGE_CONTROL_CHARACTERS)
  .optional();

/** The composer of a photo message: its text is the photo's caption. */
export const sendPhotoMessageSchema = z.object({ text: photoCaptionSchema });

export const messagesQuerySchema = z.object({
  /** The page before this message id (older messages); omitted for the newest page. */
  before: z.coerce.number({ error: 'before must be a message id' }).int('before must be a message id').positive('before must be a message id').optional(),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${MESSAGES_PAGE_MAX}` })
    .int(`limit must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .min(1, `limit must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .max(MESSAGES_PAGE_MAX, `limit must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .default(MESSAGES_PAGE_SIZE),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const markReadSchema = z.object({
  /** Marks the caller's messages up to and including this id as read (what the screen has shown). */
  upToId: z.number({ error: 'upToId must be a message id' }).int('upToId must be a message id').positive('upToId must be a message id'),
});
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const bookingMessageSchema = z.object({
  id: z.number().int(),
  bookingId: z.string(),
  senderId: z.string(),
  senderRole: z.enum(['owner', 'expert']),
  senderName: z.string(),
  /** The text, or a photo's caption; null for a photo without one. */
  text: z.string().nullable(),
  /** Served only to the booking's parties and administrators. */
  photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  createdAt: z.iso.datetime(),
  /** When the recipient read it. */
  readAt: z.iso.datetime().nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

export const messageThreadSchema = z.object({
  /** One page, oldest first: the newest page unless `before` was given. */
  messages: z.array(bookingMessageSchema),
  /** Whether there are messages before this page. */
  hasOlder: z.boolean(),
  viewer: z.object({
    /** How the caller takes part: one of the two parties, or an administrator reading. */
    role: z.enum(['owner', 'expert', 'admin']),
    canWrite: z.boolean(),
    /** Why the caller cannot write, when they cannot. */
    closedReason: z.string().nullable(),
  }),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

export const markReadResultSchema = z.object({ marked: z.number().int() });

/** The anchor of a booking page's thread: links to a booking's messages end in it ('/bookings/{id}#messages'). */
export const MESSAGES_ANCHOR = 'messages';

export const unreadCountsSchema = z.object({
  total: z.number().int(),
  /** Per booking with unread messages, most recent first. */
  bookings: z.array(z.object({ bookingId: z.string(), count: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/**
 * What the booking's live socket pushes (docs/ARCHITECTURE.md#realtime): a committed message, a read receipt
 * ('Seen'), and `resync` when this server's fan-out listener reconnected and something may have been missed.
 */
export const messageLiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: bookingMessageSchema }),
  z.object({ type: z.literal('read'), readerId: z.string(), upToId: z.number().int(), readAt: z.iso.datetime() }),
  /** Something may have been missed (the server's listener reconnected): read the thread again. */
  z.object({ type: z.literal('resync') }),
]);
export type MessageLiveEvent = z.infer<typeof messageLiveEventSchema>;
