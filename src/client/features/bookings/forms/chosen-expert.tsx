import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { Expert } from '@common/experts';
import type { ServiceType } from '@common/roles';
import { specialtyLabel } from '@common/specialties';
import { formatPrice } from '@common/experts-rules';
import { ExpertPhoto, StarRating, videoRateLabel } from '../../experts';

/** The expert the booking is with: photo, name (to the profile), specialty, rating, place and their rate. */
export function ChosenExpert({ expert, serviceType }: { expert: Expert; serviceType: ServiceType }) {
  const rate = serviceType === 'video' ? videoRateLabel(expert) : `${formatPrice(expert.onsiteRate)}/hr`;
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <ExpertPhoto expert={expert} className="row-span-2 size-14 rounded-lg sm:row-span-1" />
      <div className="min-w-0">
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
      {/* Under the name on a phone, at the right on wider screens. */}
      <p className="font-semibold text-navy-800 sm:text-right">{rate}</p>
    </div>
  );
}
