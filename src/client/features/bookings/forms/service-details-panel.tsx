import { BadgeCheck, ClipboardList, CreditCard, ShieldCheck } from 'lucide-react';
import type { Expert } from '@common/experts';
import type { ServiceType } from '@common/roles';
import { formatPrice } from '@common/experts-rules';
import { VIDEO_MINUTES } from '@common/bookings-rules';
import { CheckList } from './side-card';
import { SectionCard } from '../../../components/ui/section-card';
import { SERVICE_INCLUSIONS } from './service-inclusions';
import { usePaymentWording } from './payment-wording';

export const SERVICE_NAMES: Record<ServiceType, string> = { video: 'Video Consultation', onsite: 'Onsite Service' };

/** The rate of a service: the chosen expert's own, else 'from' the cheapest bookable expert's. */
export function serviceRate(serviceType: ServiceType, expert: Expert | undefined, fromPrice: string | null): string | null {
  const unit = serviceType === 'video' ? ` / ${VIDEO_MINUTES} min` : '/hr';
  if (expert) return `${formatPrice(serviceType === 'video' ? expert.videoRate : expert.onsiteRate)}${unit}`;
  return fromPrice ? `${fromPrice}${unit}` : null;
}

function durationText(serviceType: ServiceType, expert: Expert | undefined): string {
  if (serviceType === 'video') return `${VIDEO_MINUTES} minutes`;
  return expert && expert.onsiteMinimumHours > 1
    ? `By the hour, 1 to 8 hours; at least ${expert.onsiteMinimumHours} hours with ${expert.name}`
    : 'By the hour, 1 to 8 hours';
}

/** /book-service's details beside the chosen form: service, rate, duration, inclusions and payment. */
export function ServiceDetailsPanel({ serviceType, expert, fromPrice }: { serviceType: ServiceType; expert?: Expert; fromPrice: string | null }) {
  const payment = usePaymentWording();
  const rate = serviceRate(serviceType, expert, fromPrice);
  return (
    <>
      <SectionCard compact title="Service Details" icon={ClipboardList}>
        <dl className="flex flex-col divide-y divide-slate-100">
          {[
            ['Service Type', SERVICE_NAMES[serviceType]],
            ['Rate', rate ?? 'Set by each expert'],
            ['Duration', durationText(serviceType, expert)],
          ].map(([term, value]) => (
            <div key={term} className="flex items-baseline justify-between gap-3 py-2 first:pt-0">
              <dt className="text-slate-600">{term}</dt>
              <dd className="text-right font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 mb-2 font-semibold text-slate-900">What&apos;s Included</h3>
        <CheckList items={SERVICE_INCLUSIONS[serviceType]} />
      </SectionCard>
      <SectionCard compact title="Payment" icon={CreditCard}>
        <ul className="flex flex-col gap-2">
          <li className="flex items-start gap-2">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span>Secure payment at the expert&apos;s own rates</span>
          </li>
          <li className="flex items-start gap-2">
            <CreditCard aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span>{payment.text}</span>
          </li>
          <li className="flex items-start gap-2">
            <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span>100% satisfaction guarantee</span>
          </li>
        </ul>
      </SectionCard>
    </>
  );
}
