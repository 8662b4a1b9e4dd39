import { UserRound } from 'lucide-react';
import type { Expert } from '@common/experts';
import { formatMonthYear } from '../../lib/format';
import { SectionCard } from '../../components/ui/section-card';

export function ProfileMemberInfo({ expert }: { expert: Expert }) {
  const rows = [
    { label: 'Member since', value: formatMonthYear(expert.createdAt) },
    { label: 'Expert ID', value: `#${expert.id}` },
    { label: 'Total reviews', value: String(expert.reviewCount) },
  ];
  return (
    <SectionCard title="Member Information" icon={UserRound}>
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
