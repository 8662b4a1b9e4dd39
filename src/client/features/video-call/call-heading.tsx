import type { CallInfo, CallSummary } from '@common/video-call';
import { bookingTimes } from '../../lib/booking-time';

/** 'Video consultation with Vera Video', booking number and time (in the expert's zone, and the viewer's when it differs). */
export function CallHeading({ info, as: Heading = 'h1' }: { info: CallInfo | CallSummary; as?: 'h1' | 'h2' }) {
  const times = bookingTimes(info);
  return (
    <div className="flex flex-col gap-1">
      <Heading className="text-2xl font-bold tracking-tight text-navy-800 sm:text-3xl">Video consultation with {info.otherPartyName}</Heading>
      <p className="text-slate-600">
        Booking #{info.number} · {times.date}, {times.time}
      </p>
      {times.viewerTime ? <p className="text-sm text-slate-500">Your clock here: {times.viewerTime}</p> : null}
    </div>
  );
}
