import { SPECIALTIES } from '@common/specialties';
import { EXPERT_SORTS } from '@common/experts-listing';
import { sortsFor } from '@common/experts-searches';
import { Button } from '../../components/ui/button';
import { FilterSelect } from '../../components/ui/filter-select';
import { FilterTextInput } from '../../components/ui/filter-text-input';
import { ALL_SPECIALTIES, sortOptions } from './filter-options';

const SPECIALTY_OPTIONS = [ALL_SPECIALTIES, ...SPECIALTIES];

export interface ListingFilterValues {
  specialty: string;
  location: string;
  sort: string;
}

/**
 * The /experts Filters panel: Specialty, Location and Sort By, fields of the page's GET form named as the
 * address names them. Once the app runs a change applies at once; before, 'Apply filters' sends the form.
 */
export function ListingFilters({
  values,
  resets,
  onChange,
}: {
  /** The filters, with the sort the listing is in (nearest first by default near a ZIP code). */
  values: ListingFilterValues;
  resets: number;
  onChange: (key: keyof ListingFilterValues, value: string) => void;
}) {
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:p-5">
      <FilterSelect
        id="filter-specialty"
        name="specialty"
        label="Specialty"
        value={values.specialty}
        options={SPECIALTY_OPTIONS}
        onChange={(value) => onChange('specialty', value)}
      />
      <FilterTextInput
        id="filter-location"
        name="location"
        label="Location"
        placeholder="City, state or ZIP"
        value={values.location}
        resets={resets}
        onChange={(value) => onChange('location', value)}
      />
      <FilterSelect
        id="filter-sort"
        name="sort"
        label="Sort By"
        value={values.sort}
        options={sortOptions(sortsFor(EXPERT_SORTS, values.location))}
        onChange={(value) => onChange('sort', value)}
      />
      <Button type="submit" variant="secondary" size="sm" className="justify-self-end sm:col-span-3">
        Apply filters
      </Button>
    </div>
  );
}
