/**
 * The assistant's categories and the limits of what an owner sends it. No zod here, so the assistant's
 * page shows them on its first paint; its schemas (common/ai.ts, and zod with them) load later.
 */

/** Categories of the knowledge base's articles. */
export const KB_CATEGORIES = [
  'engine',
  'electrical',
  'electronics',
  'maintenance',
  'hull',
  'rigging',
  'plumbing',
  'safety',
  'trailer',
] as const;

/** An AI session takes the category of its best evidence, or 'general' when there is none. */
export const AI_CATEGORIES = [...KB_CATEGORIES, 'general'] as const;
export type AiCategory = (typeof AI_CATEGORIES)[number];

export const AI_CATEGORY_LABELS: Record<AiCategory, string> = {
  engine: 'Engine',
  electrical: 'Electrical',
  electronics: 'Electronics & Navigation',
  maintenance: 'Maintenance & Winterization',
  hull: 'Hull & Deck',
  rigging: 'Rigging & Sails',
  plumbing: 'Plumbing & Bilge',
  safety: 'Safety',
  trailer: 'Trailer',
  general: 'General',
};

export const QUESTION_MAX_LENGTH = 4000;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const DESCRIPTION_MAX_LENGTH = 2000;
