import { Search } from 'lucide-react';
import { SPECIALTIES } from '@common/specialties';
import { EXPERT_SORTS } from '@common/experts-listing';
import { VIDEO_DIRECTORY } from '@common/experts-searches';
import { PageContainer, PageHeader } from '../app/page-header';
import { AvailabilityToggle, DirectoryFilters, ExpertResults, ALL_SPECIALTIES, MIN_RATING_OPTIONS, minRatingOption, sortOptions, ResultsBar, formatTotal, resultsTotal, VideoExpertCard, useInfiniteExperts } from '../features/experts';
import { FilterSelect } from '../components/ui/filter-select';
import { FilterTextInput } from '../components/ui/filter-text-input';
import { useSearchParamsState } from '../lib/use-search-params-state';

const DEFAULTS = VIDEO_DIRECTORY.defaults;
const SPECIALTY_OPTIONS = [ALL_SPECIALTIES, ...SPECIALTIES];
const SORT_OPTIONS = sortOptions(EXPERT_SORTS);

/** The video expert directory; price sorts use each expert's video rate (the server does, for serviceType=video). */
export default function VideoConsultationPage() {
  const { values, setValue, clear, clears, filtered } = useSearchParamsState(DEFAULTS);
  const availableOnly = values.available === 'true';
  const query = useInfiniteExperts(VIDEO_DIRECTORY.search(values));
  const total = resultsTotal(query.data);

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Video Consultation"
        subtitle="A 30-minute live video call with a certified marine expert who looks at the problem with you. Each expert sets their own rate."
      />
      <div className="flex flex-col gap-4">
        <FilterTextInput
          id="video-search"
          label="Search experts"
          hideLabel
          icon={Search}
          placeholder="Name, specialty, city or certification"
          value={values.q}
          resets={clears}
          onChange={(value) => setValue('q', value)}
        />
        <DirectoryFilters>
          <FilterSelect
            id="video-specialty"
            label="Area of Expertise"
            value={values.specialty}
            options={SPECIALTY_OPTIONS}
            onChange={(value) => setValue('specialty', value)}
          />
          <AvailabilityToggle
            availableOnly={availableOnly}
            onChange={(only) => setValue('available', only ? 'true' : '')}
          />
          <FilterSelect
            id="video-min-rating"
            label="Minimum Rating"
            value={minRatingOption(values.minRating)}
            options={MIN_RATING_OPTIONS}
            onChange={(value) => setValue('minRating', value)}
          />
          <FilterSelect
            id="video-sort"
            label="Sort By"
            value={values.sort}
            options={SORT_OPTIONS}
            onChange={(value) => setValue('sort', value)}
          />
        </DirectoryFilters>
      </div>
      <ResultsBar
        summary={total === null ? null : `${formatTotal(total)} expert(s) available for video consultation`}
        clearLabel="Clear Filters"
        filtered={filtered}
        onClear={clear}
      />
      <ExpertResults
        query={query}
        renderCard={(expert) => <VideoExpertCard expert={expert} />}
        emptyHint="Try adjusting your search or filters to see more results."
      />
    </PageContainer>
  );
}
