import { Link } from 'react-router';
import { Video, Wrench } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useBookingBoat, withBookingBoat } from '../boats';

/**
 * The two ways to book, offered wherever there is nothing booked yet. On an address that carries a boat
 * and a maintenance task (`?boat=&task=`), the directories they open keep them.
 */
export function BookLinks() {
  const boat = useBookingBoat();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button asChild>
        <Link to={withBookingBoat('/video-consultation', boat)}>
          <Video aria-hidden /> Book Video Call
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={withBookingBoat('/onsite-request', boat)}>
          <Wrench aria-hidden /> Find Local Expert
        </Link>
      </Button>
    </div>
  );
}
