import type { ExpertListQuery } from './experts.js';
import { EXPERT_SORTS, type ExpertSort } from './experts-listing.js';

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
function sortParam(value: string, allowed: readonly ExpertSort[], fallback: ExpertSort): ExpertSort {
  return (allowed as readonly string[]).includes(value) ? (value as ExpertSort) : fallback;
}

interface Directory<K extends string> {
  /** Each filter's value when the address does not name it. */
  defaults: Readonly<Record<K, string>>;
  search(values: Record<K, string>): ExpertSearch;
}

/** /experts: every approved expert, by free text, specialty and location. */
export const EXPERTS_DIRECTORY: Directory<'q' | 'specialty' | 'location' | 'sort'> = {
  defaults: { q: '', specialty: '', location: '', sort: 'rating' },
  search: (values) => ({
    q: values.q || undefined,
    specialty: values.specialty || undefined,
    location: values.location || undefined,
    sort: sortParam(values.sort, EXPERT_SORTS, 'rating'),
  }),
};

export const ONSITE_SORTS: readonly ExpertSort[] = ['rating', 'price-low', 'price-high', 'experience'];

/** /onsite-request: experts who visit the boat and are taking bookings now. */
export const ONSITE_DIRECTORY: Directory<'specialty' | 'location' | 'minRating' | 'sort'> = {
  defaults: { specialty: '', location: '', minRating: '', sort: 'rating' },
  search: (values) => ({
    serviceType: 'onsite',
    available: true,
    specialty: values.specialty || undefined,
    location: values.location || undefined,
    minRating: numberParam(values.minRating),
    sort: sortParam(values.sort, ONSITE_SORTS, 'rating'),
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
