import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, CalendarX2, VideoOff } from 'lucide-react';
import type { CallInfo } from '@common/video-call';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { bookingTimes, formatZonedClock } from '../../lib/booking-time';
import { browserTimeZone } from '../../lib/time-zone-name';

function RefusalCard({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex justify-center">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 p-8 text-center sm:p-10">
        {icon}
        <h1 className="text-2xl font-bold text-navy-800">{title}</h1>
        {children}
        <div className="flex flex-wrap justify-center gap-2">{actions}</div>
      </Card>
    </div>
  );
}

const TITLES: Record<Exclude<CallInfo['joinState'], 'open'>, string> = {
  'too-early': 'The call room is not open yet',
  ended: 'This call has ended',
  'not-confirmed': 'Waiting for the expert to confirm',
  cancelled: 'There is no call to join',
  'not-video': 'This booking has no video call',
};

/** Why the room of a booking cannot be joined now, with the way on (the booking's page, or come back later). */
export function CallRefusal({ info, onRetry }: { info: CallInfo; onRetry(): void }) {
  const state = info.joinState as Exclude<CallInfo['joinState'], 'open'>;
  const times = bookingTimes(info);
  const viewerZone = browserTimeZone();
  const opensHere = viewerZone !== info.timeZone ? formatZonedClock(info.opensAt, viewerZone) : null;
  return (
    <RefusalCard
      icon={state === 'too-early' || state === 'not-confirmed' ? <CalendarClock aria-hidden className="size-12 text-navy-500" /> : <VideoOff aria-hidden className="size-12 text-navy-500" />}
      title={TITLES[state]}
      actions={
        <>
          <Button asChild variant={state === 'too-early' ? 'outline' : 'default'}>
            <Link to={`/bookings/${info.bookingId}`}>View booking</Link>
          </Button>
          {state === 'too-early' ? <Button onClick={onRetry}>Check again</Button> : null}
        </>
      }
    >
      <p className="text-lg text-slate-800" data-testid="call-refusal">
        {info.message}
      </p>
      {opensHere ? <p className="text-sm text-slate-600">That is {opensHere} on your clock.</p> : null}
      <p className="text-sm text-slate-600">
        Video consultation with {info.otherPartyName}, {times.date}, {times.time}.
      </p>
    </RefusalCard>
  );
}

/** Not a party to the booking (or no such booking): the same answer as the booking's own page. */
export function CallNotFound() {
  return (
    <RefusalCard
      icon={<CalendarX2 aria-hidden className="size-12 text-navy-500" />}
      title="Call not found"
      actions={
        <Button asChild>
          <Link to="/bookings">My Bookings</Link>
        </Button>
      }
    >
      <p className="text-slate-600">This booking does not exist, or it belongs to another account. Only the boat owner and the expert of a booking can join its call.</p>
    </RefusalCard>
  );
}

/** An administrator looking at someone else's call. */
export function CallNotForYou({ message }: { message: string }) {
  return (
    <RefusalCard
      icon={<VideoOff aria-hidden className="size-12 text-navy-500" />}
      title="This call is private"
      actions={
        <Button asChild variant="outline">
          <Link to="/">Back to home</Link>
        </Button>
      }
    >
      <p className="text-slate-600">{message}</p>
    </RefusalCard>
  );
}
