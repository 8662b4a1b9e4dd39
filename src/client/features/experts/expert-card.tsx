import { Link } from 'react-router';
import { Briefcase, CalendarCheck, MapPin, Route, Video } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CertificationBadges } from './certification-badges';
import { ExpertCardHeader } from './expert-card-header';
import { ExpertFacts } from './expert-facts';
import { RateBox } from './rate-box';
import { placeLabel, offersOnsite, offersVideo, onsiteRateLabel, travelRangeLabel, videoRateLabel } from './expert-labels';
import { yearsLabel } from './experience-level';
import { useBookingBoat, withBookingBoat, type BookingBoat } from '../boats';

function ViewProfileButton({ id, boat }: { id: number; boat: BookingBoat | null }) {
  return (
    <Button asChild variant="outline">
      <Link to={withBookingBoat(`/expert/${id}`, boat)}>View Profile</Link>
    </Button>
  );
}

/**
 * The /experts listing card (docs/PRODUCT.md#expert-listing): who, where, credentials, both rates, and how to
 * book. Opened for a boat's maintenance task (`?boat=&task=`), its links carry them, and 'Video Call' books one
 * with this expert for the boat instead of opening the video calls.
 */
export function ExpertCard({ expert }: { expert: Expert }) {
  const boat = useBookingBoat();
  const video = offersVideo(expert);
  const onsite = offersOnsite(expert);
  const facts = [
    { icon: MapPin, text: placeLabel(expert) },
    { icon: Briefcase, text: yearsLabel(expert.experience) },
    ...(onsite ? [{ icon: Route, text: travelRangeLabel(expert) }] : []),
  ];
  return (
    <Card className="flex flex-col gap-4 p-5">
      <ExpertCardHeader expert={expert} boat={boat} />
      <ExpertFacts facts={facts} />
      <CertificationBadges certifications={expert.certifications} />
      <div className="mt-auto grid grid-cols-2 gap-2">
        <RateBox label="Video call" rate={video ? videoRateLabel(expert) : null} />
        <RateBox label="Onsite" rate={onsite ? onsiteRateLabel(expert) : null} />
      </div>
      {expert.available ? (
        <div className="grid grid-cols-2 gap-2">
          {video ? (
            <Button asChild variant="outline">
              <Link to={boat ? withBookingBoat(`/book-video?expertId=${expert.id}`, boat) : '/consultation'}>
                <Video aria-hidden /> Video Call
              </Link>
            </Button>
          ) : (
            <ViewProfileButton id={expert.id} boat={boat} />
          )}
          {onsite ? (
            <Button asChild>
              <Link to={withBookingBoat(`/book-onsite?expertId=${expert.id}`, boat)}>
                <CalendarCheck aria-hidden /> Book Service
              </Link>
            </Button>
          ) : (
            <ViewProfileButton id={expert.id} boat={boat} />
          )}
        </div>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-slate-600">Currently unavailable</p>
          <ViewProfileButton id={expert.id} boat={boat} />
        </div>
      )}
    </Card>
  );
}
