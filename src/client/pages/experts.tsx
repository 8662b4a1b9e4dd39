import { useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { EXPERTS_DIRECTORY } from '@common/experts-searches';
import { PageContainer, PageHeader } from '../app/page-header';
import { Button } from '../components/ui/button';
import { ExpertCard, ExpertResults, ListingFilters, ResultsBar, formatTotal, resultsTotal, useInfiniteExperts } from '../features/experts';
import { BookingBoatNotice } from '../features/boats';
import { FilterTextInput } from '../components/ui/filter-text-input';
import { useSearchParamsState } from '../lib/use-search-params-state';

const DEFAULTS = EXPERTS_DIRECTORY.defaults;
const FILTERS_ID = 'expert-filters';

export default function ExpertsPage() {
  const { values, setValue, clear, clears } = useSearchParamsState(DEFAULTS);
  const panelFiltered = values.specialty !== '' || values.location !== '' || values.sort !== DEFAULTS.sort;
  const [filtersOpen, setFiltersOpen] = useState(panelFiltered);
  const query = useInfiniteExperts(EXPERTS_DIRECTORY.search(values));
  const total = resultsTotal(query.data);

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Onsite Marine Service"
        subtitle="Certified marine technicians and consultants. Compare credentials and rates, then book a visit or a video call."
      />
      <div className="flex flex-col gap-4">
        <div className="flex gap-2">
          <div className="flex-1">
            <FilterTextInput
              id="expert-search"
              label="Search experts"
              hideLabel
              icon={Search}
              placeholder="Name, specialty, or city, state"
              value={values.q}
              resets={clears}
              onChange={(value) => setValue('q', value)}
            />
          </div>
          <Button
            variant={filtersOpen ? 'secondary' : 'outline'}
            aria-expanded={filtersOpen}
            aria-controls={FILTERS_ID}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden />
            <span className="max-sm:sr-only">Filters</span>
            {panelFiltered ? (
              <>
                <span aria-hidden className="size-2 rounded-full bg-coral" />
                <span className="sr-only">(active)</span>
              </>
            ) : null}
          </Button>
        </div>
        <ListingFilters id={FILTERS_ID} hidden={!filtersOpen} values={values} resets={clears} onChange={setValue} />
      </div>
      <BookingBoatNotice />
      <ResultsBar
        summary={total === null ? null : `${formatTotal(total)} ${total.count === 1 && !total.capped ? 'expert' : 'experts'} found`}
        clearLabel="Clear all filters"
        onClear={clear}
      />
      <ExpertResults
        query={query}
        renderCard={(expert) => <ExpertCard expert={expert} />}
        emptyHint="Try adjusting your search criteria or check back later."
      />
    </PageContainer>
  );
}
