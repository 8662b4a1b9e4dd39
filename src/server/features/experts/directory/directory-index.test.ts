// The directory changed expert by expert (as notifications arrive) must answer what a directory built
// afresh from the same experts answers: every order kept sorted, every word index kept exact.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expertListQuerySchema } from '../../../../common/experts.js';
import { EXPERT_SORTS } from '../../../../common/experts-listing.js';
import { SPECIALTY_VALUES } from '../../../../common/specialties.js';
import { DirectoryIndex, type DirectoryExpert } from './directory-index.js';

const NAMES = ['ana', 'åsa', "o'brien", 'jean-luc', 'li', 'zoë', 'ed', '𝒜da'];
const PLACES = ['st. petersburg fl 33701', 'annapolis md 21401', "coeur d'alene id 83814", 'ft. myers fl 33901-1234'];

const expertArbitrary = (id: number) =>
  fc.record({
    name: fc.constantFrom(...NAMES),
    place: fc.constantFrom(...PLACES),
    specialty: fc.constantFrom(...SPECIALTY_VALUES),
    rating: fc.constantFrom(350, 400, 490, 500),
    reviewCount: fc.constantFrom(0, 10, 50),
    experience: fc.constantFrom(1, 5, 20),
    videoRateCents: fc.constantFrom(4500, 6000),
    onsiteRateCents: fc.constantFrom(9000, 12000),
    serviceTypes: fc.constantFrom(['video', 'onsite'], ['video'], ['onsite']),
    available: fc.boolean(),
  }).map(({ name, place, ...rest }): DirectoryExpert => ({
    ...rest,
    id,
    nameKey: `${name} ${id}`,
    locationText: place,
    certificationsKey: 'abyc',
    zipCode: '',
    serviceRadius: 0,
  }));

type Change = { kind: 'upsert'; expert: DirectoryExpert } | { kind: 'remove'; id: number };

const changesArbitrary = fc.array(
  fc.integer({ min: 1, max: 40 }).chain((id) =>
    fc.oneof(
      expertArbitrary(id).map((expert): Change => ({ kind: 'upsert', expert })),
      fc.constant<Change>({ kind: 'remove', id }),
    ),
  ),
  { minLength: 1, maxLength: 60 },
);

const QUERIES = [
  {},
  { q: 'ana' },
  { q: "o'b" },
  { q: 'åsa fl' },
  { q: 'sails' },
  { location: 'fl' },
  { location: 'st. pete' },
  { serviceType: 'video' },
  { serviceType: 'onsite', available: 'true' },
  { minRating: '4.9' },
  { specialty: 'engines' },
].flatMap((filters) => EXPERT_SORTS.map((sort) => expertListQuerySchema.parse({ ...filters, sort, limit: 7 })));

function answers(directory: DirectoryIndex) {
  return QUERIES.map((query) => {
    const ids: number[] = [];
    let after: (string | number)[] | undefined;
    for (;;) {
      const page = directory.page(query, { ...query, after });
      ids.push(...page.ids);
      if (!page.next) break;
      after = page.next;
    }
    return { ids, count: directory.count(query), second: directory.page(query, { ...query, offset: 7 }).ids };
  });
}

describe('DirectoryIndex kept up to date', () => {
  it('answers after each change what a directory built afresh answers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }).chain((ids) => fc.tuple(fc.tuple(...[...new Set(ids)].map(expertArbitrary)), changesArbitrary)), ([initial, changes]) => {
        const current = new Map(initial.map((e) => [e.id, e]));
        for (const sparseShare of [0, 1]) {
          const directory = DirectoryIndex.build(initial, { sparseShare });
          answers(directory); // every order made, so that changes must keep them sorted
          const state = new Map(current);
          for (const change of changes) {
            if (change.kind === 'upsert') {
              directory.upsert(change.expert);
              state.set(change.expert.id, change.expert);
            } else {
              directory.remove(change.id);
              state.delete(change.id);
            }
          }
          expect(directory.size).toBe(state.size);
          expect(answers(directory)).toEqual(answers(DirectoryIndex.build(state.values(), { sparseShare })));
        }
      }),
      { numRuns: 60, seed: 5 },
    );
  });

  it('orders names by code point, as the "C" collation does, beyond U+FFFF too', () => {
    const expert = (id: number, nameKey: string): DirectoryExpert => ({
      id, nameKey, rating: 400, reviewCount: 0, experience: 1, videoRateCents: 1, onsiteRateCents: 1,
      specialty: 'engines', serviceTypes: ['video'], available: true, locationText: '', certificationsKey: '', zipCode: '', serviceRadius: 0,
    });
    const directory = DirectoryIndex.build([expert(1, '\uffee'), expert(2, '𝒜'), expert(3, 'z'), expert(4, 'é')]);
    const query = expertListQuerySchema.parse({ sort: 'name' });
    expect(directory.page(query, query).ids).toEqual([3, 4, 1, 2]);
  });
});

describe('DirectoryIndex.explain', () => {
  const [rare, common] = SPECIALTY_VALUES;
  const experts = Array.from({ length: 2000 }, (_, i): DirectoryExpert => ({
    id: i + 1, nameKey: `expert ${i + 1}`, rating: 300 + (i % 200), reviewCount: i % 7, experience: i % 30,
    videoRateCents: 4000 + i, onsiteRateCents: 9000 + i, specialty: i % 100 === 0 ? rare! : common!,
    serviceTypes: i % 2 ? ['video'] : ['video', 'onsite'], available: i % 3 !== 0,
    locationText: i % 4 ? 'annapolis md' : 'miami fl', certificationsKey: '', zipCode: '', serviceRadius: 0,
  }));
  const directory = DirectoryIndex.build(experts);
  const explain = (filters: Record<string, string>) => {
    const query = expertListQuerySchema.parse({ limit: 24, ...filters });
    return directory.explain(query, { ...query, matching: directory.count(query).total });
  };

  it('walks the order for the first page of a broad search', () => {
    expect(explain({ sort: 'rating' })).toBe('live (2,000): counted; the page read by walking the rating order, skipping 0, each expert tested against the filters');
  });

  it('intersects the filters\' sets, named with their sizes, for a rare specialty deep in the order', () => {
    expect(explain({ specialty: rare!, serviceType: 'onsite', sort: 'price-low', offset: '5' })).toBe(
      `live, onsite (1,000) ∩ specialty ${rare} (20): counted, then the page read from the matches marked at their price-low/onsite rank, skipping 5`,
    );
  });

  it('says when nothing can match', () => {
    expect(explain({ q: 'zzzzqqq' })).toBe('nothing matches: a word or specialty no expert has');
    expect(explain({ location: 'fl', minRating: '5' })).toBe('nothing matches: the count is 0');
  });
});
