import { Link } from 'react-router';
import { Bot, CalendarDays, MapPin, Sailboat, Video } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** The side panel's Quick Actions (docs/PRODUCT.md#dashboard), and the ways to the owner's boats and bookings. */
export function SideQuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button asChild className="justify-start">
          <Link to="/ai-assistant">
            <Bot aria-hidden /> Ask AI Assistant
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to="/video-consultation">
            <Video aria-hidden /> Book Video Call
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to="/onsite-request">
            <MapPin aria-hidden /> Find Local Expert
          </Link>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <Link to="/boats">
            <Sailboat aria-hidden /> My Boats
          </Link>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <Link to="/bookings">
            <CalendarDays aria-hidden /> My Bookings
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
