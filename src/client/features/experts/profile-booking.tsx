import { Link } from 'react-router';
import { CalendarClock, Video, Wrench } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { offersOnsite, offersVideo } from './expert-labels';
import { browserTimeZone, timeZoneName } from '../../lib/time-zone-name';
import { useHydrated } from '../../lib/use-hydrated';
import { useBookingBoat, withBookingBoat } from '../boats';

const QUICK_TIMES = ['9:00 AM', '11:00 AM', '2:00 PM', '4:00 PM'];

/** Book a Session: quick video times and the booking forms of the services the expert offers. */
export function ProfileBooking({ expert }: { expert: Expert }) {
  // Opened for a boat's maintenance task (`?boat=&task=`): the forms open with them.
  const boat = useBookingBoat();
  const video = offersVideo(expert);
  // The visitor's zone is the browser's: the server's HTML, without it, names no zone.
  const differentZone = useHydrated() && expert.timeZone !== browserTimeZone();
  return (
    <SectionCard title="Book a Session" icon={CalendarClock}>
      {video ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">Pick a time for a 30-minute video consultation:</p>
          <div className="grid grid-cols-2 gap-2">
            {QUICK_TIMES.map((time) => (
              <Button key={time} asChild variant="secondary" size="sm">
                <Link to={withBookingBoat(`/book-service?expertId=${expert.id}&type=video&time=${encodeURIComponent(time)}`, boat)}>{time}</Link>
              </Button>
            ))}
          </div>
          {differentZone ? (
            <p className="text-xs text-slate-600">Times are in the expert&apos;s time zone ({timeZoneName(expert.timeZone)}).</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-4 flex flex-col gap-2">
        {video ? (
          <Button asChild>
            <Link to={withBookingBoat(`/book-video?expertId=${expert.id}`, boat)}>
              <Video aria-hidden /> Book Video Consultation
            </Link>
          </Button>
        ) : null}
        {offersOnsite(expert) ? (
          <Button asChild variant={video ? 'outline' : 'default'}>
            <Link to={withBookingBoat(`/book-onsite?expertId=${expert.id}`, boat)}>
              <Wrench aria-hidden /> Request Onsite Service
            </Link>
          </Button>
        ) : null}
      </div>
    </SectionCard>
  );
}
