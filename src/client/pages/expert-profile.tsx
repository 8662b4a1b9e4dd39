import { useParams } from 'react-router';
import { PageContainer } from '../components/layout/page-header';
import { ExpertNotFound } from '../components/experts/expert-not-found';
import { ExpertProfile } from '../components/experts/expert-profile';
import { ExpertProfileSkeleton } from '../components/experts/expert-profile-skeleton';
import { useExpert } from '../lib/api/experts';

/** /expert/:id. An unknown or malformed id, or any failure to load, shows Expert Not Found (spec 001). */
export default function ExpertProfilePage() {
  const { id = '' } = useParams();
  const expert = useExpert(id);
  return (
    <PageContainer>
      {expert.isPending ? (
        <ExpertProfileSkeleton />
      ) : expert.isError ? (
        <ExpertNotFound />
      ) : (
        <ExpertProfile expert={expert.data} />
      )}
    </PageContainer>
  );
}
