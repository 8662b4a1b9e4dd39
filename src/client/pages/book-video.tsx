import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../app/page-header';
import { BookingConfirmation, VideoBookingForm, VideoSideCards, useBooked } from '../features/bookings';
import { HomeScreenHint } from '../features/push';

/** /book-video?expertId=: a 30-minute video consultation with a video expert. */
export default function BookVideoPage() {
  const [searchParams] = useSearchParams();
  const urlExpertId = searchParams.get('expertId');
  const { booking, onBooked } = useBooked();
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Book Video Consultation"
        subtitle="A 30-minute live video consultation with a certified marine expert."
      />
      {booking ? (
        <>
          <BookingConfirmation booking={booking} />
          <HomeScreenHint />
        </>
      ) : (
        <VideoBookingForm
          key={urlExpertId ?? ''}
          urlExpertId={urlExpertId}
          validation="book-video"
          onBooked={onBooked}
          aside={(expert, fromPrice) => <VideoSideCards expert={expert} fromPrice={fromPrice} />}
        />
      )}
    </PageContainer>
  );
}
