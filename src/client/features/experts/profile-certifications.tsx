import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { certificationList } from '@common/experts-rules';
import { SectionCard } from '../../components/ui/section-card';

export function ProfileCertifications({ certifications }: { certifications: string }) {
  const list = certificationList(certifications);
  return (
    <SectionCard title="Certifications & Credentials" icon={ShieldCheck}>
      {list.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {list.map((certification) => (
            <li key={certification} className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-teal-brand" />
              <span>{certification}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No certifications listed</p>
      )}
    </SectionCard>
  );
}
