import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import type { Expert, ExpertListQuery } from '../../../common/experts.js';
import { centsToDecimal, isOnline } from '../../../common/experts-rules.js';
import { distanceMiles } from '../../../common/travel-area.js';
import type { ServiceType } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { batchedLoader } from '../../core/batched-loader.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { ListingCount, ListingPage } from './listing-cache.js';
import type { ExpertJsonCache } from './expert-json-cache.js';
import type { DirectoryIndex } from './directory/directory-index.js';
import { orderOf } from './directory/sort-orders.js';
import { expertJsonSql } from './expert-json-sql.js';

/** The columns an Expert is made of: not the generated search columns, which only the directory reads. */
const { searchText: _text, locationText: _place, ...columns } = getTableColumns(experts);
export const expertColumns = columns;

type ExpertRow = Omit<typeof experts.$inferSelect, 'searchText' | 'locationText'>;

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

/**
 * Approved experts' listing JSON by id (see expertJsonSql), as of the read: one prepared statement, built
 * once, and one read for the pages of every request in a turn of the event loop (see batchedLoader).
 * Asked for no ids, it still asks the database: an empty page is a 503 while the database is unreachable,
 * as every other answer is.
 */
export function expertJsonReader(db: Database) {
  const query = db
    .select({ id: experts.id, json: expertJsonSql(sql`${sql.placeholder('now')}::timestamptz`) })
    .from(experts)
    .where(and(sql`${experts.id} = any(${sql.placeholder('ids')}::int[])`, eq(experts.status, 'approved')))
    .prepare('listing_page_experts');
  return batchedLoader(async (ids: number[]) => {
    const now = new Date();
    const rows = await query.execute({ ids, now: now.toISOString() });
    return { now: now.getTime(), json: new Map(rows.map((row) => [row.id, row.json])) };
  });
}

export type ExpertJsonReader = ReturnType<typeof expertJsonReader>;

/**
 * A page ready to send, as the listing cache keeps it: the directory picks the experts and their order;
 * their JSON comes from the last few seconds' pages (`json`) or from the database, read by id.
 * The page is bytes, as the cached experts are: pages live in the cache for seconds, and long enough to
 * be copied into V8's old generation as strings (two copies, the page and the flat string compression
 * makes of it), whose collections are the stalls behind the slowest answers.
 */
export async function loadListingPage(
  readJson: ExpertJsonReader,
  directory: DirectoryIndex,
  query: ExpertListQuery,
  count: ListingCount,
  json: ExpertJsonCache,
): Promise<ListingPage> {
  const order = orderOf(query);
  const after = query.cursor ? decodeCursor(query.cursor, order) : undefined;
  const { ids, next, miles } = directory.page(query, { ...query, after, matching: count.total });
  const nextCursor = next ? encodeCursor(order, next) : null;
  const asked = Date.now();
  const cached = ids.map((id) => json.get(id, asked));
  const missing = ids.filter((_, i) => cached[i] === undefined);
  const withDistance = (item: Buffer | string, i: number) => (miles ? withField(item, 'distanceMiles', distanceMiles(miles[i]!)) : item);
  if (missing.length === 0 && ids.length > 0) return { body: jsonArray((cached as Buffer[]).map(withDistance)), nextCursor };
  // The cache may expire or overwrite what it answered while this page waits for the database: copied.
  const kept = cached.map((bytes) => bytes && Buffer.from(bytes));
  const read = await readJson(missing);
  // An expert changed between the directory's answer and the read (suspended, say) is left out.
  const body = jsonArray(ids.flatMap((id, i) => {
    const item = kept[i] ?? read.json.get(id);
    return item === undefined ? [] : [withDistance(item, i)];
  }));
  for (const id of missing) {
    const text = read.json.get(id);
    if (text !== undefined && json.get(id, read.now) === undefined) json.set(id, text, read.now);
  }
  return { body, nextCursor };
}

/** A JSON object's text with one more field at its end (the listing's distance, which depends on the query). */
function withField(object: Buffer | string, name: string, value: number | null): Buffer {
  const bytes = typeof object === 'string' ? Buffer.from(object) : object;
  return Buffer.concat([bytes.subarray(0, bytes.length - 1), Buffer.from(`,${JSON.stringify(name)}:${JSON.stringify(value)}}`)]);
}

/** A JSON array of JSON values, made as bytes: no string of the whole page on the heap. */
function jsonArray(items: (Buffer | string)[]): Buffer {
  const lengths = items.map((item) => (typeof item === 'string' ? Buffer.byteLength(item) : item.length));
  const body = Buffer.allocUnsafe(lengths.reduce((sum, length) => sum + length, 0) + Math.max(items.length - 1, 0) + 2);
  let at = body.write('[');
  items.forEach((item, i) => {
    if (i > 0) at += body.write(',', at);
    at += typeof item === 'string' ? body.write(item, at) : item.copy(body, at);
  });
  body.write(']', at);
  return body;
}

export const EXPERT_NOT_FOUND = 'Expert not found';

/** An expert id as an address writes it: digits, within the column's range. */
const EXPERT_ID = /^\d{1,9}$/;

/** The expert id of an address; a malformed one is a 404, as an unknown expert is. */
export function expertIdOf(rawId: string): number {
  if (!EXPERT_ID.test(rawId)) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  return Number(rawId);
}

/** One approved expert; null for anything else (unknown, malformed, pending, suspended) alike. */
export async function findExpert(db: Database, rawId: string): Promise<Expert | null> {
  if (!EXPERT_ID.test(rawId)) return null;
  const [row] = await db
    .select(expertColumns)
    .from(experts)
    .where(and(eq(experts.id, Number(rawId)), eq(experts.status, 'approved')));
  return row ? toExpert(row) : null;
}

/** One approved expert; anything else (unknown, malformed, pending, suspended) is 404 alike. */
export async function getExpert(db: Database, rawId: string): Promise<Expert> {
  const expert = await findExpert(db, rawId);
  if (!expert) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  return expert;
}
