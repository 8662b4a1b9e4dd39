import { EXPERT_COUNT_CAP } from '../../../../common/experts-listing.js';
import type { SlotOrder } from './slot-order.js';
import { SlotSet } from './slot-set.js';

/**
 * What the two ways to a page cost, in steps of a walk of the order (each testing one expert against every
 * filter): intersecting the filters' sets costs a word per set where the smallest has experts, marking a
 * match at its position, and reading back a word of 32 positions. Measured over 3,000 queries of the
 * search mix at 100,000 experts.
 */
const WALK_STEP_COST = 4;
const SET_WORD_COST = 1;
const MARK_COST = 1;
const POSITION_WORD_COST = 1;

/** Where a page starts in an order, and how many matches it takes. */
export interface PageSpan {
  order: SlotOrder;
  /** The position the page starts from (after a cursor), and how many matches to skip (an offset). */
  from: number;
  skip: number;
  /** The page and one more, to tell whether another follows. */
  wanted: number;
}

export interface PageCosts {
  intersect: number;
  walk: number;
  /**
   * The most steps a walk may take before the page is read by intersecting instead. The walk's estimate
   * assumes matches spread evenly through the order; they are not when the order follows a filter (the
   * name order and a search for a first name), and a walk that finds its matches late then costs at most
   * twice what intersecting would.
   */
  walkLimit: number;
}

/**
 * What finding a page costs by intersecting the filters' sets (the matches marked at their rank, then the
 * marks read in order) and by walking the order until enough match, which, with the matches spread evenly,
 * takes `rest * needed / matching` steps. A query planner's choice, made per page: the first page of a
 * broad search is a few steps into the order, a deep page of a narrow one is not.
 * Without a count (`matching`), the share of the directory the smallest set holds decides: `sparseShare`.
 */
export function pageCosts(
  directory: { size: number; sparseShare: number },
  candidates: SlotSet,
  sets: number,
  rest: number,
  needed: number,
  matching: number | undefined,
): PageCosts {
  // A capped count says only 'at least': the smallest set bounds it from above.
  const matches = matching === undefined || matching >= EXPERT_COUNT_CAP ? Math.max(matching ?? 0, candidates.size) : matching;
  const words = rest / 32;
  const intersect = Math.min(candidates.size, words) * sets * SET_WORD_COST + matches * MARK_COST + words * POSITION_WORD_COST;
  const walkLimit = Math.ceil((2 * intersect) / WALK_STEP_COST);
  if (matching === undefined) return { intersect, walk: candidates.size <= directory.size * directory.sparseShare ? Infinity : 0, walkLimit };
  const walk = Math.min(rest, (needed * directory.size) / Math.max(matches, 1)) * WALK_STEP_COST;
  return { intersect, walk, walkLimit };
}

/**
 * The page's matches found by intersecting the filters' sets where the smallest has experts (cheaper than
 * testing each candidate), each marked at its position in the order (`rank`), then the marks read in
 * ascending order: the page without sorting the matches (a bit per expert, read a word of 32 at a time).
 */
export function readByRank({ order, from, wanted, skip }: PageSpan, rank: Int32Array, sets: SlotSet[]): number[] {
  const found: number[] = [];
  const positions = new SlotSet(order.length);
  SlotSet.scanCommon(sets, (slot) => positions.add(rank[slot]!));
  positions.scan((position) => {
    if (skip > 0) skip--;
    else found.push(order.at(position));
    return found.length >= wanted;
  }, from);
  return found;
}

/** The page's matches found by walking the order, testing each expert; null past `limit` steps. */
export function walkOrder({ order, from, wanted, skip }: PageSpan, matches: (slot: number) => boolean, limit: number): number[] | null {
  const found: number[] = [];
  const end = Math.min(order.length, from + limit);
  let i = from;
  for (; i < end && found.length < wanted; i++) {
    const slot = order.at(i);
    if (!matches(slot)) continue;
    if (skip > 0) skip--;
    else found.push(slot);
  }
  return found.length < wanted && i < order.length ? null : found;
}
