import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { SectionCard } from '../../components/ui/section-card';

const PROMISES = ['Background verified', 'Certified professional', 'Insured & bonded', 'Satisfaction guaranteed'];

export function ProfileTrust() {
  return (
    <SectionCard title="Trust & Safety" icon={ShieldCheck}>
      <ul className="flex flex-col gap-2 text-sm">
        {PROMISES.map((promise) => (
          <li key={promise} className="flex items-center gap-2">
            <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-600" />
            {promise}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
