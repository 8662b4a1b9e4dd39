import { MapPin } from 'lucide-react';
import { SPECIALTIES } from '@common/specialties';
import { ONSITE_DIRECTORY, ONSITE_SORTS } from '@common/directory-searches';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { DirectoryFilters } from '../components/experts/directory-filters';
import { ExpertResults } from '../components/experts/expert-results';
import { FilterSelect } from '../components/experts/filter-select';
import { FilterTextInput } from '../components/experts/filter-text-input';
import {
  ALL_SPECIALTIES,
  MIN_RATING_OPTIONS,
  minRatingOption,
  sortOptions,
} from '../components/experts/filter-options';
import { OnsiteExpertCard } from '../components/experts/onsite-expert-card';
import { ResultsBar } from '../components/experts/results-bar';
import { formatTotal, resultsTotal } from '../components/experts/results-total';
import { useInfiniteExperts } from '../lib/api/experts';
import { useSearchParamsState } from '../lib/use-search-params-state';

const DEFAULTS = ONSITE_DIRECTORY.defaults;
const SPECIALTY_OPTIONS = [ALL_SPECIALTIES, ...SPECIALTIES];
const SORT_OPTIONS = sortOptions(ONSITE_SORTS);

/** The onsite expert directory: experts who visit the boat and are taking bookings now. */
export default function OnsiteRequestPage() {
  const { values, setValue, clear, clears } = useSearchParamsState(DEFAULTS);
  const query = useInfiniteExperts(ONSITE_DIRECTORY.search(values));
  const total = resultsTotal(query.data);

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
          placeholder="City or state"
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
          value={values.sort}
          options={SORT_OPTIONS}
          onChange={(value) => setValue('sort', value)}
        />
      </DirectoryFilters>
      <ResultsBar
        summary={total === null ? null : `${formatTotal(total)} expert(s) available for onsite service`}
        clearLabel="Clear Filters"
        onClear={clear}
      />
      <ExpertResults
        query={query}
        renderCard={(expert) => <OnsiteExpertCard expert={expert} />}
        emptyHint="Try adjusting your filters to see more results."
      />
    </PageContainer>
  );
}
