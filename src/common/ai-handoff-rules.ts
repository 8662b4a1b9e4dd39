import { AI_CATEGORIES, type AiCategory } from './ai-rules.js';
import type { ServiceType } from './roles.js';
import { SPECIALTY_VALUES, type Specialty } from './specialties.js';

/*
 * From the assistant to a booking: the specialty of a category, the links, a ZIP code, a distance. No zod
 * here, so the assistant's page and the booking forms use these on their first paint (the schemas of the
 * hand-off are in common/ai-handoff.ts).
 */

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


export const CONVERSATION_NOT_YOURS = 'We could not find that conversation with the assistant. Book without it, or open it again from the assistant.';
