import { Anchor } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { BookingFact } from './booking-panel';
import { SectionCard } from '../../components/ui/section-card';

type OnsiteDetails = NonNullable<Booking['onsite']>;

/**
 * Where the technician goes and whom to call: the onsite form's answers. A boat from My Boats has its own
 * card (`withBoatCard`), which already gives its type and length.
 */
export function BookingOnsiteDetails({ onsite, withBoatCard }: { onsite: OnsiteDetails; withBoatCard: boolean }) {
  return (
    <SectionCard title={withBoatCard ? 'Location' : 'Boat and Location'} icon={Anchor}>
      <dl className="flex flex-col divide-y divide-slate-100">
        <BookingFact label="Boat address">{onsite.boatAddress}</BookingFact>
        {onsite.marinaName ? <BookingFact label="Marina">{onsite.marinaName}</BookingFact> : null}
        {onsite.dockSlip ? <BookingFact label="Dock / slip">{onsite.dockSlip}</BookingFact> : null}
        {withBoatCard ? null : <BookingFact label="Boat type">{BOAT_TYPE_LABELS[onsite.boatType]}</BookingFact>}
        {onsite.boatLength && !withBoatCard ? <BookingFact label="Boat length">{onsite.boatLength}</BookingFact> : null}
        <BookingFact label="Estimated hours">{onsite.estimatedHours === 1 ? '1 hour' : `${onsite.estimatedHours} hours`}</BookingFact>
        <BookingFact label="Contact phone">
          <a href={`tel:${onsite.contactPhone.replace(/[^\d+]/g, '')}`} className="text-navy-600 hover:underline">
            {onsite.contactPhone}
          </a>
        </BookingFact>
        {onsite.emergencyContact ? <BookingFact label="Emergency contact">{onsite.emergencyContact}</BookingFact> : null}
      </dl>
    </SectionCard>
  );
}
