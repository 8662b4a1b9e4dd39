import { Briefcase, MapPin, Route } from 'lucide-react';
import type { Expert } from '@common/experts';
import { specialtyLabel } from '@common/specialties';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { ExpertFacts } from './expert-facts';
import { ExpertPhoto } from './expert-photo';
import { StarRating } from './star-rating';
import { addressLabel, offersOnsite, offersVideo, travelRangeLabel } from './expert-labels';
import { yearsLabel } from './experience-level';

/** The top of the profile: photo, name, specialty, rating, service badges and where the expert works. */
export function ProfileHero({ expert }: { expert: Expert }) {
  const onsite = offersOnsite(expert);
  return (
    <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
      <ExpertPhoto expert={expert} alt={`Photo of ${expert.name}`} className="size-28 rounded-2xl sm:size-36" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-navy-800 sm:text-3xl">{expert.name}</h1>
          <p className="font-medium text-navy-600">{specialtyLabel(expert.specialty)}</p>
          <StarRating rating={expert.rating} reviewCount={expert.reviewCount} className="mt-1" />
        </div>
        <ul aria-label="Services" className="flex flex-wrap gap-2">
          {offersVideo(expert) ? (
            <li>
              <Badge tone="blue">Video Consultation</Badge>
            </li>
          ) : null}
          {onsite ? (
            <li>
              <Badge tone="navy">Onsite Service</Badge>
            </li>
          ) : null}
          {expert.available ? (
            <li>
              <Badge tone="green">Available Now</Badge>
            </li>
          ) : null}
          {expert.online ? (
            <li>
              <Badge tone="green">
                <span aria-hidden className="size-1.5 rounded-full bg-green-600" /> Online
              </Badge>
            </li>
          ) : null}
        </ul>
        <ExpertFacts
          facts={[
            { icon: MapPin, text: addressLabel(expert) },
            ...(onsite ? [{ icon: Route, text: travelRangeLabel(expert) }] : []),
            { icon: Briefcase, text: yearsLabel(expert.experience) },
          ]}
        />
      </div>
    </Card>
  );
}
