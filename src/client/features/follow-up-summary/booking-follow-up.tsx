import { useState } from 'react';
import { FileText, PencilLine } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { FOLLOW_UP_WORDS } from '@common/follow-up-summary';
import { SectionCard } from '../../components/ui/section-card';
import { Button } from '../../components/ui/button';
import { useFollowUp } from './api';
import { formatMoment } from '../../lib/booking-time';
import { SummaryForm } from './summary-form';
import { SummaryView } from './summary-view';

const TITLES = { video: 'Follow-up Summary', onsite: 'Service Report' } as const;

/** What the owner is told to expect before it is written. */
const COMING = {
  video: (expert: string) =>
    `After the call, ${expert} writes up what was found, the recommended next steps and any parts you need. We e-mail it to you and it appears here. Calls are not recorded.`,
  onsite: (expert: string) =>
    `After the visit, ${expert} writes up what was found and done, the recommended next steps and the parts used or needed. We e-mail it to you and it appears here.`,
} as const;

/**
 * A booking's written follow-up on its page (the follow-up summary of a video consultation, the service
 * report of an onsite visit): the expert writes (and may amend) it, the owner reads it once sent, and
 * until then learns it is coming.
 */
export function BookingFollowUp({ booking }: { booking: Booking }) {
  const followUp = useFollowUp(booking.id);
  const [editing, setEditing] = useState(false);
  if (!followUp.data) return null;
  const { summary, canWrite, writableUntil } = followUp.data;
  const title = TITLES[booking.serviceType];
  const words = FOLLOW_UP_WORDS[booking.serviceType];

  if (canWrite && (editing || !summary)) {
    return (
      <SectionCard title={summary ? `Amend the ${title}` : `Write the ${title}`} icon={PencilLine}>
        <SummaryForm booking={booking} summary={summary} onDone={() => setEditing(false)} />
      </SectionCard>
    );
  }
  if (summary) {
    return (
      <SectionCard title={title} icon={FileText}>
        <SummaryView summary={summary} serviceType={booking.serviceType} />
        {canWrite ? (
          <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              You can amend it until {writableUntil ? formatMoment(writableUntil) : 'the window closes'}; the owner is sent the updated {words.short}.
            </p>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilLine aria-hidden /> Amend {words.short}
            </Button>
          </div>
        ) : null}
      </SectionCard>
    );
  }
  // Not written yet: tell the owner what to expect of a booking that is on or took place.
  if (writableUntil !== null || !['requested', 'confirmed', 'completed'].includes(booking.status)) return null;
  return (
    <SectionCard title={title} icon={FileText}>
      <p className="text-sm text-slate-600">{COMING[booking.serviceType](booking.expert.name)}</p>
    </SectionCard>
  );
}
