import { MapPin } from 'lucide-react';
import { SPECIALTIES } from '@common/specialties';
import { ONSITE_DIRECTORY, ONSITE_SORTS, defaultSort, sortsFor } from '@common/experts-searches';
import { zip5 } from '@common/travel-area';
import { PageContainer, PageHeader } from '../app/page-header';
import { DirectoryFilters, ExpertResults, ALL_SPECIALTIES, MIN_RATING_OPTIONS, minRatingOption, sortOptions, NoOneInReach, OnsiteExpertCard, ResultsBar, formatTotal, resultsTotal, useInfiniteExperts } from '../features/experts';
import { FilterSelect } from '../components/ui/filter-select';
import { FilterTextInput } from '../components/ui/filter-text-input';
import { useSearchParamsState } from '../lib/use-search-params-state';

const DEFAULTS = ONSITE_DIRECTORY.defaults;
const SPECIALTY_OPTIONS = [ALL_SPECIALTIES, ...SPECIALTIES];

/** The onsite expert directory: experts who visit the boat and are taking bookings now. */
export default function OnsiteRequestPage() {
  const { values, setValue, clear, clears, filtered } = useSearchParamsState(DEFAULTS);
  const search = ONSITE_DIRECTORY.search(values);
  const query = useInfiniteExperts(search);
  const total = resultsTotal(query.data);
  const zip = zip5(values.location);

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Onsite Marine Service Experts"
        subtitle="Certified technicians who come to your boat at the marina, dock or trailer. Every expert listed here is taking bookings now."
      />
      <DirectoryFilters>
        <FilterSelect
          id="onsite-specialty"
          label="Service Type"
          value={values.specialty}
          options={SPECIALTY_OPTIONS}
          onChange={(value) => setValue('specialty', value)}
        />
        <FilterTextInput
          id="onsite-location"
          label="Location"
          icon={MapPin}
          placeholder="City, state or ZIP"
          value={values.location}
          resets={clears}
          onChange={(value) => setValue('location', value)}
        />
        <FilterSelect
          id="onsite-min-rating"
          label="Minimum Rating"
          value={minRatingOption(values.minRating)}
          options={MIN_RATING_OPTIONS}
          onChange={(value) => setValue('minRating', value)}
        />
        <FilterSelect
          id="onsite-sort"
          label="Sort By"
          value={search.sort ?? 'rating'}
          options={sortOptions(sortsFor(ONSITE_SORTS, values.location))}
          // The sort the location lists in anyway is not kept in the address (nor counted as a filter).
          onChange={(value) => setValue('sort', value === defaultSort(values.location) ? '' : value)}
        />
      </DirectoryFilters>
      <ResultsBar
        summary={total === null ? null : `${formatTotal(total)} expert(s) available for onsite service`}
        clearLabel="Clear Filters"
        filtered={filtered}
        onClear={clear}
      />
      <ExpertResults
        query={query}
        renderCard={(expert) => <OnsiteExpertCard expert={expert} />}
        emptyHint="Try adjusting your filters to see more results."
        empty={zip ? <NoOneInReach zip={zip} specialty={values.specialty} /> : undefined}
      />
    </PageContainer>
  );
}
