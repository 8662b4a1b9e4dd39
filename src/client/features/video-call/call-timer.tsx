import { Timer } from 'lucide-react';
import type { CallInfo } from '@common/video-call';
import { formatDuration, useServerNow } from './server-clock';

/** The booked 30 minutes: time to the start, elapsed and remaining, or how far over. */
export function CallTimer({ info }: { info: CallInfo }) {
  const now = useServerNow(info.serverNow).getTime();
  const start = new Date(info.startsAt).getTime();
  const end = new Date(info.endsAt).getTime();
  const booked = formatDuration(end - start);
  const text =
    now < start
      ? `Starts in ${formatDuration(start - now)}`
      : now <= end
        ? `${formatDuration(now - start)} of ${booked} · ${formatDuration(end - now)} left`
        : `${booked} booked · ${formatDuration(now - end)} over`;
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-black/50 px-3 py-1 text-sm font-medium tabular-nums text-white" data-testid="call-timer">
      <Timer aria-hidden className="size-4" />
      <span>{text}</span>
    </p>
  );
}
