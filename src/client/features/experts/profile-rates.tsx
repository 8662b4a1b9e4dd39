import { DollarSign } from 'lucide-react';
import { formatPrice, parsePrice } from '@common/experts-rules';
import type { Expert } from '@common/experts';
import { SectionCard } from '../../components/ui/section-card';
import { minimumHoursLabel, offersOnsite, offersVideo, videoRateLabel } from './expert-labels';

/** The expert's own rates: video per 30-minute session, onsite per hour with the minimum visit. */
export function ProfileRates({ expert }: { expert: Expert }) {
  const minimumVisit = parsePrice(expert.onsiteRate) * expert.onsiteMinimumHours;
  return (
    <SectionCard title="Service Rates" icon={DollarSign}>
      <dl className="flex flex-col divide-y divide-slate-100">
        {offersVideo(expert) ? (
          <div className="flex items-baseline justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <dt>Video consultation</dt>
            <dd className="font-semibold text-navy-800">{videoRateLabel(expert)}</dd>
          </div>
        ) : null}
        {offersOnsite(expert) ? (
          <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-0.5 py-3 first:pt-0 last:pb-0">
            <dt>Onsite service</dt>
            <dd className="font-semibold text-navy-800">{formatPrice(expert.onsiteRate)}/hr</dd>
            <dd className="col-span-2 text-sm text-slate-600">
              {minimumHoursLabel(expert)}
              {Number.isFinite(minimumVisit) ? ` (${formatPrice(minimumVisit)} minimum visit)` : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </SectionCard>
  );
}
