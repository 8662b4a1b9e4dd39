import { Link } from 'react-router';
import { Video } from 'lucide-react';
import type { Consultation } from '@common/bookings';
import { BOOKING_STATUS_LABELS } from '@common/bookings-status';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { browserTimeZone } from '../../lib/time-zone-name';
import { formatZonedClock, formatZonedDate, zoneAbbreviation } from '../../lib/booking-time';

const UPCOMING_LIMIT = 3;

/**
 * Upcoming: the first three consultations still to come ('scheduled', styled as pending);
 * the words are the booking's own status (awaiting confirmation or confirmed).
 */
export function UpcomingConsultations({ consultations }: { consultations: Consultation[] }) {
  const zone = browserTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upcoming</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {consultations.slice(0, UPCOMING_LIMIT).map((consultation) => (
            <li key={consultation.id} className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
                <Video aria-hidden className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <Link to={`/bookings/${consultation.id}`} className="font-medium text-slate-900 hover:text-navy-700 hover:underline">
                  Video call with {consultation.expertName}
                </Link>
                <p className="text-sm text-slate-600">
                  <time dateTime={consultation.scheduledDate}>
                    {formatZonedDate(consultation.scheduledDate, zone)}, {formatZonedClock(consultation.scheduledDate, zone)}{' '}
                    {zoneAbbreviation(consultation.scheduledDate, zone)}
                  </time>
                </p>
              </div>
              <Badge tone="yellow" className="shrink-0">
                {BOOKING_STATUS_LABELS[consultation.bookingStatus]}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
