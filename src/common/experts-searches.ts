import type { ExpertListQuery } from './experts.js';
import { EXPERT_SORTS, type ListingSort } from './experts-listing.js';
import { zip5 } from './travel-area.js';

/*
 * The listing each directory page shows, from the filters it keeps in its address. The page asks for it
 * (through the filters' state), and the server preloads its first page from the page's HTML
 * (page-requests.ts): both read the address here, so they ask for the same thing.
 */

/** What a directory asks the listing for; paging is added by the caller. */
export type ExpertSearch = Partial<Omit<ExpertListQuery, 'limit' | 'offset' | 'cursor'>>;

/** A URL value as a number for the API, or undefined when empty or not a number. */
export function numberParam(value: string): number | undefined {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A URL value as a sort the API knows, else the given default. */
function sortParam(value: string, allowed: readonly ListingSort[], fallback: ListingSort): ListingSort {
  return (allowed as readonly string[]).includes(value) ? (value as ListingSort) : fallback;
}

/**
 * The sorts a directory offers for a location: nearest first, and by default, once the location is a ZIP
 * code (docs/PRODUCT.md#expert-listing); its own sorts otherwise.
 */
export function sortsFor(sorts: readonly ListingSort[], location: string): readonly ListingSort[] {
  return zip5(location) ? ['distance', ...sorts] : sorts;
}

/** The sort a directory lists in when the address names none (or one it does not offer). */
export const defaultSort = (location: string): ListingSort => (zip5(location) ? 'distance' : 'rating');

const sortOf = (values: { sort: string; location: string }, sorts: readonly ListingSort[]) =>
  sortParam(values.sort, sortsFor(sorts, values.location), defaultSort(values.location));

interface Directory<K extends string> {
  /** Each filter's value when the address does not name it. */
  defaults: Readonly<Record<K, string>>;
  search(values: Record<K, string>): ExpertSearch;
}

/** /experts: every approved expert, by free text, specialty and location. */
export const EXPERTS_DIRECTORY: Directory<'q' | 'specialty' | 'location' | 'sort'> = {
  defaults: { q: '', specialty: '', location: '', sort: '' },
  search: (values) => ({
    q: values.q || undefined,
    specialty: values.specialty || undefined,
    location: values.location || undefined,
    sort: sortOf(values, EXPERT_SORTS),
  }),
};

export const ONSITE_SORTS: readonly ListingSort[] = ['rating', 'price-low', 'price-high', 'experience'];

/** /onsite-request: experts who visit the boat and are taking bookings now. */
export const ONSITE_DIRECTORY: Directory<'specialty' | 'location' | 'minRating' | 'sort'> = {
  defaults: { specialty: '', location: '', minRating: '', sort: '' },
  search: (values) => ({
    serviceType: 'onsite',
    available: true,
    specialty: values.specialty || undefined,
    location: values.location || undefined,
    minRating: numberParam(values.minRating),
    sort: sortOf(values, ONSITE_SORTS),
  }),
};

/** /video-consultation: video experts; price sorts use each expert's video rate. */
export const VIDEO_DIRECTORY: Directory<'q' | 'specialty' | 'available' | 'minRating' | 'sort'> = {
  defaults: { q: '', specialty: '', available: '', minRating: '', sort: 'rating' },
  search: (values) => ({
    serviceType: 'video',
    q: values.q || undefined,
    specialty: values.specialty || undefined,
    available: values.available === 'true' || undefined,
    minRating: numberParam(values.minRating),
    sort: sortParam(values.sort, EXPERT_SORTS, 'rating'),
  }),
};

/** A directory's search for the filters in this query string. */
export function searchFromAddress<K extends string>(directory: Directory<K>, search: URLSearchParams): ExpertSearch {
  const keys = Object.keys(directory.defaults) as K[];
  return directory.search(Object.fromEntries(keys.map((key) => [key, search.get(key) ?? directory.defaults[key]])) as Record<K, string>);
}
