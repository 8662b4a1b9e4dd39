import { z } from 'zod';
import { AI_CATEGORIES, type AiCategory } from './ai.js';
import { expertSchema } from './expert.js';
import { EXPERT_MAX_PAGE_SIZE } from './expert-listing.js';
import { SERVICE_TYPES, type ServiceType } from './roles.js';
import { SPECIALTY_VALUES, type Specialty } from './specialties.js';

/**
 * The expert specialty that handles each assistant category, or null when no specialty fits (safety
 * gear, trailers, general questions): those hand-offs filter no experts. Maintenance goes to
 * Winterization because the category's articles are mostly winterizing, storage and recommissioning.
 * Electronics goes to Marine Electronics, the broader of the two electronics specialties.
 */
export const SPECIALTY_OF_CATEGORY: Record<AiCategory, Specialty | null> = {
  engine: 'engines',
  electrical: 'electrical',
  electronics: 'electronics',
  maintenance: 'winterization',
  hull: 'hull',
  rigging: 'rigging',
  plumbing: 'plumbing',
  safety: null,
  trailer: null,
  general: null,
};

export function specialtyForCategory(category: string | null | undefined): Specialty | null {
  if (!category || !(AI_CATEGORIES as readonly string[]).includes(category)) return null;
  return SPECIALTY_OF_CATEGORY[category as AiCategory];
}

/** A specialty from a URL, when it is one we know. */
export function parseSpecialty(value: string | null | undefined): Specialty | null {
  return value && (SPECIALTY_VALUES as readonly string[]).includes(value) ? (value as Specialty) : null;
}

/** The URL parameter that carries the assistant conversation from the chat to the booking form. */
export const AI_SESSION_PARAM = 'aiSession';

/** Where 'Book an expert' leads: the booking form of the service, the specialty preselected, the conversation offered. */
export function handoffPath(serviceType: ServiceType, from: { category?: string | null; sessionId?: string | null }): string {
  const search = new URLSearchParams();
  const specialty = specialtyForCategory(from.category);
  if (specialty) search.set('specialty', specialty);
  if (from.sessionId) search.set(AI_SESSION_PARAM, from.sessionId);
  const query = search.toString();
  return `${serviceType === 'video' ? '/book-video' : '/book-onsite'}${query ? `?${query}` : ''}`;
}

/** A US ZIP code as people type it ('02108', '02108-1234'): its five digits, or null. */
export function zip5(value: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(value ?? '');
  return match ? match[1]! : null;
}

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

/** '12 mi away'; under a mile reads '< 1 mi away'. */
export function distanceLabel(miles: number): string {
  return miles < 1 ? '< 1 mi away' : `${Math.round(miles).toLocaleString('en-US')} mi away`;
}

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

export const CONVERSATION_NOT_YOURS = 'We could not find that conversation with the assistant. Book without it, or open it again from the assistant.';
