import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import type { Expert, ExpertListQuery } from '../../../common/expert.js';
import { centsToDecimal, isOnline } from '../../../common/expert-rules.js';
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
 * made of it), which made most of what the old generation collected under a varied search load.
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
  const { ids, next } = directory.page(query, { ...query, after, matching: count.total });
  const shown = new Map<number, Buffer>();
  const cachedJson = (now: number) => {
    for (const id of ids) {
      const cached = shown.get(id) ?? json.get(id, now);
      if (cached !== undefined) shown.set(id, cached);
    }
    return ids.filter((id) => !shown.has(id));
  };
  const missing = cachedJson(Date.now());
  if (missing.length || ids.length === 0) {
    const read = await readJson(missing);
    // Read with other requests' pages, which may have made some of these experts' JSON meanwhile.
    const made = cachedJson(read.now).flatMap((id) => {
      const text = read.json.get(id);
      return text === undefined ? [] : [{ id, text }];
    });
    // One buffer for the experts made together: they are cached together and expire together, where
    // small buffers each cut from Node's shared 8 KB slabs kept whole slabs alive for one expert.
    const batch = Buffer.from(made.map((expert) => expert.text).join(''));
    let offset = 0;
    for (const { id, text } of made) {
      const bytes = batch.subarray(offset, (offset += Buffer.byteLength(text)));
      json.set(id, bytes, read.now);
      shown.set(id, bytes);
    }
  }
  // An expert changed between the directory's answer and the read (suspended, say) is left out.
  const body = jsonArray(ids.flatMap((id) => shown.get(id) ?? []));
  return { body, nextCursor: next ? encodeCursor(order, next) : null };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of JSON values given as bytes, made as bytes: no string of the whole page on the heap. */
function jsonArray(items: Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  for (const item of items) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(item);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
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
