import { useParams } from 'react-router';
import { PageContainer } from '../app/page-header';
import { ExpertNotFound, ExpertProfile, ExpertProfileSkeleton, useExpert } from '../features/experts';
import { ExpertReviews } from '../features/reviews';
import { BookingBoatNotice } from '../features/boats';

/** /expert/:id. An unknown or malformed id, or any failure to load, shows Expert Not Found. */
export default function ExpertProfilePage() {
  const { id = '' } = useParams();
  const expert = useExpert(id);
  return (
    <PageContainer className="flex flex-col gap-6">
      <BookingBoatNotice />
      {expert.isPending ? (
        <ExpertProfileSkeleton />
      ) : expert.isError ? (
        <ExpertNotFound />
      ) : (
        <ExpertProfile expert={expert.data} reviews={<ExpertReviews expert={expert.data} />} />
      )}
    </PageContainer>
  );
}
