import { and, eq, getTableColumns, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { EXPERT_COUNT_CAP, type Expert, type ExpertFilters, type ExpertListQuery } from '../../../common/expert.js';
import { centsToDecimal, isOnline } from '../../../common/expert-rules.js';
import type { ServiceType } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { candidateTerm, searchWords, specialtiesMatching, wordPattern } from './search-terms.js';
import { after, orderBy, orderName, sortKeys } from './sort-keys.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { ListingPage } from './listing-cache.js';

/**
 * The columns an Expert is made of: not the generated search columns, which only WHERE reads (the
 * search_words tsvector alone is wider than the rest of the row, and costly to send as text).
 */
const { searchText: _text, locationText: _place, searchWords: _words, ...columns } = getTableColumns(experts);
export const expertColumns = columns;

type ExpertRow = Omit<typeof experts.$inferSelect, 'searchText' | 'locationText' | 'searchWords'>;

export function toExpert(row: ExpertRow, now = new Date()): Expert {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialty,
    profileImage: row.profileImage,
    bio: row.bio,
    rating: Number(row.rating).toFixed(2),
    reviewCount: row.reviewCount,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    certifications: row.certifications,
    experience: row.experience,
    serviceRadius: row.serviceRadius,
    videoRate: centsToDecimal(row.videoRateCents),
    onsiteRate: centsToDecimal(row.onsiteRateCents),
    onsiteMinimumHours: row.onsiteMinimumHours,
    serviceTypes: row.serviceTypes.filter((t): t is ServiceType => t === 'video' || t === 'onsite'),
    available: row.available,
    timeZone: row.timeZone,
    online: isOnline(row.lastSeenAt, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every word must be found: in the searched text, or (for q) as a word of the specialty's label. */
function wordConditions(column: typeof experts.searchText | typeof experts.locationText, words: string[], withSpecialties: boolean): SQL[] {
  return words.map((word) => {
    const inText = sql`${column} ~ ${wordPattern(word)}`;
    const specialties = withSpecialties ? specialtiesMatching(word) : [];
    const condition = specialties.length ? or(inText, inArray(experts.specialty, specialties))! : inText;
    // Wrapped so that the planner does not apply its default guess for a regex (a fraction of a percent):
    // the search_words candidates already tell it how many rows match, and with both it would think a
    // broad search rare and walk a sort index over most of the table to fill one page.
    return sql`coalesce(${condition}, false)`;
  });
}

/** The WHERE clause of a listing: approved experts only, then each filter given. */
export function listConditions(query: ExpertFilters): SQL {
  const conditions: SQL[] = [eq(experts.status, 'approved')];
  if (query.specialty) conditions.push(eq(experts.specialty, query.specialty));
  if (query.serviceType) conditions.push(sql`${query.serviceType} = any(${experts.serviceTypes})`);
  if (query.available !== undefined) conditions.push(eq(experts.available, query.available));
  if (query.minRating !== undefined) conditions.push(gte(experts.rating, query.minRating.toFixed(2)));
  const textWords = searchWords(query.q);
  const placeWords = searchWords(query.location);
  const candidates = [
    ...textWords.map((word) => candidateTerm(word, true)),
    ...placeWords.map((word) => candidateTerm(word, false)),
  ].filter((term) => term !== null);
  // The index narrows to candidates at once; the regexes then keep exactly the experts they always did.
  if (candidates.length) conditions.push(sql`${experts.searchWords} @@ to_tsquery('simple', ${candidates.join(' & ')})`);
  conditions.push(...wordConditions(experts.searchText, textWords, true));
  conditions.push(...wordConditions(experts.locationText, placeWords, false));
  return and(...conditions)!;
}

export interface ExpertPage {
  experts: Expert[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of a listing in its sort's order, by offset or after a cursor. It reads one row past the page
 * to know whether another page follows, and no count: counting is `countExperts`, once per filter set.
 */
export async function listExperts(db: Database, query: ExpertListQuery, matches?: ExpertCount): Promise<ExpertPage> {
  const keys = sortKeys(query);
  const order = orderName(query);
  const where = query.cursor
    ? and(listConditions(query), after(keys, decodeCursor(query.cursor, order, keys)))
    : listConditions(query);
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, k.expression]));
  const rows = await db
    .select({ expert: expertColumns, ...keyColumns })
    .from(experts)
    .where(where)
    // Fewer matches than the count's cap: sorting them all is cheap, and safer than the planner's guess.
    .orderBy(...orderBy(keys, { byIndex: !matches || matches.capped }))
    .limit(query.limit + 1)
    .offset(query.offset);
  const now = new Date();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1) as Record<string, unknown> | undefined;
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(order, keys.map((_, i) => last[`k${i}`] as string | number))
      : null;
  return { experts: page.map((r) => toExpert(r.expert, now)), nextCursor };
}

/** A page ready to send, as the listing cache keeps it: the experts' JSON text and the next cursor. */
export async function loadListingPage(db: Database, query: ExpertListQuery, matches: ExpertCount): Promise<ListingPage> {
  const { experts, nextCursor } = await listExperts(db, query, matches);
  return { body: JSON.stringify(experts), nextCursor };
}

export interface ExpertCount {
  total: number;
  /** The count stopped at EXPERT_COUNT_CAP: there are at least `total` matches. */
  capped: boolean;
}

/** How many experts match the filters, counted up to EXPERT_COUNT_CAP (a bounded cost at any size). */
export async function countExperts(db: Database, filters: ExpertFilters): Promise<ExpertCount> {
  const matches = db
    .select({ one: sql`1` })
    .from(experts)
    .where(listConditions(filters))
    .limit(EXPERT_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(matches);
  const total = row?.total ?? 0;
  return { total: Math.min(total, EXPERT_COUNT_CAP), capped: total > EXPERT_COUNT_CAP };
}

const EXPERT_NOT_FOUND = 'Expert not found';

/** One approved expert; anything else (unknown, malformed, pending, suspended) is 404 alike. */
export async function getExpert(db: Database, rawId: string): Promise<Expert> {
  if (!/^\d{1,9}$/.test(rawId)) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  const [row] = await db
    .select(expertColumns)
    .from(experts)
    .where(and(eq(experts.id, Number(rawId)), eq(experts.status, 'approved')));
  if (!row) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  return toExpert(row);
}
