import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { Expert } from '@common/expert';
import type { ServiceType } from '@common/roles';
import { specialtyLabel } from '@common/specialties';
import { formatPrice } from '@common/expert-rules';
import { ExpertPhoto } from '../experts/expert-photo';
import { StarRating } from '../experts/star-rating';
import { videoRateLabel } from '../experts/expert-labels';

/** The expert the booking is with: photo, name (to the profile), specialty, rating, place and their rate. */
export function ChosenExpert({ expert, serviceType }: { expert: Expert; serviceType: ServiceType }) {
  const rate = serviceType === 'video' ? videoRateLabel(expert) : `${formatPrice(expert.onsiteRate)}/hr`;
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <ExpertPhoto expert={expert} className="size-14 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <Link to={`/expert/${expert.id}`} className="rounded hover:text-navy-600 hover:underline">
            {expert.name}
          </Link>
        </p>
        <p className="text-sm text-navy-600">{specialtyLabel(expert.specialty)}</p>
        <StarRating rating={expert.rating} reviewCount={expert.reviewCount} className="mt-0.5" />
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          <MapPin aria-hidden className="size-3.5" /> {expert.city}, {expert.state}
        </p>
      </div>
      <p className="shrink-0 text-right font-semibold text-navy-800">{rate}</p>
    </div>
  );
}
