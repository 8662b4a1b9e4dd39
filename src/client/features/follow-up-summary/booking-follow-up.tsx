import { useState } from 'react';
import { FileText, PencilLine } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { SectionCard } from '../../components/ui/section-card';
import { Button } from '../../components/ui/button';
import { useFollowUp } from './api';
import { formatMoment } from '../../lib/booking-time';
import { SummaryForm } from './summary-form';
import { SummaryView } from './summary-view';

const TITLE = 'Follow-up Summary';

/**
 * A video consultation's written follow-up on its booking page: the expert writes (and may amend) it,
 * the owner reads it once sent, and until then learns it is coming. Nothing for onsite bookings.
 */
export function BookingFollowUp({ booking }: { booking: Booking }) {
  const video = booking.serviceType === 'video';
  const followUp = useFollowUp(booking.id);
  const [editing, setEditing] = useState(false);
  if (!video || !followUp.data) return null;
  const { summary, canWrite, writableUntil } = followUp.data;

  if (canWrite && (editing || !summary)) {
    return (
      <SectionCard title={summary ? 'Amend the Follow-up Summary' : 'Write the Follow-up Summary'} icon={PencilLine}>
        <SummaryForm booking={booking} summary={summary} onDone={() => setEditing(false)} />
      </SectionCard>
    );
  }
  if (summary) {
    return (
      <SectionCard title={TITLE} icon={FileText}>
        <SummaryView summary={summary} />
        {canWrite ? (
          <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              You can amend it until {writableUntil ? formatMoment(writableUntil) : 'the window closes'}; the owner is sent the updated summary.
            </p>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilLine aria-hidden /> Amend summary
            </Button>
          </div>
        ) : null}
      </SectionCard>
    );
  }
  // Not written yet: tell the owner what to expect of a consultation that is on or took place.
  if (writableUntil !== null || !['requested', 'confirmed', 'completed'].includes(booking.status)) return null;
  return (
    <SectionCard title={TITLE} icon={FileText}>
      <p className="text-sm text-slate-600">
        After the call, {booking.expert.name} writes up what was found, the recommended next steps and any parts you need. We e-mail it to you
        and it appears here. Calls are not recorded.
      </p>
    </SectionCard>
  );
}
