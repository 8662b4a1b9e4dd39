import { SPECIALTIES } from '@common/specialties';
import { EXPERT_SORTS } from '@common/experts-listing';
import { FilterSelect } from '../../components/ui/filter-select';
import { FilterTextInput } from '../../components/ui/filter-text-input';
import { ALL_SPECIALTIES, sortOptions } from './filter-options';

const SPECIALTY_OPTIONS = [ALL_SPECIALTIES, ...SPECIALTIES];
const SORT_OPTIONS = sortOptions(EXPERT_SORTS);

export interface ListingFilterValues {
  specialty: string;
  location: string;
  sort: string;
}

/** The /experts Filters panel: Specialty, Location and Sort By. */
export function ListingFilters({
  id,
  hidden,
  values,
  resets,
  onChange,
}: {
  id: string;
  hidden: boolean;
  values: ListingFilterValues;
  resets: number;
  onChange: (key: keyof ListingFilterValues, value: string) => void;
}) {
  return (
    <div id={id} hidden={hidden} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:p-5">
      <FilterSelect
        id="filter-specialty"
        label="Specialty"
        value={values.specialty}
        options={SPECIALTY_OPTIONS}
        onChange={(value) => onChange('specialty', value)}
      />
      <FilterTextInput
        id="filter-location"
        label="Location"
        placeholder="City, state or ZIP"
        value={values.location}
        resets={resets}
        onChange={(value) => onChange('location', value)}
      />
      <FilterSelect
        id="filter-sort"
        label="Sort By"
        value={values.sort}
        options={SORT_OPTIONS}
        onChange={(value) => onChange('sort', value)}
      />
    </div>
  );
}
