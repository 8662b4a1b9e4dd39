import { type ExpertFilters, type ExpertListQuery } from '../../../../common/experts.js';
import { EXPERT_COUNT_CAP } from '../../../../common/experts-listing.js';
import { withinTravelArea, zip5 } from '../../../../common/travel-area.js';
import { haversineMiles } from '../../../geo/zip-centroids.js';
import { searchWords, specialtiesMatching } from '../search-terms.js';
import { AVAILABLE, ExpertColumns, LIVE, ONSITE, VIDEO, searchTextOf, type Centroid, type DirectoryExpert } from './expert-columns.js';
import { SlotOrder } from './slot-order.js';
import { SlotSet } from './slot-set.js';
import { TokenIndex } from './token-index.js';
import { pageCosts, readByRank, walkOrder, type PageSpan } from './page-reads.js';
import { textTokens, wordRule } from './word-match.js';
import {
  DISTANCE_ORDER,
  KEPT_ORDERS,
  KEPT_ORDER_NAMES,
  UNKNOWN_MILES,
  compareValues,
  orderOf,
  type KeptOrderName,
  type KeyField,
  type OrderKey,
} from './sort-orders.js';

export type { DirectoryExpert } from './expert-columns.js';

export interface DirectoryCount {
  total: number;
  /** More than EXPERT_COUNT_CAP match: there are at least `total`. */
  capped: boolean;
}

export interface DirectoryPage {
  ids: number[];
  /** The sort-key values of the page's last expert when another page follows, else null. */
  next: (string | number)[] | null;
  /**
   * Each expert's straight-line miles from the ZIP code the listing's location is (null for an expert whose
   * ZIP code is unknown); null when the location is not a known ZIP code.
   */
  miles: (number | null)[] | null;
}

/** The ZIP code a listing is near, and its centroid. */
interface NearPoint {
  zip: string;
  latitude: number;
  longitude: number;
}

type Paging = Pick<ExpertListQuery, 'sort' | 'serviceType' | 'limit' | 'offset'> & {
  /** The sort-key values a cursor stands for: the page starts after them. */
  after?: (string | number)[];
  /**
   * How many experts match the filters, when known (the count, capped or not): the page then reads
   * whichever costs less, the candidates or the order (see `readsCandidates`).
   */
  matching?: number;
};

interface Prepared {
  matches(slot: number): boolean;
  /** The smallest set every match is in, when a filter gives one (a search word, the specialty, the rating). */
  candidates: SlotSet | null;
  /** A set for each filter: the matches are the slots in all of them. */
  sets(): SlotSet[];
}

const NOTHING: Prepared = { matches: () => false, candidates: null, sets: () => [] };

interface PagePlan extends PageSpan {
  prepared: Prepared;
  name: KeptOrderName;
  keys: OrderKey[];
  /** The filters' sets to intersect; null to walk the order testing each expert with `matches`. */
  intersect: SlotSet[] | null;
  /** The filters' sets, and how far a walk may go before they are intersected instead (see PageCosts). */
  sets: SlotSet[];
  walkLimit: number;
}

export interface DirectoryOptions {
  /**
   * When the number of matches is not known (the server always passes it; tests and callers without a
   * count do not): candidates (the smallest filter's set) fewer than this share of the directory are
   * intersected and read at their rank; more are found by walking the order, where the first page is
   * reached after a few rows.
   */
  sparseShare: number;
  /**
   * ZIP centroids, for listings near a ZIP code (docs/PRODUCT.md#expert-listing). Without them a ZIP code is
   * only a word of the experts' location text, as the plain database query reads it.
   */
  centroid: Centroid;
}

const DEFAULT_OPTIONS: DirectoryOptions = { sparseShare: 1 / 8, centroid: () => null };

type Comparator = (a: number, b: number) => number;

/** Sets of slots kept (search words', specialties', ratings'): a bit per expert each. */
const RECENT_SETS = 256;

/**
 * The approved experts in memory, indexed for the listing: every word of their search and location texts,
 * and each order of the listing kept sorted. Answers exactly what the plain SQL query answers (see
 * listing-equivalence.api.test.ts): the same experts, in the same order, with the same capped count.
 */
