import { useState, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import type { ServiceType } from '@common/roles';
import { SPECIALTIES, type Specialty } from '@common/specialties';
import { specialtyLabel } from '@common/specialties';
import { formatPrice } from '@common/experts-rules';
import { parseSpecialty } from '@common/ai-handoff-rules';
import { distanceLabel } from '@common/travel-area';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { fieldAria } from '../../../components/ui/field-props';
import { videoRateLabel } from '../../experts';
import { useBookableExperts } from './use-bookable-experts';

/** The empty select's first line: why there is nobody to choose. */
function emptyChoice(serviceType: ServiceType, specialty: Specialty | '', nearTo: string | null): string {
  if (serviceType === 'onsite' && nearTo) return specialty ? `No expert of this specialty travels to ${nearTo} yet` : `No expert travels to ${nearTo} yet`;
  return specialty ? 'No experts of this specialty right now' : 'No experts available right now';
}

/**
 * The expert select of a form opened without an expert: only experts who offer the service and take
 * bookings now, with their specialty, their own rate and, when the owner's ZIP code is known, how far away
 * they are (nearest first). A specialty narrows the list; 'Book an expert' in the assistant's chat
 * preselects it (`?specialty=`).
 */
export function ExpertSelect({
  serviceType,
  error,
  ...selectProps
}: { serviceType: ServiceType; error?: string } & Omit<ComponentProps<'select'>, 'id'>) {
  const [searchParams] = useSearchParams();
  const [specialty, setSpecialty] = useState<Specialty | ''>(() => parseSpecialty(searchParams.get('specialty')) ?? '');
  const experts = useBookableExperts(serviceType, specialty);
  const list = experts.experts;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <FormField id="expertSpecialty" label="Specialty">
        <NativeSelect id="expertSpecialty" value={specialty} onChange={(event) => setSpecialty(event.target.value as Specialty | '')}>
          <option value="">All specialties</option>
          {SPECIALTIES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="expertId" label="Expert" error={error}>
        <NativeSelect {...selectProps} {...fieldAria('expertId', error)} disabled={experts.isPending}>
          <option value="">
            {experts.isPending ? 'Loading experts...' : list.length === 0 ? emptyChoice(serviceType, specialty, experts.nearTo) : experts.nearTo ? 'Choose an expert (nearest first)' : 'Choose an expert'}
          </option>
          {list.map((expert) => (
            <option key={expert.id} value={String(expert.id)}>
              {expert.name} · {specialtyLabel(expert.specialty)} ·{' '}
              {serviceType === 'video' ? videoRateLabel(expert) : `${formatPrice(expert.onsiteRate)}/hr`}
              {typeof expert.distanceMiles === 'number' ? ` · ${distanceLabel(expert.distanceMiles)}` : ''}
            </option>
          ))}
        </NativeSelect>
        {experts.nearTo ? (
          <p className="text-xs text-slate-600">
            {serviceType === 'onsite' ? `Experts who travel to ZIP code ${experts.nearTo}, from your profile, nearest first.` : `Nearest first to ZIP code ${experts.nearTo}, from your profile.`}
          </p>
        ) : null}
        {experts.isError ? <p className="text-sm text-red-600">We could not load the experts. Please reload the page.</p> : null}
      </FormField>
    </div>
  );
}
