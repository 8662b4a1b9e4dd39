import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Expert } from '@common/experts';
import { specialtyLabel } from '@common/specialties';
import { ExpertPhoto } from './expert-photo';
import { StarRating } from './star-rating';
import { withBookingBoat, type BookingBoat } from '../boats';

/** Photo, name (a link to the profile), specialty and rating: the top of every expert card. */
export function ExpertCardHeader({ expert, boat, photoOverlay }: { expert: Expert; boat: BookingBoat | null; photoOverlay?: ReactNode }) {
  return (
    <div className="flex items-start gap-4">
      <div className="relative shrink-0">
        <ExpertPhoto expert={expert} className="size-20 rounded-xl" />
        {photoOverlay}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={withBookingBoat(`/expert/${expert.id}`, boat)} className="rounded hover:text-navy-600 hover:underline">
            {expert.name}
          </Link>
        </h2>
        <p className="text-sm font-medium text-navy-600">{specialtyLabel(expert.specialty)}</p>
        <StarRating rating={expert.rating} reviewCount={expert.reviewCount} className="mt-1" />
      </div>
    </div>
  );
}
