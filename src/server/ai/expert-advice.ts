import type { AiCategory } from '../../common/ai-rules.js';
import { assessSeverity } from './builtin/severity.js';
import { readOwnerAsks } from './conversation/owner-asks.js';

const SERIOUS = new Set(['high', 'critical']);

/**
 * Whether an answer should offer 'Book an expert' as its next step: the owner describes something
 * serious (the built-in engine's severity reading of their words: a leak, smoke, overheating, an alarm,
 * a fire or fuel smell), the subject is safety, or the owner asks about a professional or doing it
 * themselves. Read from the owner's words and the category, not from the answer text, so the OpenAI
 * provider's answers get the same signal as the built-in engine's.
 */
export function expertAdvised(ownerText: string, category: AiCategory, photoSeverity?: string): boolean {
  if (photoSeverity && SERIOUS.has(photoSeverity.trim().toLowerCase())) return true;
  if (category === 'safety') return true;
  if (SERIOUS.has(assessSeverity(ownerText, undefined).label.toLowerCase())) return true;
  return readOwnerAsks(ownerText).has('professional');
}
