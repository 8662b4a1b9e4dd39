import { Link, useSearchParams } from 'react-router';
import { Video } from 'lucide-react';
import { RequireAuth } from '../features/auth';
import { PageContainer, PageHeader } from '../app/page-header';
import { LoadFailed } from '../components/ui/load-failed';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { CallRoom, UpcomingCalls, useUpcomingCalls } from '../features/video-call';
import { HelpLink } from '../features/help';

/** /consultation without a booking: the caller's video calls, or the way to book one. */
function CallsScreen() {
  const calls = useUpcomingCalls();
  return (
    <>
      <PageHeader title="Video Consultation" subtitle="Join a booked video call with your marine expert. The room opens 10 minutes before the start." />
      <div className="mt-6">
        {calls.isPending ? (
          <Spinner label="Loading your video calls" className="min-h-[30vh]" />
        ) : calls.isError ? (
          <LoadFailed what="your video calls" onRetry={() => void calls.refetch()} />
        ) : calls.data.length > 0 ? (
          <UpcomingCalls calls={calls.data} />
        ) : (
          <Card className="flex flex-col items-center gap-4 p-10 text-center">
            <Video aria-hidden className="size-10 text-navy-500" />
            <h2 className="text-xl font-semibold text-slate-900">No upcoming video calls</h2>
            <p className="max-w-md text-slate-600">
              Book a 30-minute video consultation with a certified marine expert. Once the expert confirms, your call appears here.
            </p>
            <Button asChild>
              <Link to="/video-consultation">Book Video Consultation</Link>
            </Button>
          </Card>
        )}
      </div>
    </>
  );
}

export default function ConsultationPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  return (
    <RequireAuth>
      <PageContainer>
        {bookingId ? <CallRoom bookingId={bookingId} /> : <CallsScreen />}
        <p className="mt-6">
          <HelpLink topic="calls">Help with video calls</HelpLink>
        </p>
      </PageContainer>
    </RequireAuth>
  );
}
