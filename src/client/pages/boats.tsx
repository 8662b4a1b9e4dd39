import { RequireAuth } from '../features/auth';
import { AddBoatButton, BoatsEmptyState, BoatsGrid, useBoats, useUpcomingMaintenance } from '../features/boats';
import { LoadFailed } from '../components/ui/load-failed';
import { PageContainer, PageHeader } from '../app/page-header';
import { Spinner } from '../components/ui/spinner';
import { HelpLink } from '../features/help';

function MyBoats() {
  const boats = useBoats();
  // Each card shows its boat's next task when it is among the caller's next ones: one request for all the cards.
  const upcoming = useUpcomingMaintenance();
  const hasBoats = (boats.data?.length ?? 0) > 0;
  return (
    <PageContainer className="flex flex-col gap-8">
      <PageHeader title="My Boats" subtitle="Your boats, their maintenance schedules and their service history" actions={hasBoats ? <AddBoatButton /> : null} />
      {boats.isPending ? (
        <Spinner label="Loading your boats" className="py-16" />
      ) : boats.isError ? (
        <LoadFailed what="your boats" onRetry={() => void boats.refetch()} />
      ) : boats.data.length === 0 ? (
        <BoatsEmptyState />
      ) : (
        <BoatsGrid boats={boats.data} upcoming={upcoming.data} />
      )}
      <HelpLink topic="boats">Help with My Boats, engine hours and maintenance</HelpLink>
    </PageContainer>
  );
}

export default function BoatsPage() {
  return (
    <RequireAuth>
      <MyBoats />
    </RequireAuth>
  );
}
