import { CalendarX2 } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { BookLinks } from './book-links';

export function BookingsEmptyState() {
  return (
    <Card className="flex flex-col items-center gap-4 p-8 text-center sm:p-10">
      <CalendarX2 aria-hidden className="size-12 text-navy-500" />
      <div>
        <h2 className="text-xl font-semibold text-slate-900">No bookings yet</h2>
        <p className="mt-1 max-w-md text-slate-600">
          Book a 30-minute video call with a marine expert, or a technician who comes to your boat. Your bookings will be
          listed here.
        </p>
      </div>
      <BookLinks />
    </Card>
  );
}
