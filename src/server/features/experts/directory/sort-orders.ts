import { z } from 'zod';
import type { ExpertListQuery } from '../../../../common/experts.js';

/** The values an expert is sorted by. */
export interface SortFields {
  id: number;
  /** The rating in hundredths (4.90 is 490), as numeric(3,2) holds it. */
  rating: number;
  reviewCount: number;
  experience: number;
  videoRateCents: number;
  onsiteRateCents: number;
  /** lower(name), as the database lower-cases it. */
  nameKey: string;
}

export type SortField = keyof SortFields;
/** A distance order's first key: miles from the listing's ZIP code, measured per query (see DISTANCE_ORDER). */
export type KeyField = SortField | 'miles';

type KeyValue = string | number;

/** One key of an order: the field, its direction, and how its value travels in a cursor. */
export interface OrderKey<F extends KeyField = SortField> {
  field: F;
  descending: boolean;
  /** A cursor's value, checked before use: a forged cursor is a 400. */
  cursorValue: z.ZodType<KeyValue>;
  /** The cursor's form of a value (ratings travel as '4.90', as the API shows them). */
  toCursor(value: KeyValue): KeyValue;
  fromCursor(value: KeyValue): KeyValue;
}

const whole = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const same = (value: KeyValue) => value;
const numberKey = (field: Exclude<SortField, 'nameKey'>, descending: boolean): OrderKey => ({
  field,
  descending,
  cursorValue: whole,
  toCursor: same,
  fromCursor: same,
});

const rating: OrderKey = {
  field: 'rating',
  descending: true,
  cursorValue: z.string().regex(/^\d{1,3}\.\d{2}$/),
  toCursor: (value) => ((value as number) / 100).toFixed(2),
  fromCursor: (value) => Math.round(Number(value) * 100),
};
const byRating = [rating, numberKey('reviewCount', true)];
const byId = numberKey('id', false);
const name: OrderKey = {
  field: 'nameKey',
  descending: false,
  cursorValue: z.string().max(1_000),
  toCursor: same,
  fromCursor: same,
};

/**
 * The orders the directory keeps sorted, each ending with the id so that it is total (pages never repeat
 * or skip an expert). Price orders use the video rate for video listings and the onsite rate otherwise.
 */
export const KEPT_ORDERS = {
  rating: [...byRating, byId],
  experience: [numberKey('experience', true), ...byRating, byId],
  'price-low/video': [numberKey('videoRateCents', false), ...byRating, byId],
  'price-high/video': [numberKey('videoRateCents', true), ...byRating, byId],
  'price-low/onsite': [numberKey('onsiteRateCents', false), ...byRating, byId],
  'price-high/onsite': [numberKey('onsiteRateCents', true), ...byRating, byId],
  name: [name, byId],
} satisfies Record<string, OrderKey[]>;

export type KeptOrderName = keyof typeof KEPT_ORDERS;
export const KEPT_ORDER_NAMES = Object.keys(KEPT_ORDERS) as KeptOrderName[];

/** Miles of an expert whose ZIP code the centroid table does not know: after every real distance. */
export const UNKNOWN_MILES = 99_999;

const miles: OrderKey<'miles'> = {
  field: 'miles',
  descending: false,
  cursorValue: z.number().min(0).max(UNKNOWN_MILES),
  toCursor: same,
  fromCursor: same,
};

/**
 * Nearest first, from the ZIP code a listing names as its location: depends on that place, so it is sorted
 * per query among the matches (few: the experts who travel there) rather than kept.
 */
export const DISTANCE_ORDER: OrderKey<KeyField>[] = [miles, ...byRating, byId];

/** Every order a listing can be in, as cursors name them. */
export const ORDERS: Record<KeptOrderName | 'distance', OrderKey<KeyField>[]> = { ...KEPT_ORDERS, distance: DISTANCE_ORDER };
export type OrderName = keyof typeof ORDERS;

/** The order a query is listed in (its name is also what a cursor is bound to). */
export function orderOf(query: Pick<ExpertListQuery, 'sort' | 'serviceType'>): OrderName {
  if (query.sort === 'price-low' || query.sort === 'price-high') {
    return `${query.sort}/${query.serviceType === 'video' ? 'video' : 'onsite'}`;
  }
  return query.sort;
}

/**
 * Text in code point order, as PostgreSQL's "C" collation orders UTF-8 bytes. JavaScript's `<` compares
 * UTF-16 units, which puts characters beyond U+FFFF (surrogate pairs) before U+E000..U+FFFF; shifting
 * the units around the surrogate range restores code point order.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** Negative when `a` comes first; for one key's values. */
export function compareValues(key: OrderKey<KeyField>, a: KeyValue, b: KeyValue): number {
  const difference = typeof a === 'string' ? compareText(a, b as string) : a - (b as number);
  return key.descending ? -difference : difference;
}
