import { Link } from 'react-router';
import { Video } from 'lucide-react';
import { joinStateOf, roomOpensAt, type CallBooking } from '@common/video-call';
import { Button } from '../../components/ui/button';
import { formatMoment } from '../../lib/booking-time';

export function consultationPath(bookingId: string) {
  return `/consultation?booking=${encodeURIComponent(bookingId)}`;
}

/**
 * 'Join call' for a confirmed video booking: a link while the room is open, otherwise a note of when it
 * opens. `now` is the server's clock where the screen has it.
 */
export function JoinCallButton({ booking, now, className }: { booking: CallBooking & { id: string }; now: Date; className?: string }) {
  const state = joinStateOf(booking, now);
  if (booking.serviceType !== 'video' || (booking.status !== 'confirmed' && state !== 'open')) return null;
  if (state === 'open') {
    return (
      <Button asChild className={className}>
        <Link to={consultationPath(booking.id)}>
          <Video aria-hidden /> Join call
        </Link>
      </Button>
    );
  }
  if (state !== 'too-early') return null;
  return (
    <div className={className}>
      <Button disabled className="w-full" aria-describedby={`call-opens-${booking.id}`}>
        <Video aria-hidden /> Join call
      </Button>
      <p id={`call-opens-${booking.id}`} className="mt-1.5 text-sm text-slate-600">
        The call room opens on {formatMoment(roomOpensAt(booking).toISOString())} (10 minutes before the start).
      </p>
    </div>
  );
}
