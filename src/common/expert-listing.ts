// The expert listing's sorts and page sizes, without zod: the directory pages import these, and the schemas in
// expert.ts would otherwise pull zod (about 90 KB of script) into every directory page on a phone.
export const EXPERT_SORTS = ['rating', 'experience', 'price-low', 'price-high', 'name'] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];

export const EXPERT_PAGE_SIZE = 24;
export const EXPERT_MAX_PAGE_SIZE = 100;
