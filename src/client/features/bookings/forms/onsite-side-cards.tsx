import { ClipboardList, ListChecks, MapPin } from 'lucide-react';
import type { Expert } from '@common/experts';
import { addressLabel, travelRangeLabel } from '../../experts';
import { CheckList, StepList } from './side-card';
import { SectionCard } from '../../../components/ui/section-card';
import { SERVICE_INCLUSIONS } from './service-inclusions';
import { usePaymentWording } from './payment-wording';

/** Beside the onsite form: what is included, where the expert works, and how a visit goes. */
export function OnsiteSideCards({ expert }: { expert?: Expert }) {
  const payment = usePaymentWording();
  return (
    <>
      <SectionCard compact title="What's Included" icon={ClipboardList}>
        <CheckList items={SERVICE_INCLUSIONS.onsite} />
      </SectionCard>
      <SectionCard compact title="Service Area" icon={MapPin}>
        {expert ? (
          <>
            <p className="font-semibold text-slate-900">{addressLabel(expert)}</p>
            <p>{travelRangeLabel(expert)} from their base.</p>
          </>
        ) : (
          <p>Choose an expert to see where they work and how far they travel.</p>
        )}
      </SectionCard>
      <SectionCard compact title="How It Works" icon={ListChecks}>
        <StepList
          steps={[
            { title: payment.firstStep, text: `Tell us about the boat and the problem. ${payment.text}.` },
            { title: 'The expert confirms', text: 'Your visit is confirmed at once or by the expert; a request nobody answers expires within 24 hours.' },
            { title: 'The technician arrives', text: "At the booked time, at your boat's address, with the tools for the job." },
            { title: 'Get your report', text: 'A written service report of what was found and done.' },
          ]}
        />
      </SectionCard>
    </>
  );
}
