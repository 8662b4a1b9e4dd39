// The listing's directory (its word index, its kept orders, cursors, the capped count) must answer exactly
// what a plain query on the database answers: the same experts in the same order, page after page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { experts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expertListQuerySchema } from '../../../common/experts.js';
import { EXPERT_COUNT_CAP, EXPERT_SORTS, type ExpertSort } from '../../../common/experts-listing.js';
import { SPECIALTY_VALUES } from '../../../common/specialties.js';
import { searchWords, specialtiesMatching, wordPattern } from './search-terms.js';
import { DirectoryIndex } from './directory/directory-index.js';
import { readApprovedExperts } from './directory/expert-directory.js';

const NAMES = ["O'Brien", 'Jean-Luc', 'José', 'Ana', 'Floyd', 'St. Pete_r', 'Mc Cormick', 'Åsa', 'Li', 'Ng', 'Ed 3rd', 'Kai2000'];
const PLACES = [
  { city: 'St. Petersburg', state: 'FL', zipCode: '33701' },
  { city: 'Fort Lauderdale', state: 'FL', zipCode: '33301' },
  { city: "Coeur d'Alene", state: 'ID', zipCode: '83814' },
  { city: 'Port_Town', state: 'WA', zipCode: '98368' },
  { city: 'Annapolis', state: 'MD', zipCode: '21401' },
  { city: 'Ft. Myers', state: 'FL', zipCode: '33901-1234' },
];
const CERTIFICATIONS = ['ABYC/NMEA', 'NMEA 2000 v2.0', 'Mercury-Marine Master', 'Yamaha (YTA)', 'e-mail: tech@boats.example', ''];
// Few distinct values, so that sorts meet many ties and the id decides.
const RATINGS = ['3.50', '4.00', '4.50', '4.90', '5.00'];

const COUNT = 260;
let t: TestApp;
let vocabulary: string[] = [];
let approved: Awaited<ReturnType<typeof readApprovedExperts>> = [];

beforeAll(async () => {
  t = await createTestApp();
  const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { numRuns: COUNT * 20, seed: 11 });
  let i = 0;
  const pick = <T>(list: readonly T[]) => list[random[i++]! % list.length]!;
  const rows = Array.from({ length: COUNT }, (_, n) => {
    const place = pick(PLACES);
    return {
      name: `${pick(NAMES)} ${pick(NAMES)}${n % 7 === 0 ? '' : ` ${n}`}`,
      specialty: pick(SPECIALTY_VALUES),
      rating: pick(RATINGS),
      reviewCount: pick([0, 10, 10, 50]),
      ...place,
      certifications: pick(CERTIFICATIONS),
      experience: pick([1, 5, 5, 20]),
      serviceRadius: 25,
      videoRateCents: pick([4500, 6000, 6000, 9000]),
      onsiteRateCents: pick([9000, 12000, 12000]),
      serviceTypes: pick([['video', 'onsite'], ['video'], ['onsite']]),
      available: pick([true, true, false]),
      status: pick(['approved', 'approved', 'approved', 'pending', 'suspended'] as const),
    };
  });
  await t.database.db.insert(experts).values(rows);
  // Written behind the app's back: tell it, as features do after their changes.
  t.app.expertListings.clear();
  approved = await readApprovedExperts(t.database.db);
  const words = rows.flatMap((r) => `${r.name} ${r.city} ${r.state} ${r.zipCode} ${r.certifications}`.toLowerCase().split(/\s+/));
  vocabulary = [...new Set(words.flatMap((w) => [w, w.slice(0, 2), w.slice(0, 3), w.slice(1, 4)]).filter(Boolean))];
});
afterAll(() => t.close());

interface Filters {
  q?: string;
  specialty?: string;
  location?: string;
  serviceType?: 'video' | 'onsite';
  available?: boolean;
  minRating?: number;
  sort: ExpertSort;
}

/** The plain query: every filter as the rules say it, no index-only tricks, the whole ordered list. */
async function reference(filters: Filters): Promise<number[]> {
  const conditions: SQL[] = [sql`status = 'approved'`];
  if (filters.specialty) conditions.push(sql`specialty = ${filters.specialty}`);
  if (filters.serviceType) conditions.push(sql`${filters.serviceType} = any(service_types)`);
  if (filters.available !== undefined) conditions.push(sql`available = ${filters.available}`);
  if (filters.minRating !== undefined) conditions.push(sql`rating >= ${filters.minRating}`);
  for (const word of searchWords(filters.q)) {
    const labels = specialtiesMatching(word);
    conditions.push(
      labels.length
        ? sql`(search_text ~ ${wordPattern(word)} or specialty in (${sql.join(labels.map((l) => sql`${l}`), sql`, `)}))`
        : sql`search_text ~ ${wordPattern(word)}`,
    );
  }
  for (const word of searchWords(filters.location)) conditions.push(sql`location_text ~ ${wordPattern(word)}`);
  const price = filters.serviceType === 'video' ? 'video_rate_cents' : 'onsite_rate_cents';
  const order = {
    rating: 'rating desc, review_count desc, id',
    experience: 'experience desc, rating desc, review_count desc, id',
    'price-low': `${price} asc, rating desc, review_count desc, id`,
    'price-high': `${price} desc, rating desc, review_count desc, id`,
    name: 'lower(name) collate "C", id',
  }[filters.sort];
  const rows = await t.database.db
    .select({ id: experts.id })
    .from(experts)
    .where(sql.join(conditions, sql` and `))
    .orderBy(sql.raw(order));
  return rows.map((r) => r.id);
}

