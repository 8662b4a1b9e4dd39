import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { experts } from '../../db/schema.js';
import type { ExpertListQuery } from '../../../common/expert.js';

/** One column of a listing's order, with how its value travels in a cursor. */
export interface SortKey {
  expression: AnyColumn | SQL;
  descending: boolean;
  /** A cursor's value for this key, checked before it reaches SQL: a forged cursor is a 400, never a cast error. */
  value: z.ZodType<string | number>;
  /** The same order, in a form no index serves (see `orderBy`). */
  unindexed: SQL;
}

const whole = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const key = (expression: AnyColumn | SQL, descending: boolean, value: z.ZodType<string | number> = whole, isText = false): SortKey => ({
  expression,
  descending,
  value,
  unindexed: isText ? sql`(${expression} || '')` : sql`(${expression} + 0)`,
});

const byRating = [key(experts.rating, true, z.string().regex(/^\d{1,3}\.\d{2}$/)), key(experts.reviewCount, true)];
const byId = key(experts.id, false);

/**
 * The keys of each sort, ending with the id so that the order is total (pages never repeat or skip an
 * expert). Price sorts use the video rate for video listings, else the onsite rate. Every sort has a
 * partial index in this exact order (see schema.ts), which is what keeps deep pages and cursors cheap.
 */
export function sortKeys(query: Pick<ExpertListQuery, 'sort' | 'serviceType'>): SortKey[] {
  const price = query.serviceType === 'video' ? experts.videoRateCents : experts.onsiteRateCents;
  switch (query.sort) {
    case 'experience':
      return [key(experts.experience, true), ...byRating, byId];
    case 'price-low':
      return [key(price, false), ...byRating, byId];
    case 'price-high':
      return [key(price, true), ...byRating, byId];
    case 'name':
      return [key(sql`lower(${experts.name})`, false, z.string().max(1_000), true), byId];
    case 'rating':
      return [...byRating, byId];
  }
}

/** What a cursor is bound to: the same sort over the same price column. */
export function orderName(query: Pick<ExpertListQuery, 'sort' | 'serviceType'>): string {
  const pricedBy = query.sort.startsWith('price') ? (query.serviceType === 'video' ? '/video' : '/onsite') : '';
  return `${query.sort}${pricedBy}`;
}

/**
 * ORDER BY for the keys. `byIndex: false` writes the first key so that no index can serve the order: the
 * planner then reads the matches by their most selective condition and sorts them, which is what a small
 * match set needs. Left to choose, it may walk a sort index past most of the table looking for a few
 * matches its statistics think are common (a text search and a specialty that rarely meet).
 */
export function orderBy(keys: SortKey[], { byIndex = true } = {}): SQL[] {
  return keys.map((k, i) => {
    const expression = i === 0 && !byIndex ? k.unindexed : k.expression;
    return k.descending ? desc(expression) : asc(expression);
  });
}

const beyond = (k: SortKey, value: string | number) => (k.descending ? sql`${k.expression} < ${value}` : sql`${k.expression} > ${value}`);

/**
 * Rows strictly after `values` in the order of `keys` (keyset paging). The keys mix directions, so this is
 * the expanded form: the first key beyond, or equal and the second beyond, and so on. The leading bound
 * (first key at or beyond) repeats the first branch's column alone so that the index scan starts there.
 */
export function after(keys: SortKey[], values: (string | number)[]): SQL {
  const branches = keys.map((k, i) => {
    const equalBefore = keys.slice(0, i).map((prior, j) => sql`${prior.expression} = ${values[j]}`);
    return sql.join([...equalBefore, beyond(k, values[i]!)], sql` and `);
  });
  const first = keys[0]!;
  const leading = first.descending ? sql`${first.expression} <= ${values[0]}` : sql`${first.expression} >= ${values[0]}`;
  return sql`(${leading} and (${sql.join(branches.map((b) => sql`(${b})`), sql` or `)}))`;
}
