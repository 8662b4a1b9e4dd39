import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { summaryRefusal } from '@common/follow-up-summary';
import { Button } from '../../components/ui/button';

/** On the expert's workspace card: to the booking's page, where the summary or service report is written, while it can be. */
export function SummaryLink({ booking, now }: { booking: Booking; now: Date }) {
  if (summaryRefusal(booking, now) !== null) return null;
  return (
    <Button asChild variant="outline">
      <Link to={`/bookings/${booking.id}`}>
        <FileText aria-hidden /> {booking.serviceType === 'video' ? 'Follow-up summary' : 'Service report'}
      </Link>
    </Button>
  );
}
