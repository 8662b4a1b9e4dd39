import { Link } from 'react-router';
import { Video, Wrench } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** The two ways to book, offered wherever there is nothing booked yet. */
export function BookLinks() {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button asChild>
        <Link to="/video-consultation">
          <Video aria-hidden /> Book Video Call
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/onsite-request">
          <Wrench aria-hidden /> Find Local Expert
        </Link>
      </Button>
    </div>
  );
}
