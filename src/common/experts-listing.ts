// The expert listing's sorts and page sizes, without zod: the directory pages import these, and the schemas in
// expert.ts would otherwise pull zod into every directory page on a phone.
export const EXPERT_SORTS = ['rating', 'experience', 'price-low', 'price-high', 'name'] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];
/**
 * The orders a listing takes: the sorts above, and nearest first, for a listing whose location is a ZIP code
 * (docs/PRODUCT.md#expert-listing).
 */
export const LISTING_SORTS = [...EXPERT_SORTS, 'distance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const EXPERT_PAGE_SIZE = 24;
export const EXPERT_MAX_PAGE_SIZE = 100;
/**
 * Listings count matches up to this many; a larger count is reported as this number with
 * `X-Total-Count-Capped: true`, and screens say '1,000+ experts found'. Counting every match of a broad
 * search over a large directory costs more than the page itself, and nobody pages through 1,000 experts.
 * The server also plans by it: fewer matches are read and sorted; more are read in the sort's index order,
 * where a page of 24 is found within some 2,400 rows when at least one expert in a hundred matches.
 */
export const EXPERT_COUNT_CAP = 1_000;
