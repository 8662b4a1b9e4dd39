import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import type { Expert, ExpertListQuery } from '../../../common/expert.js';
import { centsToDecimal, isOnline } from '../../../common/expert-rules.js';
import type { ServiceType } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { searchWords, specialtiesMatching, wordPattern } from './search-terms.js';
import type { CachedListing } from './listing-cache.js';

type ExpertRow = typeof experts.$inferSelect;

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
    return specialties.length ? or(inText, inArray(experts.specialty, specialties))! : inText;
  });
}

/** The WHERE clause of a listing: approved experts only, then each filter given. */
export function listConditions(query: ExpertListQuery): SQL {
  const conditions: SQL[] = [eq(experts.status, 'approved')];
  if (query.specialty) conditions.push(eq(experts.specialty, query.specialty));
  if (query.serviceType) conditions.push(sql`${query.serviceType} = any(${experts.serviceTypes})`);
  if (query.available !== undefined) conditions.push(eq(experts.available, query.available));
  if (query.minRating !== undefined) conditions.push(gte(experts.rating, query.minRating.toFixed(2)));
  conditions.push(...wordConditions(experts.searchText, searchWords(query.q), true));
  conditions.push(...wordConditions(experts.locationText, searchWords(query.location), false));
  return and(...conditions)!;
}

/** ORDER BY for a sort; price sorts use the video rate for video listings, else the onsite rate. */
export function listOrder(query: Pick<ExpertListQuery, 'sort' | 'serviceType'>): SQL[] {
  const price = query.serviceType === 'video' ? experts.videoRateCents : experts.onsiteRateCents;
  const byRating = [desc(experts.rating), desc(experts.reviewCount)];
  switch (query.sort) {
    case 'experience':
      return [desc(experts.experience), ...byRating, asc(experts.id)];
    case 'price-low':
      return [asc(price), ...byRating, asc(experts.id)];
    case 'price-high':
      return [desc(price), ...byRating, asc(experts.id)];
    case 'name':
      return [asc(sql`lower(${experts.name})`), asc(experts.id)];
    case 'rating':
      return [...byRating, asc(experts.id)];
  }
}

export async function listExperts(db: Database, query: ExpertListQuery): Promise<{ experts: Expert[]; total: number }> {
  const rows = await db
    .select({ expert: experts, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(experts)
    .where(listConditions(query))
    .orderBy(...listOrder(query))
    .limit(query.limit)
    .offset(query.offset);
  const now = new Date();
  // Past the last page no row carries the window count; count separately only then.
  const total = rows[0]?.total ?? (query.offset > 0 ? await countExperts(db, query) : 0);
  return { experts: rows.map((r) => toExpert(r.expert, now)), total };
}

/** A listing ready to send: the JSON text of the page and the total (what the listing cache keeps). */
export async function loadListing(db: Database, query: ExpertListQuery): Promise<CachedListing> {
  const { experts, total } = await listExperts(db, query);
  return { body: JSON.stringify(experts), total };
}

async function countExperts(db: Database, query: ExpertListQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(experts)
    .where(listConditions(query));
  return row?.total ?? 0;
}

const EXPERT_NOT_FOUND = 'Expert not found';

/** One approved expert; anything else (unknown, malformed, pending, suspended) is 404 alike. */
export async function getExpert(db: Database, rawId: string): Promise<Expert> {
  if (!/^\d{1,9}$/.test(rawId)) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(experts)
    .where(and(eq(experts.id, Number(rawId)), eq(experts.status, 'approved')));
  if (!row) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  return toExpert(row);
}