export class DirectoryIndex {
  private readonly columns: ExpertColumns;
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  /** Slots ever used: every live slot is below it. */
  private slots = 0;
  private text = new TokenIndex();
  private place = new TokenIndex();
  /** Each order's slots, sorted. */
  private readonly orders = new Map<KeptOrderName, SlotOrder>();
  /** Each order's position of every slot, remade on use after the order changed. */
  private readonly ranks = new Map<KeptOrderName, Int32Array>();
  /** Comparators hold the column arrays, so they are remade when the columns grow. */
  private readonly comparators = new Map<KeptOrderName, Comparator>();
  private readonly options: DirectoryOptions;
  /**
   * Recent sets of slots: search words' (people type the same words, and a short prefix finds thousands),
   * specialties' and minimum ratings'. A filter's smallest set is read instead of every expert.
   */
  private readonly recentSets = new Map<string, SlotSet>();

  private constructor(options: Partial<DirectoryOptions>, capacity: number) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.columns = new ExpertColumns(capacity);
  }

  /** The index of these experts, read once (a generator is not held in memory as a whole). */
  static build(experts: Iterable<DirectoryExpert>, options: Partial<DirectoryOptions> = {}): DirectoryIndex {
    const builder = DirectoryIndex.builder(options);
    for (const expert of experts) builder.add(expert);
    return builder.finish();
  }

  /**
   * The index of experts read in batches: only a batch of rows is in memory at once besides the index
   * (one answer of every row would briefly take memory the process then keeps).
   */
  static async load(batches: AsyncIterable<readonly DirectoryExpert[]>, options: Partial<DirectoryOptions> = {}): Promise<DirectoryIndex> {
    const builder = DirectoryIndex.builder(options);
    for await (const batch of batches) for (const expert of batch) builder.add(expert);
    return builder.finish();
  }

  private static builder(options: Partial<DirectoryOptions>) {
    const index = new DirectoryIndex(options, 0);
    const text = TokenIndex.builder();
    const place = TokenIndex.builder();
    return {
      add(expert: DirectoryExpert): void {
        const slot = index.slots++;
        index.columns.grow(index.slots);
        index.columns.write(slot, expert, index.options.centroid);
        index.slotOf.set(expert.id, slot);
        text.add(slot, textTokens(searchTextOf(expert)));
        place.add(slot, textTokens(expert.locationText));
      },
      finish(): DirectoryIndex {
        index.text = text.finish();
        index.place = place.finish();
        const all = Int32Array.from({ length: index.slots }, (_, slot) => slot);
        for (const name of KEPT_ORDER_NAMES) index.orders.set(name, new SlotOrder(all.slice().sort(index.comparator(name))));
        return index;
      },
    };
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds the expert, or replaces what was known of them. */
  upsert(expert: DirectoryExpert): void {
    this.remove(expert.id);
    const slot = this.freeSlots.pop() ?? this.slots++;
    if (this.columns.grow(this.slots)) this.comparators.clear();
    this.columns.write(slot, expert, this.options.centroid);
    this.slotOf.set(expert.id, slot);
    this.text.add(slot, textTokens(searchTextOf(expert)));
    this.place.add(slot, textTokens(expert.locationText));
    for (const [name, order] of this.orders) {
      const compare = this.comparator(name);
      order.insert(search(order.length, (i) => compare(order.at(i), slot) <= 0), slot);
    }
    this.changed();
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const [name, order] of this.orders) {
      const compare = this.comparator(name);
      // The slot is in every order, and orders are total: it stands just before the first slot after it.
      order.removeAt(search(order.length, (i) => compare(order.at(i), slot) <= 0) - 1);
    }
    this.text.remove(slot, textTokens(this.columns.searchText(slot)));
    this.place.remove(slot, textTokens(this.columns.locationText[slot]!));
    this.columns.clear(slot);
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    this.changed();
  }

  private changed(): void {
    this.ranks.clear();
    this.recentSets.clear();
  }

  /**
   * How many experts match, counted up to EXPERT_COUNT_CAP: the filters' sets intersected 32 experts at a
   * time, far cheaper than testing each candidate in turn.
   */
  count(filters: ExpertFilters): DirectoryCount {
    const total = SlotSet.countCommon(this.prepare(filters).sets(), EXPERT_COUNT_CAP);
    return total > EXPERT_COUNT_CAP ? { total: EXPERT_COUNT_CAP, capped: true } : { total, capped: false };
  }

  /** One page of the matches in the query's order, after a cursor's position or from an offset. */
  page(filters: ExpertFilters, paging: Paging): DirectoryPage {
    const near = this.nearPoint(filters.location);
    const { slots, next } = orderOf(paging) === 'distance' ? this.pageByDistance(filters, paging, near) : this.pageInKeptOrder(filters, paging);
    return {
      ids: slots.map((slot) => this.columns.numbers.id[slot]!),
      next,
      miles: near && slots.map((slot) => this.milesFrom(near, slot)),
    };
  }

  private pageInKeptOrder(filters: ExpertFilters, paging: Paging): { slots: number[]; next: DirectoryPage['next'] } {
    const plan = this.plan(filters, paging);
    if (!plan) return { slots: [], next: null };
    const found =
      (plan.intersect ? null : walkOrder(plan, plan.prepared.matches, plan.walkLimit)) ?? readByRank(plan, this.rank(plan.name), plan.intersect ?? plan.sets);
    const page = found.slice(0, paging.limit);
    const last = page.at(-1);
    return { slots: page, next: found.length > paging.limit && last !== undefined ? plan.keys.map((k) => this.columns.value(last, k.field)) : null };
  }

  /**
   * Nearest first: every match measured and sorted. The matches of a listing near a ZIP code are the
   * experts there and those who travel there (see `prepare`), a few hundred at most, so no order is kept.
   */
  private pageByDistance(filters: ExpertFilters, paging: Paging, near: NearPoint | null): { slots: number[]; next: DirectoryPage['next'] } {
    const prepared = this.prepare(filters);
    if (prepared === NOTHING || paging.matching === 0) return { slots: [], next: null };
    const matches: number[] = [];
    SlotSet.scanCommon(prepared.sets(), (slot) => matches.push(slot));
    const miles = new Map(matches.map((slot) => [slot, (near && this.milesFrom(near, slot)) ?? UNKNOWN_MILES]));
    const value = (slot: number, field: KeyField) => (field === 'miles' ? miles.get(slot)! : this.columns.value(slot, field));
    const compare = (a: number, b: number) => {
      for (const key of DISTANCE_ORDER) {
        const difference = compareValues(key, value(a, key.field), value(b, key.field));
        if (difference !== 0) return difference;
      }
      return 0;
    };
    const { after } = paging;
    const afterCursor = (slot: number) => {
      for (let k = 0; k < DISTANCE_ORDER.length; k++) {
        const key = DISTANCE_ORDER[k]!;
        const difference = compareValues(key, value(slot, key.field), after![k]!);
        if (difference !== 0) return difference > 0;
      }
      return false;
    };
    const sorted = (after ? matches.filter(afterCursor) : matches).sort(compare);
    const found = sorted.slice(after ? 0 : paging.offset, (after ? 0 : paging.offset) + paging.limit + 1);
    const page = found.slice(0, paging.limit);
    const last = page.at(-1);
    return { slots: page, next: found.length > paging.limit && last !== undefined ? DISTANCE_ORDER.map((k) => value(last, k.field)) : null };
  }

  /** The ZIP code a listing's location is, with its centroid; null for any other location or an unknown ZIP. */
  private nearPoint(location: string | undefined): NearPoint | null {
    const zip = zip5(location);
    const centroid = zip ? this.options.centroid(zip) : null;
    return zip && centroid ? { zip, latitude: centroid[0], longitude: centroid[1] } : null;
  }

  /** Straight-line miles from the point to the expert's ZIP centroid; null when that is unknown. */
  private milesFrom(near: NearPoint, slot: number): number | null {
    const { latitude, longitude } = this.columns;
    return Number.isNaN(latitude[slot]!) ? null : haversineMiles(near.latitude, near.longitude, latitude[slot]!, longitude[slot]!);
  }

  /**
   * The experts a listing near a ZIP code finds: those whose own ZIP code it is (as the location text
   * matches it), and every onsite expert whose travel area reaches it (docs/PRODUCT.md#booking-rules).
   */
  private nearSlots(near: NearPoint): SlotSet {
    return this.recentSet(`near ${near.zip}`, () => {
      const slots = this.wordSlots(this.place, (slot) => this.columns.locationText[slot]!, near.zip);
      const { flags, radius } = this.columns;
      for (let slot = 0; slot < this.slots; slot++) {
        if ((flags[slot]! & (LIVE | ONSITE)) !== (LIVE | ONSITE)) continue;
        const miles = this.milesFrom(near, slot);
        if (miles !== null && withinTravelArea(miles, radius[slot]!)) slots.add(slot);
      }
      return slots;
    });
  }

  /**
   * How `count` and `page` answer this query, as a database's EXPLAIN says: which sets are intersected
   * (each with its size), or which order is walked from where. For the benchmark's slowest queries.
   */
  explain(filters: ExpertFilters, paging: Paging): string {
    if (orderOf(paging) === 'distance') return 'the matches counted, then measured from the ZIP code and sorted, nearest first';
    const plan = this.plan(filters, paging);
    if (!plan) return this.prepare(filters) === NOTHING ? 'nothing matches: a word or specialty no expert has' : 'nothing matches: the count is 0';
    const sets = plan.prepared.sets();
    const named = sets.map((set) => `${this.nameOf(set)} (${set.size.toLocaleString('en-US')})`).join(' ∩ ');
    const start = paging.after ? `after the cursor (position ${plan.from.toLocaleString('en-US')})` : `skipping ${plan.skip.toLocaleString('en-US')}`;
    return plan.intersect
      ? `${named}: counted, then the page read from the matches marked at their ${plan.name} rank, ${start}`
      : `${named}: counted; the page read by walking the ${plan.name} order, ${start}, each expert tested against the filters` +
          (Number.isFinite(plan.walkLimit) ? ` (by rank instead if ${plan.walkLimit.toLocaleString('en-US')} steps are not enough)` : '');
  }

  /** What `page` does for this query, or null when nothing can match. */
  private plan(filters: ExpertFilters, paging: Paging): PagePlan | null {
    const prepared = this.prepare(filters);
    // Nothing matches (a word no expert has, or a count of 0): no order to walk.
    if (prepared === NOTHING || paging.matching === 0) return null;
    const name = orderOf(paging);
    if (name === 'distance') throw new Error('A distance order is sorted per query (see pageByDistance), not planned');
    const keys = KEPT_ORDERS[name];
    const order = this.orders.get(name)!;
    const from = paging.after ? this.firstAfter(order, keys, paging.after) : 0;
    const skip = paging.after ? 0 : paging.offset;
    const wanted = paging.limit + 1;
    const { candidates } = prepared;
    const sets = candidates ? prepared.sets() : [];
    const costs = candidates && pageCosts(this.planning, candidates, sets.length, order.length - from, skip + wanted, paging.matching);
    const intersect = costs && costs.intersect < costs.walk ? sets : null;
    const walkLimit = costs ? costs.walkLimit : Infinity;
    return { prepared, name, keys, order, from, skip, wanted, intersect, walkLimit, sets };
  }

  /** The name a recent set is kept under ('specialty engines', 'q "yamaha"'). */
  private nameOf(set: SlotSet): string {
    for (const [name, kept] of this.recentSets) if (kept === set) return name;
    return 'a set';
  }

  /** What `pageCosts` needs of the directory. */
  private get planning() {
    return { size: this.size, sparseShare: this.options.sparseShare };
  }

  private comparator(name: KeptOrderName): Comparator {
    let compare = this.comparators.get(name);
    if (!compare) {
      compare = this.columns.comparator(KEPT_ORDERS[name]);
      this.comparators.set(name, compare);
    }
    return compare;
  }

  private rank(name: KeptOrderName): Int32Array {
    let rank = this.ranks.get(name);
    if (!rank) {
      const order = this.orders.get(name)!;
      rank = new Int32Array(this.slots);
      for (let i = 0; i < order.length; i++) rank[order.at(i)] = i;
      this.ranks.set(name, rank);
    }
    return rank;
  }

  /** The first position in sorted `slots` past the sort-key `values`. */
  private firstAfter(slots: SlotOrder, keys: OrderKey[], values: (string | number)[]): number {
    return search(slots.length, (i) => this.compareToValues(slots.at(i), keys, values) <= 0);
  }

  private compareToValues(slot: number, keys: OrderKey[], values: (string | number)[]): number {
    for (let k = 0; k < keys.length; k++) {
      const difference = compareValues(keys[k]!, this.columns.value(slot, keys[k]!.field), values[k]!);
      if (difference !== 0) return difference;
    }
    return 0;
  }

  /** The test of a match, and the smallest set of candidates every match is in, if a filter gives one. */
  private prepare(filters: ExpertFilters): Prepared {
    const { columns } = this;
    const words: { word: string; slots: SlotSet; specialties: Uint8Array }[] = [];
    const wordsOf = (tokens: TokenIndex, text: (slot: number) => string, list: string[], field: 'q' | 'location', labelsOf: (word: string) => readonly string[]) => {
      for (const word of list) {
        const slots = this.recentWordSlots(tokens, text, word, field);
        const specialties = new Uint8Array(columns.specialties.length);
        for (const value of labelsOf(word)) if (columns.codeOf(value) >= 0) specialties[columns.codeOf(value)] = 1;
        if (slots.size === 0 && !specialties.includes(1)) return false;
        words.push({ word, slots, specialties });
      }
      return true;
    };
    const textWords = searchWords(filters.q);
    // A location that is a known ZIP code finds the experts there and those who travel there (nearSlots).
    const near = this.nearPoint(filters.location);
    const placeWords = near ? [] : searchWords(filters.location);
    // A text word also finds the experts of the specialties whose labels it matches.
    const labels = new Map(textWords.map((word) => [word, specialtiesMatching(word)]));
    // A word no text has (a slip of the keyboard, often) answers nothing before any other word's set is made.
    if (textWords.some((word) => !mayMatch(this.text, word) && labels.get(word)!.length === 0)) return NOTHING;
    if (placeWords.some((word) => !mayMatch(this.place, word))) return NOTHING;
    if (!wordsOf(this.text, (slot) => columns.searchText(slot), textWords, 'q', (word) => labels.get(word)!)) return NOTHING;
    if (!wordsOf(this.place, (slot) => columns.locationText[slot]!, placeWords, 'location', () => [])) return NOTHING;

    let mask = LIVE;
    let value = LIVE;
    if (filters.serviceType) {
      const bit = filters.serviceType === 'video' ? VIDEO : ONSITE;
      mask |= bit;
      value |= bit;
    }
    if (filters.available !== undefined) {
      mask |= AVAILABLE;
      if (filters.available) value |= AVAILABLE;
    }
    const specialty = filters.specialty === undefined ? -1 : columns.codeOf(filters.specialty);
    if (filters.specialty !== undefined && specialty < 0) return NOTHING;
    // The database compares numeric(3,2) with minRating written to two decimals.
    const minimum = filters.minRating === undefined ? -1 : Math.round(Number(filters.minRating.toFixed(2)) * 100);

    const { flags, specialty: specialties } = columns;
    const ratings = columns.numbers.rating;
    // Every set each match must be in: the search words' (a word that also matches specialty labels
    // finds more than its set), the specialty's, and the experts rated high enough.
    const sets = words.filter((w) => !w.specialties.includes(1)).map((w) => w.slots);
    if (specialty >= 0) sets.push(this.specialtySlots(specialty));
    if (minimum > 0) sets.push(this.ratedSlots(minimum));
    const nearby = near && this.nearSlots(near);
    if (nearby) sets.push(nearby);
    const smallest = sets.reduce<SlotSet | null>((least, set) => (least && least.size <= set.size ? least : set), null);
    return {
      candidates: smallest,
      matches: (slot) => {
        if ((flags[slot]! & mask) !== value) return false;
        if (specialty >= 0 && specialties[slot] !== specialty) return false;
        if (ratings[slot]! < minimum) return false;
        if (nearby && !nearby.has(slot)) return false;
        for (const word of words) if (!word.slots.has(slot) && word.specialties[specialties[slot]!] !== 1) return false;
        return true;
      },
      sets: () => [
        this.flagSlots(mask, value),
        ...sets,
        // A word that matches specialty labels finds its experts and those of the specialties.
        ...words
          .filter((w) => w.specialties.includes(1))
          .map((w) =>
            this.recentSet(`q "${w.word}" or its specialties`, () =>
              w.specialties.reduce((found, on, code) => (on ? found.union(this.specialtySlots(code)) : found), w.slots),
            ),
          ),
      ],
    };
  }

  /** The slots whose flags (LIVE, the service types, AVAILABLE) under `mask` are `value`. */
  private flagSlots(mask: number, value: number): SlotSet {
    return this.recentSet(flagsName(mask, value), () => {
      const slots = new SlotSet(this.slots);
      const flags = this.columns.flags;
      for (let slot = 0; slot < this.slots; slot++) if ((flags[slot]! & mask) === value) slots.add(slot);
      return slots;
    });
  }

  /** The slots of one specialty's experts, kept until the directory changes. */
  private specialtySlots(code: number): SlotSet {
    return this.recentSet(`specialty ${this.columns.specialties[code]}`, () => {
      const slots = new SlotSet(this.slots);
      const specialties = this.columns.specialty;
      const flags = this.columns.flags;
      for (let slot = 0; slot < this.slots; slot++) if (specialties[slot] === code && flags[slot]! & LIVE) slots.add(slot);
      return slots;
    });
  }

  /** The slots of the experts rated at least `minimum` (hundredths): the head of the rating order. */
  private ratedSlots(minimum: number): SlotSet {
    return this.recentSet(`rating >= ${(minimum / 100).toFixed(2)}`, () => {
      const slots = new SlotSet(this.slots);
      const order = this.orders.get('rating')!;
      const ratings = this.columns.numbers.rating;
      for (let i = 0; i < order.length && ratings[order.at(i)]! >= minimum; i++) slots.add(order.at(i));
      return slots;
    });
  }

  private recentWordSlots(tokens: TokenIndex, texts: (slot: number) => string, word: string, field: string): SlotSet {
    return this.recentSet(`${field} "${word}"`, () => this.wordSlots(tokens, texts, word));
  }

  /** A set of slots kept among the recent ones until the directory changes, made on first use. */
  private recentSet(key: string, make: () => SlotSet): SlotSet {
    let slots = this.recentSets.get(key);
    if (slots) {
      // Most recently used last: the oldest is the first in the map's order.
      this.recentSets.delete(key);
    } else {
      slots = make();
      if (this.recentSets.size >= RECENT_SETS) this.recentSets.delete(this.recentSets.keys().next().value!);
    }
    this.recentSets.set(key, slots);
    return slots;
  }

  /** The slots whose text a search word matches. */
  private wordSlots(tokens: TokenIndex, texts: (slot: number) => string, word: string): SlotSet {
    const slots = new SlotSet(this.slots);
    const rule = wordRule(word);
    if (rule.kind === 'prefix') tokens.addWithPrefix(rule.token, slots);
    else if (rule.kind === 'equal') tokens.addWith(rule.token, slots);
    else if (rule.kind === 'verify') tokens.forEachWith(rule.token, (slot) => rule.pattern.test(texts(slot)) && slots.add(slot));
    return slots;
  }
}

/** Whether some text of `tokens` may match the search word (a `verify` word is then checked on the text). */
function mayMatch(tokens: TokenIndex, word: string): boolean {
  const rule = wordRule(word);
  if (rule.kind === 'none') return false;
  return rule.kind === 'prefix' ? tokens.hasPrefix(rule.token) : tokens.has(rule.token);
}

/** The name of the set of slots whose flags under `mask` are `value`: 'live, onsite, available'. */
function flagsName(mask: number, value: number): string {
  const available = mask & AVAILABLE ? (value & AVAILABLE ? ', available' : ', not available') : '';
  return `live${mask & VIDEO ? ', video' : ''}${mask & ONSITE ? ', onsite' : ''}${available}`;
}

/** The first i in [0, length) for which `before(i)` is false (`before` holds for a prefix). */
function search(length: number, before: (i: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
