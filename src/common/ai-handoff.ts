import { z } from 'zod';
import { AI_CATEGORIES } from './ai-rules.js';
import { zip5 } from './travel-area.js';
import { expertSchema } from './experts.js';
import { EXPERT_MAX_PAGE_SIZE } from './experts-listing.js';
import { SERVICE_TYPES } from './roles.js';
import { SPECIALTY_VALUES } from './specialties.js';

export const NEARBY_DEFAULT_LIMIT = 50;
export const ZIP_INVALID = 'zip must be a US ZIP code (5 digits)';

/** `GET /api/experts/nearby`: the bookable experts of a service (and specialty), nearest to a ZIP code first. */
export const nearbyExpertsQuerySchema = z.object({
  serviceType: z.enum(SERVICE_TYPES, { error: "serviceType must be 'video' or 'onsite'" }),
  specialty: z.enum(SPECIALTY_VALUES, { error: 'Unknown specialty' }).optional(),
  zip: z
    .string({ error: ZIP_INVALID })
    .refine((value) => zip5(value) !== null, ZIP_INVALID)
    .transform((value) => zip5(value)!),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(EXPERT_MAX_PAGE_SIZE, `limit must be at most ${EXPERT_MAX_PAGE_SIZE}`)
    .default(NEARBY_DEFAULT_LIMIT),
});
export type NearbyExpertsQuery = z.input<typeof nearbyExpertsQuerySchema>;

export const nearbyExpertSchema = expertSchema.extend({
  /** Straight-line miles between the two ZIP codes' centroids; null when either ZIP is not in the table. */
  distanceMiles: z.number().nullable(),
});
export type NearbyExpert = z.infer<typeof nearbyExpertSchema>;

/** One message of a conversation attached to a booking, as it was when the booking was made. */
export const attachedMessageSchema = z.object({
  type: z.enum(['user', 'ai']),
  content: z.string(),
  at: z.iso.datetime(),
});

/** The owner's conversation with the assistant, copied onto the booking when it was made (read only). */
export const attachedConversationSchema = z.object({
  /** The conversation's first question, its title in the owner's history. */
  title: z.string(),
  category: z.enum(AI_CATEGORIES),
  attachedAt: z.iso.datetime(),
  messages: z.array(attachedMessageSchema),
  /** Older messages left out of a very long conversation (the latest ones are kept). */
  earlierOmitted: z.number().int(),
});
export type AttachedConversation = z.infer<typeof attachedConversationSchema>;

/** `GET /api/bookings/{id}/ai-conversation`: null when the owner attached none. */
export const bookingAiConversationSchema = z.object({ conversation: attachedConversationSchema.nullable() });
export type BookingAiConversation = z.infer<typeof bookingAiConversationSchema>;
