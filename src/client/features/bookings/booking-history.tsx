import { History } from 'lucide-react';
import type { BookingDetail } from '@common/bookings';
import { SectionCard } from '../../components/ui/section-card';
import { BookingStatusBadge } from '../../components/ui/booking-status-badge';
import { formatMoment } from '../../lib/booking-time';
import { historyActionLabel, historyActorLabel } from './history-labels';

// For these the note is the reason someone gave.
const REASONED_ACTIONS = new Set(['cancel', 'decline']);

/** Every status change of the booking, oldest first: what happened, the status after it, when and by whom. */
export function BookingHistory({ booking }: { booking: BookingDetail }) {
  const entries = [...booking.history].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
  return (
    <SectionCard title="Status History" icon={History}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="relative flex flex-col gap-5 border-l-2 border-navy-100 pl-5">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span aria-hidden className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full border-2 border-white bg-navy-500" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-semibold text-slate-900">{historyActionLabel(entry.action)}</p>
                <BookingStatusBadge status={entry.status} />
              </div>
              <p className="text-sm text-slate-600">
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time> · by {historyActorLabel(entry.by, booking)}
              </p>
              {entry.note ? (
                <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
                  {REASONED_ACTIONS.has(entry.action) ? `Reason: ${entry.note}` : entry.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
