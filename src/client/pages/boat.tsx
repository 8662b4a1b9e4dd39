import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Siren } from 'lucide-react';
import { RequireAuth } from '../features/auth';
import { BoatNotFound, BoatOverview, HistoryPanel, SchedulePanel, boatModelLine, useBoat } from '../features/boats';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { LoadFailed } from '../components/ui/load-failed';
import { PageContainer, PageHeader } from '../app/page-header';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { ApiError } from '../lib/api-request';

const TABS = ['overview', 'schedule', 'history'];

/** The tab is in the address (`?tab=schedule`), so a reminder or the dashboard can open the schedule. */
function useTab() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.includes(search.get('tab') ?? '') ? search.get('tab')! : 'overview';
  const chooseTab = (next: string) =>
    setSearch(
      (params) => {
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  return [tab, chooseTab] as const;
}

function BoatScreen() {
  const { id = '' } = useParams();
  const boat = useBoat(id);
  const [tab, chooseTab] = useTab();
  // 404 for an unknown boat and for another person's alike; a malformed id is just as unknown.
  const notFound = boat.error instanceof ApiError && (boat.error.status === 404 || boat.error.status === 400);
  return (
    <PageContainer className="flex flex-col gap-6">
      {boat.isPending ? (
        <Spinner label="Loading the boat" className="min-h-[50vh]" />
      ) : notFound ? (
        <BoatNotFound />
      ) : boat.isError ? (
        <LoadFailed what="this boat" onRetry={() => void boat.refetch()} />
      ) : (
        <>
          <Link to="/boats" className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-navy-600 underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> My Boats
          </Link>
          <PageHeader
            title={boat.data.name}
            subtitle={boatModelLine(boat.data) || undefined}
            actions={
              <Button asChild variant="secondary">
                <Link to={`/help-now?boat=${encodeURIComponent(boat.data.id)}`}>
                  <Siren aria-hidden /> Help now
                </Link>
              </Button>
            }
          />
          <Tabs value={tab} onValueChange={chooseTab} className="flex flex-col gap-6">
            <TabsList aria-label="Boat">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="schedule">Schedule</TabsTrigger>
              <TabsTrigger value="history">History</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <BoatOverview boat={boat.data} />
            </TabsContent>
            <TabsContent value="schedule">
              <SchedulePanel boatId={boat.data.id} />
            </TabsContent>
            <TabsContent value="history">
              <HistoryPanel boatId={boat.data.id} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </PageContainer>
  );
}

/** One of the owner's boats: its overview, maintenance schedule and service history. */
export default function BoatPage() {
  return (
    <RequireAuth>
      <BoatScreen />
    </RequireAuth>
  );
}