function queryString(filters: Filters, extra: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

async function page(filters: Filters, extra: Record<string, string | number>) {
  const response = await t.app.inject({ method: 'GET', url: `/api/experts?${queryString(filters, extra)}` });
  expect(response.statusCode, response.body).toBe(200);
  return {
    ids: (response.json() as { id: number }[]).map((e) => e.id),
    total: Number(response.headers['x-total-count']),
    capped: response.headers['x-total-count-capped'] === 'true',
    nextCursor: response.headers['x-next-cursor'] as string | undefined,
  };
}

/** Every page from the first, following X-Next-Cursor, as 'Load more' does. */
async function walk(filters: Filters, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages <= COUNT; pages++) {
    const next = await page(filters, { limit, ...(cursor ? { cursor } : {}) });
    ids.push(...next.ids);
    if (!next.nextCursor) return ids;
    expect(next.ids).toHaveLength(limit);
    cursor = next.nextCursor;
  }
  throw new Error('cursor paging did not end');
}

const filtersArbitrary = () =>
  fc.record(
    {
      q: fc.oneof(
        fc.constantFrom(...vocabulary),
        fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(...vocabulary)).map(([a, b]) => `${a} ${b}`),
        fc.constantFrom('sails', 'en', 'systems', "o'b", 'jean-l', 'st.', '_', 'é', 'ft. my', '100%', 'abyc/nmea'),
      ),
      specialty: fc.constantFrom(...SPECIALTY_VALUES),
      location: fc.constantFrom('FL', 'fl', 'st', 'st. pete', 'coeur', "d'alene", 'port_town', '339', '33901-1', 'md, annapolis', 'wa'),
      serviceType: fc.constantFrom('video' as const, 'onsite' as const),
      available: fc.boolean(),
      minRating: fc.constantFrom(3, 4, 4.5, 4.9, 5),
      sort: fc.constantFrom(...EXPERT_SORTS),
    },
    { requiredKeys: ['sort'] },
  );

describe('the listing answers what the plain query answers', () => {
  it('every sort, for all experts and for each service type, page by page with cursors and offsets', async () => {
    for (const sort of EXPERT_SORTS) {
      for (const serviceType of [undefined, 'video', 'onsite'] as const) {
        const filters: Filters = { sort, serviceType };
        const expected = await reference(filters);
        expect(expected.length).toBeGreaterThan(30);
        expect(await walk(filters, 24)).toEqual(expected);
        const second = await page(filters, { limit: 24, offset: 24 });
        expect(second.ids).toEqual(expected.slice(24, 48));
        expect(second.total).toBe(expected.length);
      }
    }
  });

  it('random filter combinations: same experts, same order, same count', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), fc.constantFrom(5, 9, 24), fc.nat(60), async (filters, limit, offset) => {
        const expected = await reference(filters);
        expect(await walk(filters, limit)).toEqual(expected);
        const byOffset = await page(filters, { limit, offset });
        expect(byOffset.ids).toEqual(expected.slice(offset, offset + limit));
        expect(byOffset.total).toBe(expected.length);
        expect(byOffset.capped).toBe(false);
        // Both ways the directory finds a page: candidates sorted by rank, and the order walked; and the
        // way it chooses, given the count, as the listing does.
        const query = expertListQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString(filters, { limit, offset }))));
        for (const sparseShare of [0, 1]) {
          const directory = DirectoryIndex.build(approved, { sparseShare });
          expect(directory.page(query, query).ids).toEqual(expected.slice(offset, offset + limit));
          expect(directory.count(query).total).toBe(expected.length);
          for (const matching of [1, expected.length, 1_000_000]) {
            expect(directory.page(query, { ...query, matching }).ids).toEqual(expected.slice(offset, offset + limit));
          }
        }
      }),
      { numRuns: 120, seed: 23 },
    );
  });

  it('counts up to the cap and says so beyond it', async () => {
    const extra = EXPERT_COUNT_CAP + 5 - (await reference({ sort: 'rating' })).length;
    const filler = Array.from({ length: extra }, (_, n) => ({
      name: `Filler ${n}`, specialty: 'hull', rating: '3.00', city: 'Annapolis', state: 'MD', zipCode: '21401',
      experience: 1, serviceRadius: 10, videoRateCents: 5000, onsiteRateCents: 9000, serviceTypes: ['video'], status: 'approved' as const,
    }));
    await t.database.db.insert(experts).values(filler);
    t.app.expertListings.clear();
    const all = await page({ sort: 'rating' }, {});
    expect(all.total).toBe(EXPERT_COUNT_CAP);
    expect(all.capped).toBe(true);
    const narrow = await page({ sort: 'rating', specialty: 'engines' }, {});
    expect(narrow.total).toBe((await reference({ sort: 'rating', specialty: 'engines' })).length);
    expect(narrow.capped).toBe(false);
  });
});

describe('cursors', () => {
  it('refuses a cursor of another sort, a forged one and one beside an offset, with 400', async () => {
    const first = await page({ sort: 'rating' }, { limit: 5 });
    expect(first.nextCursor).toBeTruthy();
    const forged = Buffer.from(JSON.stringify(['rating', "1'; drop table experts; --", 1, 1])).toString('base64url');
    for (const query of [
      `sort=name&cursor=${first.nextCursor}`,
      `sort=price-low&serviceType=video&cursor=${Buffer.from(JSON.stringify(['price-low/onsite', 9000, '4.00', 1, 1])).toString('base64url')}`,
      `cursor=${forged}`,
      'cursor=%FF%FE',
      'cursor=bm90IGpzb24',
      `cursor=${first.nextCursor}&offset=5`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/experts?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/cursor/);
    }
  });
});
