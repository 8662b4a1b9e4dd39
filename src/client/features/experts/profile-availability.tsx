import { Clock } from 'lucide-react';
import { SectionCard } from '../../components/ui/section-card';

export function ProfileAvailability({ available }: { available: boolean }) {
  return (
    <SectionCard title="Availability" icon={Clock}>
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <span aria-hidden className={available ? 'size-2.5 rounded-full bg-green-500' : 'size-2.5 rounded-full bg-slate-400'} />
        {available ? 'Available for bookings' : 'Currently unavailable'}
      </p>
      {available ? <p className="mt-1 text-sm text-slate-600">Typically responds within 2 hours</p> : null}
    </SectionCard>
  );
}
