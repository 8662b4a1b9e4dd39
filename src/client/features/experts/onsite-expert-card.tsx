import { Link } from 'react-router';
import { Briefcase, Clock, MapPin, Route } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CertificationBadges } from './certification-badges';
import { ExpertCardHeader } from './expert-card-header';
import { ExpertFacts } from './expert-facts';
import { minimumHoursLabel, placeLabel, onsiteRateLabel, travelRangeLabel } from './expert-labels';
import { yearsLabel } from './experience-level';
import { useBookingBoat, withBookingBoat } from '../boats';

/** A card of the onsite directory: where the technician works and what a visit costs. */
export function OnsiteExpertCard({ expert }: { expert: Expert }) {
  const boat = useBookingBoat();
  return (
    <Card className="flex flex-col gap-4 p-5">
      <ExpertCardHeader expert={expert} boat={boat} />
      <ExpertFacts
        facts={[
          { icon: MapPin, text: placeLabel(expert) },
          { icon: Route, text: travelRangeLabel(expert) },
          { icon: Briefcase, text: yearsLabel(expert.experience) },
          { icon: Clock, text: minimumHoursLabel(expert) },
        ]}
      />
      <CertificationBadges certifications={expert.certifications} />
      <div className="mt-auto flex items-baseline justify-between gap-2 border-t border-slate-100 pt-4">
        <span className="text-sm text-slate-600">Onsite rate</span>
        <span className="text-lg font-semibold text-navy-800">{onsiteRateLabel(expert)}</span>
      </div>
      <div className="flex flex-col gap-2">
        <Button asChild>
          <Link to={withBookingBoat(`/book-onsite?expertId=${expert.id}`, boat)}>Book Onsite Service</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={withBookingBoat(`/expert/${expert.id}`, boat)}>View Profile</Link>
        </Button>
      </div>
    </Card>
  );
}
