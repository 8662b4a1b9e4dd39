import { Link } from 'react-router';
import { Video } from 'lucide-react';
import type { CallSummary } from '@common/video-call';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { bookingTimes, formatMoment } from '../../lib/booking-time';
import { consultationPath } from './join-call-button';

/** The caller's confirmed video calls, each with whether its room is open now. */
export function UpcomingCalls({ calls }: { calls: CallSummary[] }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Your video calls">
      {calls.map((call) => {
        const times = bookingTimes(call);
        const open = call.joinState === 'open';
        return (
          <li key={call.bookingId}>
            <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5" data-testid="upcoming-call">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700">
                  <Video aria-hidden className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-slate-900">
                    Video consultation with {call.otherPartyName} · #{call.number}
                  </p>
                  <p className="text-sm text-slate-700">
                    {times.date}, {times.time}
                  </p>
                  {times.viewerTime ? <p className="text-xs text-slate-500">Your clock here: {times.viewerTime}</p> : null}
                  <p className="mt-1 text-sm text-slate-600">
                    {open ? <Badge tone="green">Room open</Badge> : call.joinState === 'too-early' ? `Room opens ${formatMoment(call.opensAt)}` : call.message}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/bookings/${call.bookingId}`}>Details</Link>
                </Button>
                {open ? (
                  <Button asChild size="sm">
                    <Link to={consultationPath(call.bookingId)}>
                      <Video aria-hidden /> Join call
                    </Link>
                  </Button>
                ) : null}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
