import { Video } from 'lucide-react';
import type { Booking } from '@common/bookings';
import type { CallInfo } from '@common/video-call';
import { useCallInfo } from './api';
import { SectionCard } from '../../components/ui/section-card';
import { JoinCallButton } from './join-call-button';
import { useServerNow } from './server-clock';

function CallCardBody({ booking, info }: { booking: Booking; info: CallInfo }) {
  // Re-evaluated every 15 seconds, so the button turns on when the room opens without a reload.
  const now = useServerNow(info.serverNow, 15_000);
  return (
    <>
      <p className="text-sm text-slate-600">
        The call happens here in your browser: {info.otherPartyName} joins from theirs. The room opens 10 minutes before the start.
      </p>
      <JoinCallButton booking={booking} now={now} className="mt-4 flex w-full flex-col" />
    </>
  );
}

/** On a confirmed video booking's page: the way into its call room, by the server's clock. */
export function BookingCallCard({ booking }: { booking: Booking }) {
  const relevant = booking.serviceType === 'video' && (booking.status === 'confirmed' || booking.status === 'completed');
  const info = useCallInfo(booking.id, relevant);
  if (!relevant || !info.data || info.data.joinState === 'ended') return null;
  return (
    <SectionCard title="Video call" icon={Video}>
      <CallCardBody booking={booking} info={info.data} />
    </SectionCard>
  );
}
