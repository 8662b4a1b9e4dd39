import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { BookingConfirmation } from '../components/booking-forms/booking-confirmation';
import { OnsiteBookingForm } from '../components/booking-forms/onsite-booking-form';
import { OnsiteSideCards } from '../components/booking-forms/onsite-side-cards';
import { useBooked } from '../components/booking-forms/use-booked';

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
        <BookingConfirmation booking={booking} />
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
