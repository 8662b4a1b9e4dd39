import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ServiceType } from '@common/roles';
import { PageContainer, PageHeader } from '../app/page-header';
import { Button } from '../components/ui/button';
import {
  BookingConfirmation,
  ServiceChoiceCards,
  ServiceDetailsPanel,
  VideoStepsCard,
  VideoFeatureCards,
  loadOnsiteBookingForm,
  loadVideoBookingForm,
  useBooked,
  useChosenExpert,
} from '../features/bookings';
import { Spinner } from '../components/ui/spinner';
import { HomeScreenHint } from '../features/push';

// The forms (react-hook-form, the date and time fields) load once a visitor reaches for a choice, not
// before the choice paints: /book-service's first view is the two services.
const VideoBookingForm = lazy(() => loadVideoBookingForm().then((module) => ({ default: module.VideoBookingForm })));
const OnsiteBookingForm = lazy(() => loadOnsiteBookingForm().then((module) => ({ default: module.OnsiteBookingForm })));
const FORM_LOADERS: Record<ServiceType, () => Promise<unknown>> = { video: loadVideoBookingForm, onsite: loadOnsiteBookingForm };

const TITLES: Record<ServiceType | 'choice', { title: string; subtitle: string }> = {
  choice: { title: 'Book a Service', subtitle: 'Talk to a marine expert by video, or have a technician come to your boat.' },
  video: { title: 'Book Video Call with Marine Experts', subtitle: 'A 30-minute live video consultation with a certified marine expert.' },
  onsite: { title: 'Book Onsite Marine Service', subtitle: 'A certified technician comes to your boat.' },
};

const serviceTypeOf = (value: string | null): ServiceType | null => (value === 'video' || value === 'onsite' ? value : null);

/** /book-service: the choice of service (no type), or the chosen service's form (?type=video|onsite). */
export default function BookServicePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = serviceTypeOf(searchParams.get('type'));
  const urlExpertId = searchParams.get('expertId');
  const expert = useChosenExpert(urlExpertId ?? '').data;
  const { booking, onBooked } = useBooked();

  // The choice lives in the URL, so Back in the browser and 'Back to Service Options' both return to it.
  const choose = (next: ServiceType | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('type', next);
      else params.delete('type');
      params.delete('time');
      return params;
    });

  const heading = TITLES[type ?? 'choice'];
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader title={heading.title} subtitle={heading.subtitle} />
      {booking ? (
        <>
          <BookingConfirmation booking={booking} />
          <HomeScreenHint />
        </>
      ) : !type ? (
        <ServiceChoiceCards
          expert={urlExpertId ? expert : undefined}
          onChoose={choose}
          onReach={(service) => void FORM_LOADERS[service]().catch(() => {})}
        />
      ) : (
        <>
          <div>
            <Button variant="outline" onClick={() => choose(null)}>
              <ArrowLeft aria-hidden /> Back to Service Options
            </Button>
          </div>
          <Suspense fallback={<Spinner label="Loading the form" className="min-h-96" />}>
            {type === 'video' ? (
              <VideoBookingForm
                key={`video-${urlExpertId ?? ''}`}
                urlExpertId={urlExpertId}
                quickTime={searchParams.get('time')}
                validation="generic"
                onBooked={onBooked}
                aside={(chosen, fromPrice) => (
                  <>
                    <ServiceDetailsPanel serviceType="video" expert={chosen} fromPrice={fromPrice} />
                    <VideoFeatureCards />
                    <VideoStepsCard title="What to Expect" />
                  </>
                )}
              />
            ) : (
              <OnsiteBookingForm
                key={`onsite-${urlExpertId ?? ''}`}
                urlExpertId={urlExpertId}
                onBooked={onBooked}
                aside={(chosen, fromPrice) => <ServiceDetailsPanel serviceType="onsite" expert={chosen} fromPrice={fromPrice} />}
              />
            )}
          </Suspense>
        </>
      )}
    </PageContainer>
  );
}
