import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Button } from '../../components/ui/button';
import { ProfileAbout } from './profile-about';
import { ProfileAvailability } from './profile-availability';
import { ProfileBooking } from './profile-booking';
import { ProfileCertifications } from './profile-certifications';
import { ProfileCoverage } from './profile-coverage';
import { ProfileHero } from './profile-hero';
import { ProfileMemberInfo } from './profile-member-info';
import { ProfileRates } from './profile-rates';
import { ProfileTrust } from './profile-trust';
import { ShareButton } from './share-button';
import { PRODUCT_NAME } from '@common/brand';
import { offersOnsite } from './expert-labels';
import { useBookingBoat, withBookingBoat } from '../boats';

/** The expert profile (docs/PRODUCT.md#expert-profile): the hero, the expert's details, and booking beside them. */
export function ExpertProfile({ expert, reviews }: { expert: Expert; /** Shown under the expert's details. */ reviews: ReactNode }) {
  // Opened for a boat's maintenance task, the way back to the directory keeps it.
  const boat = useBookingBoat();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={withBookingBoat('/experts', boat)}>
            <ArrowLeft aria-hidden /> All experts
          </Link>
        </Button>
        <ShareButton title={`${expert.name} on ${PRODUCT_NAME}`} />
      </div>
      <ProfileHero expert={expert} />
      {/* On a phone, rates and booking come straight after the hero; on a wide screen they sit beside the details. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <aside aria-label="Rates and booking" className="flex min-w-0 flex-col gap-6 lg:col-start-3 lg:row-start-1">
          <ProfileRates expert={expert} />
          <ProfileAvailability available={expert.available} />
          {expert.available ? <ProfileBooking expert={expert} /> : null}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProfileAbout expert={expert} />
          <ProfileCertifications certifications={expert.certifications} />
          {offersOnsite(expert) ? <ProfileCoverage expert={expert} /> : null}
          {reviews}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-3 lg:row-start-2">
          <ProfileMemberInfo expert={expert} />
          <ProfileTrust />
        </div>
      </div>
    </div>
  );
}
