// A seeded random mix of expert-directory queries, as visitors ask them: free text of one to four words
// (prefixes, misspellings), specialty, location, the directories' filters, every sort, and pages deep into
// the results (past page 40 now and then). The same seed gives the same mix.
import { demoExperts } from '../src/server/seed/demo-experts.js';
import { EXPERT_PAGE_SIZE, EXPERT_SORTS } from '../src/common/experts-listing.js';
import { SPECIALTIES, SPECIALTY_VALUES } from '../src/common/specialties.js';
import { SYNTHETIC_FIRST_NAMES, SYNTHETIC_LAST_NAMES } from './generate-experts.js';
import { seededRandom } from './seeded-random.js';

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
const unique = <T>(list: T[]) => [...new Set(list)];

const CITIES = unique(demoExperts.map((e) => e.city));
const STATES = unique(demoExperts.map((e) => e.state));
const ZIPS = unique(demoExperts.map((e) => e.zipCode));
const TEXT_WORDS = unique([
  ...CITIES.flatMap(words),
  ...SPECIALTIES.flatMap((s) => words(s.label)),
  ...demoExperts.flatMap((e) => words(e.certifications)),
  ...[...SYNTHETIC_FIRST_NAMES, ...SYNTHETIC_LAST_NAMES].map((n) => n.toLowerCase()),
  'diesel', 'outboard', 'gelcoat', 'autopilot', 'radar', 'watermaker', 'zzzz', 'qx',
]);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The word with one typing slip: a letter dropped, doubled, swapped with the next or replaced. */
function misspelled(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const slip = Math.floor(random() * 4);
  if (slip === 0) return word.slice(0, at) + word.slice(at + 1);
  if (slip === 1) return word.slice(0, at) + word[at] + word.slice(at);
  if (slip === 2) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return word.slice(0, at) + LETTERS[Math.floor(random() * LETTERS.length)] + word.slice(at + 1);
}

/** A query string of GET /api/experts (without the leading '?'). */
export function expertQueryMix(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;

  // One to four words; visitors type prefixes while the search debounces, and some words are misspelled.
  const typedWord = () => {
    const word = pick(TEXT_WORDS);
    if (chance(0.15) && word.length > 3) return misspelled(word, random);
    return chance(0.3) && word.length > 4 ? word.slice(0, 3 + Math.floor(random() * (word.length - 3))) : word;
  };
  const freeText = () => {
    const count = pick([1, 1, 1, 1, 2, 2, 3, 4]);
    return Array.from({ length: count }, typedWord).join(' ');
  };
  const place = () => {
    const city = pick(CITIES);
    return pick([city, `${city}, ${pick(STATES)}`, pick(STATES), pick(ZIPS), city.split(' ')[0]!.slice(0, 4)]);
  };
  // Most stay on the first pages; some go far, past page 40 (offset and cursor cost differently there).
  const page = () =>
    chance(0.6) ? 0 : chance(0.7) ? 1 + Math.floor(random() * 4) : chance(0.6) ? 5 + Math.floor(random() * 40) : 45 + Math.floor(random() * 160);

  return (): string => {
    const params = new URLSearchParams();
    if (chance(0.3)) params.set('q', freeText());
    if (chance(0.35)) params.set('specialty', pick(SPECIALTY_VALUES));
    if (chance(0.25)) params.set('location', place());
    if (chance(0.4)) params.set('serviceType', pick(['video', 'onsite']));
    if (chance(0.3)) params.set('available', chance(0.85) ? 'true' : 'false');
    if (chance(0.3)) params.set('minRating', pick(['3', '3.5', '4', '4.5', '4.8']));
    params.set('sort', pick(EXPERT_SORTS));
    params.set('limit', String(EXPERT_PAGE_SIZE));
    const offset = page() * EXPERT_PAGE_SIZE;
    if (offset) params.set('offset', String(offset));
    return params.toString();
  };
}
