import { Suspense } from 'react';
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
        // The reviews in a boundary: on the page the server rendered, React hydrates them after the rest.
        <ExpertProfile
          expert={expert.data}
          reviews={
            <Suspense>
              <ExpertReviews expert={expert.data} />
            </Suspense>
          }
        />
      )}
    </PageContainer>
  );
}
