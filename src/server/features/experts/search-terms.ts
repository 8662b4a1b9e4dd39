import { SPECIALTIES } from '../../../common/specialties.js';

const MAX_WORDS = 8;

/** Splits free text into lower-case words; commas, spaces and punctuation separate them. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  const words = text
    .toLowerCase()
    .split(/[\s,;/]+/)
    .map((w) => w.replace(/^[.()]+|[.()]+$/g, ''))
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * A PostgreSQL regex that finds the word at the start of a word of the searched text: 'lauder' finds
 * 'Lauderdale'. Words of one or two letters must match a whole word, so 'FL' finds Florida's experts
 * and not every 'Floyd'. Everything in the word is literal text, including %, _ and quotes.
 */
export function wordPattern(word: string): string {
  const escaped = escapeRegex(word);
  return word.length <= 2 ? `\\m${escaped}\\M` : `\\m${escaped}`;
}

/** Specialty values whose label has a word starting with this one: 'sails' finds rigging. */
export function specialtiesMatching(word: string): string[] {
  return SPECIALTIES.filter((s) =>
    s.label
      .toLowerCase()
      .split(/[\s&]+/)
      .some((labelWord) => labelWord.length > 0 && labelWord.startsWith(word)),
  ).map((s) => s.value);
}
