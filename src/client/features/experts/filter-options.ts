import type { ListingSort } from '@common/experts-listing';
import { numberParam } from '@common/experts-searches';
import type { FilterOption } from '../../components/ui/filter-select';

const SORT_LABELS: Record<ListingSort, string> = {
  rating: 'Highest Rated',
  experience: 'Most Experience',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  name: 'Name A-Z',
  distance: 'Nearest First',
};

export function sortOptions(sorts: readonly ListingSort[]): FilterOption[] {
  return sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));
}

export const ALL_SPECIALTIES: FilterOption = { value: '', label: 'All Specialties' };

/** Any, 4.5+, 4.0+, 3.5+ (docs/PRODUCT.md#expert-directories). */
export const MIN_RATING_OPTIONS: FilterOption[] = [
  { value: '', label: 'Any rating' },
  { value: '4.5', label: '4.5+' },
  { value: '4.0', label: '4.0+' },
  { value: '3.5', label: '3.5+' },
];

/** The rating option a URL value stands for, so a hand-typed 'minRating=4' shows as '4.0+'. */
export function minRatingOption(value: string): string {
  const number = numberParam(value);
  return MIN_RATING_OPTIONS.find((o) => o.value !== '' && Number(o.value) === number)?.value ?? value;
}

