import { MapPinned } from 'lucide-react';
import type { Expert } from '@common/experts';
import { SectionCard } from '../../components/ui/section-card';
import { addressLabel, minimumHoursLabel } from './expert-labels';

/** Where an onsite expert travels; shown only when they offer onsite service. */
export function ProfileCoverage({ expert }: { expert: Expert }) {
  const rows = [
    { label: 'Base location', value: addressLabel(expert) },
    { label: 'Service radius', value: `${expert.serviceRadius} miles` },
    { label: 'Minimum visit', value: minimumHoursLabel(expert) },
  ];
  return (
    <SectionCard title="Service Coverage Area" icon={MapPinned}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-slate-600">{row.label}</dt>
            <dd className="font-semibold text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
