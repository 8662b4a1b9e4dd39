import { Briefcase, DollarSign, MapPin } from 'lucide-react';
import type { AdminExpert } from '@common/admin-experts';
import { specialtyLabel } from '@common/specialties';
import { parsePrice } from '@common/experts-rules';
import { Card } from '../../components/ui/card';
import { ExpertPhoto, CertificationBadges, yearsLabel } from '../experts';
import { ExpertStatusBadge } from './expert-status-badge';
import { ExpertActions } from './expert-actions';

/** The card's rate line; a new expert has no video rate until they set one in their workspace. */
function ratesLabel(expert: AdminExpert) {
  const video = parsePrice(expert.videoRate) > 0 ? `$${expert.videoRate}` : 'not set yet';
  return `Video: ${video} | Onsite: $${expert.onsiteRate}/hr`;
}

/** One expert on the management screen: who, where, status, rates, credentials, and the decisions open now. */
export function AdminExpertCard({ expert }: { expert: AdminExpert }) {
  return (
    <Card className="flex w-full flex-col gap-4 p-5">
      <div className="flex items-start gap-4">
        <ExpertPhoto expert={expert} className="size-16 shrink-0 rounded-xl sm:size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="text-lg font-semibold leading-snug text-slate-900">{expert.name}</h2>
            <ExpertStatusBadge status={expert.status} />
          </div>
          <p className="text-sm font-medium text-navy-600">{specialtyLabel(expert.specialty)}</p>
        </div>
      </div>
      <ul className="grid gap-1.5 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 shrink-0 text-slate-500" />
          {expert.city}, {expert.state} {expert.zipCode}
        </li>
        <li className="flex items-center gap-2">
          <Briefcase aria-hidden className="size-4 shrink-0 text-slate-500" />
          {yearsLabel(expert.experience)}
        </li>
        <li className="flex items-center gap-2">
          <DollarSign aria-hidden className="size-4 shrink-0 text-slate-500" />
          {ratesLabel(expert)}
        </li>
      </ul>
      {expert.certifications ? <CertificationBadges certifications={expert.certifications} limit={3} /> : null}
      {expert.status === 'suspended' && expert.statusReason ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-semibold">Suspended:</span> {expert.statusReason}
        </p>
      ) : null}
      <div className="mt-auto border-t border-slate-100 pt-4">
        <ExpertActions expert={expert} />
      </div>
    </Card>
  );
}
