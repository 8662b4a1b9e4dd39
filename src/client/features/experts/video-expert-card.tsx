import { Link } from 'react-router';
import { Briefcase, MapPin } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CertificationBadges } from './certification-badges';
import { ExpertCardHeader } from './expert-card-header';
import { ExpertFacts } from './expert-facts';
import { videoRateLabel } from './expert-labels';
import { yearsLabel } from './experience-level';
import { useBookingBoat, withBookingBoat } from '../boats';

/** A card of the video directory; Online is real presence (the expert was active in the last two minutes). */
export function VideoExpertCard({ expert }: { expert: Expert }) {
  const boat = useBookingBoat();
  const presenceDot = expert.online ? (
    <span className="absolute -right-1 -bottom-1 size-4 rounded-full border-2 border-white bg-green-500" aria-hidden />
  ) : null;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <ExpertCardHeader expert={expert} boat={boat} photoOverlay={presenceDot} />
      <div className="flex flex-wrap gap-1.5">
        {expert.online ? (
          <Badge tone="green">
            <span aria-hidden className="size-1.5 rounded-full bg-green-600" /> Online
          </Badge>
        ) : null}
        {expert.available ? <Badge tone="blue">Available Now</Badge> : <Badge>Currently unavailable</Badge>}
      </div>
      <ExpertFacts
        facts={[
          { icon: MapPin, text: `${expert.city}, ${expert.state}` },
          { icon: Briefcase, text: yearsLabel(expert.experience) },
        ]}
      />
      <CertificationBadges certifications={expert.certifications} />
      <div className="mt-auto flex items-baseline justify-between gap-2 border-t border-slate-100 pt-4">
        <span className="text-sm text-slate-600">Video consultation</span>
        <span className="text-lg font-semibold text-navy-800">{videoRateLabel(expert)}</span>
      </div>
      <div className="flex flex-col gap-2">
        {expert.available ? (
          <Button asChild>
            <Link to={withBookingBoat(`/book-video?expertId=${expert.id}`, boat)}>Book Video Consultation</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={withBookingBoat(`/expert/${expert.id}`, boat)}>View Full Profile</Link>
        </Button>
      </div>
    </Card>
  );
}
