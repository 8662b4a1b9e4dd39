import { z } from 'zod';
import { hasControlCharacters } from './booking-messages.js';

/**
 * 'Contact Us' (docs/PRODUCT.md#contact-us): what a visitor sends, and the administrators' queue of
 * messages and their replies. The form and the routes check with these same schemas.
 */

export const CONTACT_TOPICS = ['account', 'booking', 'payment', 'expert-application', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  account: 'My account',
  booking: 'A booking',
  payment: 'A payment or invoice',
  'expert-application': 'An expert application',
  other: 'Something else',
};

/** open: waiting for an answer; answered: an administrator replied; closed: nothing more to do. */
export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_MESSAGE_MAX_LENGTH = 4000;
export const CONTACT_REPLY_MAX_LENGTH = 4000;
/** What one account, and one client address, may send in an hour. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60_000 };

export const CONTACT_EMAIL_REQUIRED = 'Please enter your email address, so we can answer you';
export const CONTACT_EMAIL_INVALID = 'Invalid email address';
export const CONTACT_TOPIC_REQUIRED = 'Please choose what your message is about';
export const CONTACT_MESSAGE_REQUIRED = 'Please write your message';
export const CONTACT_MESSAGE_TOO_LONG = `Messages can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`;
export const CONTROL_CHARACTERS = 'Messages cannot contain control characters';
export const CONTACT_BOOKING_INVALID = 'Please choose one of your bookings, or none';
export const REPLY_REQUIRED = 'Please write your reply';
export const REPLY_TOO_LONG = `Replies can be at most ${CONTACT_REPLY_MAX_LENGTH} characters`;
export const CONFIRM_TYPED_ADDRESS =
  'This sender was not signed in, so we have not checked that the address is theirs. Tick the box to e-mail it anyway.';
export const TOO_MANY_CONTACT_MESSAGES = 'You have sent several messages in the last hour. Please wait before sending another.';
export const CONTACT_MESSAGE_NOT_FOUND = 'Message not found';
export const CONTACT_MESSAGE_CLOSED = 'This message is closed: it takes no more replies.';

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS);

/**
 * The form. `email` is for a signed-out sender (the server asks for it then, and ignores it for a signed-in
 * one, whose account's address is used); `bookingId` is one of the signed-in sender's bookings, or empty.
 */
const typedEmail = z
  .string({ error: CONTACT_EMAIL_INVALID })
  .trim()
  .max(254, CONTACT_EMAIL_INVALID)
  .refine((value) => value === '' || z.email().safeParse(value).success, CONTACT_EMAIL_INVALID);

export const contactMessageSchema = z.object({
  email: typedEmail.optional(),
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_TOPIC_REQUIRED }),
  message: text(CONTACT_MESSAGE_REQUIRED, CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_TOO_LONG),
  bookingId: z.union([z.literal(''), z.uuid({ error: CONTACT_BOOKING_INVALID })], { error: CONTACT_BOOKING_INVALID }).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
/** The form of a signed-out sender, who must give an address (the server asks for it with the same words). */
export const signedOutContactMessageSchema = contactMessageSchema.extend({ email: typedEmail.refine((value) => value !== '', CONTACT_EMAIL_REQUIRED) });
export type ContactMessageValues = z.output<typeof contactMessageSchema>;

export const contactSentSchema = z.object({ id: z.number().int(), acknowledged: z.boolean() });
export type ContactSent = z.infer<typeof contactSentSchema>;

export const contactReplySchema = z.object({
  body: text(REPLY_REQUIRED, CONTACT_REPLY_MAX_LENGTH, REPLY_TOO_LONG),
  /** An administrator's deliberate yes to e-mailing the address a signed-out sender typed. */
  toTypedAddress: z.boolean().optional(),
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;

export const contactParamsSchema = z.object({ id: z.coerce.number({ error: 'Message not found' }).int().positive().max(2_147_483_647) });

export const contactListQuerySchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` }).default('open'),
});

export const contactReplyViewSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  adminName: z.string(),
  sentTo: z.string(),
  createdAt: z.iso.datetime(),
});

export const contactMessageViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTACT_STATUSES),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  email: z.string(),
  /** False for a signed-out sender: the address is only what they typed. */
  signedIn: z.boolean(),
  senderName: z.string().nullable(),
  booking: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  createdAt: z.iso.datetime(),
  replies: z.array(contactReplyViewSchema),
});
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;
