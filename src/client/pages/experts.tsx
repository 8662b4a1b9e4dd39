import { useState, type FormEvent } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { EXPERTS_DIRECTORY, defaultSort } from '@common/experts-searches';
import { zip5 } from '@common/travel-area';
import { PageContainer, PageHeader } from '../app/page-header';
import { buttonVariants } from '../components/ui/button';
import { ExpertCard, ExpertResults, ListingFilters, NoOneInReach, ResultsBar, formatTotal, resultsTotal, useInfiniteExperts } from '../features/experts';
import { BookingBoatNotice, useBookingBoat } from '../features/boats';
import { FilterTextInput } from '../components/ui/filter-text-input';
import { cn } from '../lib/cn';
import { useSearchParamsState } from '../lib/use-search-params-state';

const DEFAULTS = EXPERTS_DIRECTORY.defaults;
const FILTERS_ID = 'expert-filters';

/**
 * The search and the filters are a GET form of the address's own parameters, and 'Filters' a native
 * disclosure: on the page the server rendered they work before the app has started, the server rendering
 * the submitted address filtered (docs/PRODUCT.md#expert-listing). Once started, the app filters as the
 * visitor types and chooses, and a submit applies typed text at once.
 */
export default function ExpertsPage() {
  const { values, setValue, clear, clears, filtered } = useSearchParamsState(DEFAULTS);
  const boat = useBookingBoat();
  const search = EXPERTS_DIRECTORY.search(values);
  // The form sends the sort it shows: the location's own sort, so named, is no filter of the panel's.
  const panelFiltered = values.specialty !== '' || values.location !== '' || search.sort !== defaultSort(values.location);
  // Open at first when the address filters by the panel; from then on the disclosure keeps its own state.
  const [filtersOpenAtFirst] = useState(panelFiltered);
  const query = useInfiniteExperts(search);
  const total = resultsTotal(query.data);
  const zip = zip5(values.location);
  // The sort the location lists in anyway is not kept in the address (nor counted as a filter).
  const setFilter = (key: keyof typeof DEFAULTS, value: string) => setValue(key, key === 'sort' && value === defaultSort(values.location) ? '' : value);

  function applyTypedText(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    for (const key of ['q', 'location'] as const) setValue(key, String(form.get(key) ?? ''));
  }

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Onsite Marine Service"
        subtitle="Certified marine technicians and consultants. Compare credentials and rates, then book a visit or a video call."
      />
      <form action="/experts" method="get" onSubmit={applyTypedText} className="group/filters flex flex-col gap-4">
        {boat ? <input type="hidden" name="boat" value={boat.boatId} /> : null}
        {boat?.taskId ? <input type="hidden" name="task" value={boat.taskId} /> : null}
        <div className="flex gap-2">
          <div className="flex-1">
            <FilterTextInput
              id="expert-search"
              name="q"
              label="Search experts"
              hideLabel
              icon={Search}
              submitLabel="Search"
              placeholder="Name, specialty, or city, state"
              value={values.q}
              resets={clears}
              onChange={(value) => setValue('q', value)}
            />
          </div>
          <details open={filtersOpenAtFirst} className="group">
            <summary
              aria-controls={FILTERS_ID}
              className={cn(
                buttonVariants({ variant: 'outline' }),
                'cursor-pointer list-none group-open:border-transparent group-open:bg-navy-50 group-open:text-navy-700 [&::-webkit-details-marker]:hidden',
              )}
            >
              <SlidersHorizontal aria-hidden />
              <span className="max-sm:sr-only">Filters</span>
              {panelFiltered ? (
                <>
                  <span aria-hidden className="size-2 rounded-full bg-coral" />
                  <span className="sr-only">(active)</span>
                </>
              ) : null}
            </summary>
          </details>
        </div>
        <div id={FILTERS_ID} className="hidden group-has-[details[open]]/filters:block">
          <ListingFilters values={{ ...values, sort: search.sort ?? 'rating' }} resets={clears} onChange={setFilter} />
        </div>
      </form>
      <BookingBoatNotice />
      <ResultsBar
        summary={total === null ? null : `${formatTotal(total)} ${total.count === 1 && !total.capped ? 'expert' : 'experts'} found`}
        clearLabel="Clear all filters"
        filtered={filtered}
        onClear={clear}
      />
      <ExpertResults
        query={query}
        renderCard={(expert) => <ExpertCard expert={expert} />}
        emptyHint="Try adjusting your search criteria or check back later."
        empty={zip && !values.q ? <NoOneInReach zip={zip} specialty={values.specialty} /> : undefined}
      />
    </PageContainer>
  );
}
