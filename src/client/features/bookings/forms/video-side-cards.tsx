import { ClipboardList, DollarSign, ListChecks } from 'lucide-react';
import type { Expert } from '@common/experts';
import { formatPrice } from '@common/experts-rules';
import { CheckList, StepList, type Step } from './side-card';
import { SectionCard } from '../../../components/ui/section-card';
import { SERVICE_INCLUSIONS } from './service-inclusions';
import { usePaymentWording } from './payment-wording';
import { VideoFeatureCards } from './video-feature-cards';

/** The four steps of a video consultation: booking and payment, the link by e-mail, the call, the summary. */
export function useVideoSteps(): Step[] {
  const payment = usePaymentWording();
  return [
    { title: payment.firstStep, text: `Choose a time and describe the problem. ${payment.text}.` },
    { title: 'Get your link by e-mail', text: 'Once the booking is confirmed, we e-mail you a calendar invite and the link to your booking.' },
    { title: 'Join the call', text: 'At the booked time, join from your booking on your phone or computer and show the expert the problem.' },
    { title: 'Get a follow-up summary', text: 'The expert writes up what was found, the next steps and any parts, so you have it in writing.' },
  ];
}

export function VideoStepsCard({ title }: { title: string }) {
  return (
    <SectionCard compact title={title} icon={ListChecks}>
      <StepList steps={useVideoSteps()} />
    </SectionCard>
  );
}

/** Beside the /book-video form: what is included, the call's features, the price, and how it works. */
export function VideoSideCards({ expert, fromPrice }: { expert?: Expert; fromPrice: string | null }) {
  const payment = usePaymentWording();
  return (
    <>
      <SectionCard compact title="What's Included" icon={ClipboardList}>
        <CheckList items={SERVICE_INCLUSIONS.video} />
      </SectionCard>
      <VideoFeatureCards />
      <SectionCard compact title="Pricing" icon={DollarSign}>
        {expert ? (
          <p>
            <span className="text-2xl font-bold text-navy-800">{formatPrice(expert.videoRate)}</span> per 30-minute session with{' '}
            {expert.name}
          </p>
        ) : fromPrice ? (
          <p>
            <span className="text-2xl font-bold text-navy-800">{fromPrice}</span> per 30-minute session; each expert sets their own rate.
          </p>
        ) : (
          <p>Each expert sets their own rate per 30-minute session.</p>
        )}
        <p className="mt-2 text-slate-600">{payment.text}.</p>
      </SectionCard>
      <VideoStepsCard title="How It Works" />
    </>
  );
}
