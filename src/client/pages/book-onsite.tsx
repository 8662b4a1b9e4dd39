import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../app/page-header';
import { BookingConfirmation, OnsiteBookingForm, OnsiteSideCards, useBooked } from '../features/bookings';
import { HomeScreenHint } from '../features/push';

/** /book-onsite?expertId=: a technician at the boat. */
export default function BookOnsitePage() {
  const [searchParams] = useSearchParams();
  const urlExpertId = searchParams.get('expertId');
  const { booking, onBooked } = useBooked();
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Book Onsite Marine Service"
        subtitle="A certified technician comes to your boat. Tell us where it is and what needs doing."
      />
      {booking ? (
        <>
          <BookingConfirmation booking={booking} />
          <HomeScreenHint />
        </>
      ) : (
        <OnsiteBookingForm
          key={urlExpertId ?? ''}
          urlExpertId={urlExpertId}
          onBooked={onBooked}
          aside={(expert) => <OnsiteSideCards expert={expert} />}
        />
      )}
    </PageContainer>
  );
}
