import { Link } from 'react-router';
import { CalendarX2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** An unknown booking, or someone else's: the server answers 404 for both, so outsiders learn nothing. */
export function BookingNotFound() {
  return (
    <div className="flex justify-center">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-10 text-center">
        <CalendarX2 aria-hidden className="size-12 text-navy-500" />
        <h1 className="text-2xl font-bold text-navy-800">Booking not found</h1>
        <p className="text-slate-600">This booking does not exist, or it belongs to another account.</p>
        <Button asChild>
          <Link to="/bookings">My Bookings</Link>
        </Button>
      </Card>
    </div>
  );
}
